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
  EvaluationError,
  FileValue,
  FormulaValue,
  LinkValue,
  NoteValue,
  compareValues,
  createScope,
  evaluate,
  formatDate,
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
import type { BaseDefinition, BaseExpression, BaseFilter, BaseProblem, BaseView, BaseViewType } from './parse.js'
import type { BaseRecord } from './record.js'

/** Column names and texts of a view's data; the defaults are German (de-CH), like the rest of the site. */
export interface EvaluateLabels {
  /** Labels of property ids without a displayName, e.g. 'file.name' → 'Name'. */
  columns: Readonly<Record<string, string>>
  /** The label of the group of notes without a value for the groupBy property. */
  noValue: string
  /** The text of a cell whose formula failed. */
  error: string
}

/** The site's default (de-CH) texts: src/shared/labels.ts holds them. */
export const DEFAULT_EVALUATE_LABELS: EvaluateLabels = {
  columns: deCH.basesColumns,
  noValue: deCH.basesNoValue,
  error: deCH.basesCellError,
}

export interface EvaluateContext {
  /** Resolves a link target as written ("Muster AG", "Kunden/Muster AG", "[[Muster AG]]") to a source path. */
  resolve(target: string): string | undefined
  /** The note that embeds the base (for `this`); undefined on the base's own page. */
  self?: BaseRecord
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

export interface Column {
  id: string
  label: string
}

export interface Row {
  record: BaseRecord
  /** One per column, in the order of `columns`. */
  cells: Cell[]
}

export interface ViewGroup {
  /** Undefined when the view is not grouped. */
  label?: string
  rows: Row[]
}

/** A view ready to render, as plain data. */
export interface ViewResult {
  type: BaseViewType
  name: string
  columns: Column[]
  groups: ViewGroup[]
  /** Notes that pass the filters, before `limit`. */
  total: number
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
  const hrefs = new Map(records.map((record) => [record.path, record.href]))
  const resolved = new Map<string, string | undefined>()
  const expressionContext: ExpressionContext = {
    now: context.now,
    timeZone: context.timeZone,
    self: context.self,
    resolve(target) {
      if (!resolved.has(target)) resolved.set(target, context.resolve(target))
      return resolved.get(target)
    },
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
  const formatting: Formatting = { hrefs, context: expressionContext, formatDate: context.formatDate }
  const cellOf = (id: string, scope: Scope): Cell => {
    const value = read(id, scope)
    return id.startsWith('formula.') && scope.failedFormulas.has(id.slice('formula.'.length))
      ? { kind: 'error', text: labels.error }
      : toCell(value, formatting)
  }
  const toRow = (scope: Scope): Row => ({
    record: scope.record,
    cells: order.map((id) =>
      id === 'file.name' ? { kind: 'link', href: scope.record.href, text: toText(read(id, scope)), internal: true } : cellOf(id, scope),
    ),
  })

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
      }))
  } else {
    groups = [{ rows: shown.map(toRow) }]
  }
  return { view: { type: chosen.type, name: chosen.name, columns, groups, total: matches.length }, problems }
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
  return { kind: 'text', text: JSON.stringify(value) }
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
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '')
}
