/**
 * Caps two inputs whose parse cost grows faster than their size, before micromark sees them:
 *
 * - emphasis delimiters: micromark matches `*`, `_` and `~` runs of one paragraph pairwise, which takes time with the
 *   square of their number (30 000 characters of `*a*a*a…` took 3.4 s, twice that 10 s; 40 000 `~a~` 20 s). A
 *   paragraph with more than MAX_DELIMITERS of them shows them as written (escaped) instead.
 * - table width: every cell is a node, so a table of 5 000 columns and 50 rows took 2 GB. A table with more than
 *   MAX_TABLE_COLUMNS columns is shown as its text instead.
 * - brackets: micromark looks for the end of every link from each `[` of a paragraph (`[a](` × 100 000 took 40 s,
 *   `[`×50 000 `a` `]`×50 000 15 s). A paragraph with more than MAX_BRACKETS `[` (footnote calls aside) shows its brackets as written.
 *
 * Both are reported with the line they start on. Fenced code is left alone; no line is added or removed.
 */

/** Emphasis and strikethrough delimiter characters (`*`, `_`, `~`) one paragraph may hold before they are shown as written. */
export const MAX_DELIMITERS = 2000
/** Columns a table may have before it is shown as text. */
export const MAX_TABLE_COLUMNS = 256
/** Opening brackets one paragraph may hold before its brackets are shown as written (no links in it then). */
export const MAX_BRACKETS = 5000

export interface FloodGuardResult {
  text: string
  /** The first line of each paragraph whose delimiters were escaped. */
  delimiterFloods: number[]
  /** The first line of each paragraph whose brackets were escaped. */
  bracketFloods: number[]
  /** The delimiter row line of each table shown as text, with its column count. */
  wideTables: { line: number; columns: number }[]
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*$/

/** Escapes delimiter floods and breaks over-wide tables in `text`; returns it unchanged (and fast) when there is none. */
export function guardFloods(text: string): FloodGuardResult {
  const result: FloodGuardResult = { text, delimiterFloods: [], bracketFloods: [], wideTables: [] }
  if (!mayFlood(text)) return result
  const lines = text.split('\n')
  let fence: string | undefined
  let paragraph: number[] = []
  let delimiters = 0
  let brackets = 0
  let changed = false
  const endParagraph = () => {
    if (delimiters > MAX_DELIMITERS) {
      for (const i of paragraph) lines[i] = lines[i].replace(/(?<!\\)([*_~])/g, '\\$1')
      result.delimiterFloods.push(paragraph[0] + 1)
      changed = true
    }
    if (brackets > MAX_BRACKETS) {
      for (const i of paragraph) lines[i] = lines[i].replace(/(?<!\\)([[\]])/g, '\\$1')
      result.bracketFloods.push(paragraph[0] + 1)
      changed = true
    }
    paragraph = []
    delimiters = 0
    brackets = 0
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const fenceMatch = FENCE.exec(line)
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined
      continue
    }
    if (fenceMatch) {
      endParagraph()
      fence = fenceMatch[1]
      continue
    }
    if (line.trim() === '') {
      endParagraph()
      continue
    }
    if (line.length > MAX_TABLE_COLUMNS && DELIMITER_ROW.test(line)) {
      const columns = columnsOf(line)
      if (columns > MAX_TABLE_COLUMNS) {
        // a delimiter row that starts with a backslash is no delimiter row: the table stays text
        lines[i] = `\\${line.trimStart()}`
        result.wideTables.push({ line: i + 1, columns })
        changed = true
      }
    }
    paragraph.push(i)
    for (let at = line.indexOf('*'); at !== -1; at = line.indexOf('*', at + 1)) delimiters++
    for (let at = line.indexOf('_'); at !== -1; at = line.indexOf('_', at + 1)) delimiters++
    for (let at = line.indexOf('~'); at !== -1; at = line.indexOf('~', at + 1)) delimiters++
    // a footnote call (`[^1]`) is looked up among the definitions, not searched for: it does not count
    for (let at = line.indexOf('['); at !== -1; at = line.indexOf('[', at + 1)) if (line[at + 1] !== '^') brackets++
  }
  endParagraph()
  if (changed) result.text = lines.join('\n')
  return result
}

/** A quick look whether the text has enough delimiters, pipes or brackets for a cap to apply. */
function mayFlood(text: string): boolean {
  if (text.length < MAX_TABLE_COLUMNS) return false
  let count = 0
  for (const char of ['*', '_', '~', '|', '[']) {
    for (let at = text.indexOf(char); at !== -1 && count <= MAX_TABLE_COLUMNS; at = text.indexOf(char, at + 1)) count++
    if (count > MAX_TABLE_COLUMNS) return true
    count = 0
  }
  return false
}

function columnsOf(row: string): number {
  const cells = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return cells.split('|').length
}
