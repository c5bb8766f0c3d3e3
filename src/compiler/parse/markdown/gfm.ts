/**
 * GitHub Flavored Markdown for micromark and mdast, arranged for speed:
 *
 * - E-mail autolink literals (`info@x.ch`) are found in the text nodes of the finished tree, with the GFM rules of
 *   mdast-util-gfm-autolink-literal. micromark's e-mail tokenizer, which starts at every letter and digit of every
 *   paragraph, is not used: it made parsing half again as slow. `www.` and `http(s)://` literals stay with micromark's
 *   tokenizer, which only starts at a `w` or `h` after a word boundary.
 * - The table tokenizer only starts on a line whose next line could be a delimiter row (`-` plus `|` or `:`), or on the
 *   row after a table row. Otherwise it would read every first line of every paragraph as a table head and then fail.
 *
 * Task list items take any character as their status (`- [?]`), as in Obsidian (task-list/).
 *
 * The table shortcut needs the text being parsed: parse inside `withGfmDocument`, and run `linkLiterals` on the tree.
 */
import type { Link, Nodes, Parent, Root, Text } from 'mdast'
import type { Extension as MdastExtension, Transform } from 'mdast-util-from-markdown'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal'
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfmFootnote } from 'micromark-extension-gfm-footnote'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import type { Construct, Extension, State, TokenizeContext } from 'micromark-util-types'
import { taskListFromMarkdown, taskListSyntax } from './task-list/index.js'

/** Lines (1-based) of the document being parsed that could be a table's delimiter row. */
let delimiterRows: Uint8Array | undefined

/** Runs `parse` with the table shortcut armed for `text`. */
export function withGfmDocument<T>(text: string, parse: () => T): T {
  delimiterRows = markDelimiterRows(text)
  try {
    return parse()
  } finally {
    delimiterRows = undefined
  }
}

function markDelimiterRows(text: string): Uint8Array {
  const rows: number[] = []
  // the next '-', '|' and ':' at or after the current line: each is searched again only once passed, so the scan is
  // linear (searching from every line start went to the end of the text for a character that no longer came)
  let dash = -2
  let pipe = -2
  let colon = -2
  const next = (char: string, cached: number, from: number) => (cached === -1 || cached >= from ? cached : text.indexOf(char, from))
  let line = 1
  let start = 0
  while (start <= text.length) {
    let end = text.indexOf('\n', start)
    if (end === -1) end = text.length
    dash = next('-', dash, start)
    if (dash !== -1 && dash < end) {
      pipe = next('|', pipe, start)
      colon = next(':', colon, start)
      if ((pipe !== -1 && pipe < end) || (colon !== -1 && colon < end)) rows.push(line)
    }
    start = end + 1
    line++
  }
  const marks = new Uint8Array(line + 1)
  for (const row of rows) marks[row] = 1
  return marks
}

const table = (gfmTable().flow as Record<string, Construct>).null

/** GFM's table construct behind the cheap check described above. */
const fastTable: Construct = {
  name: table.name,
  resolveAll: table.resolveAll,
  tokenize(effects, ok, nok) {
    const inner = table.tokenize.call(this, effects, ok, nok)
    const start: State = (code) => (mayBeTableRow(this) ? inner(code) : nok(code))
    return start
  },
}

function mayBeTableRow(context: TokenizeContext): boolean {
  if (!delimiterRows) return true
  // after a head or body row, the table tokenizer reads the next body row
  let index = context.events.length - 1
  while (index > -1 && (context.events[index][1].type === 'lineEnding' || context.events[index][1].type === 'linePrefix')) index--
  const tail = index > -1 ? context.events[index][1].type : undefined
  if (tail === 'tableHead' || tail === 'tableRow') return true
  return delimiterRows[context.now().line + 1] === 1
}

const literals = gfmAutolinkLiteral().text as Record<number, Construct[]>
const [, protocolLiteral] = literals[104]
const [, wwwLiteral] = literals[119]
/** `http://`, `https://` and `www.` literals, started at `h`, `H`, `w`, `W` only. */
const urlLiterals: Extension = { text: { 72: protocolLiteral, 104: protocolLiteral, 87: wwwLiteral, 119: wwwLiteral } }

export const gfmSyntax: Extension[] = [urlLiterals, gfmFootnote(), gfmStrikethrough(), { flow: { null: fastTable } }, taskListSyntax()]

const { transforms, ...literalTokens } = gfmAutolinkLiteralFromMarkdown()
const literalTransform = transforms![0] as Transform

export const gfmFromMarkdown: MdastExtension[] = [
  literalTokens,
  gfmFootnoteFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTableFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
  taskListFromMarkdown(),
]

const WWW = /www\./i

/** Could this text hold an e-mail literal (or a URL the tokenizer left)? Most text cannot, and is left alone. */
function mayHoldLiteral(value: string): boolean {
  return value.includes('@') || value.includes('://') || WWW.test(value)
}

/**
 * Turns the e-mail literals in the text of `tree` into links, with GFM's rules, keeping source positions on the new
 * nodes (check-links reports external links by line and column).
 */
export function linkLiterals(tree: Root): void {
  const stack: Parent[] = [tree]
  while (stack.length > 0) {
    const parent = stack.pop()!
    const children = parent.children as Nodes[]
    for (let i = 0; i < children.length; i++) {
      const child = children[i]
      if (child.type === 'text') {
        if (!mayHoldLiteral(child.value)) continue
        const holder = { type: 'paragraph', children: [child] } as Parent
        literalTransform(holder as unknown as Root)
        if (holder.children.length === 1 && holder.children[0] === child) continue
        placeAfter(holder.children as (Text | Link)[], child)
        children.splice(i, 1, ...(holder.children as Nodes[]))
        i += holder.children.length - 1
      } else if ('children' in child && child.type !== 'link' && child.type !== 'linkReference') {
        stack.push(child)
      }
    }
  }
}

/** Gives the pieces a split text node became positions counted from the node's start. */
function placeAfter(pieces: (Text | Link)[], original: Text): void {
  const start = original.position?.start
  if (!start) return
  let { line, column } = start
  let offset = start.offset ?? 0
  for (const piece of pieces) {
    const value = piece.type === 'text' ? piece.value : (piece.children[0] as Text).value
    const from = { line, column, offset }
    for (const char of value) {
      if (char === '\n') {
        line++
        column = 1
      } else column += char.length
      offset += char.length
    }
    piece.position = { start: from, end: { line, column, offset } }
    if (piece.type === 'link') piece.children[0].position = piece.position
  }
}
