/**
 * What a page may hold before it is shown as plain text: micromark keeps an event and a token per construct, about
 * 5–15 KB each once parsed, so the page cap in characters alone let 6 MB of short paragraphs take 2 minutes and
 * 4.4 GB, and 6 MB of `*a` abort out of memory. Counted in one pass over the text, before the parse:
 *
 *     lines          every line, fenced code too (each is a token and a line ending)
 *     inline marks   characters that open inline syntax, outside fenced code: * _ ~ [ ] \ ` & < $ = ^ | # @, and
 *                    the starts of bare links (`www.`, `://`); prose punctuation does not count
 *     footnotes      definitions (`[^id]:`): micromark and mdast-util-to-hast look each one up in a list
 *
 * At the limits below a page still parses in a few seconds and a few hundred megabytes; real pages stay far below
 * them (the Talwerk wiki's largest has 400 lines).
 */

/** Lines a page may have. */
export const MAX_PAGE_LINES = 50_000
/** Inline marks a page may have outside fenced code. */
export const MAX_PAGE_MARKS = 50_000
/** Footnote definitions a page may have. */
export const MAX_PAGE_FOOTNOTES = 5_000

/** The first limit a page passes: what it counts, how many the page has, and the limit. */
export interface OverBudget {
  what: 'lines' | 'inline marks' | 'footnotes'
  count: number
  limit: number
}

const MARKS = new Uint8Array(128)
for (const char of '*_~[]\\`&<$=^|#@') MARKS[char.charCodeAt(0)] = 1
const BARE_LINK = /www\.|:\/\//gi

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/

/** The first limit `text` passes, or undefined when it stays within all of them (at once for short pages). */
export function overBudget(text: string): OverBudget | undefined {
  // every counted thing takes at least one character (a footnote definition six)
  if (text.length <= Math.min(MAX_PAGE_LINES, MAX_PAGE_MARKS, MAX_PAGE_FOOTNOTES * 6)) return undefined
  let lines = 0
  let marks = 0
  let footnotes = 0
  let fence: string | undefined
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    lines++
    const line = text.slice(start, end)
    start = end + 1
    const fenceMatch = line.length >= 3 ? FENCE.exec(line) : null
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined
      continue
    }
    if (fenceMatch) {
      fence = fenceMatch[1]
      continue
    }
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i)
      if (code < 128 && MARKS[code]) marks++
    }
    if (line.length > 3 && (line.includes('://') || /www\./i.test(line))) marks += line.match(BARE_LINK)?.length ?? 0
    if (line.includes('[^') && FOOTNOTE_DEFINITION.test(line)) footnotes++
  }
  if (lines > MAX_PAGE_LINES) return { what: 'lines', count: lines, limit: MAX_PAGE_LINES }
  if (marks > MAX_PAGE_MARKS) return { what: 'inline marks', count: marks, limit: MAX_PAGE_MARKS }
  if (footnotes > MAX_PAGE_FOOTNOTES) return { what: 'footnotes', count: footnotes, limit: MAX_PAGE_FOOTNOTES }
  return undefined
}
