/**
 * Obsidian's way with a single line break inside a paragraph: it shows as a break, unless the vault's "Strict line
 * breaks" setting is on (then, as in CommonMark, it is a space). With soft breaks on, every line ending inside the
 * text of a paragraph, heading cell or list item becomes a `break` node; code, math and raw HTML keep theirs.
 *
 *     Erste Zeile⏎zweite Zeile   →   Erste Zeile<br>⏎zweite Zeile
 */
import type { Break, Nodes, Parent, Root, Text } from 'mdast'

/** Turns the line endings of the tree's text nodes into breaks, in place. */
export function softBreaksAsBreaks(tree: Root): void {
  visit(tree)
}

function visit(node: Parent): void {
  let changed = false
  const children: Nodes[] = []
  for (const child of node.children as Nodes[]) {
    if (child.type === 'text' && child.value.includes('\n')) {
      changed = true
      children.push(...split(child))
    } else {
      if ('children' in child) visit(child)
      children.push(child)
    }
  }
  if (changed) (node as { children: Nodes[] }).children = children
}

/** 'a⏎b' → text 'a', break, text 'b' (the break's HTML ends the line, as a hard break's does). */
function split(node: Text): Nodes[] {
  const lines = node.value.split('\n')
  const out: Nodes[] = []
  lines.forEach((line, i) => {
    if (i > 0) out.push({ type: 'break' } satisfies Break)
    if (line !== '') out.push({ type: 'text', value: line })
  })
  return out
}
