/**
 * Obsidian's block identifiers: ` ^id` at the end of a paragraph or list item names that block, and a line `^id` of
 * its own right after a block (a table, a quote, a callout, a list) names the block before it. The marker is not
 * shown; the block gets the anchor `id="^id"`, which `[[Seite#^id]]` links to and `![[Seite#^id]]` embeds.
 *
 *     Die Offerte gilt 30 Tage. ^gueltigkeit     → <p id="^gueltigkeit">Die Offerte gilt 30 Tage.</p>
 *     - Backup prüfen ^backup                    → <li id="^backup">Backup prüfen</li>
 *     > Zitat                                    → <blockquote id="^zitat">…
 *     ^zitat
 *     > [!warning] Achtung                       → <div class="callout" data-callout="warning" id="^achtung">…
 *     > Nie auf der Produktion testen. ^achtung
 *     | A | B |                                  → <table id="^preise">…
 *     | - | - |
 *     | 1 | 2 |
 *     ^preise
 *
 * A quote or callout is one block, as in Obsidian: an id at the end of its last paragraph (also on the line right
 * after it, which markdown reads as part of that paragraph) names the whole quote or callout. Right after a table,
 * the `^id` line is read as a last row of one cell; that row is the table's id.
 */
import type { Nodes, Parent, PhrasingContent, Root, Table, Text } from 'mdast'

/** Block ids Obsidian writes: letters, digits and dashes. */
const MARKER = /(^|[ \t\n])\^([A-Za-z\d-]+)[ \t]*$/
const ALONE = /^\^([A-Za-z\d-]+)$/

/** Marks the blocks of `tree` that carry a block id (in place); returns the ids in document order. */
export function markBlockIds(tree: Root): string[] {
  const ids: string[] = []
  const visit = (parent: Parent) => {
    for (let index = 0; index < parent.children.length; index++) {
      const node = parent.children[index] as Nodes
      if (node.type === 'paragraph') {
        const id = takeMarker(node.children)
        if (id !== undefined) {
          const alone = node.children.every((child) => child.type === 'text' && child.value.trim() === '')
          const previous = parent.children[index - 1] as Nodes | undefined
          const closesQuote = index === parent.children.length - 1 && (parent.type === 'blockquote' || parent.type === 'callout')
          if (alone && previous && previous.type !== 'paragraph') {
            // '^id' on its own line names the block before it; the empty paragraph goes
            setId(previous, id)
            parent.children.splice(index--, 1)
          } else if (closesQuote) {
            setId(parent as Nodes, id)
            if (alone) parent.children.splice(index--, 1)
          } else setId(parent.type === 'listItem' && parent.children[0] === node ? (parent as Nodes) : node, id)
          ids.push(id)
          continue
        }
      }
      if (node.type === 'table') {
        const id = tableId(node)
        if (id !== undefined) ids.push(id)
        continue
      }
      if (node.type === 'callout' && node.children.length === 0) {
        // a callout of a title alone: `> [!tip] Titel ^id`
        const id = takeMarker(node.title)
        if (id !== undefined) {
          setId(node, id)
          ids.push(id)
        }
        continue
      }
      if ('children' in node) visit(node as Parent)
    }
  }
  visit(tree)
  return ids
}

/** Removes a trailing ` ^id` from `children` (in place) and returns the id, or undefined when there is none. */
function takeMarker(children: PhrasingContent[]): string | undefined {
  const last = children[children.length - 1]
  const match = last?.type === 'text' ? MARKER.exec(last.value) : null
  if (!match) return undefined
  const text = last as Text
  text.value = text.value.slice(0, match.index).replace(/[ \t]+$/, '')
  if (text.value === '') children.pop()
  return match[2]
}

/** The id of a table whose last row is `^id` alone (the line right after the table); the row goes. */
function tableId(table: Table): string | undefined {
  const row = table.children[table.children.length - 1]
  if (table.children.length < 2 || !row) return undefined
  const [first, ...rest] = row.children
  const only = first?.children.length === 1 ? first.children[0] : undefined
  const match = only?.type === 'text' ? ALONE.exec(only.value.trim()) : null
  if (!match || rest.some((cell) => cell.children.length > 0)) return undefined
  table.children.pop()
  setId(table, match[1])
  return match[1]
}

function setId(node: Nodes, id: string): void {
  const data = ((node as { data?: { hProperties?: Record<string, unknown> } }).data ??= {})
  data.hProperties = { ...data.hProperties, id: `^${id}` }
}
