/**
 * Inline footnotes in mdast: each `^[…]` becomes a GFM footnote call with a definition of its own, so mdast-util-to-hast
 * numbers inline and `[^1]` footnotes together, in the order they appear, into the one footnote section.
 *
 *     Text^[Die Notiz.]   → Text<footnoteReference identifier="inline-1">, and at the end of the tree
 *                           <footnoteDefinition identifier="inline-1"><paragraph>Die Notiz.</paragraph>
 */
import type { FootnoteDefinition, FootnoteReference, Nodes, Parent, PhrasingContent, Root } from 'mdast'
import type { Extension } from 'mdast-util-from-markdown'

/** An inline footnote as parsed, before `placeInlineFootnotes` turns it into a call and its definition. */
export interface InlineFootnote extends Parent {
  type: 'inlineFootnote'
  children: PhrasingContent[]
}

declare module 'mdast' {
  interface PhrasingContentMap {
    inlineFootnote: InlineFootnote
  }
  interface RootContentMap {
    inlineFootnote: InlineFootnote
  }
}

/** The inline footnotes of each parsed tree, in document order: only a page that has some is looked at again. */
const notesOf = new WeakMap<object, InlineFootnote[]>()

/** The from-markdown extension. */
export function inlineFootnoteFromMarkdown(): Extension {
  return {
    canContainEols: ['inlineFootnote'],
    enter: {
      inlineNote(token) {
        this.enter({ type: 'inlineFootnote', children: [] } as never, token)
      },
    },
    exit: {
      inlineNote(token) {
        const node = this.stack[this.stack.length - 1] as unknown as InlineFootnote
        this.exit(token)
        const root = this.stack[0]
        const notes = notesOf.get(root)
        if (notes) notes.push(node)
        else notesOf.set(root, [node])
      },
    },
  }
}

/**
 * Turns the inline footnotes of `tree` (in place) into footnote calls and appends their definitions to the tree. Their
 * identifiers are `inline-1`, `inline-2`, … unless the page defines such a footnote itself.
 */
export function placeInlineFootnotes(tree: Root): void {
  const notes = notesOf.get(tree)
  if (!notes) return
  notesOf.delete(tree)
  const taken = definedFootnotes(tree)
  let serial = 0
  for (const note of notes) {
    let identifier: string
    do identifier = `inline-${++serial}`
    while (taken.has(identifier))
    const definition: FootnoteDefinition = {
      type: 'footnoteDefinition',
      identifier,
      label: identifier,
      children: [{ type: 'paragraph', children: note.children, position: note.position }],
      position: note.position,
    }
    tree.children.push(definition)
    const call: FootnoteReference = { type: 'footnoteReference', identifier, label: identifier, position: note.position }
    Object.assign(note, call)
    delete (note as Partial<InlineFootnote>).children
  }
}

/** The identifiers of the footnotes `tree` defines, lower-cased (to-hast compares them without case). */
function definedFootnotes(tree: Root): Set<string> {
  const found = new Set<string>()
  const stack: Nodes[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'footnoteDefinition') found.add(node.identifier.toLowerCase())
    if ('children' in node && node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'table') stack.push(...node.children)
  }
  return found
}
