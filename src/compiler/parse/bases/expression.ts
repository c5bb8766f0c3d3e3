/**
 * The expression language of Obsidian Bases, shared by filters and formulas: a tokenizer, a parser that returns a
 * plain-data AST with positions, and an evaluator that never throws.
 *
 *     file.inFolder("Kunden") && status != "archiviert"
 *     if(preis > 100, preis * 1.081, preis)
 *     due - today() < 7 * 86400000
 *
 * Precedence, loosest first: `||`, `&&`, a leading `!`, comparisons, `+ -`, `* / %`, unary `-` and `!`, then
 * member access, calls and indexing. The value kinds (dates, links, files) and their conversions sit at the end of
 * this file, because the evaluator is their only user besides the cell formatting in `evaluate.ts`.
 */
import type { BaseRecord } from './record.js'

/** Where a node starts: its offset in the expression, and its 1-based line and column in the file. */
export interface Position {
  offset: number
  line: number
  column: number
}

export type BinaryOperator = '||' | '&&' | '==' | '!=' | '>' | '<' | '>=' | '<=' | '+' | '-' | '*' | '/' | '%'

/**
 * A parsed expression: plain objects only, so it survives structured clone and JSON. Each node's position is its
 * key token: the operator of a binary node, the name after the dot of a member, the callee's name of a call.
 */
export type Expr =
  | ({ type: 'literal'; value: string | number | boolean | null } & Position)
  | ({ type: 'list'; items: Expr[] } & Position)
  | ({ type: 'object'; entries: { key: string; value: Expr }[] } & Position)
  | ({ type: 'regex'; pattern: string; flags: string } & Position)
  | ({ type: 'name'; name: string } & Position)
  | ({ type: 'member'; object: Expr; name: string } & Position)
  | ({ type: 'index'; object: Expr; index: Expr } & Position)
  | ({ type: 'call'; callee: Expr; args: Expr[] } & Position)
  | ({ type: 'unary'; operator: '!' | '-'; operand: Expr } & Position)
  | ({ type: 'binary'; operator: BinaryOperator; left: Expr; right: Expr } & Position)

/** A mistake in an expression, at its position in the file. */
export interface ExpressionProblem {
  message: string
  hint: string
  line: number
  column: number
}

/** Maps an offset in the expression to its position in the file; the default puts the expression on line 1. */
export type Locate = (offset: number) => { line: number; column: number }

/** Global functions with their least and greatest number of arguments. */
export const FUNCTIONS: Readonly<Record<string, readonly [number, number]>> = {
  if: [2, 3],
  now: [0, 0],
  today: [0, 0],
  date: [1, 1],
  duration: [1, 1],
  number: [1, 1],
  link: [1, 2],
  list: [1, 1],
  min: [1, Infinity],
  max: [1, Infinity],
  file: [1, 1],
  image: [1, 1],
  icon: [1, 1],
  html: [1, 1],
  escapeHTML: [1, 1],
  random: [0, 0],
}

/** Every method name some value has; a call of any other name is a mistake found while parsing. */
const METHODS = new Set([
  'isTruthy',
  'isEmpty',
  'toString',
  'contains',
  'containsAll',
  'containsAny',
  'startsWith',
  'endsWith',
  'lower',
  'upper',
  'trim',
  'replace',
  'split',
  'join',
  'toFixed',
  'round',
  'abs',
  'floor',
  'ceil',
  'format',
  'date',
  'hasTag',
  'inFolder',
  'hasLink',
  'hasProperty',
  'asLink',
  'isType',
  'title',
  'repeat',
  'reverse',
  'slice',
  'filter',
  'map',
  'reduce',
  'flat',
  'sort',
  'unique',
  'keys',
  'values',
  'matches',
  'asFile',
  'linksTo',
  'time',
  'relative',
  // not in the function reference, but in its example of a summary (`values.mean()`): aggregates of a list
  'sum',
  'mean',
  'average',
  'median',
  'stddev',
  'min',
  'max',
])

/** The methods whose first argument is evaluated per item, with `value`, `index` (and `acc`) bound. */
const ITEM_METHODS = new Set(['filter', 'map', 'reduce'])

/** Nesting deeper than this is a mistake, not a formula; it would otherwise exhaust the stack. */
const MAX_DEPTH = 100
/** Longer expressions are mistakes too; the limit keeps even a flat chain like 1+1+… shallow enough to clone. */
const MAX_LENGTH = 4000

// ---------------------------------------------------------------------------------------------------------------
// Tokenizer

type TokenKind = 'number' | 'string' | 'name' | 'punct' | 'regex' | 'end'
interface Token {
  kind: TokenKind
  text: string
  value?: string | number
  /** A regular expression's flags. */
  flags?: string
  offset: number
}

class SyntaxProblem {
  constructor(
    readonly message: string,
    readonly hint: string,
    readonly offset: number,
  ) {}
}

const PUNCTUATION = [
  '||',
  '&&',
  '==',
  '!=',
  '>=',
  '<=',
  '>',
  '<',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ':',
  ',',
  '.',
]
const NAME_START = /[\p{L}_$]/u
const NAME_PART = /[\p{L}\p{N}_$]/u
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'" }

function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const char = source[i]
    if (/\s/.test(char)) {
      i++
    } else if (/\d/.test(char) || (char === '.' && /\d/.test(source[i + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/.exec(source.slice(i))
      const text = match ? match[0] : char
      tokens.push({ kind: 'number', text, value: Number(text), offset: i })
      i += text.length
    } else if (char === '"' || char === "'") {
      let value = ''
      let j = i + 1
      while (j < source.length && source[j] !== char) {
        if (source[j] === '\\' && j + 1 < source.length) {
          value += ESCAPES[source[j + 1]] ?? source[j + 1]
          j += 2
        } else value += source[j++]
      }
      if (j >= source.length) throw new SyntaxProblem('Text is never closed', `Close the text with ${char}.`, i)
      tokens.push({ kind: 'string', text: source.slice(i, j + 1), value, offset: i })
      i = j + 1
    } else if (char === '/' && !endsValue(tokens[tokens.length - 1])) {
      const regex = readRegex(source, i)
      tokens.push(regex)
      i += regex.text.length
    } else if (NAME_START.test(char)) {
      let j = i + 1
      while (j < source.length && NAME_PART.test(source[j])) j++
      tokens.push({ kind: 'name', text: source.slice(i, j), offset: i })
      i = j
    } else {
      const punct = PUNCTUATION.find((p) => source.startsWith(p, i))
      if (!punct) {
        const hint =
          char === '=' ? 'Compare with "==".' : char === '&' || char === '|' ? `Write "${char}${char}".` : 'Remove it or put it in quotes.'
        throw new SyntaxProblem(`Unexpected character "${char}"`, hint, i)
      }
      tokens.push({ kind: 'punct', text: punct, offset: i })
      i += punct.length
    }
  }
  tokens.push({ kind: 'end', text: '', offset: source.length })
  return tokens
}

/** Whether a token ends a value, so that a "/" after it divides rather than starting a regular expression. */
function endsValue(token: Token | undefined): boolean {
  if (!token) return false
  if (token.kind === 'punct') return token.text === ')' || token.text === ']' || token.text === '}'
  return token.kind !== 'end'
}

/** A regular expression literal `/…/flags` starting at `start`; "/" inside a class `[…]` or escaped does not end it. */
function readRegex(source: string, start: number): Token {
  let j = start + 1
  let inClass = false
  while (j < source.length) {
    const char = source[j]
    if (char === '\\') j += 2
    else {
      if (char === '[') inClass = true
      else if (char === ']') inClass = false
      else if (char === '/' && !inClass) break
      j++
    }
  }
  if (j >= source.length)
    throw new SyntaxProblem('Regular expression is never closed', 'Close it with "/", or write "/" in text as "\\/".', start)
  const pattern = source.slice(start + 1, j)
  const flags = /^[a-z]*/i.exec(source.slice(j + 1))![0]
  if (pattern === '')
    throw new SyntaxProblem('The regular expression is empty', 'Write a pattern between the slashes, e.g. /^\\d+$/.', start)
  if (!/^[gimsuy]*$/.test(flags) || new Set(flags).size !== flags.length)
    throw new SyntaxProblem(`Unknown regular expression flags "${flags}"`, 'Use the flags g, i, m, s, u or y, each once.', j + 1)
  try {
    new RegExp(pattern, flags)
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)
    throw new SyntaxProblem(`Invalid regular expression: ${reason}`, 'Check the brackets, groups and escapes of the pattern.', start)
  }
  const slow = slowPattern(pattern)
  if (slow)
    throw new SyntaxProblem(
      `The regular expression could take very long on some texts: ${slow}`,
      'Write it without a repeated group that repeats inside, such as (a+)+, and without back references.',
      start,
    )
  return { kind: 'regex', text: source.slice(start, j + 1 + flags.length), value: pattern, flags, offset: start }
}

/**
 * Why a pattern could backtrack exponentially (a repeated group that holds a repetition, as in (a+)+, or a back
 * reference), or undefined. Bases run at build time over every note, so such a pattern is refused up front.
 */
function slowPattern(pattern: string): string | undefined {
  if (/\\[1-9]|\\k</.test(pattern)) return 'it refers back to a group'
  // per open group: whether it holds a repetition
  const groups: boolean[] = []
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (char === ']') inClass = false
      continue
    }
    if (char === '[') inClass = true
    else if (char === '(') groups.push(false)
    else if ((char === '*' || char === '+' || char === '{' || (char === '?' && pattern[i - 1] !== '(')) && groups.length > 0)
      groups[groups.length - 1] = true
    else if (char === ')') {
      const repeats = groups.pop() ?? false
      const next = pattern[i + 1]
      if (repeats && (next === '*' || next === '+' || next === '{')) return 'a repeated group repeats inside'
      if (repeats && groups.length > 0) groups[groups.length - 1] = true
    }
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Parser

/**
 * Parses one expression. An error names the offending token and its position; an unknown function or method is
 * an error here, so a typo is found without evaluating anything.
 */
export function parseExpression(
  source: string,
  locate: Locate = (offset) => ({ line: 1, column: offset + 1 }),
): { ast: Expr } | { problem: ExpressionProblem } {
  try {
    if (source.length > MAX_LENGTH) {
      throw new SyntaxProblem(`The expression is longer than ${MAX_LENGTH} characters`, 'Split it into formulas.', MAX_LENGTH)
    }
    const parser = new Parser(tokenize(source), locate)
    if (parser.peek().kind === 'end') throw new SyntaxProblem('The expression is empty', 'Write a condition such as status == "aktiv".', 0)
    const ast = parser.parseOr(0)
    const rest = parser.peek()
    if (rest.kind !== 'end')
      throw new SyntaxProblem(`Unexpected "${rest.text}"`, 'Join conditions with && or ||, or remove the extra text.', rest.offset)
    return { ast }
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error
    return { problem: { message: error.message, hint: error.hint, ...locate(error.offset) } }
  }
}

class Parser {
  private index = 0
  constructor(
    private readonly tokens: Token[],
    private readonly locate: Locate,
  ) {}

  peek(): Token {
    return this.tokens[this.index]
  }

  private next(): Token {
    return this.tokens[this.index++]
  }

  private accept(text: string): Token | undefined {
    const token = this.peek()
    if (token.kind === 'punct' && token.text === text) return this.next()
    return undefined
  }

  private expect(text: string, hint: string): Token {
    const token = this.accept(text)
    if (token) return token
    const found = this.peek()
    throw new SyntaxProblem(
      found.kind === 'end' ? `Expected "${text}" at the end` : `Expected "${text}" but found "${found.text}"`,
      hint,
      found.offset,
    )
  }

  private at(offset: number): Position {
    return { offset, ...this.locate(offset) }
  }

  private binary(operator: BinaryOperator, left: Expr, right: Expr, token: Token): Expr {
    return { type: 'binary', operator, left, right, ...this.at(token.offset) }
  }

  parseOr(depth: number): Expr {
    if (depth > MAX_DEPTH) throw new SyntaxProblem('The expression is nested too deeply', 'Split it into formulas.', this.peek().offset)
    let left = this.parseAnd(depth)
    for (let token = this.accept('||'); token; token = this.accept('||')) left = this.binary('||', left, this.parseAnd(depth), token)
    return left
  }

  private parseAnd(depth: number): Expr {
    let left = this.parseNot(depth)
    for (let token = this.accept('&&'); token; token = this.accept('&&')) left = this.binary('&&', left, this.parseNot(depth), token)
    return left
  }

  private parseNot(depth: number): Expr {
    const token = this.accept('!')
    if (!token) return this.parseComparison(depth)
    if (depth > MAX_DEPTH) throw new SyntaxProblem('The expression is nested too deeply', 'Split it into formulas.', token.offset)
    return { type: 'unary', operator: '!', operand: this.parseNot(depth + 1), ...this.at(token.offset) }
  }

  private parseComparison(depth: number): Expr {
    let left = this.parseAdditive(depth)
    for (;;) {
      const token = this.peek()
      if (token.kind !== 'punct' || !['==', '!=', '>', '<', '>=', '<='].includes(token.text)) return left
      this.next()
      left = this.binary(token.text as BinaryOperator, left, this.parseAdditive(depth), token)
    }
  }

  private parseAdditive(depth: number): Expr {
    let left = this.parseMultiplicative(depth)
    for (;;) {
      const token = this.peek()
      if (token.kind !== 'punct' || (token.text !== '+' && token.text !== '-')) return left
      this.next()
      left = this.binary(token.text, left, this.parseMultiplicative(depth), token)
    }
  }

  private parseMultiplicative(depth: number): Expr {
    let left = this.parseUnary(depth)
    for (;;) {
      const token = this.peek()
      if (token.kind !== 'punct' || !['*', '/', '%'].includes(token.text)) return left
      this.next()
      left = this.binary(token.text as BinaryOperator, left, this.parseUnary(depth), token)
    }
  }

  private parseUnary(depth: number): Expr {
    const token = this.accept('-') ?? this.accept('!')
    if (!token) return this.parsePostfix(depth)
    if (depth > MAX_DEPTH) throw new SyntaxProblem('The expression is nested too deeply', 'Split it into formulas.', token.offset)
    return { type: 'unary', operator: token.text as '-' | '!', operand: this.parseUnary(depth + 1), ...this.at(token.offset) }
  }

  private parsePostfix(depth: number): Expr {
    let node = this.parsePrimary(depth)
    for (;;) {
      if (this.accept('.')) {
        const name = this.next()
        if (name.kind !== 'name')
          throw new SyntaxProblem(`Expected a name after "." but found "${name.text}"`, 'Write e.g. file.name.', name.offset)
        node = { type: 'member', object: node, name: name.text, ...this.at(name.offset) }
      } else if (this.peek().text === '[' && this.peek().kind === 'punct') {
        const open = this.next()
        const index = this.parseOr(depth + 1)
        this.expect(']', 'Close the index with "]".')
        node = { type: 'index', object: node, index, ...this.at(open.offset) }
      } else if (this.peek().text === '(' && this.peek().kind === 'punct') {
        this.next()
        const args: Expr[] = []
        if (!this.accept(')')) {
          do args.push(this.parseOr(depth + 1))
          while (this.accept(','))
          this.expect(')', 'Separate arguments with "," and close the call with ")".')
        }
        node = this.call(node, args)
      } else return node
    }
  }

  private call(callee: Expr, args: Expr[]): Expr {
    if (callee.type === 'name') {
      const arity = Object.hasOwn(FUNCTIONS, callee.name) ? FUNCTIONS[callee.name] : undefined
      if (!arity) {
        throw new SyntaxProblem(`Unknown function "${callee.name}"`, `Use one of ${Object.keys(FUNCTIONS).join(', ')}.`, callee.offset)
      }
      if (args.length < arity[0] || args.length > arity[1]) {
        const expected =
          arity[0] === arity[1] ? `${arity[0]}` : arity[1] === Infinity ? `at least ${arity[0]}` : `${arity[0]} or ${arity[1]}`
        throw new SyntaxProblem(
          `${callee.name}() takes ${expected} argument(s), got ${args.length}`,
          `Check the arguments of ${callee.name}().`,
          callee.offset,
        )
      }
    } else if (callee.type === 'member' && !METHODS.has(callee.name)) {
      const hint = callee.name === 'length' ? 'Write .length without parentheses.' : `Use one of ${[...METHODS].join(', ')}.`
      throw new SyntaxProblem(`Unknown function "${callee.name}"`, hint, callee.offset)
    }
    return { type: 'call', callee, args, offset: callee.offset, line: callee.line, column: callee.column }
  }

  private parsePrimary(depth: number): Expr {
    const token = this.next()
    const at = this.at(token.offset)
    if (token.kind === 'number' || token.kind === 'string') return { type: 'literal', value: token.value ?? null, ...at }
    if (token.kind === 'name') {
      if (token.text === 'true' || token.text === 'false') return { type: 'literal', value: token.text === 'true', ...at }
      if (token.text === 'null') return { type: 'literal', value: null, ...at }
      return { type: 'name', name: token.text, ...at }
    }
    if (token.kind === 'punct' && token.text === '(') {
      const inner = this.parseOr(depth + 1)
      this.expect(')', 'Close the parenthesis with ")".')
      return inner
    }
    if (token.kind === 'regex') return { type: 'regex', pattern: String(token.value), flags: token.flags ?? '', ...at }
    if (token.kind === 'punct' && token.text === '{') {
      const entries: { key: string; value: Expr }[] = []
      if (!this.accept('}')) {
        do {
          const key = this.next()
          if (key.kind !== 'string' && key.kind !== 'name')
            throw new SyntaxProblem(`Expected a key but found "${key.text}"`, 'Write objects as { "key": value }.', key.offset)
          this.expect(':', 'Separate a key from its value with ":".')
          entries.push({ key: key.kind === 'string' ? String(key.value) : key.text, value: this.parseOr(depth + 1) })
        } while (this.accept(','))
        this.expect('}', 'Separate entries with "," and close the object with "}".')
      }
      return { type: 'object', entries, ...at }
    }
    if (token.kind === 'punct' && token.text === '[') {
      const items: Expr[] = []
      if (!this.accept(']')) {
        do items.push(this.parseOr(depth + 1))
        while (this.accept(','))
        this.expect(']', 'Separate items with "," and close the list with "]".')
      }
      return { type: 'list', items, ...at }
    }
    if (token.kind === 'end')
      throw new SyntaxProblem('The expression ends too early', 'Complete the expression after the last operator.', token.offset)
    throw new SyntaxProblem(`Unexpected "${token.text}"`, 'Put a value, a property name or a function call here.', token.offset)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/**
 * A date as its wall-clock time, stored as if it were UTC: front matter dates have no time zone, and instants
 * (file times, `now()`) are converted to the site's zone once, so all arithmetic and formatting is zone-free.
 */
export class DateValue {
  constructor(
    readonly ms: number,
    /** False for a day without a time of day ("2024-05-01"). */
    readonly time: boolean,
  ) {}
}

/** A length of time: `duration("1d")`, or the difference of two dates. Months stay months until added to a date. */
export class DurationValue {
  constructor(
    readonly ms: number,
    readonly months = 0,
  ) {}

  /** In milliseconds, a month taken as 30 days: what a duration is next to a number. */
  get total(): number {
    return this.ms + this.months * 30 * DAY_MS
  }
}

/** A link to a note or file: the target as written, and the source path it resolves to. */
export class LinkValue {
  constructor(
    readonly target: string,
    readonly path: string | undefined,
    readonly display?: string,
  ) {}
}

/** `file` and `this.file`: the built-in properties of a note. */
export class FileValue {
  constructor(readonly record: BaseRecord) {}
}

/** `note` and `this`: a note's front matter. `this` (`self`) also has `.file`. */
export class NoteValue {
  constructor(
    readonly record: BaseRecord,
    readonly self = false,
  ) {}
}

/** `formula`, whose members are the formulas of the base, computed for the current note. */
export class FormulaValue {}

/** A regular expression literal, `/…/flags`. */
export class RegexValue {
  private compiled: RegExp | undefined
  constructor(
    readonly pattern: string,
    readonly flags: string,
  ) {}

  /** The expression, its position reset: a `g` or `y` expression keeps where it stopped. */
  get regex(): RegExp {
    this.compiled ??= new RegExp(this.pattern, this.flags)
    this.compiled.lastIndex = 0
    return this.compiled
  }
}

/** `image(…)`: a picture a view shows, by link target, path or URL. */
export class ImageValue {
  constructor(readonly target: string) {}
}

/** `icon(…)`: a Lucide icon by name. */
export class IconValue {
  constructor(readonly name: string) {}
}

/** `html(…)`: markup a view shows as HTML, made safe when it is rendered. */
export class HtmlValue {
  constructor(readonly html: string) {}
}

/** A failure to evaluate, at the position of the node that failed. */
export class EvaluationError {
  constructor(
    readonly message: string,
    readonly hint: string,
    readonly line: number,
    readonly column: number,
  ) {}
}

export type Value =
  | null
  | boolean
  | number
  | string
  | readonly Value[]
  | DateValue
  | DurationValue
  | LinkValue
  | FileValue
  | NoteValue
  | FormulaValue
  | RegexValue
  | ImageValue
  | IconValue
  | HtmlValue
  | { readonly [key: string]: unknown }

/** What an expression is evaluated against. */
export interface ExpressionContext {
  /** Milliseconds since the epoch, for `now()` and `today()`. */
  now: number
  /** The zone file times and `now()` are shown in. Default 'Europe/Zurich', the wiki's readers' zone. */
  timeZone?: string
  /** The language of month and weekday names (`format`) and of `relative()`. Default 'de'. */
  locale?: string
  /** Resolves a link target as written to a source path. */
  resolve(target: string): string | undefined
  /** The record of a source path, for `file(…)`, `asFile()` and `linksTo()`; undefined for a path no note has. */
  record?(path: string): BaseRecord | undefined
  /** A number from 0 to below 1 for `random()`; default Math.random. */
  random?(): number
  /** The note that embeds the base, or the base itself, for `this`. */
  self?: BaseRecord
  /** The formulas of the base by name; null for one that did not parse. */
  formulas?: ReadonlyMap<string, Expr | null>
  /** Called when a formula fails; its value is then null. Default: the failure is dropped. */
  onFormulaError?(name: string, error: EvaluationError): void
  /**
   * The work left for the whole view: one step per expression node evaluated, shared by all notes (see
   * MAX_VIEW_STEPS). None: unbounded (a single expression in a test).
   */
  budget?: { steps: number }
}

/** The longest text, and the most list items counted through nested lists, one value may hold. */
export const MAX_VALUE_SIZE = 100_000
/** Expression nodes one view may evaluate over all its notes: a few seconds of work at most. */
export const MAX_VIEW_STEPS = 5_000_000
/** Formulas one formula may reach through others (`a` uses `b` uses `c` …). */
export const MAX_FORMULA_DEPTH = 32

/** One note being evaluated, with the formula values computed for it so far. */
export interface Scope {
  record: BaseRecord
  context: ExpressionContext
  formulaValues: Map<string, Value>
  formulasInProgress: Set<string>
  /** The formulas that failed for this note: their cells show an error, not an empty value. */
  failedFormulas: Set<string>
  /** Names bound while evaluating: `value`, `index` and `acc` of filter, map and reduce; `values` of a summary. */
  locals?: ReadonlyMap<string, Value>
}

export function createScope(record: BaseRecord, context: ExpressionContext, locals?: ReadonlyMap<string, Value>): Scope {
  return { record, context, formulaValues: new Map(), formulasInProgress: new Set(), failedFormulas: new Set(), locals }
}

/** Evaluates an expression for one note. A failure is returned as an `EvaluationError`, never thrown. */
export function evaluate(ast: Expr, scope: Scope): Value | EvaluationError {
  try {
    return run(ast, scope)
  } catch (error) {
    if (error instanceof Failure) return new EvaluationError(error.message, error.hint, error.node.line, error.node.column)
    if (error instanceof DateRangeError) {
      return new EvaluationError(
        'The date is outside the years a date can have (-271821 to 275760)',
        'Add or subtract a smaller duration.',
        ast.line,
        ast.column,
      )
    }
    const message = error instanceof RangeError ? 'The expression is too complex to evaluate' : `Evaluation failed: ${String(error)}`
    return new EvaluationError(message, 'Simplify the expression.', ast.line, ast.column)
  }
}

/** Obsidian's truthiness: null, false, 0, NaN, "" and the empty list are false. */
export function isTruthy(value: Value): boolean {
  if (value === null || value === false || value === '' || value === 0 || Number.isNaN(value)) return false
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** Whether a value counts as empty: null, "", the empty list or object (dates, numbers and booleans never are). */
export function isEmptyValue(value: Value): boolean {
  return (
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (isPlainObject(value) && Object.keys(value).length === 0)
  )
}

class Failure {
  constructor(
    readonly message: string,
    readonly hint: string,
    readonly node: Expr,
  ) {}
}

function run(node: Expr, scope: Scope): Value {
  const budget = scope.context.budget
  if (budget && --budget.steps < 0) {
    throw new Failure(
      `${inFormula(scope)}The view needs more than ${MAX_VIEW_STEPS.toLocaleString('en')} steps to evaluate; it is cut short`,
      'Simplify the formulas and filters, or show fewer notes (limit).',
      node,
    )
  }
  const value = runNode(node, scope)
  if (typeof value === 'string' ? value.length > MAX_VALUE_SIZE : Array.isArray(value) && sizeOf(value) > MAX_VALUE_SIZE) {
    throw tooLarge(scope, node)
  }
  return value
}

function tooLarge(scope: Scope, node: Expr): Failure {
  return new Failure(
    `${inFormula(scope)}The value grows past ${MAX_VALUE_SIZE.toLocaleString('en')} characters or list items`,
    'A formula that keeps doubling a text or a list grows without end: make it shorter.',
    node,
  )
}

/** 'Formula "x": ' when `scope` is evaluating a formula, for messages of bounds that name it. */
function inFormula(scope: Scope): string {
  let last: string | undefined
  for (const name of scope.formulasInProgress) last = name
  return last === undefined ? '' : `Formula "${last}": `
}

/** The characters and items of a list, through its nested lists and texts; counted once per list. */
const sizes = new WeakMap<readonly Value[], number>()
function sizeOf(list: readonly Value[]): number {
  const known = sizes.get(list)
  if (known !== undefined) return known
  let size = list.length
  for (const item of list) size += typeof item === 'string' ? item.length : Array.isArray(item) ? sizeOf(item) : 0
  sizes.set(list, size)
  return size
}

function runNode(node: Expr, scope: Scope): Value {
  switch (node.type) {
    case 'literal':
      return node.value
    case 'list':
      return node.items.map((item) => run(item, scope))
    case 'object': {
      const object: Record<string, unknown> = Object.create(null)
      for (const entry of node.entries) object[entry.key] = run(entry.value, scope)
      return Object.setPrototypeOf(object, Object.prototype) as Value
    }
    case 'regex':
      return new RegexValue(node.pattern, node.flags)
    case 'name':
      return lookupName(node.name, scope)
    case 'member':
      return readMember(run(node.object, scope), node.name, node, scope)
    case 'index':
      return readIndex(run(node.object, scope), run(node.index, scope), node, scope)
    case 'call':
      if (node.callee.type === 'name') return callFunction(node.callee.name, node.args, node, scope)
      if (node.callee.type === 'member') return callMethod(run(node.callee.object, scope), node.callee.name, node.args, node, scope)
      throw new Failure('This value is not a function', 'Call a function by name, e.g. if(…) or file.hasTag(…).', node)
    case 'unary': {
      const operand = run(node.operand, scope)
      if (node.operator === '!') return !isTruthy(operand)
      if (operand === null) return null
      if (operand instanceof DurationValue) return new DurationValue(-operand.ms, -operand.months)
      const number = toNumber(operand)
      if (number === undefined) throw new Failure(`Cannot negate ${describe(operand)}`, 'Use "-" with numbers only.', node)
      return -number
    }
    case 'binary':
      return runBinary(node, scope)
  }
}

function lookupName(name: string, scope: Scope): Value {
  if (scope.locals?.has(name)) return scope.locals.get(name) ?? null
  if (name === 'file') return new FileValue(scope.record)
  if (name === 'note') return new NoteValue(scope.record)
  if (name === 'formula') return new FormulaValue()
  if (name === 'this') return scope.context.self ? new NoteValue(scope.context.self, true) : null
  return readProperty(scope.record, name, scope)
}

/** A front-matter value: text written as a date ("2024-05-01", "2024-05-01T10:00") is a date, as Obsidian types it. */
function readProperty(record: BaseRecord, name: string, scope: Scope): Value {
  if (!Object.hasOwn(record.properties, name)) return null
  const value = fromJson(record.properties[name])
  if (typeof value === 'string') return looksLikeDate(value) ? (parseDate(value, zoneOf(scope)) ?? value) : value
  if (Array.isArray(value) && value.some((item) => typeof item === 'string' && looksLikeDate(item))) {
    return value.map((item: Value) => (typeof item === 'string' && looksLikeDate(item) ? (parseDate(item, zoneOf(scope)) ?? item) : item))
  }
  return value
}

/** A cheap test before the date pattern: "2024-05-01…" has a "-" after four characters. */
function looksLikeDate(text: string): boolean {
  return text.length >= 10 && text.length <= 40 && text.charCodeAt(4) === 45
}

function fromJson(value: unknown): Value {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return null
  return value as Value
}

function readFormula(name: string, node: Expr, scope: Scope): Value {
  if (scope.formulaValues.has(name)) return scope.formulaValues.get(name) ?? null
  const formulas = scope.context.formulas
  // an unknown formula is reported once when the base is parsed; here it is just empty
  const ast = formulas?.get(name)
  if (!ast) return null
  if (scope.formulasInProgress.has(name)) {
    const chain = [...scope.formulasInProgress, name].join(' → ')
    throw new Failure(
      `Formula "${name}" depends on itself (${chain})`,
      'Break the cycle: a formula may not use itself, directly or through others.',
      node,
    )
  }
  if (scope.formulasInProgress.size >= MAX_FORMULA_DEPTH) {
    throw new Failure(
      `Formula "${name}" is reached through more than ${MAX_FORMULA_DEPTH} formulas`,
      'Let a formula use the properties it needs directly rather than through a long chain of formulas.',
      node,
    )
  }
  scope.formulasInProgress.add(name)
  // a formula sees the note, never the `value` of a filter or map it is used in
  const locals = scope.locals
  scope.locals = undefined
  let value: Value
  try {
    const result = evaluate(ast, scope)
    if (result instanceof EvaluationError) {
      scope.context.onFormulaError?.(name, result)
      scope.failedFormulas.add(name)
      value = null
    } else value = result
  } finally {
    scope.formulasInProgress.delete(name)
    scope.locals = locals
  }
  scope.formulaValues.set(name, value)
  return value
}

const DATE_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond']
const DURATION_FIELDS: Record<string, number> = {
  years: 365 * 86_400_000,
  months: 30 * 86_400_000,
  weeks: 7 * 86_400_000,
  days: 86_400_000,
  hours: 3_600_000,
  minutes: 60_000,
  seconds: 1000,
  milliseconds: 1,
}

function readMember(target: Value, name: string, node: Expr, scope: Scope): Value {
  if (target === null) return null
  if (target instanceof FileValue) return readFileProperty(target.record, name, node, scope)
  if (target instanceof NoteValue)
    return target.self && name === 'file' ? new FileValue(target.record) : readProperty(target.record, name, scope)
  if (target instanceof FormulaValue) return readFormula(name, node, scope)
  const date =
    target instanceof DateValue ? target : typeof target === 'string' && DATE_FIELDS.includes(name) ? parseDate(target) : undefined
  if (date && DATE_FIELDS.includes(name)) {
    const d = new Date(date.ms)
    const parts = [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ]
    return parts[DATE_FIELDS.indexOf(name)]
  }
  if (target instanceof DurationValue && Object.hasOwn(DURATION_FIELDS, name)) {
    // in whole and part units, like moment's asDays(): (now() - file.ctime).days.floor() is the days since
    return name === 'months' || name === 'years'
      ? (target.months + target.ms / (30 * 86_400_000)) / (name === 'years' ? 12 : 1)
      : target.total / DURATION_FIELDS[name]
  }
  if (name === 'length' && (typeof target === 'string' || Array.isArray(target))) return target.length
  if (isPlainObject(target)) return Object.hasOwn(target, name) ? fromJson(target[name]) : null
  if (METHODS.has(name)) throw new Failure(`"${name}" is a function`, `Call it: .${name}(…)`, node)
  throw new Failure(`${capitalize(describe(target))} has no property "${name}"`, 'Check the property name.', node)
}

/** The 14 file properties of Obsidian's help (file.name with its extension, file.basename without). */
export const FILE_FIELDS = [
  'name',
  'basename',
  'path',
  'folder',
  'ext',
  'size',
  'ctime',
  'mtime',
  'properties',
  'tags',
  'links',
  'backlinks',
  'embeds',
  'file',
] as const

function readFileProperty(record: BaseRecord, name: string, node: Expr, scope: Scope): Value {
  const slash = record.path.lastIndexOf('/')
  const fileName = record.path.slice(slash + 1)
  const dot = fileName.lastIndexOf('.')
  switch (name) {
    case 'name':
      return fileName
    case 'basename':
      return dot > 0 ? fileName.slice(0, dot) : fileName
    case 'path':
      return record.path
    case 'folder':
      return slash === -1 ? '' : record.path.slice(0, slash)
    case 'ext':
      return dot > 0 ? fileName.slice(dot + 1) : ''
    case 'size':
      return record.size ?? null
    case 'mtime':
    case 'ctime': {
      const ms = name === 'mtime' ? record.mtime : record.ctime
      return ms === undefined ? null : instantToDate(ms, zoneOf(scope))
    }
    case 'tags':
      return [...record.tags]
    case 'links':
      return record.links.map((path) => new LinkValue(path, path))
    case 'embeds':
      return (record.embeds ?? []).map((path) => new LinkValue(path, path))
    case 'backlinks':
      return (record.backlinks ?? []).map((path) => new LinkValue(path, path))
    case 'properties':
      return record.properties as Value
    case 'file':
      return new FileValue(record)
  }
  if (METHODS.has(name)) throw new Failure(`"${name}" is a function`, `Call it: file.${name}(…)`, node)
  throw new Failure(`A file has no property "${name}"`, `Use ${FILE_FIELDS.join(', ')}.`, node)
}

function readIndex(target: Value, index: Value, node: Expr, scope: Scope): Value {
  if (target === null || index === null) return null
  if (typeof index === 'number' && (Array.isArray(target) || typeof target === 'string')) {
    const item = target[index < 0 ? target.length + index : index]
    return item === undefined ? null : (item as Value)
  }
  if (typeof index === 'string') {
    if (target instanceof NoteValue) return readProperty(target.record, index, scope)
    if (
      target instanceof FileValue ||
      target instanceof FormulaValue ||
      target instanceof DateValue ||
      target instanceof DurationValue ||
      isPlainObject(target)
    ) {
      return readMember(target, index, node, scope)
    }
  }
  throw new Failure(
    `Cannot index ${describe(target)} with ${describe(index)}`,
    'Index lists with numbers and notes with property names.',
    node,
  )
}

function callFunction(name: string, args: Expr[], node: Expr, scope: Scope): Value {
  if (name === 'if') {
    if (isTruthy(run(args[0], scope))) return run(args[1], scope)
    return args[2] ? run(args[2], scope) : null
  }
  const values = args.map((arg) => run(arg, scope))
  const [first] = values
  switch (name) {
    case 'now':
      return instantToDate(scope.context.now, zoneOf(scope))
    case 'today':
      return startOfDay(instantToDate(scope.context.now, zoneOf(scope)))
    case 'date': {
      if (first === null || first instanceof DateValue) return first
      const date = toDate(first, scope)
      if (!date)
        throw new Failure(`Cannot read ${describe(first)} as a date`, 'Write dates as "2024-05-01" or "2024-05-01 10:00:00".', node)
      return date
    }
    case 'duration': {
      if (first === null || first instanceof DurationValue) return first
      if (typeof first === 'number') return new DurationValue(first)
      const duration = typeof first === 'string' ? parseDuration(first) : undefined
      if (!duration)
        throw new Failure(`Cannot read ${describe(first)} as a duration`, 'Write durations as "7d", "2 weeks", "1M" or "1y".', node)
      return new DurationValue(duration.ms, duration.months)
    }
    case 'number': {
      if (first === null) return null
      if (first instanceof DateValue) return first.ms
      if (first instanceof DurationValue) return first.total
      const number = toNumber(first)
      if (number === undefined)
        throw new Failure(`Cannot read ${describe(first)} as a number`, 'Pass a number or text such as "12.5".', node)
      return number
    }
    case 'link': {
      const display = values[1] === undefined || values[1] === null ? undefined : toText(values[1])
      if (first instanceof LinkValue) return display === undefined ? first : new LinkValue(first.target, first.path, display)
      if (first instanceof FileValue || first instanceof NoteValue) return new LinkValue(first.record.path, first.record.path, display)
      if (first === null || typeof first === 'object' || typeof first === 'boolean')
        throw new Failure(`Cannot link to ${describe(first)}`, 'Pass a note name or path, e.g. link("Muster AG").', node)
      const target = String(first)
      return new LinkValue(target, resolveTarget(target, scope), display)
    }
    case 'file': {
      const path = first instanceof FileValue || first instanceof NoteValue ? first.record.path : pathOf(first, scope)
      const record = path === undefined ? undefined : scope.context.record?.(path)
      return record ? new FileValue(record) : null
    }
    case 'image':
      if (first === null) return null
      if (first instanceof ImageValue) return first
      if (first instanceof FileValue || first instanceof NoteValue) return new ImageValue(first.record.path)
      if (first instanceof LinkValue) return new ImageValue(first.path ?? first.target)
      return new ImageValue(toText(first))
    case 'icon':
      return first === null ? null : new IconValue(toText(first))
    case 'html':
      return first === null ? null : new HtmlValue(toText(first))
    case 'escapeHTML':
      return first === null ? null : escapeHtmlText(toText(first))
    case 'random':
      return (scope.context.random ?? Math.random)()
    case 'list':
      return first === null ? [] : Array.isArray(first) ? first : [first]
    case 'min':
    case 'max':
      return extreme(values.flat(), name === 'max' ? 1 : -1, scope)
  }
  throw new Failure(`Unknown function "${name}"`, `Use one of ${Object.keys(FUNCTIONS).join(', ')}.`, node)
}

function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

function extreme(values: readonly Value[], sign: 1 | -1, scope: Scope): Value {
  let best: Value = null
  for (const value of values) {
    if (value === null) continue
    if (best === null || (compareValues(value, best, scope) ?? 0) * sign > 0) best = value
  }
  return best
}

/** The type names `isType` knows, each with the test of a value. */
const TYPES: Record<string, (value: Value) => boolean> = {
  null: (value) => value === null,
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  date: (value) => value instanceof DateValue,
  duration: (value) => value instanceof DurationValue,
  list: (value) => Array.isArray(value),
  object: (value) => isPlainObject(value),
  link: (value) => value instanceof LinkValue,
  file: (value) => value instanceof FileValue || value instanceof NoteValue,
  regexp: (value) => value instanceof RegexValue,
  image: (value) => value instanceof ImageValue,
  icon: (value) => value instanceof IconValue,
  html: (value) => value instanceof HtmlValue,
}
const TYPE_ALIASES: Record<string, string> = { text: 'string', array: 'list', regex: 'regexp', bool: 'boolean', checkbox: 'boolean' }

function callMethod(target: Value, name: string, argNodes: Expr[], node: Expr, scope: Scope): Value {
  if (ITEM_METHODS.has(name)) {
    if (target === null) return null
    if (Array.isArray(target)) return callItemMethod(target, name, argNodes, node, scope)
  }
  const args = argNodes.map((arg) => run(arg, scope))
  const fail = (): never => {
    throw new Failure(
      `${capitalize(describe(target))} has no function "${name}"`,
      'Check the function name and the type of the value.',
      node,
    )
  }
  const need = (count: number): void => {
    if (args.length < count) throw new Failure(`.${name}() needs ${count} argument(s)`, `Pass ${count} argument(s) to .${name}().`, node)
  }
  switch (name) {
    case 'isTruthy':
      return isTruthy(target)
    case 'isEmpty':
      return isEmptyValue(target)
    case 'toString':
      return toText(target)
    case 'isType': {
      need(1)
      const wanted = toText(args[0]).toLowerCase()
      const test = TYPES[Object.hasOwn(TYPE_ALIASES, wanted) ? TYPE_ALIASES[wanted] : wanted]
      if (!test) throw new Failure(`Unknown type "${wanted}"`, `Use one of ${Object.keys(TYPES).join(', ')}.`, node)
      return test(target)
    }
  }
  if (target === null) return null
  if (target instanceof FileValue) return callFileMethod(target.record, name, args, scope) ?? fail()
  if (target instanceof NoteValue && target.self) return callFileMethod(target.record, name, args, scope) ?? fail()
  if (target instanceof LinkValue || (typeof target === 'string' && (name === 'asFile' || name === 'linksTo'))) {
    const path = pathOf(target, scope)
    const record = path === undefined ? undefined : scope.context.record?.(path)
    if (name === 'asFile') return record ? new FileValue(record) : null
    if (name === 'linksTo') {
      need(1)
      const other = pathOf(args[0], scope)
      return record !== undefined && other !== undefined && linkSet(record).has(other)
    }
    if (target instanceof LinkValue) return fail()
  }
  if (target instanceof RegexValue) {
    if (name === 'matches') {
      need(1)
      return target.regex.test(toText(args[0]))
    }
    return fail()
  }
  let text = typeof target === 'string' ? target : undefined
  const date =
    target instanceof DateValue ? target : text !== undefined && DATE_METHODS.has(name) ? parseDate(text, zoneOf(scope)) : undefined
  if (date) {
    switch (name) {
      case 'format':
        return formatDate(date, typeof args[0] === 'string' ? args[0] : 'YYYY-MM-DD', scope.context.locale)
      case 'date':
        return startOfDay(date)
      case 'time':
        return formatDate(date, 'HH:mm:ss')
      case 'relative':
        return relativeTime(date, instantToDate(scope.context.now, zoneOf(scope)), scope.context.locale)
    }
    // a date is text to the text functions: date.contains("2024")
    text = toText(date)
  }
  if (text !== undefined) return callTextMethod(text, name, args, node, scope) ?? fail()
  if (Array.isArray(target)) return callListMethod(target, name, args, node, scope) ?? fail()
  if (typeof target === 'number') {
    const digits = typeof args[0] === 'number' ? Math.max(0, Math.min(20, Math.trunc(args[0]))) : 0
    switch (name) {
      case 'toFixed':
        return target.toFixed(digits)
      case 'round':
        return Math.round(target * 10 ** digits) / 10 ** digits
      case 'abs':
        return Math.abs(target)
      case 'floor':
        return Math.floor(target)
      case 'ceil':
        return Math.ceil(target)
    }
    return fail()
  }
  if (isPlainObject(target)) {
    if (name === 'keys') return Object.keys(target)
    if (name === 'values') return Object.values(target).map(fromJson)
    return fail()
  }
  return fail()
}

const DATE_METHODS = new Set(['format', 'date', 'time', 'relative'])

function callTextMethod(target: string, name: string, args: Value[], node: Expr, scope: Scope): Value | undefined {
  const need = (count: number): void => {
    if (args.length < count) throw new Failure(`.${name}() needs ${count} argument(s)`, `Pass ${count} argument(s) to .${name}().`, node)
  }
  const text = typeof args[0] === 'string' ? args[0] : toText(args[0] ?? null)
  switch (name) {
    case 'contains':
      need(1)
      return target.includes(text)
    case 'containsAll':
      return args.every((arg) => target.includes(toText(arg)))
    case 'containsAny':
      return args.some((arg) => target.includes(toText(arg)))
    case 'startsWith':
      need(1)
      return target.startsWith(text)
    case 'endsWith':
      need(1)
      return target.endsWith(text)
    case 'lower':
      return target.toLocaleLowerCase(scope.context.locale ?? 'de')
    case 'upper':
      return target.toLocaleUpperCase(scope.context.locale ?? 'de')
    case 'title':
      return target.replace(
        /(^|[^\p{L}\p{N}'’])(\p{L})/gu,
        (_m, before: string, letter: string) => before + letter.toLocaleUpperCase(scope.context.locale ?? 'de'),
      )
    case 'trim':
      return target.trim()
    case 'replace': {
      need(2)
      const replacement = toText(args[1])
      // text: every occurrence; a regular expression: the first, or every one with the g flag
      return args[0] instanceof RegexValue ? target.replace(args[0].regex, replacement) : target.split(text).join(replacement)
    }
    case 'repeat': {
      need(1)
      const count = toNumber(args[0])
      if (count === undefined || count < 0 || !Number.isFinite(count))
        throw new Failure(`.repeat() needs a count of 0 or more, got ${describe(args[0])}`, 'Pass a whole number, e.g. .repeat(3).', node)
      if (target.length * Math.floor(count) > MAX_VALUE_SIZE) throw tooLarge(scope, node)
      return target.repeat(Math.floor(count))
    }
    case 'reverse':
      return [...target].reverse().join('')
    case 'slice': {
      need(1)
      const start = toNumber(args[0]) ?? 0
      const end = args[1] === undefined || args[1] === null ? undefined : toNumber(args[1])
      return target.slice(start, end)
    }
    case 'split': {
      need(1)
      const limit = args[1] === undefined || args[1] === null ? undefined : toNumber(args[1])
      const parts = args[0] instanceof RegexValue ? target.split(args[0].regex) : target.split(text)
      // split(/(,)/) also returns the groups; a group that took part in no match is undefined
      const clean = parts.map((part) => part ?? null)
      return limit === undefined ? clean : clean.slice(0, Math.max(0, limit))
    }
  }
  return undefined
}

function callListMethod(list: readonly Value[], name: string, args: Value[], node: Expr, scope: Scope): Value | undefined {
  const has = (needle: Value) => list.some((item) => valuesEqual(item, needle, scope))
  const numbers = () =>
    list
      .map((item) => (item instanceof DurationValue ? item.total : item))
      .filter((item): item is number => typeof item === 'number' && Number.isFinite(item))
  switch (name) {
    case 'contains':
      if (args.length < 1) throw new Failure('.contains() needs 1 argument(s)', 'Pass 1 argument(s) to .contains().', node)
      return has(args[0])
    case 'containsAll':
      return args.every(has)
    case 'containsAny':
      return args.some(has)
    case 'join':
      return list.map(toText).join(args.length > 0 ? toText(args[0]) : ', ')
    case 'flat': {
      const flat: Value[] = []
      const pending: (readonly Value[])[] = [list]
      const positions = [0]
      while (pending.length > 0) {
        const current = pending[pending.length - 1]
        const position = positions[positions.length - 1]++
        if (position >= current.length) {
          pending.pop()
          positions.pop()
        } else if (Array.isArray(current[position])) {
          pending.push(current[position] as readonly Value[])
          positions.push(0)
        } else flat.push(current[position])
      }
      return flat
    }
    case 'reverse':
      return [...list].reverse()
    case 'slice': {
      const start = toNumber(args[0] ?? 0) ?? 0
      const end = args[1] === undefined || args[1] === null ? undefined : toNumber(args[1])
      return list.slice(start, end)
    }
    case 'sort': {
      const sorted = [...list]
      sorted.sort((a, b) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : (compareValues(a, b, scope) ?? 0)))
      return sorted
    }
    case 'unique': {
      const seen = new Set<string>()
      return list.filter((item) => {
        const key = identityOf(item, scope)
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
    }
    case 'sum':
      return numbers().reduce((sum, n) => sum + n, 0)
    case 'mean':
    case 'average': {
      const values = numbers()
      return values.length === 0 ? null : values.reduce((sum, n) => sum + n, 0) / values.length
    }
    case 'median': {
      const values = numbers().sort((a, b) => a - b)
      if (values.length === 0) return null
      const middle = Math.floor(values.length / 2)
      return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
    case 'stddev': {
      const values = numbers()
      if (values.length === 0) return null
      const mean = values.reduce((sum, n) => sum + n, 0) / values.length
      return Math.sqrt(values.reduce((sum, n) => sum + (n - mean) ** 2, 0) / values.length)
    }
    case 'min':
    case 'max':
      return extreme(list, name === 'max' ? 1 : -1, scope)
  }
  return undefined
}

/** A key equal for values that `unique()` takes as the same: numbers, texts, dates by time, links by target. */
function identityOf(value: Value, scope: Scope): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return `${typeof value}:${String(value)}`
  if (value instanceof DateValue) return `date:${value.ms}`
  if (value instanceof DurationValue) return `duration:${value.total}`
  if (isLinkLike(value)) return `path:${pathOf(value, scope) ?? ''}`
  if (Array.isArray(value)) return `list:[${value.map((item: Value) => identityOf(item, scope)).join(',')}]`
  return `${describe(value)}:${toText(value)}`
}

/** filter(…), map(…) and reduce(…): the first argument is evaluated per item with `value` and `index` (and `acc`). */
function callItemMethod(list: readonly Value[], name: string, argNodes: Expr[], node: Expr, scope: Scope): Value {
  if (argNodes.length < 1) {
    throw new Failure(
      `.${name}() needs an expression`,
      name === 'reduce' ? 'Write e.g. .reduce(acc + value, 0).' : `Write e.g. .${name}(value > 2).`,
      node,
    )
  }
  const [body, initial] = argNodes
  const outer = scope.locals
  let acc: Value = name === 'reduce' && initial ? run(initial, scope) : null
  const frame = new Map(outer ?? [])
  scope.locals = frame
  try {
    const out: Value[] = []
    for (let index = 0; index < list.length; index++) {
      const value = list[index]
      frame.set('value', value)
      frame.set('index', index)
      if (name === 'reduce') {
        frame.set('acc', acc)
        acc = run(body, scope)
      } else {
        const result = run(body, scope)
        if (name === 'map') out.push(result)
        else if (isTruthy(result)) out.push(value)
      }
    }
    return name === 'reduce' ? acc : out
  } finally {
    scope.locals = outer
  }
}

/** `file.hasTag(…)` and friends; undefined when `name` is no file function. */
function callFileMethod(record: BaseRecord, name: string, args: Value[], scope: Scope): Value | undefined {
  switch (name) {
    case 'hasTag': {
      const tags = normalizedTags(record)
      return args.some((arg) => {
        const wanted = normalizeTag(toText(arg))
        return wanted !== '' && tags.some((tag) => tag === wanted || tag.startsWith(`${wanted}/`))
      })
    }
    case 'inFolder': {
      const folder = toText(args[0] ?? null).replace(/^\/+|\/+$/g, '')
      return folder === '' || record.path.startsWith(`${folder}/`)
    }
    case 'hasLink': {
      const path = pathOf(args[0] ?? null, scope)
      return path !== undefined && linkSet(record).has(path)
    }
    case 'hasProperty':
      return typeof args[0] === 'string' && Object.hasOwn(record.properties, args[0])
    case 'asLink':
      return new LinkValue(record.path, record.path, args[0] === undefined || args[0] === null ? undefined : toText(args[0]))
  }
  return undefined
}

function runBinary(node: Extract<Expr, { type: 'binary' }>, scope: Scope): Value {
  const left = run(node.left, scope)
  if (node.operator === '&&') return isTruthy(left) && isTruthy(run(node.right, scope))
  if (node.operator === '||') return isTruthy(left) || isTruthy(run(node.right, scope))
  const right = run(node.right, scope)
  switch (node.operator) {
    case '==':
      return valuesEqual(left, right, scope)
    case '!=':
      return !valuesEqual(left, right, scope)
    case '>':
    case '<':
    case '>=':
    case '<=': {
      const order = compareValues(left, right, scope)
      if (order === undefined) return false
      return node.operator === '>' ? order > 0 : node.operator === '<' ? order < 0 : node.operator === '>=' ? order >= 0 : order <= 0
    }
    case '+':
    case '-':
      return addValues(left, right, node.operator === '+' ? 1 : -1, node, scope)
  }
  if (left === null || right === null) return null
  // a duration scaled by a number stays a duration: duration("1d") * 2
  if (left instanceof DurationValue && node.operator !== '%' && !(right instanceof DurationValue)) {
    const factor = toNumber(right)
    if (factor !== undefined) {
      const by = node.operator === '*' ? factor : 1 / factor
      return Number.isFinite(by) ? new DurationValue(left.ms * by, left.months * by) : null
    }
  }
  const a = left instanceof DurationValue ? left.total : toNumber(left)
  const b = right instanceof DurationValue ? right.total : toNumber(right)
  if (a === undefined || b === undefined) {
    const verb = node.operator === '*' ? 'multiply' : node.operator === '/' ? 'divide' : 'take the remainder of'
    throw new Failure(`Cannot ${verb} ${describe(left)} and ${describe(right)}`, 'Use numbers, or convert text with number(…).', node)
  }
  const result = node.operator === '*' ? a * b : node.operator === '/' ? a / b : a % b
  return Number.isFinite(result) ? result : null
}

function addValues(left: Value, right: Value, sign: 1 | -1, node: Expr, scope: Scope): Value {
  const leftDate = left instanceof DateValue ? left : typeof left === 'string' ? parseDate(left, zoneOf(scope)) : undefined
  if (leftDate) {
    const duration =
      right instanceof DurationValue
        ? { months: right.months, ms: right.ms, time: right.ms % DAY_MS !== 0 }
        : typeof right === 'string'
          ? parseDuration(right)
          : typeof right === 'number'
            ? { months: 0, ms: right, time: true }
            : undefined
    if (duration) return shiftDate(leftDate, duration, sign)
    const rightDate = right instanceof DateValue ? right : typeof right === 'string' ? parseDate(right, zoneOf(scope)) : undefined
    if (sign === -1 && rightDate) return new DurationValue(leftDate.ms - rightDate.ms)
    if (left instanceof DateValue && right !== null && typeof right !== 'string') {
      throw new Failure(
        `Cannot ${sign === 1 ? 'add' : 'subtract'} ${describe(right)} ${sign === 1 ? 'to' : 'from'} a date`,
        'Use a duration such as "7d" or "1 week".',
        node,
      )
    }
  }
  if (left instanceof DurationValue) {
    if (sign === 1 && right instanceof DateValue)
      return shiftDate(right, { months: left.months, ms: left.ms, time: left.ms % DAY_MS !== 0 }, 1)
    const other = right instanceof DurationValue ? right : typeof right === 'string' ? parseDuration(right) : undefined
    if (other) return new DurationValue(left.ms + sign * other.ms, left.months + sign * other.months)
  }
  if (sign === 1) {
    if (typeof left === 'number' && typeof right === 'number') return left + right
    if (Array.isArray(left) && Array.isArray(right)) return [...(left as Value[]), ...(right as Value[])]
    if (typeof left === 'string' || typeof right === 'string') return toText(left) + toText(right)
    if (left === null || right === null) return null
  } else {
    if (left === null || right === null) return null
  }
  const a = left instanceof DurationValue ? left.total : toNumber(left)
  const b = right instanceof DurationValue ? right.total : toNumber(right)
  const durations = left instanceof DurationValue || right instanceof DurationValue
  if (a !== undefined && b !== undefined && (sign === -1 || durations)) return a + sign * b
  throw new Failure(
    `Cannot ${sign === 1 ? 'add' : 'subtract'} ${describe(left)} and ${describe(right)}`,
    'Use numbers, text or dates with durations.',
    node,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

const collator = new Intl.Collator('de')

/** Equality as a reader expects it: dates by time, links by the note they point to, lists item by item. */
export function valuesEqual(a: Value, b: Value, scope: Scope): boolean {
  if (a === null || b === null) return a === b
  if (a instanceof DurationValue || b instanceof DurationValue) {
    const x = a instanceof DurationValue ? a.total : toNumber(a)
    return x !== undefined && x === (b instanceof DurationValue ? b.total : toNumber(b))
  }
  if (a instanceof RegexValue || b instanceof RegexValue) {
    return a instanceof RegexValue && b instanceof RegexValue && a.pattern === b.pattern && a.flags === b.flags
  }
  if (a instanceof DateValue || b instanceof DateValue) {
    const x = toDate(a, scope)
    const y = toDate(b, scope)
    return x !== undefined && y !== undefined && x.ms === y.ms
  }
  if (isLinkLike(a) || isLinkLike(b)) {
    const x = pathOf(a, scope)
    return x !== undefined && x === pathOf(b, scope)
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => valuesEqual(item as Value, b[i] as Value, scope))
  }
  if (typeof a === typeof b && typeof a !== 'object') return a === b
  return toText(a) === toText(b)
}

/**
 * Orders two values: numbers numerically, dates by time (text like "2024-05-01" counts as a date next to a date or
 * to other such text), text by German collation, anything mixed as text. Undefined when either is null.
 */
export function compareValues(a: Value, b: Value, scope: Scope): number | undefined {
  if (a === null || b === null) return undefined
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (a instanceof DurationValue || b instanceof DurationValue) {
    const x = a instanceof DurationValue ? a.total : toNumber(a)
    const y = b instanceof DurationValue ? b.total : toNumber(b)
    if (x !== undefined && y !== undefined) return x - y
  }
  if (a instanceof DateValue || b instanceof DateValue || (typeof a === 'string' && typeof b === 'string')) {
    const x = toDate(a, scope)
    const y = toDate(b, scope)
    if (x && y) return x.ms - y.ms
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return collator.compare(toText(a), toText(b))
}

function isLinkLike(value: Value): boolean {
  return value instanceof LinkValue || value instanceof FileValue || value instanceof NoteValue
}

/** The source path a link, file, note or link text points to; text that resolves to nothing stays as written. */
function pathOf(value: Value, scope: Scope): string | undefined {
  if (value instanceof LinkValue) return value.path ?? value.target
  if (value instanceof FileValue || value instanceof NoteValue) return value.record.path
  if (typeof value === 'string') return resolveTarget(value, scope) ?? value
  if (value instanceof DateValue) return toText(value)
  return undefined
}

function resolveTarget(target: string, scope: Scope): string | undefined {
  return scope.context.resolve(target)
}

const tagCache = new WeakMap<BaseRecord, string[]>()
const linkCache = new WeakMap<BaseRecord, Set<string>>()

function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#/, '').toLocaleLowerCase('de')
}

function normalizedTags(record: BaseRecord): string[] {
  let tags = tagCache.get(record)
  if (!tags) tagCache.set(record, (tags = record.tags.map(normalizeTag)))
  return tags
}

function linkSet(record: BaseRecord): Set<string> {
  let links = linkCache.get(record)
  if (!links) linkCache.set(record, (links = new Set(record.links)))
  return links
}

// ---------------------------------------------------------------------------------------------------------------
// Conversions

function isPlainObject(value: Value): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
}

function toNumber(value: Value): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return Number(value)
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value)
    return Number.isNaN(number) ? undefined : number
  }
  return undefined
}

function toDate(value: Value, scope: Scope): DateValue | undefined {
  if (value instanceof DateValue) return value
  if (typeof value === 'string') return parseDate(value, zoneOf(scope))
  return undefined
}

/** The text of a value in string concatenation and text functions. */
export function toText(value: Value): string {
  if (value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return value.map((item: Value) => toText(item)).join(', ')
  if (value instanceof DateValue) return formatDate(value, value.time ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD')
  if (value instanceof LinkValue) return value.display ?? value.target
  if (value instanceof FileValue || value instanceof NoteValue) return fileBasename(value.record.path)
  if (value instanceof FormulaValue) return ''
  if (value instanceof DurationValue) return durationText(value)
  if (value instanceof RegexValue) return `/${value.pattern}/${value.flags}`
  if (value instanceof ImageValue) return value.target
  if (value instanceof IconValue) return value.name
  if (value instanceof HtmlValue) return value.html
  return JSON.stringify(value)
}

function fileBasename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')
}

function describe(value: Value): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return `text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  if (typeof value === 'number') return `the number ${value}`
  if (typeof value === 'boolean') return `the value ${value}`
  if (Array.isArray(value)) return 'a list'
  if (value instanceof DateValue) return 'a date'
  if (value instanceof LinkValue) return 'a link'
  if (value instanceof FileValue) return 'a file'
  if (value instanceof NoteValue) return 'a note'
  if (value instanceof FormulaValue) return 'formula'
  if (value instanceof DurationValue) return 'a duration'
  if (value instanceof RegexValue) return 'a regular expression'
  if (value instanceof ImageValue) return 'an image'
  if (value instanceof IconValue) return 'an icon'
  if (value instanceof HtmlValue) return 'HTML'
  return 'an object'
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and durations

const DEFAULT_TIME_ZONE = 'Europe/Zurich'
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/
const zoneFormats = new Map<string, Intl.DateTimeFormat>()

function zoneOf(scope: Scope): string {
  return scope.context.timeZone ?? DEFAULT_TIME_ZONE
}

/** Reads "2024-05-01", "2024-05-01T10:00" or "2024-05-01T10:00:00Z"; a time with a zone is moved to `timeZone`. */
export function parseDate(text: string, timeZone = DEFAULT_TIME_ZONE): DateValue | undefined {
  const match = DATE_PATTERN.exec(text.trim())
  if (!match) return undefined
  const [, year, month, day, hour, minute, second, milli, zone] = match
  const ms = Date.UTC(+year, +month - 1, +day, +(hour ?? 0), +(minute ?? 0), +(second ?? 0), +(milli ?? '0').padEnd(3, '0'))
  const check = new Date(ms)
  if (check.getUTCMonth() !== +month - 1 || check.getUTCDate() !== +day || +(hour ?? 0) > 23 || +(minute ?? 0) > 59) return undefined
  if (!zone) return new DateValue(ms, hour !== undefined)
  const offset = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(-2)) * 60_000
  return instantToDate(ms - offset, timeZone)
}

/** The wall-clock time of an instant in `timeZone` (UTC when the zone is unknown). */
export function instantToDate(ms: number, timeZone = DEFAULT_TIME_ZONE): DateValue {
  let format = zoneFormats.get(timeZone)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
    } catch {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
    }
    zoneFormats.set(timeZone, format)
  }
  const parts: Record<string, number> = {}
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, ((ms % 1000) + 1000) % 1000)
  return new DateValue(wall, true)
}

function startOfDay(date: DateValue): DateValue {
  return new DateValue(date.ms - (((date.ms % 86_400_000) + 86_400_000) % 86_400_000), false)
}

interface Duration {
  months: number
  ms: number
  /** True when the duration has parts below a day, so adding it gives a date with a time. */
  time: boolean
}

const UNITS: Record<string, { months?: number; ms?: number }> = {
  y: { months: 12 },
  year: { months: 12 },
  M: { months: 1 },
  month: { months: 1 },
  w: { ms: 7 * 86_400_000 },
  week: { ms: 7 * 86_400_000 },
  d: { ms: 86_400_000 },
  day: { ms: 86_400_000 },
  h: { ms: 3_600_000 },
  hour: { ms: 3_600_000 },
  m: { ms: 60_000 },
  minute: { ms: 60_000 },
  s: { ms: 1000 },
  second: { ms: 1000 },
}

/** Reads "7d", "1 week", "2M" (months), "30m" (minutes), "1y 6M"; units are y, M, w, d, h, m, s or their names. */
export function parseDuration(text: string): Duration | undefined {
  const parts = /^\s*(?:[+-]?\d+(?:\.\d+)?\s*[a-zA-Z]+\s*)+$/.test(text) ? text.matchAll(/([+-]?\d+(?:\.\d+)?)\s*([a-zA-Z]+)/g) : []
  const duration: Duration = { months: 0, ms: 0, time: false }
  let found = false
  for (const [, amount, rawUnit] of parts) {
    const word = rawUnit.length === 1 ? rawUnit : rawUnit.toLowerCase().replace(/s$/, '')
    const unit = Object.hasOwn(UNITS, word) ? UNITS[word] : undefined
    if (!unit) return undefined
    duration.months += (unit.months ?? 0) * Number(amount)
    duration.ms += (unit.ms ?? 0) * Number(amount)
    if (unit.ms !== undefined && unit.ms < 86_400_000) duration.time = true
    found = true
  }
  return found ? duration : undefined
}

function shiftDate(date: DateValue, duration: Duration, sign: 1 | -1): DateValue {
  const shifted = new Date(date.ms)
  if (duration.months !== 0) {
    const day = shifted.getUTCDate()
    shifted.setUTCDate(1)
    shifted.setUTCMonth(shifted.getUTCMonth() + sign * Math.trunc(duration.months))
    // 31 January plus a month is the last day of February, as in every calendar app
    const lastDay = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate()
    shifted.setUTCDate(Math.min(day, lastDay))
  }
  const ms = shifted.getTime() + sign * duration.ms
  if (!isDateInRange(ms)) throw new DateRangeError()
  return new DateValue(ms, date.time || duration.time)
}

/** Milliseconds a JavaScript date can hold either side of 1970: years -271 821 to 275 760. */
const DATE_LIMIT_MS = 8.64e15

function isDateInRange(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= DATE_LIMIT_MS
}

/** A date past the range a date can have, from date arithmetic (`today() + "300000y"`). */
class DateRangeError {}

const DAY_MS = 86_400_000

/** Month and weekday names of a language, from Intl (German by default, as the site). */
interface DateNames {
  months: string[]
  monthsShort: string[]
  weekdays: string[]
  weekdaysShort: string[]
  weekdaysMin: string[]
  ordinal(n: number): string
}
const dateNames = new Map<string, DateNames>()

function namesOf(locale = 'de'): DateNames {
  let names = dateNames.get(locale)
  if (names) return names
  let tag = locale
  try {
    tag = Intl.getCanonicalLocales(locale)[0] ?? 'de'
  } catch {
    tag = 'de'
  }
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, { ...options, timeZone: 'UTC' })
  const long = format({ month: 'long' })
  const short = format({ month: 'short' })
  const weekday = format({ weekday: 'long' })
  const weekdayShort = format({ weekday: 'short' })
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 1)))
  // 7 January 2024 was a Sunday: moment's day 0
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2024, 0, 7 + d)))
  const english = tag.toLowerCase().startsWith('en')
  const rules = new Intl.PluralRules(tag, { type: 'ordinal' })
  const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' }
  names = {
    months: months.map((d) => long.format(d)),
    monthsShort: months.map((d) => short.format(d)),
    weekdays: days.map((d) => weekday.format(d)),
    weekdaysShort: days.map((d) => weekdayShort.format(d)),
    weekdaysMin: days.map((d) => weekdayShort.format(d).replace(/\.$/, '').slice(0, 2)),
    ordinal: (n) => (english ? `${n}${suffixes[rules.select(n)] ?? 'th'}` : `${n}.`),
  }
  dateNames.set(locale, names)
  return names
}

/** The ISO week of a date and the year it belongs to: the week of its Thursday, counted from that year's first. */
function isoWeek(d: Date): { week: number; year: number } {
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 3))
  const year = thursday.getUTCFullYear()
  return { week: Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1, year }
}

const FORMAT_TOKENS =
  /\[([^\]]*)\]|YYYY|YY|Y|Q|Mo|MMMM|MMM|MM|M|DDDD|DDD|Do|DD|D|dddd|ddd|dd|do|d|E|e|WW|Wo|W|ww|wo|w|GGGG|gggg|HH|H|hh|h|kk|k|mm|m|ss|s|SSS|SS|S|A|a|X|x|ZZ|Z/g

/**
 * Formats a date with Moment.js tokens, as Obsidian does; month and weekday names in `locale` (default German):
 *
 *     YYYY-MM-DD          → 2024-05-01
 *     D. MMMM YYYY        → 1. Mai 2024
 *     dddd, DD.MM. HH:mm  → Mittwoch, 01.05. 10:00
 *     MMM Do, h:mm a      → May 1st, 10:00 am   (locale 'en')
 *
 * Tokens: years (YYYY YY Y), quarter (Q), months (MMMM MMM MM M Mo), days of the month (DD D Do) and year (DDDD
 * DDD), weekdays (dddd ddd dd d do E e), weeks (WW W Wo ww w wo, ISO), hours (HH H hh h kk k), minutes, seconds and
 * fractions (mm m ss s SSS SS S), am/pm (A a), Unix time (X x) and the offset (Z ZZ, always +00:00: a date is its
 * wall-clock time); text in [brackets] is kept as is.
 */
export function formatDate(date: DateValue, pattern: string, locale?: string): string {
  // no date past the range is made (shiftDate); one from elsewhere is shown as no date rather than failing the page
  if (!isDateInRange(date.ms)) return ''
  const d = new Date(date.ms)
  const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')
  const year = d.getUTCFullYear()
  const month = d.getUTCMonth()
  const day = d.getUTCDate()
  const hour = d.getUTCHours()
  // the cells' own formats, on every date of every view: without the names, weeks and days of the year
  if (pattern === 'YYYY-MM-DD' && year >= 0) return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`
  if (pattern === 'YYYY-MM-DD[T]HH:mm' && year >= 0)
    return `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}T${pad(hour)}:${pad(d.getUTCMinutes())}`
  const names = namesOf(locale)
  const weekday = d.getUTCDay()
  const dayOfYear = () => Math.floor((date.ms - Date.UTC(year, 0, 1)) / DAY_MS) + 1
  const week = () => isoWeek(d).week
  const token = (t: string): string => {
    switch (t) {
      case 'YYYY':
        return (year < 0 ? '-' : '') + pad(year, 4)
      case 'YY':
        return pad(year % 100)
      case 'Y':
        return String(year)
      case 'Q':
        return String(Math.floor(month / 3) + 1)
      case 'MMMM':
        return names.months[month]
      case 'MMM':
        return names.monthsShort[month]
      case 'MM':
        return pad(month + 1)
      case 'M':
        return String(month + 1)
      case 'Mo':
        return names.ordinal(month + 1)
      case 'DDDD':
        return pad(dayOfYear(), 3)
      case 'DDD':
        return String(dayOfYear())
      case 'DD':
        return pad(day)
      case 'D':
        return String(day)
      case 'Do':
        return names.ordinal(day)
      case 'dddd':
        return names.weekdays[weekday]
      case 'ddd':
        return names.weekdaysShort[weekday]
      case 'dd':
        return names.weekdaysMin[weekday]
      case 'd':
        return String(weekday)
      case 'do':
        return names.ordinal(weekday)
      case 'E':
        return String(weekday === 0 ? 7 : weekday)
      case 'e':
        return String(weekday)
      case 'WW':
      case 'ww':
        return pad(week())
      case 'W':
      case 'w':
        return String(week())
      case 'Wo':
      case 'wo':
        return names.ordinal(week())
      case 'GGGG':
      case 'gggg':
        return pad(isoWeek(d).year, 4)
      case 'HH':
        return pad(hour)
      case 'H':
        return String(hour)
      case 'hh':
        return pad(hour % 12 || 12)
      case 'h':
        return String(hour % 12 || 12)
      case 'kk':
        return pad(hour || 24)
      case 'k':
        return String(hour || 24)
      case 'mm':
        return pad(d.getUTCMinutes())
      case 'm':
        return String(d.getUTCMinutes())
      case 'ss':
        return pad(d.getUTCSeconds())
      case 's':
        return String(d.getUTCSeconds())
      case 'SSS':
        return pad(d.getUTCMilliseconds(), 3)
      case 'SS':
        return pad(Math.floor(d.getUTCMilliseconds() / 10))
      case 'S':
        return String(Math.floor(d.getUTCMilliseconds() / 100))
      case 'A':
        return hour < 12 ? 'AM' : 'PM'
      case 'a':
        return hour < 12 ? 'am' : 'pm'
      case 'X':
        return String(Math.floor(date.ms / 1000))
      case 'x':
        return String(date.ms)
      case 'ZZ':
        return '+0000'
      case 'Z':
        return '+00:00'
    }
    return t
  }
  return pattern.replace(FORMAT_TOKENS, (t, literal?: string) => (literal !== undefined ? literal : token(t)))
}

/** "3 days ago", "vor 3 Tagen", "in 2 months": `date` next to `now`, rounded as moment's fromNow() rounds. */
function relativeTime(date: DateValue, now: DateValue, locale = 'de'): string {
  const seconds = (date.ms - now.ms) / 1000
  const size = Math.abs(seconds)
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    size < 45
      ? [seconds, 'second']
      : size < 45 * 60
        ? [seconds / 60, 'minute']
        : size < 22 * 3600
          ? [seconds / 3600, 'hour']
          : size < 26 * 86400
            ? [seconds / 86400, 'day']
            : size < 320 * 86400
              ? [seconds / (30.4375 * 86400), 'month']
              : [seconds / (365.25 * 86400), 'year']
  let format: Intl.RelativeTimeFormat
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  } catch {
    format = new Intl.RelativeTimeFormat('de', { numeric: 'always' })
  }
  return format.format(Math.round(amount) || (seconds < 0 ? -0 : 0), unit)
}

/** A duration as text: its two largest units, "3 d 4 h", "45 min", "-2 d". */
export function durationText(duration: DurationValue): string {
  let rest = Math.abs(Math.round(duration.total))
  const sign = duration.total < 0 ? '-' : ''
  const parts: string[] = []
  for (const [unit, ms] of [
    ['d', DAY_MS],
    ['h', 3_600_000],
    ['min', 60_000],
    ['s', 1000],
    ['ms', 1],
  ] as const) {
    const count = Math.floor(rest / ms)
    rest -= count * ms
    if (count > 0 && parts.length < 2) parts.push(`${count} ${unit}`)
    else if (parts.length > 0) break
  }
  return parts.length === 0 ? '0 s' : sign + parts.join(' ')
}
