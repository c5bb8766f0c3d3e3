/**
 * The texts of the browser scripts: de-CH, with the differences the page carries (a JSON script the build writes for
 * sites in another language or with `labels` of their own; none on a plain de-CH site). So the client bundle holds one
 * language, and a page of any other brings just the few texts the scripts show.
 */
import { labels as deCH, LABELS_SCRIPT_ID, type Labels } from '../shared/labels.js'

let read: { source: string; labels: Labels } | undefined

/** The page's texts; read again only when the page's script changed (the dev server swaps pages). */
export function pageLabels(): Labels {
  const source = document.getElementById(LABELS_SCRIPT_ID)?.textContent ?? ''
  if (read && read.source === source) return read.labels
  let own: Partial<Labels> = {}
  try {
    if (source) own = JSON.parse(source) as Partial<Labels>
  } catch {
    // a damaged script leaves the de-CH texts: better than no buttons
  }
  read = { source, labels: { ...deCH, ...own } }
  return read.labels
}
