/**
 * The texts of the browser scripts, as the page carries them (a JSON script the build writes into every page, in the
 * site's language and with the config's own `labels`). The client bundle holds no language of its own.
 */
import { LABELS_SCRIPT_ID, type Labels } from '../shared/labels.js'

let read: { source: string; labels: Labels } | undefined

/** The page's texts; read again only when the page's script changed (the dev server swaps pages). */
export function pageLabels(): Labels {
  const source = document.getElementById(LABELS_SCRIPT_ID)?.textContent ?? ''
  if (read && read.source === source) return read.labels
  let own: Partial<Labels> = {}
  try {
    if (source) own = JSON.parse(source) as Partial<Labels>
  } catch {
    // a damaged script leaves the buttons without names; the page's own text stays
  }
  read = { source, labels: own as Labels }
  return read.labels
}
