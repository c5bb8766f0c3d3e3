/**
 * Obsidian's inline tags: `#projekt` or nested `#kunde/muster` in running text become links to the tag's page. As in
 * Obsidian, a tag follows the start of a line, a space or an opening bracket, and has at least one character that is
 * not a digit (`#123` stays text); tags in code, links and headings stay text.
 */
import type { Nodes, Parent, PhrasingContent, Root } from 'mdast'
import type { Position } from 'unist'

/** An inline tag, as the to-hast handler receives it. */
export interface TagNode {
  type: 'tag'
  /** Without '#': 'kunde/muster'. */
  name: string
  position?: Position
}

declare module 'mdast' {
  interface PhrasingContentMap {
    tag: TagNode
  }
  interface RootContentMap {
    tag: TagNode
  }
}

const TAG = /(^|[\s([{])#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/gu

/** Nodes whose text is never searched for tags. */
const SKIPPED = new Set(['code', 'inlineCode', 'link', 'linkReference', 'wikiLink', 'heading', 'html', 'definition', 'math', 'inlineMath'])

/** Turns the inline tags of `tree` into tag nodes (in place). */
export function markInlineTags(tree: Root): void {
  const visit = (parent: Parent) => {
    for (let index = 0; index < parent.children.length; index++) {
      const node = parent.children[index] as Nodes
      if (SKIPPED.has(node.type)) continue
      if (node.type === 'text') {
        const split = splitTags(node.value, node.position)
        if (split) {
          parent.children.splice(index, 1, ...(split as typeof parent.children))
          index += split.length - 1
        }
      } else if ('children' in node) visit(node as Parent)
    }
  }
  if (tree.children.length > 0) visit(tree)
}

/** The text with its tags as tag nodes; undefined when it holds none. */
function splitTags(value: string, position: Position | undefined): PhrasingContent[] | undefined {
  if (!value.includes('#')) return undefined
  const out: PhrasingContent[] = []
  let last = 0
  for (const match of value.matchAll(TAG)) {
    const name = match[2].replace(/\/+$/, '')
    if (name === '' || name.startsWith('/')) continue
    const start = match.index + match[1].length
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) })
    out.push({ type: 'tag', name, position: tagPosition(value, start, position) })
    last = start + 1 + name.length
  }
  if (out.length === 0) return undefined
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) })
  return out
}

/** Where a tag at `offset` of a text node starts in the file (exact when the text has no line breaks before it). */
function tagPosition(value: string, offset: number, position: Position | undefined): Position | undefined {
  if (!position) return undefined
  const before = value.slice(0, offset)
  const lines = before.split('\n')
  const line = position.start.line + lines.length - 1
  const column = lines.length === 1 ? position.start.column + offset : lines[lines.length - 1].length + 1
  return { start: { line, column, offset: undefined }, end: { line, column, offset: undefined } }
}
