/**
 * Alt+ArrowRight follows the page's next link and Alt+ArrowLeft its previous one (spec §2.3), only when the
 * page has that link (then the key's default, browser back/forward, is prevented) and never while the reader
 * types in a field.
 */
import { navigate } from './router.js'

/** The key event fields that decide the shortcut. */
export interface KeyPress {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
}

/** Which related link a key press asks for: 'next' for Alt+ArrowRight, 'prev' for Alt+ArrowLeft, else undefined. */
export function relatedLinkFor(press: KeyPress): 'next' | 'prev' | undefined {
  if (!press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return undefined
  return press.key === 'ArrowRight' ? 'next' : press.key === 'ArrowLeft' ? 'prev' : undefined
}

/** True while focus is in a place that takes text, where Alt+arrows belong to the field. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/** Listens for the Alt+arrow keys while `root` is shown. */
export function mount(root: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const rel = relatedLinkFor(event)
    if (!rel || event.defaultPrevented || isTyping(event.target)) return
    const link = root.querySelector<HTMLAnchorElement>(`.page-nav a[rel~="${rel}"]`)
    if (!link) return
    event.preventDefault()
    void navigate(link.href)
  }
  document.addEventListener('keydown', onKeyDown)
  return () => document.removeEventListener('keydown', onKeyDown)
}
