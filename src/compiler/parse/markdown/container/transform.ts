/**
 * VuePress-style containers and tab groups, recognised on the parsed tree (CommonMark has no syntax for them,
 * and markdown-it-container likewise works on whole lines between fences).
 *
 *     ::: tip Optionaler Titel        → container { kind: 'tip', title: 'Optionaler Titel' }
 *     Inhalt
 *     :::
 *
 *     ::: tabs#os                     → container { kind: 'tabs', id: 'os' } with one `tab` child per '@tab' line
 *     @tab Linux
 *     …
 *     :::
 *
 * An opener is a paragraph whose first line is `:::` (three or more colons) plus a kind; the container ends at a
 * paragraph line of the same number of colons at the same nesting level. Lines inside the same paragraph
 * (no blank line between) are split off, so both spacing styles work. Code blocks are never looked at, because
 * they are not paragraphs. An opener without a closer is reported and left as text.
 */
import type { Paragraph, Parent, PhrasingContent, RootContent, Text } from 'mdast'
import type { Position } from 'unist'
import { MAX_NESTING } from '../guard.js'

export const CONTAINER_KINDS = ['tip', 'info', 'note', 'warning', 'danger', 'caution', 'details', 'tabs'] as const
export type ContainerKind = (typeof CONTAINER_KINDS)[number]

export interface Container extends Parent {
  type: 'container'
  kind: ContainerKind
  /** Title phrasing content after the kind; empty when the author gave none. */
  title: PhrasingContent[]
  /** Group id of a tab group (`tabs#os`), shared by groups that remember the same choice. */
  id?: string
  children: RootContent[]
}

export interface Tab extends Parent {
  type: 'tab'
  label: string
  active: boolean
  children: RootContent[]
}

declare module 'mdast' {
  interface RootContentMap {
    container: Container
    tab: Tab
  }
  interface BlockContentMap {
    container: Container
    tab: Tab
  }
}

/** A problem found while grouping, reported by the caller as a diagnostic. */
export interface ContainerProblem {
  code: 'unclosed-container' | 'bad-container' | 'too-deep'
  position?: Position
  message: string
  hint: string
}

const OPENER = /^(:{3,})[ \t]*([A-Za-z]+)(?:#([\w-]+))?(?:[ \t]+(.*))?$/
const TAB_LINE = /^@tab(:active)?[ \t]+(.+)$/

/** Groups container fences in `tree` (in place) and returns the problems found. */
export function groupContainers(tree: Parent): ContainerProblem[] {
  const problems: ContainerProblem[] = []
  visitParents(tree, problems)
  return problems
}

/** Groups the fences of `parent` and of every block below it; `depth` counts the containers around `parent`. */
function visitParents(parent: Parent, problems: ContainerProblem[], depth = 0): void {
  if (parent.children.some((child) => child.type === 'paragraph')) {
    parent.children = group(splitFenceLines(parent.children as RootContent[]), problems, depth)
  }
  for (const child of parent.children) {
    if ('children' in child && child.type !== 'paragraph' && child.type !== 'heading') {
      visitParents(child as Parent, problems, child.type === 'container' ? depth + 1 : depth)
    }
  }
}

/** Splits paragraphs so that every fence line ('::: x', ':::', '@tab x') is a paragraph of its own. */
function splitFenceLines(children: RootContent[]): RootContent[] {
  const out: RootContent[] = []
  for (const child of children) {
    if (child.type !== 'paragraph' || !mayHoldFence(child)) {
      out.push(child)
      continue
    }
    out.push(...splitParagraph(child))
  }
  return out
}

function mayHoldFence(paragraph: Paragraph): boolean {
  return paragraph.children.some((c) => c.type === 'text' && (c.value.includes(':::') || c.value.includes('@tab')))
}

/** Cuts a paragraph at line breaks inside its text nodes into one paragraph per line group. */
function splitParagraph(paragraph: Paragraph): Paragraph[] {
  const lines: PhrasingContent[][] = [[]]
  for (const node of paragraph.children) {
    if (node.type !== 'text' || !node.value.includes('\n')) {
      lines[lines.length - 1].push(node)
      continue
    }
    const parts = node.value.split('\n')
    parts.forEach((part, i) => {
      if (i > 0) lines.push([])
      if (part !== '') lines[lines.length - 1].push({ type: 'text', value: part, position: lineSlice(node, i) })
    })
  }
  const isFence = (line: PhrasingContent[]) => {
    const first = line[0]
    if (!first || first.type !== 'text') return false
    if (line.length > 1) return /^:{3,}[ \t]*[A-Za-z]+(#[\w-]+)?[ \t]/.test(first.value)
    const text = first.value.trim()
    return OPENER.test(text) || /^:{3,}$/.test(text) || TAB_LINE.test(text)
  }
  if (!lines.some(isFence)) return [paragraph]
  const out: Paragraph[] = []
  let current: PhrasingContent[][] = []
  const flush = () => {
    if (current.length > 0) out.push(paragraphOf(current))
    current = []
  }
  for (const line of lines) {
    if (isFence(line)) {
      flush()
      out.push(paragraphOf([line]))
    } else current.push(line)
  }
  flush()
  return out
}

function paragraphOf(lines: PhrasingContent[][]): Paragraph {
  const children: PhrasingContent[] = []
  lines.forEach((line, i) => {
    if (i > 0) children.push({ type: 'text', value: '\n' })
    children.push(...line)
  })
  const merged = mergeTexts(children)
  const first = merged[0]?.position
  const last = merged[merged.length - 1]?.position
  return { type: 'paragraph', children: merged, position: first && last ? { start: first.start, end: last.end } : undefined }
}

function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = []
  for (const node of nodes) {
    const previous = out[out.length - 1]
    if (node.type === 'text' && previous?.type === 'text') {
      previous.value += node.value
      if (previous.position && node.position) previous.position = { start: previous.position.start, end: node.position.end }
    } else out.push(node.type === 'text' ? { ...node } : node)
  }
  return out.filter((n) => !(n.type === 'text' && n.value === ''))
}

function lineSlice(node: Text, lineIndex: number): Position | undefined {
  if (!node.position) return undefined
  const line = node.position.start.line + lineIndex
  const column = lineIndex === 0 ? node.position.start.column : 1
  return { start: { line, column }, end: { line, column } }
}

interface Opener {
  colons: number
  kind: ContainerKind
  id?: string
  title: PhrasingContent[]
}

function readOpener(node: RootContent): Opener | undefined {
  if (node.type !== 'paragraph') return undefined
  const first = node.children[0]
  if (!first || first.type !== 'text') return undefined
  const head = /^(:{3,})[ \t]*([A-Za-z]+)(?:#([\w-]+))?(?:[ \t]+|$)/.exec(first.value)
  const kind = head?.[2].toLowerCase()
  if (!head || !CONTAINER_KINDS.includes(kind as ContainerKind)) return undefined
  if (node.children.length === 1 && first.value.includes('\n')) return undefined
  const rest = node.children.length === 1 ? first.value.slice(head[0].length).trim() : first.value.slice(head[0].length)
  const title: PhrasingContent[] = [...(rest ? [{ type: 'text' as const, value: rest }] : []), ...node.children.slice(1)]
  return { colons: head[1].length, kind: kind as ContainerKind, id: head[3], title }
}

function closerColons(node: RootContent): number | undefined {
  if (node.type !== 'paragraph' || node.children.length !== 1 || node.children[0].type !== 'text') return undefined
  const match = /^(:{3,})$/.exec(node.children[0].value.trim())
  return match ? match[1].length : undefined
}

/** The problem lists that hold a 'too deep' problem already (one per page). */
const tooDeep = new WeakSet<ContainerProblem[]>()

function group(children: RootContent[], problems: ContainerProblem[], depth = 0): RootContent[] {
  const out: RootContent[] = []
  for (let i = 0; i < children.length; i++) {
    const opener = readOpener(children[i])
    if (!opener) {
      out.push(children[i])
      continue
    }
    if (depth >= MAX_NESTING) {
      // thousands of levels would overflow the stack of every walk over the tree: deeper openers stay text, reported once
      if (!tooDeep.has(problems)) {
        tooDeep.add(problems)
        problems.push({
          code: 'too-deep',
          position: children[i].position,
          message: `Containers (":::") are nested more than ${MAX_NESTING} levels deep; the deeper ones are shown as text`,
          hint: 'Close containers before opening the next one.',
        })
      }
      out.push(children[i])
      continue
    }
    const closer = findCloser(children, i + 1, opener.colons)
    if (!closer) {
      problems.push({
        code: 'unclosed-container',
        position: children[i].position,
        message: `Container "${':'.repeat(opener.colons)} ${opener.kind}" is never closed`,
        hint: `Add a line "${':'.repeat(opener.colons)}" (with blank lines around it) where the container ends.`,
      })
      out.push(children[i])
      continue
    }
    const end = closer.index
    if (closer.trailing) trailingFence(children[end], opener.colons, true)
    const inner = group(children.slice(i + 1, closer.trailing ? end + 1 : end), problems, depth + 1)
    const position =
      children[i].position && children[end].position ? { start: children[i].position!.start, end: children[end].position!.end } : undefined
    out.push({
      type: 'container',
      kind: opener.kind,
      id: opener.id,
      title: opener.title,
      children: opener.kind === 'tabs' ? splitTabs(inner, problems, children[i].position) : inner,
      position,
    } as Container)
    i = end
  }
  return out
}

/**
 * Index of the closing fence for an opener, or of the block whose last line is that fence: a ':::' written
 * straight after a list item without a blank line is, for CommonMark, a lazy continuation of that item.
 */
function findCloser(children: RootContent[], from: number, colons: number): { index: number; trailing: boolean } | undefined {
  let depth = 0
  for (let i = from; i < children.length; i++) {
    const opener = readOpener(children[i])
    if (opener && opener.colons === colons) depth++
    const closing = closerColons(children[i])
    if (closing === colons) {
      if (depth === 0) return { index: i, trailing: false }
      depth--
    } else if (depth === 0 && children[i].type !== 'paragraph' && trailingFence(children[i], colons, false)) {
      return { index: i, trailing: true }
    }
  }
  return undefined
}

/** Whether the last line of the last paragraph inside `node` is a fence of `colons` colons; removes it when asked. */
function trailingFence(node: RootContent, colons: number, remove: boolean): boolean {
  let current: RootContent | undefined = node
  while (current && current.type !== 'paragraph' && 'children' in current && current.type !== 'heading') {
    current = (current.children as RootContent[])[(current.children as RootContent[]).length - 1]
  }
  if (!current || current.type !== 'paragraph') return false
  const last = current.children[current.children.length - 1]
  if (!last || last.type !== 'text') return false
  const match = /\n(:{3,})[ \t]*$/.exec(last.value)
  if (!match || match[1].length !== colons) return false
  if (remove) last.value = last.value.slice(0, match.index)
  return true
}

function splitTabs(children: RootContent[], problems: ContainerProblem[], position?: Position): RootContent[] {
  const tabs: Tab[] = []
  for (const child of children) {
    const line =
      child.type === 'paragraph' && child.children.length === 1 && child.children[0].type === 'text'
        ? TAB_LINE.exec(child.children[0].value.trim())
        : null
    if (line) tabs.push({ type: 'tab', label: line[2].trim(), active: Boolean(line[1]), children: [], position: child.position })
    else if (tabs.length > 0) tabs[tabs.length - 1].children.push(child)
    else if (!(child.type === 'paragraph' && child.children.length === 0)) {
      problems.push({
        code: 'bad-container',
        position: child.position ?? position,
        message: 'Content in a tab group before its first "@tab" line',
        hint: 'Start every tab with a line "@tab Name" (with blank lines around it).',
      })
    }
  }
  if (tabs.length === 0) {
    problems.push({
      code: 'bad-container',
      position,
      message: 'Tab group without any "@tab" line',
      hint: 'Add lines such as "@tab Linux" before each tab\'s content.',
    })
  }
  return tabs
}
