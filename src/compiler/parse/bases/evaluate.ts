/**
 * Runs one view of a base over the notes of the vault: filters, formulas, sort, limit and groups, and turns every
 * value into a display cell the way Obsidian shows properties.
 *
 *     [[Muster AG|Kunde]]     → { kind: 'link', href: '/kunden/muster-ag.html', text: 'Kunde', internal: true }
 *     https://example.ch      → { kind: 'link', href: 'https://example.ch', text: 'https://example.ch', internal: false }
 *     2024-05-01T10:00        → { kind: 'date', iso: '2024-05-01T10:00', text: '01.05.2024, 10:00' }
 *
 * The work is linear in notes × expressions: link targets are resolved once each, and a note's links and tags are
 * looked up in sets, never by scanning the other notes.
 */
import {
  DateValue,
  DurationValue,
  EvaluationError,
  FileValue,
  FormulaValue,
  HtmlValue,
  IconValue,
  ImageValue,
  LinkValue,
  NoteValue,
  RegexValue,
  compareValues,
  createScope,
  durationText,
  evaluate,
  formatDate,
  isEmptyValue,
  isTruthy,
  parseDate,
  toText,
  type Expr,
  type ExpressionContext,
  type Scope,
  type Value,
  MAX_VIEW_STEPS,
} from './expression.js'
import { labels as deCH } from '../../../shared/labels.js'
import { closestMatch } from '../../config/closest.js'
import { sanitizeHtmlText } from '../markdown/safe-html.js'
import { propertyReferences } from './references.js'
import type {
  BaseDefinition,
  BaseExpression,
  BaseFilter,
  BaseListMarkers,
  BaseProblem,
  BaseRowHeight,
  BaseSummary,
  BaseView,
  BaseViewType,
} from './parse.js'
import type { BaseRecord } from './record.js'

/** Column names and texts of a view's data; the defaults are German (de-CH), like the rest of the site. */
export interface EvaluateLabels {
  /** Labels of property ids without a displayName, e.g. 'file.name' → 'Name'. */
  columns: Readonly<Record<string, string>>
  /** The label of the group of notes without a value for the groupBy property. */
  noValue: string
  /** The text of a cell whose formula failed. */
  error: string
  /** The names of the built-in summaries shown beside their value: Sum → 'Summe'. */
  summaries: Readonly<Record<string, string>>
}

/** The site's default (de-CH) texts: src/shared/labels.ts holds them. */
export const DEFAULT_EVALUATE_LABELS: EvaluateLabels = {
  columns: deCH.basesColumns,
  noValue: deCH.basesNoValue,
  error: deCH.basesCellError,
  summaries: deCH.basesSummaries,
}

export interface EvaluateContext {
  /** Resolves a link target as written ("Muster AG", "Kunden/Muster AG", "[[Muster AG]]") to a source path. */
  resolve(target: string): string | undefined
  /** The note that embeds the base, or the base itself on its own page (for `this`). */
  self?: BaseRecord
  /** The record of a source path, for `file(…)` and `link.asFile()`; default: looked up among `records`. */
  record?(path: string): BaseRecord | undefined
  /** Where an image (a card's cover, `image(…)`) is published: its URL, or undefined when it does not exist. */
  resolveImage?(target: string): string | undefined
  /** Every front-matter key of the site's notes: a filter or formula that reads another one is reported. */
  propertyNames?: ReadonlySet<string>
  /** The language of month names (`format`) and of `relative()`; default 'de'. */
  locale?: string
  /** Milliseconds since the epoch, for `now()` and `today()`; passed in so a build is reproducible. */
  now: number
  /** The zone file times and `now()` are shown in. Default 'Europe/Zurich'. */
  timeZone?: string
  /** Default `DEFAULT_EVALUATE_LABELS`; a partial table is merged with it. */
  labels?: Partial<EvaluateLabels>
  /** Formats a date cell's text; default 'dd.MM.yyyy', and 'dd.MM.yyyy, HH:mm' with a time. */
  formatDate?(iso: string, hasTime: boolean): string
}

/** A value as shown in a view. */
export type Cell =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string; internal: boolean }
  | { kind: 'list'; items: Cell[] }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'empty' }
  /** A formula that failed for this note (a bound passed, a date out of range …); the build reports why. */
  | { kind: 'error'; text: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'icon'; name: string }
  /** `html(…)`, already made safe. */
  | { kind: 'html'; html: string }

/** A card's cover: a picture, or a colour (`#f00`, `rgb(…)`) that fills it. */
export type CardImage = { kind: 'image'; src: string } | { kind: 'color'; color: string }

/** A summary of a column as shown: its name and value. */
export interface SummaryCell {
  label: string
  cell: Cell
}

export interface Column {
  id: string
  label: string
}

export interface Row {
  record: BaseRecord
  /** One per column, in the order of `columns`. */
  cells: Cell[]
  /** Cards: the cover. */
  image?: CardImage
  /** Map: latitude and longitude, when the note has valid ones. */
  coordinates?: readonly [number, number]
  /** Map: the marker's colour and icon name. */
  marker?: { color?: string; icon?: string }
}

export interface ViewGroup {
  /** Undefined when the view is not grouped. */
  label?: string
  rows: Row[]
  /** Table: the summaries of this group, one per column (undefined where a column has none). */
  summaries?: (SummaryCell | undefined)[]
}

/** A view ready to render, as plain data. */
export interface ViewResult {
  type: BaseViewType
  name: string
  columns: Column[]
  groups: ViewGroup[]
  /** Notes that pass the filters, before `limit`. */
  total: number
  /** Table: the summaries of all shown notes, one per column; undefined when the view has none. */
  summaries?: (SummaryCell | undefined)[]
  /** The view's display settings that reach the HTML. */
  settings?: {
    imageFit?: 'cover' | 'contain'
    imageAspectRatio?: number
    cardSize?: number
    coordinates?: string
    rowHeight?: BaseRowHeight
    /** Table: each column's width in pixels (undefined where the view sets none), when the view sets any. */
    columnWidths?: (number | undefined)[]
    markers?: BaseListMarkers
    indentProperties?: boolean
    separator?: string
  }
}

const DEFAULT_VIEW: BaseView = { type: 'table', name: '', order: [], sort: [], line: 0, column: 0 }
const nameCollator = new Intl.Collator('de', { numeric: true })
const numberFormat = new Intl.NumberFormat('de-CH', { useGrouping: false, maximumFractionDigits: 10 })

/**
 * Evaluates view `view` (its index or name; default the first) of `base` over `records`. A base without views shows
 * a table of file names. A failing expression is reported once, and a filter that fails counts as false.
 */
export function evaluateView(
  base: BaseDefinition,
  view: number | string | undefined,
  records: readonly BaseRecord[],
  context: EvaluateContext,
): { view: ViewResult; problems: BaseProblem[] } {
  const problems: BaseProblem[] = []
  const labels: EvaluateLabels = { ...DEFAULT_EVALUATE_LABELS, ...context.labels }
  const chosen = pickView(base, view)
  if (!chosen) {
    problems.push({
      message: `The base has no view ${typeof view === 'number' ? `number ${view + 1}` : `named "${view}"`}`,
      hint: `Use one of: ${base.views.map((v) => `"${v.name}"`).join(', ') || 'no views defined'}.`,
      line: 0,
      column: 0,
    })
    return { view: { type: 'table', name: String(view ?? ''), columns: [], groups: [{ rows: [] }], total: 0 }, problems }
  }

  const reported = new Set<unknown>()
  const report = (key: unknown, error: EvaluationError) => {
    if (reported.has(key)) return
    reported.add(key)
    problems.push({ message: error.message, hint: error.hint, line: error.line, column: error.column })
  }
  problems.push(...unknownProperties(base, chosen, context.propertyNames ?? propertyNamesOf(records)))
  const hrefs = new Map(records.map((record) => [record.path, record.href]))
  const byPath = context.record ? undefined : new Map(records.map((record) => [record.path, record]))
  const resolved = new Map<string, string | undefined>()
  const expressionContext: ExpressionContext = {
    now: context.now,
    timeZone: context.timeZone,
    locale: context.locale,
    self: context.self,
    resolve(target) {
      if (!resolved.has(target)) resolved.set(target, context.resolve(target))
      return resolved.get(target)
    },
    record: context.record ?? ((path) => byPath?.get(path)),
    // random() is the same in every build at the same time: a build is reproducible
    random: seededRandom(context.now),
    formulas: new Map(base.formulas.map((formula) => [formula.name, formula.expression.ast])),
    onFormulaError: (name, error) => report(`formula:${name}`, error),
    budget: { steps: MAX_VIEW_STEPS },
  }

  const test = (filter: BaseFilter | undefined, scope: Scope): boolean => filter === undefined || testFilter(filter, scope, report) === true
  const matches: Scope[] = []
  for (const record of records) {
    const scope = createScope(record, expressionContext)
    if (test(base.filters, scope) && test(chosen.filters, scope)) matches.push(scope)
  }

  const read = (id: string, scope: Scope): Value => {
    const result = evaluate(propertyExpression(id, chosen), scope)
    if (!(result instanceof EvaluationError)) return result
    report(`property:${id}`, result)
    return null
  }
  const sorted = sortScopes(matches, chosen, read)
  const shown = chosen.limit === undefined ? sorted : sorted.slice(0, chosen.limit)

  const order = chosen.order.length > 0 ? chosen.order : ['file.name']
  const columns = order.map((id) => ({ id, label: columnLabel(id, base, labels) }))
  const formatting: Formatting = {
    hrefs,
    context: expressionContext,
    formatDate: context.formatDate,
    resolveImage: context.resolveImage,
  }
  const cellOf = (id: string, scope: Scope): Cell => {
    const value = read(id, scope)
    return id.startsWith('formula.') && scope.failedFormulas.has(id.slice('formula.'.length))
      ? { kind: 'error', text: labels.error }
      : toCell(value, formatting)
  }
  const toRow = (scope: Scope): Row => {
    const row: Row = {
      record: scope.record,
      cells: order.map((id) =>
        id === 'file.name'
          ? { kind: 'link', href: scope.record.href, text: displayName(scope.record.path), internal: true }
          : cellOf(id, scope),
      ),
    }
    if (chosen.type === 'cards' && chosen.image) {
      const image = cardImage(read(chosen.image, scope), formatting)
      if (image) row.image = image
    }
    if (chosen.type === 'map') {
      const coordinates = chosen.coordinates ? coordinatesOf(read(chosen.coordinates, scope)) : undefined
      if (coordinates) row.coordinates = coordinates
      const color = chosen.markerColor ? cssColor(toText(read(chosen.markerColor, scope))) : undefined
      const icon = chosen.markerIcon ? toText(read(chosen.markerIcon, scope)).trim() : ''
      if (color || icon) row.marker = { ...(color ? { color } : {}), ...(icon ? { icon } : {}) }
    }
    return row
  }
  const summarize =
    chosen.type === 'table' && chosen.summaries && chosen.summaries.length > 0
      ? (scopes: Scope[]) =>
          summaryRow(chosen.summaries!, order, scopes, { base, read, formatting, labels, context: expressionContext, report })
      : undefined

  let groups: ViewGroup[]
  if (chosen.groupBy) {
    const { property, direction } = chosen.groupBy
    const byKey = new Map<string, { value: Value; scopes: Scope[] }>()
    for (const scope of shown) {
      const value = read(property, scope)
      const key = value === null || value === '' || (Array.isArray(value) && value.length === 0) ? '' : `=${toText(value)}`
      const group = byKey.get(key) ?? { value: key === '' ? null : value, scopes: [] }
      group.scopes.push(scope)
      byKey.set(key, group)
    }
    const sign = direction === 'DESC' ? -1 : 1
    groups = [...byKey.values()]
      .sort((a, b) => compareNullsLast(a.value, b.value, sign, shown[0]))
      .map((group) => ({
        label: group.value === null ? labels.noValue : cellText(toCell(group.value, formatting)),
        rows: group.scopes.map(toRow),
        ...(summarize ? { summaries: summarize(group.scopes) } : {}),
      }))
  } else {
    groups = [{ rows: shown.map(toRow) }]
  }
  const settings: ViewResult['settings'] = {}
  if (chosen.imageFit) settings.imageFit = chosen.imageFit
  if (chosen.imageAspectRatio !== undefined) settings.imageAspectRatio = chosen.imageAspectRatio
  if (chosen.cardSize !== undefined) settings.cardSize = chosen.cardSize
  if (chosen.coordinates) settings.coordinates = chosen.coordinates
  if (chosen.rowHeight) settings.rowHeight = chosen.rowHeight
  if (chosen.columnSize) {
    const sizes = chosen.columnSize
    // `note.status` and `status` name the same property
    const width = (id: string) => (Object.hasOwn(sizes, id) ? sizes[id] : undefined)
    const widths = columns.map(({ id }) => width(id) ?? width(id.startsWith('note.') ? id.slice('note.'.length) : `note.${id}`))
    if (widths.some((width) => width !== undefined)) settings.columnWidths = widths
  }
  if (chosen.markers) settings.markers = chosen.markers
  if (chosen.indentProperties !== undefined) settings.indentProperties = chosen.indentProperties
  if (chosen.separator !== undefined) settings.separator = chosen.separator
  if (chosen.type === 'map' && !chosen.coordinates) {
    problems.push({
      message: 'The map view names no property with coordinates; its entries are listed without them',
      hint: 'Add e.g. "coordinates: note.coordinates" to the view.',
      line: chosen.line,
      column: chosen.column,
    })
  }
  return {
    view: {
      type: chosen.type,
      name: chosen.name,
      columns,
      groups,
      total: matches.length,
      ...(summarize ? { summaries: summarize(shown) } : {}),
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    },
    problems,
  }
}

/** A note's name as a view shows it: a note without ".md", any other file with its extension. */
function displayName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '')
}

/** The pseudo-random numbers of `random()`, from a seed (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = Math.floor(seed) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Every front-matter key of `records`. */
export function propertyNamesOf(records: readonly BaseRecord[]): Set<string> {
  const names = new Set<string>()
  for (const record of records) for (const key of Object.keys(record.properties)) names.add(key)
  return names
}

/**
 * The filters and formulas of a view that read a front-matter property no note has: usually a typo, which Obsidian
 * would show as an empty column or a filter that matches nothing. Nothing is reported for a vault without notes.
 */
function unknownProperties(base: BaseDefinition, view: BaseView, names: ReadonlySet<string>): BaseProblem[] {
  if (names.size === 0) return []
  const problems: BaseProblem[] = []
  const expressions: (Expr | null)[] = []
  const collect = (filter: BaseFilter | undefined): void => {
    if (!filter || filter.kind === 'invalid') return
    if (filter.kind === 'expression') expressions.push(filter.expression.ast)
    else filter.filters.forEach(collect)
  }
  collect(base.filters)
  collect(view.filters)
  for (const formula of base.formulas) expressions.push(formula.expression.ast)
  for (const ast of expressions) {
    for (const reference of propertyReferences(ast)) {
      if (names.has(reference.name)) continue
      const close = closestMatch(reference.name, names)
      problems.push({
        message: `No note has the property "${reference.name}"`,
        hint: close
          ? `Did you mean "${close}"? Properties are the keys of the notes' front matter.`
          : "Properties are the keys of the notes' front matter; check the spelling, or use file.… for the file's own.",
        line: reference.line,
        column: reference.column,
      })
    }
  }
  return problems
}

function pickView(base: BaseDefinition, view: number | string | undefined): BaseView | undefined {
  if (base.views.length === 0) return view === undefined || view === 0 ? DEFAULT_VIEW : undefined
  if (view === undefined) return base.views[0]
  if (typeof view === 'number') return base.views[view]
  return base.views.find((candidate) => candidate.name === view)
}

type Report = (key: unknown, error: EvaluationError) => void

/** True, false, or undefined when the filter could not be evaluated (which excludes the note). */
function testFilter(filter: BaseFilter, scope: Scope, report: Report): boolean | undefined {
  switch (filter.kind) {
    case 'invalid':
      return undefined
    case 'expression':
      return testExpression(filter.expression, scope, report)
  }
  let failed = false
  for (const child of filter.filters) {
    const result = testFilter(child, scope, report)
    if (result === undefined) failed = true
    else if (filter.kind === 'and' && !result) return false
    else if (filter.kind === 'or' && result) return true
    else if (filter.kind === 'not' && result) return false
  }
  if (failed) return undefined
  return filter.kind !== 'or' || filter.filters.length === 0
}

function testExpression(expression: BaseExpression, scope: Scope, report: Report): boolean | undefined {
  if (!expression.ast) return undefined
  const value = evaluate(expression.ast, scope)
  if (value instanceof EvaluationError) {
    report(expression, value)
    return undefined
  }
  return isTruthy(value)
}

const propertyExpressions = new Map<string, Expr>()

/** The expression that reads a property id: `file.mtime`, `formula.label`, `note.status`, or a bare name with spaces. */
function propertyExpression(id: string, view: BaseView): Expr {
  const key = `${view.line}:${view.column}:${id}`
  let expr = propertyExpressions.get(key)
  if (expr) return expr
  const at = { offset: 0, line: view.line, column: view.column }
  const dot = id.indexOf('.')
  const namespace = dot === -1 ? '' : id.slice(0, dot)
  if (namespace === 'file' || namespace === 'formula' || namespace === 'note') {
    expr = { type: 'member', object: { type: 'name', name: namespace, ...at }, name: id.slice(dot + 1), ...at }
  } else {
    expr = { type: 'index', object: { type: 'name', name: 'note', ...at }, index: { type: 'literal', value: id, ...at }, ...at }
  }
  if (propertyExpressions.size > 10_000) propertyExpressions.clear()
  propertyExpressions.set(key, expr)
  return expr
}

/** Sorts by file name, then stably by each sort key in turn; each key is read once per note. */
function sortScopes(scopes: Scope[], view: BaseView, read: (id: string, scope: Scope) => Value): Scope[] {
  const names = scopes.map((scope) => toText(read('file.name', scope)))
  const keys = view.sort.map((sort) => scopes.map((scope) => read(sort.property, scope)))
  const indexes = scopes.map((_, i) => i)
  indexes.sort((a, b) => {
    for (let k = 0; k < view.sort.length; k++) {
      const order = compareNullsLast(keys[k][a], keys[k][b], view.sort[k].direction === 'DESC' ? -1 : 1, scopes[a])
      if (order !== 0) return order
    }
    return nameCollator.compare(names[a], names[b])
  })
  return indexes.map((i) => scopes[i])
}

/** Compares for sorting: empty values last in either direction, incomparable values equal. */
function compareNullsLast(a: Value, b: Value, sign: number, scope: Scope | undefined): number {
  const aEmpty = a === null || a === ''
  const bEmpty = b === null || b === ''
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1
  if (!scope) return 0
  return sign * (compareValues(a, b, scope) ?? 0)
}

function columnLabel(id: string, base: BaseDefinition, labels: EvaluateLabels): string {
  const bare = id.startsWith('note.') ? id.slice('note.'.length) : id
  const alias = bare === id ? `note.${id}` : bare
  const property = base.properties.find((p) => p.id === id && p.displayName) ?? base.properties.find((p) => p.id === alias && p.displayName)
  if (property?.displayName) return property.displayName
  if (Object.hasOwn(labels.columns, id)) return labels.columns[id]
  if (id.startsWith('formula.')) return id.slice('formula.'.length)
  return bare
}

interface Formatting {
  hrefs: ReadonlyMap<string, string>
  context: ExpressionContext
  formatDate?: (iso: string, hasTime: boolean) => string
  resolveImage?: (target: string) => string | undefined
}

const WIKI_LINK = /^!?\[\[([^\]|#]*)(#[^\]|]*)?(?:\|([^\]]*))?\]\]$/
const MARKDOWN_LINK = /^\[([^\]]*)\]\(([^)\s]+)\)$/
const EXTERNAL = /^(?:https?:\/\/|mailto:)\S+$/i

/** The cell for a value, as Obsidian shows a property of that type. */
function toCell(value: Value, formatting: Formatting): Cell {
  if (value === null || value === '' || value instanceof FormulaValue) return { kind: 'empty' }
  if (typeof value === 'boolean') return { kind: 'bool', value }
  if (typeof value === 'number') return Number.isFinite(value) ? { kind: 'number', text: numberFormat.format(value) } : { kind: 'empty' }
  if (Array.isArray(value)) {
    return value.length === 0 ? { kind: 'empty' } : { kind: 'list', items: value.map((item: Value) => toCell(item, formatting)) }
  }
  if (value instanceof DateValue) return dateCell(value, formatting)
  if (value instanceof LinkValue) {
    const path = value.path ?? formatting.context.resolve(value.target)
    const text = value.display ?? (path ? basename(path) : value.target)
    return internalLink(path, text, formatting)
  }
  if (value instanceof FileValue || value instanceof NoteValue) {
    return { kind: 'link', href: value.record.href, text: basename(value.record.path), internal: true }
  }
  if (typeof value === 'string') return textCell(value.trim(), formatting)
  if (value instanceof ImageValue) {
    const src = imageSource(value.target, formatting)
    return src ? { kind: 'image', src, alt: basename(value.target) } : { kind: 'text', text: value.target }
  }
  if (value instanceof IconValue) return value.name.trim() === '' ? { kind: 'empty' } : { kind: 'icon', name: value.name.trim() }
  if (value instanceof HtmlValue) return { kind: 'html', html: sanitizeHtmlText(value.html) }
  if (value instanceof DurationValue || value instanceof RegexValue) return { kind: 'text', text: toText(value) }
  return { kind: 'text', text: JSON.stringify(value) }
}

const WIKI_IMAGE = /^!?\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]$/
const MARKDOWN_IMAGE = /^!?\[[^\]]*\]\(<?([^)>\s]+)>?\)$/
const IMAGE_URL = /^https?:\/\/\S+$/i

/** Where an image target leads: an http(s) URL as is, a file of the vault to its published copy. */
function imageSource(target: string, formatting: Formatting): string | undefined {
  const text = target.trim()
  const inner = WIKI_IMAGE.exec(text)?.[1] ?? MARKDOWN_IMAGE.exec(text)?.[1] ?? text
  if (IMAGE_URL.test(inner)) return inner
  if (inner === '' || /^[a-z][a-z\d+.-]*:/i.test(inner)) return undefined
  return formatting.resolveImage?.(inner.trim())
}

/**
 * A card's cover from the value of the view's image property: a link or embed of a picture in the vault, a URL, or
 * a colour (`#f00`, `rgb(…)`, a colour name) that paints the cover. A list gives its first item.
 */
function cardImage(value: Value, formatting: Formatting): CardImage | undefined {
  if (Array.isArray(value)) return value.length > 0 ? cardImage(value[0] as Value, formatting) : undefined
  if (value === null) return undefined
  if (value instanceof LinkValue) {
    const src = imageSource(value.path ?? value.target, formatting)
    return src ? { kind: 'image', src } : undefined
  }
  const text = value instanceof ImageValue ? value.target : toText(value)
  const color = cssColor(text)
  if (color) return { kind: 'color', color }
  const src = imageSource(text, formatting)
  return src ? { kind: 'image', src } : undefined
}

const COLOR_FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[-\d.%\s,/a-z]*\)$/i
const COLOR_NAME = /^[a-z]{3,20}$/i

/**
 * A CSS colour as written (`#f00`, `#ff000080`, `rgb(255 0 0)`, `hsl(…)`, `var(--color-blue)`, `red`), or undefined
 * for anything else: the value goes into a style attribute, so only these shapes pass.
 */
export function cssColor(text: string): string | undefined {
  const color = text.trim()
  if (/^#(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.test(color)) return color
  if (COLOR_FUNCTION.test(color) && !/url|expression/i.test(color)) return color
  if (/^var\(--[\w-]{1,60}\)$/.test(color)) return color
  if (COLOR_NAME.test(color) && CSS_COLOR_NAMES.has(color.toLowerCase())) return color.toLowerCase()
  return undefined
}

// the CSS colour names a property is likely to hold; an unknown word is not a colour but text or a file name
const CSS_COLOR_NAMES = new Set(
  'black white red green blue yellow orange purple pink brown gray grey silver gold navy teal olive maroon lime aqua cyan magenta fuchsia indigo violet coral salmon crimson turquoise beige ivory khaki lavender tomato orchid plum tan chocolate firebrick darkred darkgreen darkblue lightblue lightgreen lightgray lightgrey darkgray darkgrey skyblue steelblue slategray seagreen forestgreen royalblue midnightblue transparent'.split(
    ' ',
  ),
)

/** Latitude and longitude from "47.37, 8.54" or [47.37, 8.54] (numbers or texts); undefined unless both are valid. */
export function coordinatesOf(value: Value): readonly [number, number] | undefined {
  const parts = Array.isArray(value)
    ? value.map((item: Value) => toText(item))
    : typeof value === 'string'
      ? value.replace(/^\s*\[|\]\s*$/g, '').split(',')
      : []
  if (parts.length !== 2) return undefined
  const [lat, lng] = parts.map((part) => (part.trim() === '' ? NaN : Number(part.trim())))
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined
  return [lat, lng]
}

interface SummaryContext {
  base: BaseDefinition
  read: (id: string, scope: Scope) => Value
  formatting: Formatting
  labels: EvaluateLabels
  context: ExpressionContext
  report: (key: unknown, error: EvaluationError) => void
}

/** The summaries of `scopes`, one per column of `order` (undefined where the column has none). */
function summaryRow(summaries: readonly BaseSummary[], order: readonly string[], scopes: readonly Scope[], c: SummaryContext) {
  return order.map((id): SummaryCell | undefined => {
    const summary = summaries.find((s) => s.property === id) ?? summaries.find((s) => samePropertyId(s.property, id))
    if (!summary) return undefined
    const values = scopes.map((scope) => c.read(id, scope))
    const custom = c.base.summaries?.find((formula) => formula.name === summary.summary)
    if (custom) {
      if (!custom.expression.ast) return { label: custom.name, cell: { kind: 'empty' } }
      const scope = createScope(SUMMARY_RECORD, c.context, new Map([['values', values]]))
      const result = evaluate(custom.expression.ast, scope)
      if (result instanceof EvaluationError) {
        c.report(`summary:${custom.name}`, result)
        return { label: custom.name, cell: { kind: 'error', text: c.labels.error } }
      }
      return { label: custom.name, cell: toCell(result, c.formatting) }
    }
    const value = builtInSummary(summary.summary, values)
    const label = Object.hasOwn(c.labels.summaries, summary.summary) ? c.labels.summaries[summary.summary] : summary.summary
    return { label, cell: value === null ? { kind: 'empty' } : toCell(value, c.formatting) }
  })
}

/** The record a summary formula is evaluated against: it reads `values`, not a note. */
const SUMMARY_RECORD: BaseRecord = { path: '', title: '', href: '', tags: [], links: [], properties: {} }

function samePropertyId(a: string, b: string): boolean {
  const bare = (id: string) => (id.startsWith('note.') ? id.slice('note.'.length) : id)
  return bare(a) === bare(b)
}

/** Obsidian's built-in summaries of a column's values; null when there is nothing to sum up. */
function builtInSummary(name: string, values: readonly Value[]): Value {
  const numbers = values
    .map((value) => (value instanceof DurationValue ? value.total : typeof value === 'number' ? value : null))
    .filter((value): value is number => value !== null && Number.isFinite(value))
  const dates = values
    .map((value) => (value instanceof DateValue ? value : typeof value === 'string' ? parseDate(value) : undefined))
    .filter((value): value is DateValue => value !== undefined)
  const round = (n: number) => Math.round(n * 100) / 100
  const sum = numbers.reduce((total, n) => total + n, 0)
  switch (name) {
    case 'Sum':
      return numbers.length === 0 ? null : sum
    case 'Average':
      return numbers.length === 0 ? null : round(sum / numbers.length)
    case 'Min':
      return numbers.length === 0 ? null : Math.min(...numbers)
    case 'Max':
      return numbers.length === 0 ? null : Math.max(...numbers)
    case 'Median': {
      if (numbers.length === 0) return null
      const sorted = [...numbers].sort((a, b) => a - b)
      const middle = Math.floor(sorted.length / 2)
      return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    case 'Stddev': {
      if (numbers.length === 0) return null
      const mean = sum / numbers.length
      return round(Math.sqrt(numbers.reduce((total, n) => total + (n - mean) ** 2, 0) / numbers.length))
    }
    case 'Range':
      // dates when the column holds dates: the time from the earliest to the latest
      if (dates.length > 0 && numbers.length === 0) {
        const times = dates.map((date) => date.ms)
        return new DurationValue(Math.max(...times) - Math.min(...times))
      }
      return numbers.length === 0 ? null : Math.max(...numbers) - Math.min(...numbers)
    case 'Earliest':
    case 'Latest': {
      if (dates.length === 0) return null
      const pick = dates.reduce((best, date) => ((name === 'Earliest' ? date.ms < best.ms : date.ms > best.ms) ? date : best))
      return pick
    }
    case 'Checked':
      return values.filter((value) => value === true).length
    case 'Unchecked':
      return values.filter((value) => value !== true).length
    case 'Empty':
      return values.filter((value) => isEmptyValue(value)).length
    case 'Filled':
      return values.filter((value) => !isEmptyValue(value)).length
    case 'Unique': {
      const seen = new Set<string>()
      for (const value of values) {
        if (isEmptyValue(value)) continue
        seen.add(value instanceof DateValue ? `date:${value.ms}` : `${typeof value}:${toText(value)}`)
      }
      return seen.size
    }
  }
  return null
}

function textCell(text: string, formatting: Formatting): Cell {
  const wiki = WIKI_LINK.exec(text)
  if (wiki) {
    const [, target, , alias] = wiki
    return internalLink(formatting.context.resolve(target.trim()), alias ?? target, formatting)
  }
  const markdown = MARKDOWN_LINK.exec(text)
  if (markdown && EXTERNAL.test(markdown[2])) return { kind: 'link', href: markdown[2], text: markdown[1] || markdown[2], internal: false }
  if (EXTERNAL.test(text)) return { kind: 'link', href: text, text: text.replace(/^mailto:/i, ''), internal: false }
  const date = parseDate(text, formatting.context.timeZone)
  if (date) return dateCell(date, formatting)
  return { kind: 'text', text }
}

function internalLink(path: string | undefined, text: string, formatting: Formatting): Cell {
  const href = path === undefined ? undefined : formatting.hrefs.get(path)
  return href === undefined ? { kind: 'text', text } : { kind: 'link', href, text, internal: true }
}

function dateCell(date: DateValue, formatting: Formatting): Cell {
  const iso = formatDate(date, date.time ? 'YYYY-MM-DD[T]HH:mm' : 'YYYY-MM-DD')
  const text = formatting.formatDate
    ? formatting.formatDate(iso, date.time)
    : formatDate(date, date.time ? 'DD.MM.YYYY, HH:mm' : 'DD.MM.YYYY')
  return { kind: 'date', iso, text }
}

/** The plain text of a cell, for group labels. */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
    case 'link':
    case 'date':
    case 'number':
      return cell.text
    case 'list':
      return cell.items.map(cellText).join(', ')
    case 'bool':
      return cell.value ? 'Ja' : 'Nein'
    case 'empty':
      return ''
    case 'error':
      return cell.text
    case 'image':
      return cell.alt
    case 'icon':
      return cell.name
    case 'html':
      return cell.html.replace(/<[^>]*>/g, '')
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '')
}
