/**
 * Obsidian's block identifiers: ` ^id` at the end of a paragraph or list item names that block, and a line `^id` of
 * its own right after a block (a table, a quote, a list) names the block before it. The marker is not shown; the
 * block gets the anchor `id="^id"`, which `[[Seite#^id]]` links to and `![[Seite#^id]]` embeds.
 *
 *     Die Offerte gilt 30 Tage. ^gueltigkeit     → <p id="^gueltigkeit">Die Offerte gilt 30 Tage.</p>
 */
import type { Nodes, Parent, Root, Text } from 'mdast'

/** Block ids Obsidian writes: letters, digits and dashes. */
const MARKER = /(^|[ \t\n])\^([A-Za-z\d-]+)[ \t]*$/

/** Marks the blocks of `tree` that carry a block id (in place); returns the ids in document order. */
export function markBlockIds(tree: Root): string[] {
  const ids: string[] = []
  const visit = (parent: Parent) => {
    for (let index = 0; index < parent.children.length; index++) {
      const node = parent.children[index] as Nodes
      if (node.type === 'paragraph') {
        const last = node.children[node.children.length - 1]
        const match = last?.type === 'text' ? MARKER.exec(last.value) : null
        if (match) {
          const id = match[2]
          ;(last as Text).value = last!.type === 'text' ? last.value.slice(0, match.index).replace(/[ \t]+$/, '') : ''
          if ((last as Text).value === '') node.children.pop()
          const alone = node.children.every((child) => child.type === 'text' && child.value.trim() === '')
          const previous = parent.children[index - 1] as Nodes | undefined
          if (alone && previous && previous.type !== 'paragraph') {
            // '^id' on its own line names the block before it; the empty paragraph goes
            setId(previous, id)
            parent.children.splice(index, 1)
            index--
          } else setId(parent.type === 'listItem' && parent.children[0] === node ? (parent as Nodes) : node, id)
          ids.push(id)
          continue
        }
      }
      if ('children' in node && node.type !== 'table') visit(node as Parent)
    }
  }
  visit(tree)
  return ids
}

function setId(node: Nodes, id: string): void {
  const data = ((node as { data?: { hProperties?: Record<string, unknown> } }).data ??= {})
  data.hProperties = { ...data.hProperties, id: `^${id}` }
}
