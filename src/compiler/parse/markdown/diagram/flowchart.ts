/**
 * Reads a mermaid flowchart (`flowchart LR`, `graph TD`) into the graph the size estimate needs: nodes with the
 * size of their shape and label, edges with their length and label, and subgraphs. It is not a validator: what it
 * does not understand it skips, since the estimate only has to be close, and mermaid reports real mistakes.
 *
 *     flowchart LR
 *       A[Backlog] -->|geklärt| B{Bereit?}   → nodes A (rectangle), B (diamond), an edge with a label
 */
import { DIAGRAM_FONT_SIZE, FLOWCHART_GEOMETRY } from '../../../../shared/diagram-geometry.js'
import type { FlowDirection, LayeredCluster, LayeredEdge, LayeredGraph, LayeredNode } from './layered.js'
import { labelSize, type LabelSize } from './text-size.js'

/** A node's shape, named by its brackets in the source. */
type Shape = 'rect' | 'diamond' | 'hexagon' | 'circle' | 'doublecircle' | 'cylinder' | 'stadium' | 'subroutine' | 'slanted'

/** Opening bracket → closing bracket and shape, longest first so `((` wins over `(`. */
const SHAPES: [open: string, close: string, shape: Shape][] = [
  ['(((', ')))', 'doublecircle'],
  ['((', '))', 'circle'],
  ['([', '])', 'stadium'],
  ['[[', ']]', 'subroutine'],
  ['[(', ')]', 'cylinder'],
  ['{{', '}}', 'hexagon'],
  ['[/', '/]', 'slanted'],
  ['[/', '\\]', 'slanted'],
  ['[\\', '\\]', 'slanted'],
  ['[\\', '/]', 'slanted'],
  ['(', ')', 'rect'],
  ['[', ']', 'rect'],
  ['{', '}', 'diamond'],
  ['>', ']', 'slanted'],
]

const { padding, wrappingWidth } = FLOWCHART_GEOMETRY

/** The drawn size of a node with `label` in `shape`, as mermaid's shapes pad their labels. */
export function shapeSize(shape: Shape, label: LabelSize): { width: number; height: number } {
  const { width, height } = label
  switch (shape) {
    case 'diamond': {
      const side = width + height + 2 * padding
      return { width: side, height: side }
    }
    case 'circle':
      return { width: width + padding, height: width + padding }
    case 'doublecircle':
      return { width: width + 2 * padding, height: width + 2 * padding }
    case 'cylinder':
      return { width: width + padding, height: height + 43 }
    case 'hexagon':
      return { width: width + 4 * padding + height / 2, height: height + 2 * padding }
    case 'stadium':
      return { width: width + 4 * padding + height / 2, height: height + 2 * padding }
    case 'subroutine':
      return { width: width + 4 * padding + 16, height: height + 2 * padding }
    case 'slanted':
      return { width: width + 4 * padding + height, height: height + 2 * padding }
    default:
      return { width: width + 4 * padding, height: height + 2 * padding }
  }
}

/** A node of a flowchart as written: its label (the id when it has none), shape, subgraph and classes. */
export interface FlowchartNode {
  label: string
  shape: Shape
  cluster?: string
  /** Classes given by `class A,B name` or `A:::name`. */
  classes: string[]
}

/** A flowchart as read from its source, before layout. */
interface Flowchart {
  direction: FlowDirection
  nodes: Map<string, FlowchartNode>
  edges: { from: string; to: string; minlen: number; label?: string }[]
  clusters: LayeredCluster[]
}

/** Parses the flowchart `source` into the graph the size estimate lays out, or returns undefined when it is not one. */
export function parseFlowchart(source: string): LayeredGraph | undefined {
  const chart = readFlowchart(source)
  if (!chart) return undefined
  const { direction, nodes, edges, clusters } = chart
  const clusterIds = new Set(clusters.map((cluster) => cluster.id))
  const layeredNodes: LayeredNode[] = []
  for (const [id, node] of nodes) {
    // a subgraph named in an edge is not a node
    if (clusterIds.has(id)) continue
    layeredNodes.push({ id, ...shapeSize(node.shape, labelSize(node.label, DIAGRAM_FONT_SIZE, wrappingWidth)), cluster: node.cluster })
  }
  const layeredEdges: LayeredEdge[] = edges.map((edge) => ({
    from: edge.from,
    to: edge.to,
    minlen: edge.minlen,
    label: edge.label ? labelSize(edge.label, DIAGRAM_FONT_SIZE, wrappingWidth) : undefined,
  }))
  return { direction, nodes: layeredNodes, edges: layeredEdges, clusters }
}

/** The nodes of the flowchart `source` by id, or undefined when it is not a flowchart. */
export function flowchartNodes(source: string): Map<string, FlowchartNode> | undefined {
  return readFlowchart(source)?.nodes
}

function readFlowchart(source: string): Flowchart | undefined {
  const lines = diagramLines(source)
  const header = /^(?:flowchart|graph)(?:-elk)?(?:\s+(TB|TD|BT|RL|LR))?\s*;?\s*(.*)$/i.exec(lines[0] ?? '')
  if (!header) return undefined
  const direction = toDirection(header[1]) ?? 'TB'
  const nodes = new Map<string, FlowchartNode>()
  const edges: Flowchart['edges'] = []
  const clusters: LayeredCluster[] = []
  const open: LayeredCluster[] = []

  const touch = (ref: NodeRef) => {
    const known = nodes.get(ref.id)
    const cluster = open.at(-1)?.id
    if (!known)
      nodes.set(ref.id, { label: ref.label ?? ref.id, shape: ref.shape ?? 'rect', cluster, classes: ref.className ? [ref.className] : [] })
    else {
      if (ref.label !== undefined) known.label = ref.label
      if (ref.shape) known.shape = ref.shape
      if (ref.className) known.classes.push(ref.className)
      known.cluster ??= cluster
    }
  }

  const statements = [header[2], ...lines.slice(1)].flatMap(splitStatements)
  for (const statement of statements) {
    const subgraph = /^subgraph\s+(.*)$/i.exec(statement)
    if (subgraph) {
      const cluster: LayeredCluster = { id: subgraphId(subgraph[1]), parent: open.at(-1)?.id }
      clusters.push(cluster)
      open.push(cluster)
      continue
    }
    if (/^end$/i.test(statement)) {
      open.pop()
      continue
    }
    const dir = /^direction\s+(\w+)$/i.exec(statement)
    if (dir) {
      const current = open.at(-1)
      if (current) current.direction = toDirection(dir[1])
      continue
    }
    const classes = /^class\s+(\S+)\s+([\w-]+)$/i.exec(statement)
    if (classes) {
      // `class A,B internal-link`: as in mermaid, for nodes defined before it; it draws no node
      for (const id of classes[1].split(',')) nodes.get(id)?.classes.push(classes[2])
      continue
    }
    if (/^(classDef|style|linkStyle|click|accTitle|accDescr)\b/i.test(statement)) continue
    const chain = parseChain(statement)
    chain.groups.forEach((group) => group.forEach(touch))
    chain.links.forEach((link, index) => {
      for (const from of chain.groups[index]) for (const to of chain.groups[index + 1]) edges.push({ from: from.id, to: to.id, ...link })
    })
  }
  return { direction, nodes, edges, clusters }
}

/** mermaid's direction keyword as a dagre direction. */
export function toDirection(value: string | undefined): FlowDirection | undefined {
  const upper = value?.toUpperCase()
  if (upper === 'TD' || upper === 'TB') return 'TB'
  return upper === 'BT' || upper === 'LR' || upper === 'RL' ? upper : undefined
}

/**
 * The lines of a diagram that carry content: front matter, `%%` comments and directives dropped, blank lines
 * dropped, each line trimmed.
 */
export function diagramLines(source: string): string[] {
  const body = source.replace(/^\s*---[ \t]*\r?\n[\s\S]*?\r?\n[ \t]*---[ \t]*(?:\r?\n|$)/, '')
  return body
    .split(/\r?\n/)
    .map((line) => line.replace(/%%.*$/, '').trim())
    .filter((line) => line !== '')
}

/** Splits a line at the `;` that end statements, outside quotes and brackets. */
function splitStatements(line: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (char === '"') quoted = !quoted
    else if (quoted) continue
    else if ('[({'.includes(char)) depth += 1
    else if (')]}'.includes(char)) depth = Math.max(0, depth - 1)
    else if (char === ';' && depth === 0) {
      parts.push(line.slice(start, i))
      start = i + 1
    }
  }
  parts.push(line.slice(start))
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

/** `Name`, `id[Title]` or `"Title"` after `subgraph`: the id edges may use. */
function subgraphId(rest: string): string {
  const withTitle = /^([^\s[\]"]+)\s*\[/.exec(rest)
  if (withTitle) return withTitle[1]
  return rest.trim().replace(/^"(.*)"$/, '$1')
}

interface NodeRef {
  id: string
  label?: string
  shape?: Shape
  /** The class of `A:::name`. */
  className?: string
}

interface Link {
  minlen: number
  label?: string
}

/** A node id: word characters and letters of any script, with single `-` or `.` inside (`node-1`, `v1.2`). */
const NODE_ID = /[\p{L}\p{N}_]+(?:[-.](?![-.>=])[\p{L}\p{N}_]+)*/uy
/** A link with its text between the strokes: `-- ja -->`, `-. optional .->`, `== wichtig ==>`. */
const LINK_WITH_TEXT = /\s*[<ox]?(--|==|-\.)\s+(.+?)\s+(-{2,}|={2,}|\.+-)([>ox]?)(?=\s|[^\s\-=.>])/uy
/** A plain link, with an optional `|text|` after it: `-->`, `---`, `-.->`, `==>`, `<-->`, `~~~`. */
const LINK = /\s*[<ox]?(-{2,}|={2,}|-\.+-|~{3,})([>ox]?)(?:\s*\|([^|]*)\|)?/uy

/** Parses `A[a] & B --> C -- x --> D` into node groups and the links between them. */
function parseChain(statement: string): { groups: NodeRef[][]; links: Link[] } {
  const groups: NodeRef[][] = []
  const links: Link[] = []
  let at = 0
  for (;;) {
    const group: NodeRef[] = []
    for (;;) {
      const node = parseNode(statement, at)
      if (!node) break
      group.push(node.ref)
      at = node.end
      const and = /\s*&\s*/y
      and.lastIndex = at
      if (!and.exec(statement)) break
      at = and.lastIndex
    }
    if (group.length === 0) break
    groups.push(group)
    const link = parseLink(statement, at)
    if (!link) break
    links.push(link.link)
    at = link.end
  }
  // a link without a node after it is dropped with its group
  return { groups, links: links.slice(0, Math.max(0, groups.length - 1)) }
}

function parseNode(statement: string, start: number): { ref: NodeRef; end: number } | undefined {
  let at = start
  while (statement[at] === ' ' || statement[at] === '\t') at += 1
  NODE_ID.lastIndex = at
  const id = NODE_ID.exec(statement)
  if (!id) return undefined
  at = NODE_ID.lastIndex
  const ref: NodeRef = { id: id[0] }
  for (const [openWith, closeWith, shape] of SHAPES) {
    if (!statement.startsWith(openWith, at)) continue
    const labelStart = at + openWith.length
    const quoteEnd = statement[labelStart] === '"' ? statement.indexOf('"', labelStart + 1) : -1
    const close = statement.indexOf(closeWith, quoteEnd > 0 ? quoteEnd : labelStart)
    if (close < 0) continue
    ref.label = statement.slice(labelStart, close)
    ref.shape = shape
    at = close + closeWith.length
    break
  }
  // new-style shapes: A@{ shape: diamond, label: "Text" }
  if (statement.startsWith('@{', at)) {
    const close = statement.indexOf('}', at)
    const data = statement.slice(at + 2, close < 0 ? undefined : close)
    const label = /label\s*:\s*("([^"]*)"|[^,]+)/.exec(data)
    if (label) ref.label = label[2] ?? label[1]
    if (/shape\s*:\s*(diam|decision|question)/.test(data)) ref.shape = 'diamond'
    at = close < 0 ? statement.length : close + 1
  }
  const className = /:::([\w-]+)/y
  className.lastIndex = at
  const named = className.exec(statement)
  if (named) {
    ref.className = named[1]
    at = className.lastIndex
  }
  return { ref, end: at }
}

function parseLink(statement: string, start: number): { link: Link; end: number } | undefined {
  LINK_WITH_TEXT.lastIndex = start
  const withText = LINK_WITH_TEXT.exec(statement)
  if (withText) {
    const strokes = withText[3]
    return { link: { minlen: linkLength(strokes, withText[4] !== ''), label: withText[2] }, end: LINK_WITH_TEXT.lastIndex }
  }
  LINK.lastIndex = start
  const plain = LINK.exec(statement)
  if (!plain) return undefined
  return { link: { minlen: linkLength(plain[1], plain[2] !== ''), label: plain[3] }, end: LINK.lastIndex }
}

/** mermaid's link length: `-->` and `---` are 1, each extra stroke adds one; `-.->` counts its dots. */
function linkLength(strokes: string, arrow: boolean): number {
  const dots = strokes.split('.').length - 1
  if (dots > 0) return dots
  const count = strokes.replace(/[^-=~]/g, '').length
  return Math.max(1, count - (arrow ? 1 : 2))
}
