/**
 * A page opened with an anchor of the old VuePress site (`#passwort-datenbank-offnen`) scrolls to its heading, as a
 * current anchor does, and the address shows the heading's anchor now. The browser's own jump finds no element for
 * the old anchor; client navigations resolve it in the router.
 */
import { hashTarget } from './router.js'

export function mount(): () => void {
  const raw = location.hash.slice(1)
  if (!raw || document.getElementById(raw)) return () => {}
  let id = raw
  try {
    id = decodeURIComponent(raw)
  } catch {
    // a stray '%': as written
  }
  if (document.getElementById(id)) return () => {}
  const heading = hashTarget(location.hash)
  if (heading) {
    history.replaceState(history.state, '', `#${encodeURIComponent(heading.id)}`)
    heading.scrollIntoView()
  }
  return () => {}
}
