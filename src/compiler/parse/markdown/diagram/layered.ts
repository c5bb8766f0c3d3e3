/**
 * The size of a layered (dagre) drawing, estimated from its graph without laying it out: mermaid draws flowcharts
 * and state diagrams with dagre, which puts nodes into ranks along the flow and spaces them by fixed gaps, so the
 * length along the flow is the sum of the ranks' thicknesses and gaps, and the breadth is that of the fullest rank.
 * It follows dagre where that is cheap (edge labels as nodes of a rank between, subgraphs as nested graphs or as
 * borders around their nodes) and skips what moves only a few pixels (crossing reduction, edge routing).
 */
import { FLOWCHART_GEOMETRY } from '../../../../shared/diagram-geometry.js'
import type { LabelSize } from './text-size.js'

/** Which way the flow runs (mermaid's `TD` is `TB`). */
export type FlowDirection = 'TB' | 'BT' | 'LR' | 'RL'

/** A node with its drawn size in px. */
export interface LayeredNode {
  id: string
  width: number
  height: number
  /** The innermost subgraph the node belongs to. */
  cluster?: string
}

/** An edge between two node (or subgraph) ids; `minlen` is mermaid's link length (`-->` 1, `--->` 2). */
export interface LayeredEdge {
  from: string
  to: string
  minlen: number
  label?: LabelSize
}

/** A subgraph: its own direction (`direction LR` inside it), and the subgraph it is nested in. */
export interface LayeredCluster {
  id: string
  parent?: string
  direction?: FlowDirection
}

/** A graph as mermaid hands it to dagre. */
export interface LayeredGraph {
  direction: FlowDirection
  nodes: LayeredNode[]
  edges: LayeredEdge[]
  clusters: LayeredCluster[]
}

/** A drawing's size in px. */
export interface DrawingSize {
  width: number
  height: number
}

const { nodeSpacing, rankSpacing, diagramPadding } = FLOWCHART_GEOMETRY
/** dagre's default space between dummy nodes (edge bends and edge labels). */
const EDGE_SPACING = 20
/** Space a subgraph's border keeps from the nodes in it, along the flow (dagre's border ranks), in px. */
const CLUSTER_FLOW_PADDING = 25
/** The room a self-loop (`A --> A`) takes beside its node, across the flow, in px. */
const SELF_LOOP_BREADTH = 16
/** How much larger a subgraph drawn on its own is than its content: title and padding, in px. */
const NESTED_CLUSTER_EXTRA = { width: 55, height: 60 }

/** One thing in a rank, as dagre spaces it: real nodes keep `nodeSpacing` apart, dummies `EDGE_SPACING`. */
interface RankItem {
  breadth: number
  dummy: boolean
}

/** Estimates the size of `graph` as mermaid draws it, margins included. */
export function estimateLayeredSize(graph: LayeredGraph): DrawingSize {
  const { nodes, edges } = collapseNestedClusters(graph)
  const horizontal = graph.direction === 'LR' || graph.direction === 'RL'
  const along = (size: DrawingSize) => (horizontal ? size.width : size.height)
  const across = (size: DrawingSize) => (horizontal ? size.height : size.width)

  const ids = nodes.map((node) => node.id)
  const byId = new Map(nodes.map((node) => [node.id, node]))
  // an edge to a subgraph drawn in place ends at one of its nodes, as mermaid does
  const firstMember = new Map<string, string>()
  for (const node of nodes) if (node.cluster && !firstMember.has(node.cluster)) firstMember.set(node.cluster, node.id)
  for (const cluster of graph.clusters) {
    const parent = cluster.parent
    const member = firstMember.get(cluster.id)
    if (parent && member && !firstMember.has(parent)) firstMember.set(parent, member)
  }
  const endpoint = (id: string) => (byId.has(id) ? id : firstMember.get(id))
  const loops: string[] = []
  const links = edges.flatMap((edge) => {
    const from = endpoint(edge.from)
    const to = endpoint(edge.to)
    if (from && from === to) loops.push(from)
    // dagre makes room for edge labels by doubling every edge's length and halving the rank gap
    return from && to && from !== to ? [{ from, to, minlen: Math.max(1, edge.minlen) * 2, label: edge.label }] : []
  })
  const acyclic = reverseBackEdges(ids, links)
  const rank = assignRanks(ids, acyclic)

  const maxRank = Math.max(0, ...rank.values())
  const thickness = new Array<number>(maxRank + 1).fill(0)
  const items: RankItem[][] = Array.from({ length: maxRank + 1 }, () => [])
  const clusterItems = new Map<string, RankItem[][]>()
  const rankItems = (node: LayeredNode, r: number) => {
    if (!node.cluster) return items[r]
    let perRank = clusterItems.get(node.cluster)
    if (!perRank) clusterItems.set(node.cluster, (perRank = Array.from({ length: maxRank + 1 }, () => [])))
    return perRank[r]
  }
  for (const node of nodes) {
    const r = rank.get(node.id) ?? 0
    thickness[r] = Math.max(thickness[r], along(node))
    rankItems(node, r).push({ breadth: across(node), dummy: false })
  }
  // mermaid draws a loop through two small nodes beside its node
  for (const id of loops) items[rank.get(id) ?? 0].push({ breadth: SELF_LOOP_BREADTH, dummy: false })
  for (const link of acyclic) {
    const low = Math.min(rank.get(link.from) ?? 0, rank.get(link.to) ?? 0)
    const high = Math.max(rank.get(link.from) ?? 0, rank.get(link.to) ?? 0)
    const middle = low + Math.floor((high - low) / 2)
    for (let r = low + 1; r < high; r++) {
      const label = r === middle ? link.label : undefined
      if (label) thickness[r] = Math.max(thickness[r], along(label))
      items[r].push({ breadth: label ? across(label) : 0, dummy: true })
    }
  }
  // a subgraph drawn around its nodes is one block in each rank it spans, with a border dummy on either side
  for (const perRank of clusterItems.values()) {
    perRank.forEach((list, r) => {
      if (list.length > 0) items[r].push({ breadth: rankBreadth(list) + 2 * ((nodeSpacing + EDGE_SPACING) / 2), dummy: true })
    })
  }

  let length = thickness.reduce((sum, value) => sum + value, 0) + (rankSpacing / 2) * maxRank
  // the borders sit before and after the subgraph's nodes
  length += clusterItems.size * 2 * CLUSTER_FLOW_PADDING
  const breadth = Math.max(0, ...items.map(rankBreadth))
  const alongSize = length + 2 * diagramPadding
  const acrossSize = breadth + 2 * diagramPadding
  return horizontal ? { width: alongSize, height: acrossSize } : { width: acrossSize, height: alongSize }
}

/** The breadth of one rank: its items side by side with dagre's separation between neighbours. */
function rankBreadth(list: RankItem[]): number {
  let total = 0
  list.forEach((item, index) => {
    total += item.breadth
    if (index > 0) total += ((list[index - 1].dummy ? EDGE_SPACING : nodeSpacing) + (item.dummy ? EDGE_SPACING : nodeSpacing)) / 2
  })
  return total
}

interface Link {
  from: string
  to: string
  minlen: number
  label?: LabelSize
}

/** Turns the edges that close a cycle around (found depth-first in node order, as dagre does), so ranks exist. */
function reverseBackEdges(ids: string[], links: Link[]): Link[] {
  const outgoing = new Map<string, Link[]>(ids.map((id) => [id, []]))
  for (const link of links) outgoing.get(link.from)?.push(link)
  const state = new Map<string, 'open' | 'done'>()
  const reversed = new Set<Link>()
  const visit = (id: string) => {
    state.set(id, 'open')
    for (const link of outgoing.get(id) ?? []) {
      const next = state.get(link.to)
      if (next === 'open') reversed.add(link)
      else if (next === undefined) visit(link.to)
    }
    state.set(id, 'done')
  }
  for (const id of ids) if (!state.has(id)) visit(id)
  return links.map((link) => (reversed.has(link) ? { ...link, from: link.to, to: link.from } : link))
}

/**
 * Ranks by longest path from the sources, then each source moved down next to its nearest successor: what
 * dagre's network simplex ends with for the small graphs of a wiki.
 */
function assignRanks(ids: string[], links: Link[]): Map<string, number> {
  const incoming = new Map<string, Link[]>(ids.map((id) => [id, []]))
  const outgoing = new Map<string, Link[]>(ids.map((id) => [id, []]))
  for (const link of links) {
    incoming.get(link.to)?.push(link)
    outgoing.get(link.from)?.push(link)
  }
  const rank = new Map<string, number>()
  const order: string[] = []
  const waiting = new Map(ids.map((id) => [id, incoming.get(id)?.length ?? 0]))
  const ready = ids.filter((id) => waiting.get(id) === 0)
  while (ready.length > 0) {
    const id = ready.shift() as string
    order.push(id)
    const own = Math.max(0, ...(incoming.get(id) ?? []).map((link) => (rank.get(link.from) ?? 0) + link.minlen))
    rank.set(id, own)
    for (const link of outgoing.get(id) ?? []) {
      const left = (waiting.get(link.to) ?? 0) - 1
      waiting.set(link.to, left)
      if (left === 0) ready.push(link.to)
    }
  }
  for (const id of order.reverse()) {
    const out = outgoing.get(id) ?? []
    if ((incoming.get(id) ?? []).length === 0 && out.length > 0)
      rank.set(id, Math.min(...out.map((link) => (rank.get(link.to) ?? 0) - link.minlen)))
  }
  const lowest = Math.min(0, ...rank.values())
  for (const [id, value] of rank) rank.set(id, value - lowest)
  return rank
}

/**
 * Replaces each subgraph whose nodes have no edge leaving it by one node of its drawn size, as mermaid does: such
 * a subgraph is laid out on its own, across the outer direction unless it says `direction`. Subgraphs that are
 * connected from outside stay, and are drawn as borders around their nodes.
 */
function collapseNestedClusters(graph: LayeredGraph): { nodes: LayeredNode[]; edges: LayeredEdge[] } {
  let nodes = graph.nodes
  let edges = graph.edges
  const depth = (id: string): number => {
    const parent = graph.clusters.find((cluster) => cluster.id === id)?.parent
    return parent ? 1 + depth(parent) : 0
  }
  // innermost first, so a collapsed subgraph counts as a node of the one around it
  const clusters = [...graph.clusters].sort((a, b) => depth(b.id) - depth(a.id))
  const inside = (clusterId: string, node: LayeredNode): boolean => {
    for (let at = node.cluster; at; at = graph.clusters.find((cluster) => cluster.id === at)?.parent) if (at === clusterId) return true
    return false
  }
  for (const cluster of clusters) {
    const members = nodes.filter((node) => inside(cluster.id, node))
    if (members.length === 0) continue
    const memberIds = new Set(members.map((node) => node.id))
    const crossing = edges.some(
      (edge) => memberIds.has(edge.from) !== memberIds.has(edge.to) && (memberIds.has(edge.from) || memberIds.has(edge.to)),
    )
    if (crossing) continue
    const direction = cluster.direction ?? (graph.direction === 'TB' ? 'LR' : 'TB')
    const innerEdges = edges.filter((edge) => memberIds.has(edge.from) && memberIds.has(edge.to))
    const inner = estimateLayeredSize({
      direction,
      nodes: members.map((node) => ({ ...node, cluster: node.cluster === cluster.id ? undefined : node.cluster })),
      edges: innerEdges,
      clusters: graph.clusters.filter((other) => other.parent === cluster.id),
    })
    nodes = [
      ...nodes.filter((node) => !memberIds.has(node.id)),
      {
        id: cluster.id,
        width: inner.width + NESTED_CLUSTER_EXTRA.width,
        height: inner.height + NESTED_CLUSTER_EXTRA.height,
        cluster: cluster.parent,
      },
    ]
    edges = edges.filter((edge) => !innerEdges.includes(edge))
  }
  return { nodes, edges }
}
