/**
 * Obsidian callouts: a block quote whose first line is `[!type]`, optionally foldable and titled.
 *
 *     > [!warning] Vor dem Upgrade   → callout { kind: 'warning', title: 'Vor dem Upgrade', fold: undefined }
 *     > Text
 *
 *     > [!tip]- Details              → callout folded closed ('-') or open ('+'), rendered as <details>
 *
 * Unknown types render with the look of 'note' but keep their name as the default title.
 */
import type { Blockquote, Parent, PhrasingContent, RootContent } from 'mdast'

export interface Callout extends Parent {
  type: 'callout'
  kind: string
  title: PhrasingContent[]
  fold?: 'open' | 'closed'
  children: RootContent[]
}

declare module 'mdast' {
  interface RootContentMap {
    callout: Callout
  }
  interface BlockContentMap {
    callout: Callout
  }
}

const MARKER = /^\[!([\w-]+)\]([+-])?[ \t]*/

/** Replaces callout block quotes in `tree` (in place), nested ones included. */
export function transformCallouts(tree: Parent): void {
  tree.children = tree.children.map((child) => {
    if ('children' in child) transformCallouts(child as Parent)
    return child.type === 'blockquote' ? (toCallout(child) ?? child) : child
  }) as typeof tree.children
}

function toCallout(quote: Blockquote): Callout | undefined {
  const first = quote.children[0]
  if (first?.type !== 'paragraph') return undefined
  const text = first.children[0]
  if (text?.type !== 'text') return undefined
  const match = MARKER.exec(text.value)
  if (!match) return undefined

  const rest = text.value.slice(match[0].length)
  const newline = rest.indexOf('\n')
  const title: PhrasingContent[] = []
  let body: PhrasingContent[]
  if (newline === -1) {
    // the title line may continue with inline markup up to the first line break
    if (rest) title.push({ type: 'text', value: rest })
    const siblings = first.children.slice(1)
    const breakAt = siblings.findIndex((n) => (n.type === 'text' && n.value.includes('\n')) || n.type === 'break')
    const titleEnd = breakAt === -1 ? siblings.length : breakAt
    title.push(...siblings.slice(0, titleEnd))
    body = siblings.slice(titleEnd)
    const head = body[0]
    if (head?.type === 'text') {
      // the text that holds the line break ends the title before it (`**Upgrade** lesen⏎Text`) and starts the body
      const newlineAt = head.value.indexOf('\n')
      if (newlineAt > 0) title.push({ type: 'text', value: head.value.slice(0, newlineAt) })
      body[0] = { ...head, value: head.value.slice(newlineAt + 1) }
    } else if (head?.type === 'break') body = body.slice(1)
  } else {
    if (newline > 0) title.push({ type: 'text', value: rest.slice(0, newline) })
    body = [{ ...text, value: rest.slice(newline + 1) }, ...first.children.slice(1)]
  }
  body = body.filter((n) => !(n.type === 'text' && n.value === ''))
  const children: RootContent[] =
    body.length > 0
      ? [{ type: 'paragraph', children: body, position: first.position }, ...quote.children.slice(1)]
      : quote.children.slice(1)
  return {
    type: 'callout',
    kind: match[1].toLowerCase(),
    title,
    fold: match[2] === '+' ? 'open' : match[2] === '-' ? 'closed' : undefined,
    children,
    position: quote.position,
  }
}
