/**
 * The HTML of a query's results: a list of the matching pages, each a link with its title, and under it up to
 * `MAX_LINES` of its lines where the query's terms stand, marked; or one line saying nothing was found.
 */
import { escapeHtml } from '../../html.js'

/** Lines shown under a result. */
export const MAX_LINES = 3
/** Results listed; the rest are counted. */
export const MAX_RESULTS = 200
/** Characters of a line shown around its first mark. */
const LINE_WIDTH = 160

export interface QueryResult {
  title: string
  href: string
  /** Lines with the ranges to mark. */
  lines: { text: string; marks: [number, number][] }[]
}

export interface QueryRenderLabels {
  empty: string
  /** '{count} more' under a list that was cut. */
  more: (count: number) => string
}

export function renderQueryResults(results: readonly QueryResult[], labels: QueryRenderLabels): string {
  if (results.length === 0) return `<div class="query-results"><p class="query-empty">${escapeHtml(labels.empty)}</p></div>`
  const items = results
    .slice(0, MAX_RESULTS)
    .map((result) => {
      const link = `<a href="${escapeHtml(result.href)}" class="wikilink">${escapeHtml(result.title)}</a>`
      if (result.lines.length === 0) return `<li>${link}</li>`
      const lines = result.lines.map((line) => `<li>${markedLine(line.text, line.marks)}</li>`).join('')
      return `<li>${link}<ul class="query-lines">${lines}</ul></li>`
    })
    .join('')
  const more = results.length > MAX_RESULTS ? `<p class="query-more">${escapeHtml(labels.more(results.length - MAX_RESULTS))}</p>` : ''
  return `<div class="query-results"><ul class="query-list">${items}</ul>${more}</div>`
}

/** A line, escaped, with its marks; a long one cut to the part around its first mark. */
function markedLine(text: string, marks: readonly [number, number][]): string {
  const first = marks[0]?.[0] ?? 0
  const start = text.length <= LINE_WIDTH ? 0 : Math.max(0, Math.min(first - LINE_WIDTH / 4, text.length - LINE_WIDTH))
  const end = Math.min(text.length, start + LINE_WIDTH)
  let html = start > 0 ? '…' : ''
  let at = start
  for (const [from, to] of marks) {
    if (to <= at) continue
    if (from >= end) break
    html += escapeHtml(text.slice(at, Math.max(at, from)))
    html += `<mark>${escapeHtml(text.slice(Math.max(at, from), Math.min(to, end)))}</mark>`
    at = Math.min(to, end)
  }
  html += escapeHtml(text.slice(at, end))
  return end < text.length ? `${html}…` : html
}
