/**
 * The local graph of a page (`theme.graph`, Obsidian Publish's "Show graph view"): the page, the pages it links to and
 * the pages that link to it, with the links between them, laid out at build time and drawn by the theme as an SVG
 * whose nodes are links (src/theme/LocalGraph.tsx). No script runs in the browser.
 *
 *     createLocalGraphs(site)        one pass over all links: each page's neighbours (both directions) and degree
 *       ─▶ graphOf(sitePage)         its neighbours, the GRAPH_NODE_CAP nearest kept (the rest a "+N" node),
 *                                    laid out on an ellipse, alphabetically, one row per node
 *
 * The layout is a pure function of titles and links, so two builds of the same site draw the same graph, and a page's
 * graph is part of its theme props, hence of its render fingerprint: a page is rendered again when a neighbour's
 * title or links change. The cost is linear in the site's links; per page it is bounded by the cap.
 */
import type { SitePage } from '../link/site.js'
import type { GraphNode, GraphProps } from '../../theme/index.js'
import { fillLabel, type Labels } from '../../shared/labels.js'
import { collator } from '../link/routes.js'

/** At most this many neighbours are drawn; the others are counted in one "+N" node. */
export const GRAPH_NODE_CAP = 30
/** A label longer than this many characters is cut, with "…" (the node's tooltip has the whole title). */
export const GRAPH_LABEL_CHARS = 14
/** How many of the pages left out the "+N" node's tooltip names. */
const MORE_NAMED = 10

// The geometry, in the SVG's own units (the theme draws the text at 13 of them).
const ROW = 24
const INNER_X = 30
const OUTER_X = 70
const LABEL_GAP = 9
const CHAR_WIDTH = 7.2
const MARGIN = 12

/** One page's place in the site's link graph. */
interface Neighbourhood {
  /** Pages this one links to or embeds (text or front matter). */
  out: Set<SitePage>
  /** Pages that link to or embed this one. */
  in: Set<SitePage>
  /** Out and in together: the pages joined to this one. */
  all: Set<SitePage>
}

/** The local graph of each page of `site`; undefined for a page linked to no other. */
export function createLocalGraphs(site: { pages: readonly SitePage[] }, labels: (page: SitePage) => Labels) {
  const byHref = new Map(site.pages.map((p) => [p.href, p]))
  const links = new Map<SitePage, Neighbourhood>()
  const of = (page: SitePage) => {
    let entry = links.get(page)
    if (!entry) links.set(page, (entry = { out: new Set(), in: new Set(), all: new Set() }))
    return entry
  }
  const join = (from: SitePage | undefined, to: SitePage | undefined) => {
    if (!from || !to || to === from) return
    of(from).out.add(to)
    of(from).all.add(to)
    of(to).in.add(from)
    of(to).all.add(from)
  }
  for (const from of site.pages) {
    for (const resolved of from.resolved) {
      if (resolved.kind === 'page' || resolved.kind === 'embed') join(from, byHref.get(resolved.href.replace(/#.*$/, '')))
    }
    // the backlinks hold the links of front matter too (link-site.ts relatePages)
    for (const backlink of from.backlinks) join(byHref.get(backlink.href), from)
  }
  return (asked: SitePage): GraphProps | undefined => {
    // by its href: the dev server's quick path asks with a new version of a page that kept its shape (link-site.ts
    // relinkPage), which these maps do not know as an object
    const page = byHref.get(asked.href) ?? asked
    const own = links.get(page)
    if (!own || own.all.size === 0) return undefined
    const { kept, left } = nearest(own, links)
    return layoutGraph(page, kept, left, (a, b) => links.get(a)?.all.has(b) ?? false, labels(page))
  }
}

/**
 * The neighbours to draw: those joined both ways first, then those with the most links of their own (the site's
 * hubs), then by title; at most GRAPH_NODE_CAP of them.
 */
function nearest(own: Neighbourhood, links: Map<SitePage, Neighbourhood>): { kept: SitePage[]; left: SitePage[] } {
  const weight = (p: SitePage) => (own.out.has(p) ? 1 : 0) + (own.in.has(p) ? 1 : 0)
  const ranked = [...own.all].sort(
    (a, b) => weight(b) - weight(a) || (links.get(b)?.all.size ?? 0) - (links.get(a)?.all.size ?? 0) || byTitle(a, b),
  )
  return { kept: ranked.slice(0, GRAPH_NODE_CAP), left: ranked.slice(GRAPH_NODE_CAP) }
}

const byTitle = (a: SitePage, b: SitePage) =>
  collator.compare(a.page.title, b.page.title) || (a.href < b.href ? -1 : a.href > b.href ? 1 : 0)

/** `text` cut to GRAPH_LABEL_CHARS characters (code points, so no emoji is split), with "…" when cut. */
export function graphLabelOf(text: string): string {
  const chars = Array.from(text.trim())
  return chars.length <= GRAPH_LABEL_CHARS
    ? chars.join('')
    : `${chars
        .slice(0, GRAPH_LABEL_CHARS - 1)
        .join('')
        .trimEnd()}…`
}

const round = (n: number) => Math.round(n * 10) / 10

/**
 * The page in the middle, its neighbours in alphabetical order on an ellipse around it: the first half down the right
 * side, the rest down the left, one row each, so no two labels share a line; labels point outwards. The "+N" node,
 * when some were left out, sits below.
 */
export function layoutGraph(
  page: SitePage,
  kept: readonly SitePage[],
  left: readonly SitePage[],
  joined: (a: SitePage, b: SitePage) => boolean,
  labels: Labels,
): GraphProps {
  const sorted = [...kept].sort(byTitle)
  const rightCount = Math.ceil(sorted.length / 2)
  const sides = [sorted.slice(0, rightCount), sorted.slice(rightCount)]
  const rows = Math.max(rightCount, 1)
  // the ellipse's half height: a little more than the rows take, so the top and bottom rows are nearest the middle
  const radius = (rows / 2) * ROW + ROW
  const nodes: GraphNode[] = [node(page, 0, 0, 'middle', true)]
  sides.forEach((side, s) => {
    const sign = s === 0 ? 1 : -1
    side.forEach((p, i) => {
      const y = (i - (side.length - 1) / 2) * ROW
      const x = INNER_X + (OUTER_X - INNER_X) * Math.sqrt(Math.max(0, 1 - (y / radius) ** 2))
      nodes.push(node(p, sign * x, y, sign > 0 ? 'start' : 'end'))
    })
  })
  const index = new Map<SitePage, number>([page, ...sides.flat()].map((p, i) => [p, i]))
  const edges: [number, number][] = []
  const all = [page, ...sides.flat()]
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) if (joined(all[i], all[j])) edges.push([index.get(all[i])!, index.get(all[j])!])
  }
  const top = Math.min(-ROW / 2, ...nodes.map((n) => n.y)) - MARGIN
  let bottom = Math.max(ROW, ...nodes.map((n) => n.y)) + MARGIN
  let more: GraphProps['more']
  if (left.length > 0) {
    const y = bottom + ROW / 2
    const names = [...left]
      .sort(byTitle)
      .slice(0, MORE_NAMED)
      .map((p) => p.page.title)
    more = {
      x: 0,
      y,
      label: `+${left.length}`,
      title: `${fillLabel(labels.graphMore, { count: left.length })}: ${names.join(', ')}${left.length > MORE_NAMED ? ', …' : ''}`,
    }
    bottom = y + ROW
  }
  // as wide as the longest label needs, the same on both sides so the page stays in the middle
  const half = Math.max(
    ...nodes.map((n) =>
      n.anchor === 'middle' ? (n.label.length * CHAR_WIDTH) / 2 : Math.abs(n.x) + LABEL_GAP + n.label.length * CHAR_WIDTH,
    ),
  )
  const width = Math.ceil(2 * (half + MARGIN))
  return {
    title: labels.graph,
    viewBox: [round(-width / 2), round(top), width, Math.ceil(bottom - top)],
    nodes: nodes.map((n) => ({ ...n, x: round(n.x), y: round(n.y) })),
    edges,
    ...(more ? { more } : {}),
  }
}

function node(page: SitePage, x: number, y: number, anchor: GraphNode['anchor'], current = false): GraphNode {
  const title = page.page.title || page.page.name
  return { x, y, anchor, label: graphLabelOf(title), title, ...(current ? { current: true } : { href: page.href }) }
}
