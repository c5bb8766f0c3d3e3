/**
 * Reads an Obsidian base (a `.base` file, or a ```base block in a page) into plain data: filters and formulas as
 * parsed expressions with their positions in the file, property names, and the views.
 *
 *     filters:
 *       and:
 *         - file.inFolder("Kunden")
 *         - 'status != "archiviert"'
 *     views:
 *       - type: table
 *         order: [file.name, status]
 *
 * Mistakes are problems with a line and column, never exceptions. A view that cannot be shown is left out and the
 * others still work. A filter that cannot be read matches no note (the view shows its empty state), because
 * ignoring it could show notes the filter was written to hide.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node as YamlNode, type Scalar } from 'yaml'
import { parseExpression, type Expr, type Locate } from './expression.js'

/** A mistake in a base, at its 1-based line and column in the file. */
export interface BaseProblem {
  message: string
  hint: string
  line: number
  column: number
}

/** An expression as written, its parsed form (null when it did not parse) and where it starts in the file. */
export interface BaseExpression {
  source: string
  ast: Expr | null
  line: number
  column: number
}

/**
 * A filter: one expression, or a group of filters. `and` needs all, `or` any, `not` none of its filters. An
 * `invalid` filter (one that could not be read) matches no note.
 */
export type BaseFilter =
  | { kind: 'expression'; expression: BaseExpression }
  | { kind: 'and' | 'or' | 'not'; filters: BaseFilter[]; line: number; column: number }
  | { kind: 'invalid'; line: number; column: number }

export interface BaseFormula {
  name: string
  expression: BaseExpression
}

/** Display settings of a property, by its id as views name it: `status`, `note.status`, `formula.label`, `file.ext`. */
export interface BaseProperty {
  id: string
  displayName?: string
}

export const VIEW_TYPES = ['table', 'cards', 'list', 'map'] as const
export type BaseViewType = (typeof VIEW_TYPES)[number]

export interface BaseSort {
  property: string
  direction: 'ASC' | 'DESC'
}

/** The summaries Obsidian has built in, by the name a view's `summaries` uses. */
export const BUILT_IN_SUMMARIES = [
  'Average',
  'Min',
  'Max',
  'Sum',
  'Range',
  'Median',
  'Stddev',
  'Earliest',
  'Latest',
  'Checked',
  'Unchecked',
  'Empty',
  'Filled',
  'Unique',
] as const

/** A summary of one column: a built-in one or a formula of the base's `summaries`, by name. */
export interface BaseSummary {
  property: string
  summary: string
  line: number
  column: number
}

export interface BaseView {
  type: BaseViewType
  /** '' when the view has no name. */
  name: string
  filters?: BaseFilter
  /** The columns as property ids; empty means the file name only. */
  order: string[]
  sort: BaseSort[]
  groupBy?: BaseSort
  limit?: number
  /** Table: what the foot of a column (and the top of each group) sums up. */
  summaries?: BaseSummary[]
  /** Cards: the property with the cover image (a link, a URL or a colour), how it fits and its width / height. */
  image?: string
  imageFit?: 'cover' | 'contain'
  imageAspectRatio?: number
  /** Cards: the width of a card in pixels. */
  cardSize?: number
  /** Map: the property with "lat, lng" or [lat, lng], and those with a marker's colour and icon. */
  coordinates?: string
  markerColor?: string
  markerIcon?: string
  /** Table: how tall a row is (Obsidian writes short, medium, tall or extra), and column widths in pixels by property id. */
  rowHeight?: BaseRowHeight
  columnSize?: Record<string, number>
  /** List: the markers before the notes, whether the properties stand indented below each note, and what separates them. */
  markers?: BaseListMarkers
  indentProperties?: boolean
  separator?: string
  line: number
  column: number
}

export const ROW_HEIGHTS = ['short', 'medium', 'tall', 'extra'] as const
export type BaseRowHeight = (typeof ROW_HEIGHTS)[number]
export const LIST_MARKERS = ['bullets', 'numbers', 'none'] as const
export type BaseListMarkers = (typeof LIST_MARKERS)[number]

/** A base as plain data: it crosses worker threads by structured clone and is kept in a JSON cache. */
export interface BaseDefinition {
  filters?: BaseFilter
  formulas: BaseFormula[]
  /** Summary formulas by name, over `values`, the column's values (`values.mean().round(3)`). */
  summaries?: BaseFormula[]
  properties: BaseProperty[]
  views: BaseView[]
}

/** Where the YAML starts in the file: a ```base block in a page starts below its fence line. */
export interface BaseOrigin {
  line: number
  column: number
}

/**
 * Parses the YAML of a base. `origin` is where `yamlText` starts in its file (default line 1, column 1); every
 * line of the YAML is taken to start at `origin.column`, as in a fenced block indented as a whole.
 */
export function parseBase(
  yamlText: string,
  origin: BaseOrigin = { line: 1, column: 1 },
): { base: BaseDefinition; problems: BaseProblem[] } {
  const reader = new BaseReader(yamlText, origin)
  return { base: reader.read(), problems: reader.problems }
}

class BaseReader {
  readonly problems: BaseProblem[] = []
  private readonly lineCounter = new LineCounter()
  private formulaNames = new Set<string>()
  private summaryNames = new Set<string>()

  constructor(
    private readonly text: string,
    private readonly origin: BaseOrigin,
  ) {}

  read(): BaseDefinition {
    const base: BaseDefinition = { formulas: [], properties: [], views: [] }
    // the parser's own check for repeated keys compares each key with all before it (40 000 formulas took 6 s):
    // entries() finds them in one pass instead
    const doc = parseDocument(this.text, { lineCounter: this.lineCounter, prettyErrors: false, uniqueKeys: false })
    if (doc.errors.length > 0) {
      const error = doc.errors[0]
      this.report(
        error.pos[0],
        `Malformed YAML in base: ${error.message.split('\n')[0]}`,
        'Check indentation, and quote expressions that contain ":", "#", "[" or "{".',
      )
      base.filters = { kind: 'invalid', ...this.at(error.pos[0]) }
      return base
    }
    const root = doc.contents
    if (root === null || (isScalar(root) && root.value === null)) return base
    if (!isMap(root)) {
      this.report(
        root.range?.[0] ?? 0,
        'A base must be a map with filters, formulas, properties and views',
        'Start with "views:" or "filters:".',
      )
      base.filters = { kind: 'invalid', ...this.at(root.range?.[0] ?? 0) }
      return base
    }
    const sections = this.entries(root)
    const formulas = sections.get('formulas')
    if (formulas) base.formulas = this.readFormulas(formulas)
    const filters = sections.get('filters')
    if (filters && !isEmptyNode(filters)) base.filters = this.readFilter(filters)
    const properties = sections.get('properties')
    if (properties) base.properties = this.readProperties(properties)
    const summaries = sections.get('summaries')
    if (summaries && !isEmptyNode(summaries)) base.summaries = this.readSummaryFormulas(summaries)
    this.summaryNames = new Set(base.summaries?.map((summary) => summary.name))
    const views = sections.get('views')
    if (views && !isEmptyNode(views)) {
      if (!isSeq(views)) this.report(start(views), '"views" must be a list', 'Write each view as "- type: table".')
      else for (const item of views.items) this.readView(item as YamlNode, base.views)
    }
    return base
  }

  private readFormulas(node: YamlNode): BaseFormula[] {
    if (isEmptyNode(node)) return []
    if (!isMap(node)) {
      this.report(
        start(node),
        '"formulas" must be a map of names to expressions',
        'Write e.g. "label: \'title + \\" (\\" + kunde + \\")\\"\'".',
      )
      return []
    }
    const entries = this.entries(node)
    this.formulaNames = new Set(entries.keys())
    const formulas = [...entries].map(([name, value]) => ({ name, expression: this.readExpression(value) }))
    this.breakCycles(formulas)
    for (const formula of formulas) this.checkFormulaReferences(formula.expression.ast)
    return formulas
  }

  private readSummaryFormulas(node: YamlNode): BaseFormula[] {
    if (!isMap(node)) {
      this.report(
        start(node),
        '"summaries" must be a map of names to formulas',
        'Write e.g. "summaries: { rounded: \'values.mean().round(3)\' }".',
      )
      return []
    }
    return [...this.entries(node)].map(([name, value]) => {
      const expression = this.readExpression(value)
      this.checkFormulaReferences(expression.ast)
      return { name, expression }
    })
  }

  /** Formulas may use each other; those on a cycle get no value, with one problem each. */
  private breakCycles(formulas: BaseFormula[]): void {
    const byName = new Map(formulas.map((formula) => [formula.name, formula]))
    const state = new Map<string, 'visiting' | 'done'>()
    const onCycle = new Map<string, string[]>()
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === 'done') return
      if (state.get(name) === 'visiting') {
        const cycle = [...path.slice(path.indexOf(name)), name]
        for (const member of cycle) if (!onCycle.has(member)) onCycle.set(member, cycle)
        return
      }
      state.set(name, 'visiting')
      for (const used of formulaReferences(byName.get(name)?.expression.ast ?? null))
        if (byName.has(used.name)) visit(used.name, [...path, name])
      state.set(name, 'done')
    }
    for (const formula of formulas) visit(formula.name, [])
    for (const formula of formulas) {
      const cycle = onCycle.get(formula.name)
      if (!cycle) continue
      const { line, column } = formula.expression
      this.problems.push({
        message: `Formula "${formula.name}" depends on itself: ${cycle.join(' → ')}`,
        hint: 'A formula may not use itself, directly or through other formulas; break the cycle.',
        line,
        column,
      })
      formula.expression.ast = null
    }
  }

  private checkFormulaReferences(ast: Expr | null): void {
    for (const used of formulaReferences(ast)) {
      if (this.formulaNames.has(used.name)) continue
      this.problems.push({
        message: `Unknown formula "${used.name}"`,
        hint: `Define it under "formulas:"${this.formulaNames.size > 0 ? `, or use one of ${[...this.formulaNames].join(', ')}` : ''}.`,
        line: used.line,
        column: used.column,
      })
    }
  }

  private readFilter(node: YamlNode): BaseFilter {
    if (isScalar(node)) {
      const expression = this.readExpression(node)
      if (!expression.ast) return { kind: 'invalid', line: expression.line, column: expression.column }
      this.checkFormulaReferences(expression.ast)
      return { kind: 'expression', expression }
    }
    const position = this.at(start(node))
    if (isMap(node) && node.items.length === 1 && isScalar(node.items[0].key)) {
      const kind = String(node.items[0].key.value)
      const value = node.items[0].value as YamlNode | null
      if (kind === 'and' || kind === 'or' || kind === 'not') {
        const items = value === null || isEmptyNode(value) ? [] : isSeq(value) ? (value.items as YamlNode[]) : [value]
        return { kind, filters: items.map((item) => this.readFilter(item)), ...position }
      }
    }
    this.problems.push({
      message: 'A filter must be an expression or a map with one key: and, or, or not',
      hint: 'Write e.g. "and: [\'status == \\"aktiv\\"\', \'file.inFolder(\\"Kunden\\")\']".',
      ...position,
    })
    return { kind: 'invalid', ...position }
  }

  private readProperties(node: YamlNode): BaseProperty[] {
    if (isEmptyNode(node)) return []
    if (!isMap(node)) {
      this.report(start(node), '"properties" must be a map of property ids to settings', 'Write e.g. "status: { displayName: Status }".')
      return []
    }
    const properties: BaseProperty[] = []
    for (const [id, value] of this.entries(node)) {
      const settings = isMap(value) ? this.entries(value) : undefined
      const displayName = settings?.get('displayName')
      const property: BaseProperty = { id }
      if (displayName && isScalar(displayName) && displayName.value !== null) property.displayName = String(displayName.value)
      properties.push(property)
    }
    return properties
  }

  private readView(node: YamlNode, views: BaseView[]): void {
    const position = this.at(start(node))
    if (!isMap(node)) {
      this.problems.push({ message: 'A view must be a map', hint: 'Write e.g. "- type: table\\n  name: Alle".', ...position })
      return
    }
    const fields = this.entries(node)
    const typeNode = fields.get('type')
    const type = typeNode && isScalar(typeNode) ? String(typeNode.value) : 'table'
    if (!(VIEW_TYPES as readonly string[]).includes(type)) {
      this.report(
        start(typeNode ?? node),
        `View type "${type}" is not supported; the view is left out`,
        `Use one of ${VIEW_TYPES.join(', ')}.`,
      )
      return
    }
    const nameNode = fields.get('name')
    const view: BaseView = {
      type: type as BaseViewType,
      name: nameNode && isScalar(nameNode) && nameNode.value !== null ? String(nameNode.value) : '',
      order: [],
      sort: [],
      ...position,
    }
    const filters = fields.get('filters')
    if (filters && !isEmptyNode(filters)) view.filters = this.readFilter(filters)
    const order = fields.get('order')
    if (order && !isEmptyNode(order)) view.order = this.readPropertyList(order, '"order" must be a list of property ids')
    const sort = fields.get('sort')
    if (sort && !isEmptyNode(sort)) {
      const items = isSeq(sort) ? (sort.items as YamlNode[]) : [sort]
      view.sort = items.map((item) => this.readSort(item)).filter((item) => item !== undefined)
    }
    const groupBy = fields.get('groupBy')
    if (groupBy && !isEmptyNode(groupBy)) view.groupBy = this.readSort(groupBy)
    const summaries = fields.get('summaries')
    if (summaries && !isEmptyNode(summaries)) view.summaries = this.readViewSummaries(summaries)
    for (const key of ['image', 'coordinates', 'markerColor', 'markerIcon'] as const) {
      const value = fields.get(key)
      if (!value || isEmptyNode(value)) continue
      if (isScalar(value) && typeof value.value === 'string') {
        this.checkPropertyId(value.value, value)
        view[key] = value.value
      } else this.report(start(value), `"${key}" must be a property id`, 'Write e.g. "note.cover" or "formula.bild".')
    }
    const fit = fields.get('imageFit')
    if (fit && isScalar(fit) && (fit.value === 'cover' || fit.value === 'contain')) view.imageFit = fit.value
    else if (fit && !isEmptyNode(fit))
      this.report(start(fit), '"imageFit" must be cover or contain', 'Write "imageFit: cover" or "imageFit: contain".')
    for (const key of ['imageAspectRatio', 'cardSize'] as const) {
      const value = fields.get(key)
      if (!value || isEmptyNode(value)) continue
      const number = isScalar(value) ? Number(value.value) : NaN
      const [min, max] = key === 'cardSize' ? [50, 1000] : [0.1, 10]
      if (Number.isFinite(number) && number >= min && number <= max) view[key] = number
      else
        this.report(
          start(value),
          `"${key}" must be a number from ${min} to ${max}`,
          key === 'cardSize' ? 'Write e.g. "cardSize: 200" (pixels).' : 'Write e.g. "imageAspectRatio: 0.75" (height / width).',
        )
    }
    this.readLayoutSettings(fields, view)
    const limit = fields.get('limit')
    if (limit && !isEmptyNode(limit)) {
      const value = isScalar(limit) ? Number(limit.value) : NaN
      if (Number.isInteger(value) && value > 0) view.limit = value
      else
        this.report(
          start(limit),
          `"limit" must be a whole number above 0, got ${JSON.stringify(isScalar(limit) ? limit.value : 'a list')}`,
          'Write e.g. "limit: 20", or remove it to show all.',
        )
    }
    views.push(view)
  }

  /** The table's row height and column widths, the list's markers, indent and separator. */
  private readLayoutSettings(fields: Map<string, YamlNode>, view: BaseView): void {
    const rowHeight = fields.get('rowHeight')
    if (rowHeight && !isEmptyNode(rowHeight)) {
      // the app writes `extra`; "extra tall", as its menu says, means the same
      const value = isScalar(rowHeight)
        ? String(rowHeight.value)
            .toLowerCase()
            .replace(/[\s_-]+/g, '')
        : ''
      const height = value === 'extratall' ? 'extra' : ROW_HEIGHTS.find((h) => h === value)
      if (height) view.rowHeight = height
      else this.report(start(rowHeight), '"rowHeight" must be short, medium, tall or extra', 'Write e.g. "rowHeight: tall".')
    }
    const columnSize = fields.get('columnSize')
    if (columnSize && !isEmptyNode(columnSize)) {
      if (!isMap(columnSize))
        this.report(
          start(columnSize),
          '"columnSize" must map property ids to widths',
          'Write e.g. "columnSize: { note.status: 120 }" (pixels).',
        )
      else {
        const sizes: Record<string, number> = Object.create(null)
        for (const [id, value] of this.entries(columnSize)) {
          const width = isScalar(value) ? Number(value.value) : NaN
          if (Number.isFinite(width) && width >= 20 && width <= 2000) sizes[id] = width
          else this.report(start(value), `The width of "${id}" must be a number of pixels from 20 to 2000`, `Write e.g. "${id}: 160".`)
        }
        if (Object.keys(sizes).length > 0) view.columnSize = { ...sizes }
      }
    }
    const markers = fields.get('markers')
    if (markers && !isEmptyNode(markers)) {
      // the app writes `bullet` and `number`; the plural, as its menu says, means the same
      const value = isScalar(markers) ? String(markers.value).toLowerCase() : ''
      const marker = LIST_MARKERS.find((m) => m === value || m === `${value}s`)
      if (marker) view.markers = marker
      else this.report(start(markers), '"markers" must be bullets, numbers or none', 'Write e.g. "markers: numbers".')
    }
    const indent = fields.get('indentProperties')
    if (indent && !isEmptyNode(indent)) {
      if (isScalar(indent) && typeof indent.value === 'boolean') view.indentProperties = indent.value
      else this.report(start(indent), '"indentProperties" must be true or false', 'Write "indentProperties: true".')
    }
    const separator = fields.get('separator') ?? fields.get('separators')
    if (separator && !isEmptyNode(separator)) {
      if (isScalar(separator) && (typeof separator.value === 'string' || typeof separator.value === 'number'))
        view.separator = String(separator.value)
      else this.report(start(separator), '"separator" must be text', 'Write e.g. \'separator: " · "\'.')
    }
  }

  private readViewSummaries(node: YamlNode): BaseSummary[] {
    if (!isMap(node)) {
      this.report(start(node), '"summaries" of a view must map property ids to summaries', 'Write e.g. "summaries: { preis: Sum }".')
      return []
    }
    const summaries: BaseSummary[] = []
    for (const pair of node.items) {
      if (!isScalar(pair.key) || pair.key.value === null) continue
      const property = String(pair.key.value)
      const value = pair.value as YamlNode | null
      const at = this.at(start(value ?? (pair.key as YamlNode)))
      const name = value && isScalar(value) && value.value !== null ? String(value.value) : ''
      const builtIn = BUILT_IN_SUMMARIES.find((summary) => summary.toLowerCase() === name.toLowerCase())
      if (!builtIn && !this.summaryNames.has(name)) {
        const known = [...BUILT_IN_SUMMARIES, ...this.summaryNames]
        this.problems.push({
          message: `Unknown summary "${name}" for "${property}"`,
          hint: `Use one of ${known.join(', ')}, or define it under "summaries:" of the base.`,
          ...at,
        })
        continue
      }
      this.checkPropertyId(property, pair.key as YamlNode)
      summaries.push({ property, summary: builtIn ?? name, ...at })
    }
    return summaries
  }

  private readPropertyList(node: YamlNode, message: string): string[] {
    const items = isSeq(node) ? (node.items as YamlNode[]) : [node]
    const ids: string[] = []
    for (const item of items) {
      if (!isScalar(item) || item.value === null || typeof item.value === 'object') {
        this.report(start(item), message, 'Write property ids such as file.name, status or formula.label.')
        continue
      }
      const id = String(item.value)
      this.checkPropertyId(id, item)
      ids.push(id)
    }
    return ids
  }

  private readSort(node: YamlNode): BaseSort | undefined {
    const hint = 'Write e.g. "{ property: file.mtime, direction: DESC }".'
    if (isScalar(node) && typeof node.value === 'string') {
      this.checkPropertyId(node.value, node)
      return { property: node.value, direction: 'ASC' }
    }
    const fields = isMap(node) ? this.entries(node) : undefined
    const property = fields?.get('property')
    if (!property || !isScalar(property) || property.value === null) {
      this.report(start(node), 'A sort or groupBy needs a "property"', hint)
      return undefined
    }
    const direction = fields?.get('direction')
    const value = direction && isScalar(direction) ? String(direction.value).toUpperCase() : 'ASC'
    if (value !== 'ASC' && value !== 'DESC') this.report(start(direction ?? node), `Direction must be ASC or DESC, got "${value}"`, hint)
    this.checkPropertyId(String(property.value), property)
    return { property: String(property.value), direction: value === 'DESC' ? 'DESC' : 'ASC' }
  }

  private checkPropertyId(id: string, node: YamlNode): void {
    if (!id.startsWith('formula.')) return
    const name = id.slice('formula.'.length)
    if (this.formulaNames.has(name)) return
    this.report(start(node), `Unknown formula "${name}"`, 'Define it under "formulas:", or remove it from the view.')
  }

  private readExpression(node: YamlNode): BaseExpression {
    const position = this.at(start(node))
    if (node.tag !== undefined && !node.tag.startsWith('tag:yaml.org,2002:')) {
      // `- !draft` is YAML's tag syntax: the "!" would silently vanish and the filter mean the opposite
      const tagAt = this.text.lastIndexOf(node.tag, start(node))
      const tagPosition = this.at(tagAt !== -1 && !this.text.slice(tagAt, start(node)).includes('\n') ? tagAt : start(node))
      this.problems.push({
        message: `YAML reads "${node.tag}" as a tag, not as part of the expression`,
        hint: `Quote the whole expression, e.g. '${node.tag}${isScalar(node) && node.value !== null ? ` ${String(node.value)}` : ''}'.`,
        ...tagPosition,
      })
      return { source: '', ast: null, ...position }
    }
    if (!isScalar(node) || node.value === null || typeof node.value === 'object') {
      const message = isScalar(node) && node.value === null ? 'The expression is empty' : 'An expression must be text'
      this.problems.push({ message, hint: 'Write it in quotes, e.g. \'status == "aktiv"\'.', ...position })
      return { source: '', ast: null, ...position }
    }
    const source = String(node.value)
    const result = parseExpression(source, this.scalarLocator(node, source))
    if ('problem' in result) {
      this.problems.push(result.problem)
      return { source, ast: null, ...position }
    }
    return { source, ast: result.ast, ...position }
  }

  /**
   * Maps an offset in a scalar's value to its position in the file. Quotes, escapes ('' and \") and block
   * indentation make the value differ from the text in the file, so each character of the value is matched to
   * the next equal character of the source.
   */
  private scalarLocator(node: Scalar, value: string): Locate {
    const [from, to] = node.range ?? [0, 0]
    let begin = from
    if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') begin++
    else if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') begin = this.text.indexOf('\n', from) + 1 || to
    const offsets: number[] = []
    let cursor = begin
    for (const char of value) {
      const found = this.text.indexOf(char, cursor)
      const at = found !== -1 && found < to && found - cursor <= 64 ? found : Math.min(cursor, Math.max(to - 1, begin))
      for (let i = 0; i < char.length; i++) offsets.push(at + i)
      cursor = at + char.length
    }
    offsets.push(cursor)
    return (offset) => this.at(offsets[Math.max(0, Math.min(offset, offsets.length - 1))])
  }

  private entries(node: YamlNode): Map<string, YamlNode> {
    const entries = new Map<string, YamlNode>()
    if (!isMap(node)) return entries
    for (const pair of node.items) {
      if (!isScalar(pair.key) || pair.key.value === null || pair.value === null) continue
      const key = String(pair.key.value)
      if (entries.has(key)) {
        this.report(start(pair.key), `Key "${key}" appears twice in this map; the later one is used`, 'Remove or rename one of them.')
      }
      entries.set(key, pair.value as YamlNode)
    }
    return entries
  }

  /** The file position of an offset in the YAML. */
  private at(offset: number): { line: number; column: number } {
    const { line, col } = this.lineCounter.linePos(offset)
    return { line: this.origin.line + line - 1, column: this.origin.column + col - 1 }
  }

  private report(offset: number, message: string, hint: string): void {
    this.problems.push({ message, hint, ...this.at(offset) })
  }
}

function start(node: YamlNode): number {
  return node.range?.[0] ?? 0
}

function isEmptyNode(node: YamlNode): boolean {
  return isScalar(node) && node.value === null
}

/** The `formula.x` and `formula["x"]` references in an expression, with their positions. */
function formulaReferences(ast: Expr | null): { name: string; line: number; column: number }[] {
  const found: { name: string; line: number; column: number }[] = []
  const walk = (node: Expr): void => {
    switch (node.type) {
      case 'member':
        if (node.object.type === 'name' && node.object.name === 'formula')
          found.push({ name: node.name, line: node.line, column: node.column })
        else walk(node.object)
        return
      case 'index':
        if (
          node.object.type === 'name' &&
          node.object.name === 'formula' &&
          node.index.type === 'literal' &&
          typeof node.index.value === 'string'
        ) {
          found.push({ name: node.index.value, line: node.index.line, column: node.index.column })
        } else {
          walk(node.object)
          walk(node.index)
        }
        return
      case 'list':
        node.items.forEach(walk)
        return
      case 'object':
        node.entries.forEach((entry) => walk(entry.value))
        return
      case 'call':
        walk(node.callee)
        node.args.forEach(walk)
        return
      case 'unary':
        walk(node.operand)
        return
      case 'binary':
        walk(node.left)
        walk(node.right)
        return
    }
  }
  if (ast) walk(ast)
  return found
}
