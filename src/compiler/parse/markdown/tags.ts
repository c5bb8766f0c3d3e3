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

/** Inline tags one page may have; more are shown as text, with a warning (a tag is a link and a page of the site). */
export const MAX_INLINE_TAGS = 2000

/**
 * Turns the inline tags of `tree` into tag nodes (in place), at most MAX_INLINE_TAGS; returns where the first tag past
 * that number stands, if there is one. Linear in the text: each text node is split in one pass, and a parent's
 * children are rebuilt once (a splice with the new nodes as arguments would overflow the stack on a long paragraph).
 */
export function markInlineTags(tree: Root): { line: number; column: number } | undefined {
  let budget = MAX_INLINE_TAGS
  let overflow: { line: number; column: number } | undefined
  const visit = (parent: Parent) => {
    let children: Nodes[] | undefined
    parent.children.forEach((child, index) => {
      const node = child as Nodes
      let replacement: Nodes[] | undefined
      if (node.type === 'text') {
        const split = splitTags(node.value, node.position, budget)
        if (split) {
          replacement = split.nodes
          budget -= split.tags
          if (split.overflow && !overflow) overflow = split.overflow
        }
      } else if (!SKIPPED.has(node.type) && 'children' in node) visit(node as Parent)
      if (replacement && !children) children = (parent.children as Nodes[]).slice(0, index)
      if (children) for (const item of replacement ?? [node]) children.push(item)
    })
    if (children) parent.children = children as typeof parent.children
  }
  if (tree.children.length > 0) visit(tree)
  return overflow
}

/**
 * The text with its tags as tag nodes, at most `budget` of them; undefined when it holds none. Line and column of
 * each tag are counted along the way, once over the text.
 */
function splitTags(
  value: string,
  position: Position | undefined,
  budget: number,
): { nodes: PhrasingContent[]; tags: number; overflow?: { line: number; column: number } } | undefined {
  if (!value.includes('#')) return undefined
  const out: PhrasingContent[] = []
  let last = 0
  let tags = 0
  let overflow: { line: number; column: number } | undefined
  const locate = createLocator(value, position)
  for (const match of value.matchAll(TAG)) {
    const name = match[2].replace(/\/+$/, '')
    if (name === '' || name.startsWith('/')) continue
    const start = match.index + match[1].length
    if (tags >= budget) {
      overflow = locate(start)?.start
      break
    }
    if (start > last) out.push({ type: 'text', value: value.slice(last, start) })
    out.push({ type: 'tag', name, position: locate(start) })
    tags++
    last = start + 1 + name.length
  }
  if (out.length === 0) return overflow ? { nodes: [{ type: 'text', value }], tags: 0, overflow } : undefined
  if (last < value.length) out.push({ type: 'text', value: value.slice(last) })
  return { nodes: out, tags, ...(overflow ? { overflow } : {}) }
}

/**
 * Where a tag at an offset of a text node starts in the file (exact when the text has no line breaks before it), for
 * offsets asked in increasing order: the lines before are counted once, not again for every tag.
 */
function createLocator(value: string, position: Position | undefined): (offset: number) => Position | undefined {
  let scanned = 0
  let line = position?.start.line ?? 0
  let lineStart = -1
  return (offset) => {
    if (!position) return undefined
    for (let i = value.indexOf('\n', scanned); i !== -1 && i < offset; i = value.indexOf('\n', i + 1)) {
      line++
      lineStart = i
    }
    scanned = offset
    const column = lineStart === -1 ? position.start.column + offset : offset - lineStart
    return { start: { line, column, offset: undefined }, end: { line, column, offset: undefined } }
  }
}
