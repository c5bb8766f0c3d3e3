/**
 * Obsidian `.canvas` files (JSON Canvas 1.0, https://jsoncanvas.org/spec/1.0/) to a typed `Canvas`.
 *
 *     {"nodes": [{"id": "a", "type": "text", "x": 0, "y": 0, "width": 250, "height": 60, "text": "# Hi"}]}
 *       → { nodes: [{ id: 'a', type: 'text', x: 0, y: 0, width: 250, height: 60, text: '# Hi' }], edges: [] }
 *
 * A mistake in the file is a problem with its line and column, never an exception. The JSON is read by a small
 * parser of our own rather than `JSON.parse`, because only a parser that keeps offsets can say where a node is,
 * and because the position in `JSON.parse`'s message differs between Node versions. A node or edge that cannot be
 * drawn (no id, no geometry, unknown type, an edge to a missing node) is left out and the rest is drawn; a value
 * that is only cosmetic (colour, side, end shape, label) is ignored, so a typo in a colour does not hide content.
 */
import { createLocator, readJson } from '../../discover/json-reader.js'
import { closestMatch } from '../../config/closest.js'

/** `"1"` … `"6"` (red, orange, yellow, green, cyan, purple) or a lowercase hex colour `#rgb` / `#rrggbb`. */
export type CanvasColor = '1' | '2' | '3' | '4' | '5' | '6' | `#${string}`
export type CanvasSide = 'top' | 'right' | 'bottom' | 'left'
export type CanvasEnd = 'none' | 'arrow'

/** 1-based line and column of a node's or edge's `{` in the file, for diagnostics about it later in the build. */
export interface CanvasPosition {
  line: number
  column: number
}

interface CanvasNodeBase {
  id: string
  x: number
  y: number
  width: number
  height: number
  color?: CanvasColor
  position?: CanvasPosition
}

export interface CanvasTextNode extends CanvasNodeBase {
  type: 'text'
  /** Markdown. */
  text: string
}

export interface CanvasFileNode extends CanvasNodeBase {
  type: 'file'
  /** Path of the file in the vault, as written (`Notes/Odoo.md`, `Bilder/karte.png`). */
  file: string
  /** A heading or block in that file; always starts with `#`. */
  subpath?: string
}

export interface CanvasLinkNode extends CanvasNodeBase {
  type: 'link'
  /** As written: whoever renders the link decides which schemes are safe. */
  url: string
}

export interface CanvasGroupNode extends CanvasNodeBase {
  type: 'group'
  label?: string
  /** Path of an image in the vault, drawn behind the group (render.ts). */
  background?: string
  /** Missing: 'cover'. */
  backgroundStyle?: 'cover' | 'ratio' | 'repeat'
}

export type CanvasNode = CanvasTextNode | CanvasFileNode | CanvasLinkNode | CanvasGroupNode

export interface CanvasEdge {
  id: string
  fromNode: string
  /** Missing: the side facing the other node. */
  fromSide?: CanvasSide
  /** Missing: `none`. */
  fromEnd?: CanvasEnd
  toNode: string
  toSide?: CanvasSide
  /** Missing: `arrow`. */
  toEnd?: CanvasEnd
  color?: CanvasColor
  label?: string
  position?: CanvasPosition
}

/** Nodes in file order, which is their stacking order (first is drawn lowest); edges only between kept nodes. */
export interface Canvas {
  nodes: CanvasNode[]
  edges: CanvasEdge[]
}

export interface CanvasProblem {
  /** What is wrong, with the offending value quoted. */
  message: string
  /** What to do. */
  hint: string
  /** 1-based, in the JSON text. */
  line: number
  column: number
}

const NODE_TYPES = ['text', 'file', 'link', 'group'] as const
const SIDES: readonly string[] = ['top', 'right', 'bottom', 'left']
const ENDS: readonly string[] = ['none', 'arrow']
const BACKGROUND_STYLES: readonly string[] = ['cover', 'ratio', 'repeat']
const GEOMETRY = ['x', 'y', 'width', 'height'] as const
/** The preset colours by the names people write instead of their numbers (spec: Color). */
const PRESET_NAMES: Record<string, string> = { red: '1', orange: '2', yellow: '3', green: '4', cyan: '5', purple: '6' }
const COLOR_HINT = 'Use a preset "1" to "6" (red, orange, yellow, green, cyan, purple) or a hex colour like "#e03e3e".'

/** Preset number or hex colour; anything else could break out of the `style` attribute it ends up in. */
export function isCanvasColor(value: string): value is CanvasColor {
  return /^(?:[1-6]|#[0-9a-f]{3}|#[0-9a-f]{6})$/i.test(value)
}

/**
 * Reads a `.canvas` file. Returns no canvas only when the text is not JSON or not a JSON object; otherwise the
 * canvas holds every node and edge that could be read, and `problems` says what was left out or ignored and where.
 *
 *     parseCanvas('{"nodes": [}')  → { problems: [{ message: 'Invalid JSON: expected a value, found "}"', line: 1, column: 12, … }] }
 *     parseCanvas('{}')            → { canvas: { nodes: [], edges: [] }, problems: [] }
 */
export function parseCanvas(text: string): { canvas?: Canvas; problems: CanvasProblem[] } {
  const locate = createLocator(text)
  const json = readJson(text, 'A .canvas file is JSON: check for a missing comma, quote or bracket just before this position.')
  if ('error' in json) {
    return { problems: [{ message: `Invalid JSON: ${json.error}`, hint: json.hint, ...locate(json.offset) }] }
  }
  const problems: CanvasProblem[] = []
  const { value, starts } = json
  /** Offset of `key`'s value in `object`, or of the object itself when the key is absent. */
  const offsetOf = (object: object, key?: string): number => {
    const start = starts.get(object)
    return (key === undefined ? undefined : start?.values.get(key)) ?? start?.offset ?? 0
  }
  const report = (offset: number, message: string, hint: string) => problems.push({ message, hint, ...locate(offset) })

  if (!isObject(value)) {
    report(0, 'The canvas is not a JSON object', 'A .canvas file looks like {"nodes": [], "edges": []}.')
    return { problems }
  }
  const reader: Reader = { offsetOf, report, locate }
  /** The entries of "nodes" or "edges", each with the offset of its first character. */
  const list = (key: 'nodes' | 'edges'): Array<{ entry: unknown; offset: number }> => {
    const entries = value[key]
    if (entries === undefined) return []
    if (Array.isArray(entries)) return entries.map((entry, index) => ({ entry, offset: offsetOf(entries, String(index)) }))
    report(offsetOf(value, key), `"${key}" is not an array`, `Write "${key}": [ … ], or leave "${key}" out.`)
    return []
  }

  const nodes: CanvasNode[] = []
  /** Every id a node claims, kept or not, so an edge to a left-out node is not reported a second time. */
  const claimed = new Set<string>()
  const kept = new Map<string, CanvasNode>()
  list('nodes').forEach(({ entry, offset }, index) => {
    if (isObject(entry) && typeof entry.id === 'string') {
      if (claimed.has(entry.id)) {
        report(offsetOf(entry, 'id'), `Node id ${quote(entry.id)} is used twice`, 'Give each node its own id; this one is left out.')
        return
      }
      claimed.add(entry.id)
    }
    const node = readNode(entry, { index, offset }, reader)
    if (node) {
      nodes.push(node)
      kept.set(node.id, node)
    }
  })

  const edges: CanvasEdge[] = []
  const edgeIds = new Set<string>()
  list('edges').forEach(({ entry, offset }, index) => {
    const edge = readEdge(entry, { index, offset }, reader)
    if (!edge || !isObject(entry)) return
    if (edgeIds.has(edge.id)) {
      report(offsetOf(entry, 'id'), `Edge id ${quote(edge.id)} is used twice`, 'Give each edge its own id; this one is left out.')
      return
    }
    edgeIds.add(edge.id)
    let connected = true
    for (const key of ['fromNode', 'toNode'] as const) {
      const id = edge[key]
      if (kept.has(id)) continue
      connected = false
      // A node that exists but was left out has its own problem already.
      if (claimed.has(id)) continue
      const near = closestMatch(id, kept.keys())
      report(
        offsetOf(entry, key),
        `Edge ${quote(edge.id)} ${key === 'fromNode' ? 'starts at' : 'ends at'} node ${quote(id)}, which does not exist`,
        near ? `Did you mean ${quote(near)}? The edge is left out.` : 'Use the id of a node of this canvas; the edge is left out.',
      )
    }
    if (connected) edges.push(edge)
  })
  return { canvas: { nodes, edges }, problems }
}

interface Reader {
  offsetOf(object: object, key?: string): number
  report(offset: number, message: string, hint: string): void
  locate(offset: number): CanvasPosition
}

/** Where an entry of "nodes" or "edges" is: its 0-based index and the offset of its first character. */
interface Entry {
  index: number
  offset: number
}

function readNode(entry: unknown, { index, offset }: Entry, reader: Reader): CanvasNode | undefined {
  const { offsetOf, report, locate } = reader
  if (!isObject(entry)) {
    report(
      offset,
      `Node ${index + 1} is not an object`,
      'Each entry of "nodes" is an object with "id", "type", "x", "y", "width" and "height".',
    )
    return undefined
  }
  const at = (key?: string) => offsetOf(entry, key)
  if (typeof entry.id !== 'string' || entry.id === '') {
    const found = describeBadId(entry.id)
    report(at('id'), `Node ${index + 1} ${found}`, `Give it a unique string id, e.g. "id": "node-${index + 1}"; it is left out.`)
    return undefined
  }
  const name = `Node ${quote(entry.id)}`
  let drawable = true
  const geometry: Record<(typeof GEOMETRY)[number], number> = { x: 0, y: 0, width: 0, height: 0 }
  for (const key of GEOMETRY) {
    const value = entry[key]
    const size = key === 'width' || key === 'height'
    if (typeof value === 'number' && Number.isFinite(value) && (!size || value > 0)) {
      geometry[key] = value
      continue
    }
    drawable = false
    const found =
      value === undefined ? `has no "${key}"` : `has "${key}": ${quote(value)}, which is not ${size ? 'a positive number' : 'a number'}`
    report(at(key), `${name} ${found}`, `Set "${key}" to a number of pixels, e.g. "${key}": ${size ? 250 : 0}; the node is left out.`)
  }
  const type = entry.type
  if (typeof type !== 'string' || !(NODE_TYPES as readonly string[]).includes(type)) {
    const near = typeof type === 'string' ? closestMatch(type, NODE_TYPES) : undefined
    const found = type === undefined ? 'has no "type"' : `has unknown type ${quote(type)}`
    report(
      at('type'),
      `${name} ${found}`,
      `${near ? `Did you mean ${quote(near)}? ` : ''}Use "text", "file", "link" or "group"; the node is left out.`,
    )
    return undefined
  }
  const base = { id: entry.id, ...geometry, ...readColor(entry, name, reader), position: locate(at()) }
  const optional = (key: string): string | undefined => {
    const value = entry[key]
    if (value === undefined || typeof value === 'string') return value
    report(
      at(key),
      `${name} has "${key}": ${quote(value)}, which is not a string`,
      `Write "${key}" as a string in double quotes; it is ignored.`,
    )
    return undefined
  }
  const required = (key: string, example: string): string | undefined => {
    if (entry[key] === undefined) {
      report(
        at(),
        `${type[0].toUpperCase()}${type.slice(1)} node ${quote(entry.id)} has no "${key}"`,
        `Add ${example}; the node is left out.`,
      )
      return undefined
    }
    return optional(key)
  }
  switch (type) {
    case 'text': {
      const text = required('text', '"text": "…" with the markdown of the node')
      return drawable && text !== undefined ? { ...base, type, text } : undefined
    }
    case 'file': {
      const file = required('file', '"file": "path/to/note.md"')
      let subpath = optional('subpath')
      if (subpath !== undefined && !subpath.startsWith('#')) {
        report(
          at('subpath'),
          `${name} has subpath ${quote(subpath)}, which does not start with "#"`,
          `Write "subpath": ${quote(`#${subpath}`)}; it is ignored.`,
        )
        subpath = undefined
      }
      return drawable && file !== undefined ? { ...base, type, file, ...(subpath ? { subpath } : {}) } : undefined
    }
    case 'link': {
      const url = required('url', '"url": "https://…"')
      return drawable && url !== undefined ? { ...base, type, url } : undefined
    }
    case 'group': {
      const label = optional('label')
      const background = optional('background')
      let backgroundStyle = optional('backgroundStyle')
      if (backgroundStyle !== undefined && !BACKGROUND_STYLES.includes(backgroundStyle)) {
        report(
          at('backgroundStyle'),
          `${name} has unknown backgroundStyle ${quote(backgroundStyle)}`,
          'Use "cover", "ratio" or "repeat"; it is ignored.',
        )
        backgroundStyle = undefined
      }
      const group: CanvasGroupNode = { ...base, type, ...(label !== undefined ? { label } : {}) }
      if (background !== undefined) group.background = background
      if (backgroundStyle !== undefined) group.backgroundStyle = backgroundStyle as CanvasGroupNode['backgroundStyle']
      return drawable ? group : undefined
    }
  }
}

function readEdge(entry: unknown, { index, offset }: Entry, reader: Reader): CanvasEdge | undefined {
  const { offsetOf, report, locate } = reader
  if (!isObject(entry)) {
    report(offset, `Edge ${index + 1} is not an object`, 'Each entry of "edges" is an object with "id", "fromNode" and "toNode".')
    return undefined
  }
  const at = (key?: string) => offsetOf(entry, key)
  if (typeof entry.id !== 'string' || entry.id === '') {
    const found = describeBadId(entry.id)
    report(at('id'), `Edge ${index + 1} ${found}`, `Give it a unique string id, e.g. "id": "edge-${index + 1}"; it is left out.`)
    return undefined
  }
  const name = `Edge ${quote(entry.id)}`
  const edge: CanvasEdge = { id: entry.id, fromNode: '', toNode: '', position: locate(at()) }
  for (const key of ['fromNode', 'toNode'] as const) {
    const value = entry[key]
    if (typeof value === 'string') {
      edge[key] = value
      continue
    }
    const found = value === undefined ? `has no "${key}"` : `has "${key}": ${quote(value)}, which is not a node id`
    report(at(key), `${name} ${found}`, `Set "${key}" to the id of a node of this canvas; the edge is left out.`)
    return undefined
  }
  const pick = <T extends string>(key: keyof CanvasEdge, allowed: readonly string[], hint: string): T | undefined => {
    const value = entry[key]
    if (value === undefined) return undefined
    if (typeof value === 'string' && allowed.includes(value)) return value as T
    report(at(key), `${name} has "${key}": ${quote(value)}`, hint)
    return undefined
  }
  const sideHint = 'Use "top", "right", "bottom" or "left"; the side facing the other node is used instead.'
  const fromSide = pick<CanvasSide>('fromSide', SIDES, sideHint)
  const toSide = pick<CanvasSide>('toSide', SIDES, sideHint)
  const fromEnd = pick<CanvasEnd>('fromEnd', ENDS, 'Use "none" or "arrow"; "none" is used instead.')
  const toEnd = pick<CanvasEnd>('toEnd', ENDS, 'Use "none" or "arrow"; "arrow" is used instead.')
  if (fromSide) edge.fromSide = fromSide
  if (toSide) edge.toSide = toSide
  if (fromEnd) edge.fromEnd = fromEnd
  if (toEnd) edge.toEnd = toEnd
  const { color } = readColor(entry, name, reader)
  if (color) edge.color = color
  if (typeof entry.label === 'string') edge.label = entry.label
  else if (entry.label !== undefined)
    report(
      at('label'),
      `${name} has "label": ${quote(entry.label)}, which is not a string`,
      'Write the label as a string in double quotes; it is ignored.',
    )
  return edge
}

/** A valid colour, normalised to lowercase; anything else is reported and ignored. */
function readColor(entry: Record<string, unknown>, name: string, { offsetOf, report }: Reader): { color?: CanvasColor } {
  const value = entry.color
  if (value === undefined) return {}
  if (typeof value === 'string' && isCanvasColor(value)) return { color: value.toLowerCase() as CanvasColor }
  const preset = typeof value === 'string' ? PRESET_NAMES[value.trim().toLowerCase()] : undefined
  report(
    offsetOf(entry, 'color'),
    `${name} has color ${quote(value)}, which is not a canvas colour`,
    `${preset ? `Did you mean "${preset}"? ` : ''}${COLOR_HINT} The colour is ignored.`,
  )
  return {}
}

function describeBadId(id: unknown): string {
  if (id === undefined) return 'has no "id"'
  return id === '' ? 'has an empty "id"' : `has id ${quote(id)}, which is not a string`
}

/** A value as JSON, shortened, for messages. */
function quote(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 60 ? `${json.slice(0, 57)}…` : json
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
