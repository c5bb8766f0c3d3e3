/**
 * A `Canvas` to a static SVG that needs no JavaScript: groups (with their background images), then edges, then the
 * other nodes, each node's content as HTML in a `<foreignObject>`.
 *
 *     <figure class="canvas">
 *       <div class="canvas-scroll" tabindex="0" role="region" aria-label="Plan.canvas">
 *         <svg width="612" height="380" viewBox="-40 -72 612 380">…</svg>
 *
 * One canvas unit is one CSS pixel: `width` and `height` are the drawing's natural size, at which node text is as
 * large as the page's. The stylesheet shrinks a canvas wider than the column to its width, so the whole drawing is
 * seen at once; the browser client (src/client/canvas.ts) zooms and pans it to read. Colours are classes and one
 * custom property (styles/canvas.css), so dark mode can change the presets.
 */
import { escapeHtml } from '../../html.js'
import { isCanvasColor, type Canvas, type CanvasEdge, type CanvasFileNode, type CanvasGroupNode } from './parse.js'
import type { CanvasLinkNode, CanvasNode, CanvasSide, CanvasTextNode } from './parse.js'

/** The HTML of the nodes' contents, which only the caller can render (markdown, links, images). */
export interface CanvasParts {
  /** A text node's markdown, rendered to HTML. */
  text(node: CanvasTextNode): string
  /** A file node: a link to the page or an image (the caller decides). */
  file(node: CanvasFileNode): string
  /** A link node. */
  link(node: CanvasLinkNode): string
  /**
   * A group's background image: `href`, the value of an `href` attribute (the image's URL, empty when there is no
   * such image), and `size()`, the attributes ` width="…" height="…"` of the image's own size in pixels, asked only for
   * a repeated image, whose tiles have that size.
   */
  background?(group: CanvasGroupNode): { href: string; size(): string }
  /** Accessible name of the whole canvas (e.g. its file name). */
  label: string
}

/** Space around the outermost nodes, so borders, arrow heads and labels at the edge are not cut off. */
const MARGIN = 40
/** Size of the figure of a canvas without nodes. */
const EMPTY_SIZE = 64
/** A group's label sits this far above its top edge (baseline), in a band this high. */
const GROUP_LABEL_GAP = 10
const GROUP_LABEL_HEIGHT = 32
/** Rough advance of one character at 16px, to keep labels inside the drawing; the browser measures the real text. */
const CHARACTER_WIDTH = 9
const LINE_HEIGHT = 24
const EDGE_LABEL_WIDTH = 200
const ARROW_LENGTH = 14
const ARROW_HALF_WIDTH = 7
/** How far a curve leaves a node straight out of its side, as a share of the distance, within these bounds. */
const CURVE_SHARE = 0.5
const CURVE_MIN = 40
const CURVE_MAX = 250
const NODE_RADIUS = 8

interface Point {
  x: number
  y: number
}

const NORMALS: Record<CanvasSide, Point> = { top: { x: 0, y: -1 }, right: { x: 1, y: 0 }, bottom: { x: 0, y: 1 }, left: { x: -1, y: 0 } }

/**
 * The canvas as a `<figure>`. `parts` supply each node's HTML, which is put in unchanged (placeholders included);
 * everything else written here is escaped. An edge whose node is missing is skipped; `parseCanvas` reports those.
 */
export function renderCanvas(canvas: Canvas, parts: CanvasParts): string {
  const bounds = createBounds()
  const byId = new Map<string, CanvasNode>()
  for (const node of canvas.nodes) {
    byId.set(node.id, node)
    bounds.add(node.x, node.y, node.x + node.width, node.y + node.height)
  }
  // Larger groups first, so a group inside another one is drawn on top of it (sort is stable for equal areas).
  const groups = canvas.nodes
    .filter((node): node is CanvasGroupNode => node.type === 'group')
    .sort((a, b) => b.width * b.height - a.width * a.height)
  const groupsHtml = groups.map((group) => renderGroup(group, bounds, parts)).join('')
  const edgesHtml = canvas.edges
    .map((edge) => {
      const from = byId.get(edge.fromNode)
      const to = byId.get(edge.toNode)
      return from && to ? renderEdge(edge, from, to, bounds) : ''
    })
    .join('')
  const nodesHtml = canvas.nodes.map((node) => (node.type === 'group' ? '' : renderNode(node, parts))).join('')

  const box = bounds.result()
  const svg = box
    ? `<svg class="canvas-svg" width="${box.width}" height="${box.height}" viewBox="${box.x} ${box.y} ${box.width} ${box.height}">` +
      `<g class="canvas-groups">${groupsHtml}</g><g class="canvas-edges">${edgesHtml}</g><g class="canvas-nodes">${nodesHtml}</g></svg>`
    : `<svg class="canvas-svg" width="${EMPTY_SIZE}" height="${EMPTY_SIZE}" viewBox="0 0 ${EMPTY_SIZE} ${EMPTY_SIZE}"></svg>`
  return (
    `<figure class="canvas${box ? '' : ' canvas-empty'}">` +
    `<div class="canvas-scroll" tabindex="0" role="region" aria-label="${escapeHtml(parts.label)}">${svg}</div></figure>`
  )
}

function renderNode(node: Exclude<CanvasNode, CanvasGroupNode>, parts: CanvasParts): string {
  const html = node.type === 'text' ? parts.text(node) : node.type === 'file' ? parts.file(node) : parts.link(node)
  const { className, style } = colorAttributes(node.color)
  const frame = `x="${num(node.x)}" y="${num(node.y)}" width="${num(node.width)}" height="${num(node.height)}"`
  return (
    `<g class="canvas-node canvas-node-${node.type}${className}"${style}>` +
    `<rect class="canvas-node-box" ${frame} rx="${NODE_RADIUS}"/>` +
    `<foreignObject ${frame}><div class="canvas-node-content">${html}</div></foreignObject></g>`
  )
}

function renderGroup(group: CanvasGroupNode, bounds: Bounds, parts: CanvasParts): string {
  const { className, style } = colorAttributes(group.color)
  const image = group.background && parts.background ? backgroundImage(group, parts.background(group)) : ''
  let label = ''
  if (group.label) {
    bounds.add(group.x, group.y - GROUP_LABEL_HEIGHT, group.x + group.label.length * CHARACTER_WIDTH, group.y)
    label = `<text class="canvas-group-label" x="${num(group.x)}" y="${num(group.y - GROUP_LABEL_GAP)}">${escapeHtml(group.label)}</text>`
  }
  return (
    `<g class="canvas-group${className}"${style}>${image}` +
    `<rect class="canvas-group-box" x="${num(group.x)}" y="${num(group.y)}" width="${num(group.width)}" height="${num(group.height)}" rx="${NODE_RADIUS}"/>` +
    `${label}</g>`
  )
}

/**
 * A group's background image over the group's whole box, as JSON Canvas's `backgroundStyle` says: `cover` (also when
 * it is missing) fills the box and crops the image, `ratio` shows the whole image as large as fits, `repeat` tiles it
 * at its own size from the group's top left corner. Drawn under the group's box, so its tint and border lie over it.
 */
function backgroundImage(group: CanvasGroupNode, { href, size }: { href: string; size(): string }): string {
  const box = `x="${num(group.x)}" y="${num(group.y)}" width="${num(group.width)}" height="${num(group.height)}"`
  if (group.backgroundStyle === 'repeat') {
    const tile = size()
    // the same group of the same image makes the same pattern, so a canvas shown twice on a page may share its id
    const id = `canvas-tile-${shortHash([group.id, group.background, group.x, group.y, group.width, group.height].join('\n'))}`
    return (
      `<pattern id="${id}" patternUnits="userSpaceOnUse" x="${num(group.x)}" y="${num(group.y)}"${tile}>` +
      `<image href="${href}"${tile}/></pattern>` +
      `<rect class="canvas-group-image" ${box} rx="${NODE_RADIUS}" fill="url(#${id})"/>`
    )
  }
  const fit = group.backgroundStyle === 'ratio' ? 'meet' : 'slice'
  return `<image class="canvas-group-image" href="${href}" ${box} preserveAspectRatio="xMidYMid ${fit}"/>`
}

/** FNV-1a of `text` in base 36: short ids that stay the same from build to build. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/**
 * A cubic curve from the middle of one node's side to the middle of the other's, leaving and entering each side
 * at a right angle (its control points lie straight out from the sides), with arrow heads where the ends are
 * arrows and the label on the curve's midpoint.
 */
function renderEdge(edge: CanvasEdge, from: CanvasNode, to: CanvasNode, bounds: Bounds): string {
  const self = from === to
  const fromSide = edge.fromSide ?? (self ? 'right' : facingSide(from, to))
  const toSide = edge.toSide ?? (self ? 'top' : facingSide(to, from))
  const start = sideMiddle(from, fromSide)
  const end = sideMiddle(to, toSide)
  const reach = clamp(Math.hypot(end.x - start.x, end.y - start.y) * CURVE_SHARE, CURVE_MIN, CURVE_MAX)
  const control1 = along(start, NORMALS[fromSide], reach)
  const control2 = along(end, NORMALS[toSide], reach)
  // The line stops at the base of an arrow head, so it does not show through the head's point.
  const fromArrow = (edge.fromEnd ?? 'none') === 'arrow'
  const toArrow = (edge.toEnd ?? 'arrow') === 'arrow'
  const lineStart = fromArrow ? along(start, NORMALS[fromSide], ARROW_LENGTH) : start
  const lineEnd = toArrow ? along(end, NORMALS[toSide], ARROW_LENGTH) : end
  for (const point of [start, end, control1, control2]) bounds.add(point.x, point.y, point.x, point.y)

  const { className, style } = colorAttributes(edge.color)
  let html =
    `<g class="canvas-edge${className}"${style}>` +
    `<path class="canvas-edge-line" d="M${pair(lineStart)} C${pair(control1)} ${pair(control2)} ${pair(lineEnd)}"/>`
  if (fromArrow) html += arrowHead(start, NORMALS[fromSide])
  if (toArrow) html += arrowHead(end, NORMALS[toSide])
  if (edge.label) {
    // The point of the curve at t = ½.
    const middle = {
      x: (lineStart.x + 3 * control1.x + 3 * control2.x + lineEnd.x) / 8,
      y: (lineStart.y + 3 * control1.y + 3 * control2.y + lineEnd.y) / 8,
    }
    const lines = edge.label
      .split('\n')
      .reduce((sum, line) => sum + Math.max(1, Math.ceil((line.length * CHARACTER_WIDTH) / (EDGE_LABEL_WIDTH - 16))), 0)
    const height = lines * LINE_HEIGHT + 12
    const x = middle.x - EDGE_LABEL_WIDTH / 2
    const y = middle.y - height / 2
    bounds.add(x, y, x + EDGE_LABEL_WIDTH, y + height)
    html +=
      `<foreignObject class="canvas-edge-label" x="${num(x)}" y="${num(y)}" width="${EDGE_LABEL_WIDTH}" height="${num(height)}">` +
      `<div><span>${escapeHtml(edge.label)}</span></div></foreignObject>`
  }
  return `${html}</g>`
}

/** A filled triangle whose point touches the node at `tip` and whose base lies `ARROW_LENGTH` out along `normal`. */
function arrowHead(tip: Point, normal: Point): string {
  const base = along(tip, normal, ARROW_LENGTH)
  const across = { x: -normal.y, y: normal.x }
  const left = along(base, across, ARROW_HALF_WIDTH)
  const right = along(base, across, -ARROW_HALF_WIDTH)
  return `<path class="canvas-arrow" d="M${pair(tip)} L${pair(left)} L${pair(right)} Z"/>`
}

/** The side of `node` that faces `other`: left or right when they are further apart across than down. */
function facingSide(node: CanvasNode, other: CanvasNode): CanvasSide {
  const dx = other.x + other.width / 2 - (node.x + node.width / 2)
  const dy = other.y + other.height / 2 - (node.y + node.height / 2)
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 'right' : 'left'
  return dy >= 0 ? 'bottom' : 'top'
}

function sideMiddle(node: CanvasNode, side: CanvasSide): Point {
  const centre = { x: node.x + node.width / 2, y: node.y + node.height / 2 }
  return { x: centre.x + (NORMALS[side].x * node.width) / 2, y: centre.y + (NORMALS[side].y * node.height) / 2 }
}

function along(point: Point, direction: Point, distance: number): Point {
  return { x: point.x + direction.x * distance, y: point.y + direction.y * distance }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/**
 * ` class` suffix and `style` attribute for a colour: a preset is a class the stylesheet (and its dark mode) colours,
 * a hex colour the custom property `--canvas-color`. The value is checked again here, since a `Canvas` may be built
 * without `parseCanvas`, and only a checked colour may enter a `style` attribute.
 */
function colorAttributes(color: string | undefined): { className: string; style: string } {
  if (color === undefined || !isCanvasColor(color)) return { className: '', style: '' }
  if (color.length === 1) return { className: ` canvas-color-${color}`, style: '' }
  return { className: ' canvas-color-custom', style: ` style="--canvas-color:${color.toLowerCase()}"` }
}

/** Coordinates to at most two decimals, so the output stays short and stable. */
function num(value: number): string {
  return String(Math.round(value * 100) / 100)
}

function pair(point: Point): string {
  return `${num(point.x)},${num(point.y)}`
}

interface Bounds {
  add(left: number, top: number, right: number, bottom: number): void
  /** The box around everything added, plus the margin, on whole pixels; undefined when nothing was added. */
  result(): { x: number; y: number; width: number; height: number } | undefined
}

function createBounds(): Bounds {
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  return {
    add(x1, y1, x2, y2) {
      left = Math.min(left, x1)
      top = Math.min(top, y1)
      right = Math.max(right, x2)
      bottom = Math.max(bottom, y2)
    },
    result() {
      if (left > right) return undefined
      const x = Math.floor(left - MARGIN)
      const y = Math.floor(top - MARGIN)
      return { x, y, width: Math.ceil(right + MARGIN) - x, height: Math.ceil(bottom + MARGIN) - y }
    },
  }
}
