/**
 * Reads a mermaid state diagram (`stateDiagram-v2`) into the graph the size estimate needs. mermaid lays state
 * diagrams out with dagre like flowcharts, with smaller boxes: a state is its label with 8 px around it, start and
 * end are 14 px circles, and composite states (`state A { … }`) are subgraphs.
 *
 *     stateDiagram-v2
 *       [*] --> Neu
 *       Neu --> Erledigt: bestätigt   → nodes start, Neu, Erledigt; edges start→Neu, Neu→Erledigt (labelled)
 */
import { DIAGRAM_FONT_SIZE } from '../../../../shared/diagram-geometry.js'
import { diagramLines, toDirection } from './flowchart.js'
import type { LayeredCluster, LayeredEdge, LayeredGraph, LayeredNode } from './layered.js'
import { labelSize } from './text-size.js'

/** Padding around a state's label, in px. */
const STATE_PADDING = 8
/** Diameter of the start and end circles, in px. */
const PSEUDO_STATE = 14
/** Fork and join bars. */
const BAR = { width: 70, height: 10 }
/** Choice diamonds. */
const CHOICE = 28

/** Parses the state diagram `source`, or returns undefined when it is not one. */
export function parseStateDiagram(source: string): LayeredGraph | undefined {
  const lines = diagramLines(source)
  if (!/^stateDiagram(-v2)?\b/.test(lines[0] ?? '')) return undefined
  let direction = toDirection(/\bdirection\s+(\w+)/.exec(lines[0])?.[1]) ?? 'TB'
  const states = new Map<string, { label: string; kind: 'state' | 'pseudo' | 'bar' | 'choice'; cluster?: string }>()
  const edges: LayeredEdge[] = []
  const clusters: LayeredCluster[] = []
  const open: LayeredCluster[] = []
  let pseudoCount = 0

  const state = (name: string, role: 'from' | 'to'): string => {
    const cluster = open.at(-1)?.id
    if (name === '[*]') {
      // every [*] is a circle of its own: a start where it leads somewhere, an end where it is reached
      const id = `[*]${role}${++pseudoCount}`
      states.set(id, { label: '', kind: 'pseudo', cluster })
      return id
    }
    if (!states.has(name)) states.set(name, { label: name, kind: 'state', cluster })
    return name
  }

  for (const line of lines.slice(1)) {
    if (/^(classDef|class|style|accTitle|accDescr|note|end note|scale)\b/i.test(line)) continue
    const dir = /^direction\s+(\w+)$/i.exec(line)
    if (dir) {
      const current = open.at(-1)
      if (current) current.direction = toDirection(dir[1])
      else direction = toDirection(dir[1]) ?? direction
      continue
    }
    const composite = /^state\s+(?:"([^"]*)"\s+as\s+)?([^\s{]+)\s*\{$/.exec(line)
    if (composite) {
      const cluster: LayeredCluster = { id: composite[2], parent: open.at(-1)?.id }
      clusters.push(cluster)
      open.push(cluster)
      continue
    }
    if (line === '}') {
      open.pop()
      continue
    }
    const declared = /^state\s+"([^"]*)"\s+as\s+(\S+)$/.exec(line) ?? /^state\s+(\S+)\s*<<(\w+)>>$/.exec(line)
    if (declared) {
      const [, first, second] = declared
      const special = line.includes('<<')
      const id = special ? first : second
      const kind = !special ? 'state' : /fork|join/.test(second) ? 'bar' : second === 'choice' ? 'choice' : 'state'
      states.set(id, { label: special ? '' : first, kind, cluster: states.get(id)?.cluster ?? open.at(-1)?.id })
      continue
    }
    const transition = /^(\S+)\s*-->\s*([^\s:]+)\s*(?::\s*(.*))?$/.exec(line)
    if (transition) {
      const from = state(transition[1], 'from')
      const to = state(transition[2], 'to')
      const label = transition[3]?.trim()
      edges.push({ from, to, minlen: 1, label: label ? labelSize(label, DIAGRAM_FONT_SIZE) : undefined })
      continue
    }
    const description = /^([^\s:]+)\s*:\s*(.+)$/.exec(line)
    if (description) {
      const id = state(description[1], 'from')
      const known = states.get(id)
      if (known) known.label = `${known.label}\n${description[2]}`
      continue
    }
    if (/^[^\s]+$/.test(line)) state(line, 'from')
  }

  const clusterIds = new Set(clusters.map((cluster) => cluster.id))
  const nodes: LayeredNode[] = [...states]
    .filter(([id]) => !clusterIds.has(id))
    .map(([id, entry]) => {
      const size = sizeOf(entry.kind, entry.label)
      return { id, ...size, cluster: entry.cluster }
    })
  return { direction, nodes, edges, clusters }
}

function sizeOf(kind: 'state' | 'pseudo' | 'bar' | 'choice', label: string): { width: number; height: number } {
  if (kind === 'pseudo') return { width: PSEUDO_STATE, height: PSEUDO_STATE }
  if (kind === 'bar') return BAR
  if (kind === 'choice') return { width: CHOICE, height: CHOICE }
  const text = labelSize(label, DIAGRAM_FONT_SIZE)
  return { width: text.width + 2 * STATE_PADDING, height: text.height + 2 * STATE_PADDING }
}
