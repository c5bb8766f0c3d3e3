/**
 * Keeps pathological markdown from hanging or crashing the parser. micromark nests block containers without
 * limit (a page of 10 000 nested quotes overflows the stack when rendered), and its cost grows with the square of
 * the number of items in one list. Before parsing, this line-based pass
 *
 * - caps block-quote nesting at MAX_NESTING levels, and ends a list whose items are indented more than MAX_INDENT
 *   columns, showing those deeper lines as plain text after it (reported), and
 * - ends a top-level list after every MAX_LIST_RUN items with an invisible HTML comment line, so one huge list
 *   becomes several consecutive ones (not reported: readers see the same items).
 *
 * Fenced code is left alone. Inserted lines are recorded, so positions still name the author's lines.
 */

export const MAX_NESTING = 32
export const MAX_INDENT = 2 * MAX_NESTING
export const MAX_LIST_RUN = 200

export interface GuardResult {
  text: string
  /** Author's line number for each line of `text` (1-based); undefined when nothing was inserted. */
  lineMap?: number[]
  /** First author line whose nesting was capped. */
  cappedLine?: number
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const QUOTE_PREFIX = /^(?:[ \t]{0,3}>[ \t]?)+/
const TOP_LEVEL_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/

export function guardStructure(text: string): GuardResult {
  if (!needsGuard(text)) return { text }
  const lines = text.split('\n')
  const out: string[] = []
  const lineMap: number[] = []
  let fence: string | undefined
  let inserted = false
  let cappedLine: number | undefined
  let run = 0
  let flattening = false
  lines.forEach((line, i) => {
    const fenceMatch = FENCE.exec(line)
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined
      out.push(line)
      lineMap.push(i + 1)
      return
    }
    if (fenceMatch) fence = fenceMatch[1]
    let guarded = line
    const quotes = QUOTE_PREFIX.exec(guarded)?.[0]
    if (quotes && (quotes.match(/>/g)?.length ?? 0) > MAX_NESTING) {
      guarded = '> '.repeat(MAX_NESTING) + guarded.slice(quotes.length)
      cappedLine ??= i + 1
    }
    const indent = /^[ \t]*/.exec(guarded)![0]
    if (indent.replace(/\t/g, '    ').length > MAX_INDENT) {
      // too deep: end the list here and show the rest as plain text at the top level
      if (!flattening) {
        out.push('', '<!-- -->')
        lineMap.push(i + 1, i + 1)
        inserted = true
        flattening = true
      }
      guarded = guarded.slice(indent.length).replace(/^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)[ \t]*/, '')
      cappedLine ??= i + 1
      out.push(guarded)
      lineMap.push(i + 1)
      return
    }
    flattening = false
    if (TOP_LEVEL_ITEM.test(guarded)) {
      if (run > 0 && run % MAX_LIST_RUN === 0) {
        out.push('<!-- -->')
        lineMap.push(i + 1)
        inserted = true
      }
      run++
    } else if (guarded.trim() !== '' && !/^[ \t]/.test(guarded)) run = 0
    out.push(guarded)
    lineMap.push(i + 1)
  })
  return { text: out.join('\n'), lineMap: inserted ? lineMap : undefined, cappedLine }
}

/** A quick look whether the text can hold anything the guard changes. */
function needsGuard(text: string): boolean {
  if (text.length < 2000) return false
  return (
    /(?:>[ \t]?){33}/.test(text) ||
    new RegExp(`\\n[ \\t]{${MAX_INDENT + 1}}`).test(text) ||
    (text.match(/\n(?:[-+*]|\d{1,9}[.)])[ \t]/g)?.length ?? 0) > MAX_LIST_RUN
  )
}
