/**
 * Obsidian's search language, as written in a ```query block: the query becomes a tree (`QueryNode`) that
 * match.ts evaluates over the site's notes once all pages are known (link/queries-site.ts).
 *
 *     meeting (work OR meetup) -personal     words, groups, OR, negation
 *     "happy cat"  /\d{4}-\d{2}/            a phrase, a JavaScript regular expression
 *     file:plan  path:"Projekte/2024"        the file's name, its path
 *     tag:#projekt  content:Termin           tags (nested ones too), the text alone
 *     line:(mehl zucker)  block:(…)  section:(…)  task:anrufen  task-todo:…  task-done:…
 *     match-case:Odoo  ignore-case:ODOO      case for the term that follows
 *     [status]  [status:Entwurf OR Fertig]  [dauer:>5]  [aliases:null]
 *
 * Lines of the block of the form `key: value` for Obsidian's result settings (`sort`, `collapse`, `explainSearch`,
 * `contextExtended`) are options, not query text. What cannot be evaluated is a `QueryProblem` at its offset.
 */

/** What a word inside an operator searches. */
export type QueryScope = 'file' | 'path' | 'content' | 'tag' | 'line' | 'section' | 'block' | 'task' | 'task-todo' | 'task-done'

export type QueryNode =
  | { type: 'and'; children: QueryNode[] }
  | { type: 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode }
  /** A word or "phrase" (`phrase` keeps spaces), or a `/regex/` (its source, checked to compile). */
  | { type: 'text'; text: string; regex?: true }
  | { type: 'scope'; scope: QueryScope; child: QueryNode }
  | { type: 'case'; sensitive: boolean; child: QueryNode }
  /** `[name]` or `[name:value]`; the value is a query of its own over the property's values. */
  | { type: 'property'; name: string; value?: QueryNode }

/** How the results are ordered: Obsidian's sort settings. */
export type QuerySort =
  'alphabetical' | 'alphabeticalReverse' | 'byModifiedTime' | 'byModifiedTimeReverse' | 'byCreatedTime' | 'byCreatedTimeReverse'

export interface QueryOptions {
  sort: QuerySort
  /** Titles only, without the matching lines. */
  collapse: boolean
}

export interface QueryProblem {
  message: string
  hint: string
  /** Offset in the block's text. */
  offset: number
}

export interface ParsedQuery {
  /** Undefined when the query cannot be evaluated (see `problems`). */
  root?: QueryNode
  options: QueryOptions
  problems: QueryProblem[]
}

const SCOPES = new Set<string>(['file', 'path', 'content', 'tag', 'line', 'section', 'block', 'task', 'task-todo', 'task-done'])
const SORTS = new Set<string>([
  'alphabetical',
  'alphabeticalReverse',
  'byModifiedTime',
  'byModifiedTimeReverse',
  'byCreatedTime',
  'byCreatedTimeReverse',
])
/** Obsidian's settings of an embedded search; only `sort` and `collapse` change what a static page shows. */
const OPTION_LINE = /^[ \t]*(sort|collapse|explainSearch|contextExtended|showMoreContext)[ \t]*:[ \t]*(\S*)[ \t]*$/gm

/** Longest regular expression run; longer ones are refused (their cost is hard to foresee). */
export const MAX_REGEX_LENGTH = 200
/** Longest query text evaluated. */
const MAX_QUERY_LENGTH = 2_000
/** Deepest nesting of groups and operators. */
const MAX_DEPTH = 32

/** Parses the text of a ```query block. */
export function parseQuery(source: string): ParsedQuery {
  const options: QueryOptions = { sort: 'alphabetical', collapse: false }
  const problems: QueryProblem[] = []
  // option lines are blanked, so offsets in the rest stay those of the block
  const text = source.replace(OPTION_LINE, (line, key: string, value: string, offset: number) => {
    if (key === 'sort') {
      if (SORTS.has(value)) options.sort = value as QuerySort
      else
        problems.push({
          message: `Unknown sort order "${value}" of a query`,
          hint: `Write one of ${[...SORTS].join(', ')}; the results are sorted by title meanwhile.`,
          offset: offset + line.indexOf(value),
        })
    } else if (key === 'collapse') options.collapse = value === 'true'
    return ' '.repeat(line.length)
  })
  if (text.length > MAX_QUERY_LENGTH) {
    problems.push({
      message: `Query of ${text.length} characters is too long to evaluate`,
      hint: `Shorten it to at most ${MAX_QUERY_LENGTH} characters.`,
      offset: 0,
    })
    return { options, problems }
  }
  const parser = new Parser(text)
  try {
    const root = parser.query()
    if (!root) {
      problems.push({ message: 'Empty query', hint: 'Write the search terms into the block, e.g. "tag:#projekt".', offset: 0 })
      return { options, problems }
    }
    return { root, options, problems }
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error
    problems.push({ message: error.message, hint: error.hint, offset: error.offset })
    return { options, problems }
  }
}

class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

class Parser {
  private at = 0
  private depth = 0

  constructor(private readonly text: string) {}

  /** The whole query; undefined when it is empty. */
  query(): QueryNode | undefined {
    const node = this.or(false)
    this.space()
    if (this.at < this.text.length) {
      throw new QuerySyntaxError(`Unmatched ")" in query`, 'Remove it or open a group with "(" before it.', this.at)
    }
    return node
  }

  private or(inGroup: boolean): QueryNode | undefined {
    const alternatives: QueryNode[] = []
    let current: QueryNode[] = []
    for (;;) {
      this.space()
      if (this.at >= this.text.length || this.peek() === ')') break
      if (this.word() === 'OR') {
        const start = this.at
        this.at += 2
        if (current.length === 0) throw new QuerySyntaxError('"OR" without a term before it', 'Write a term on both sides of OR.', start)
        alternatives.push(and(current))
        current = []
        continue
      }
      current.push(this.unary())
    }
    if (current.length > 0) alternatives.push(and(current))
    else if (alternatives.length > 0)
      throw new QuerySyntaxError('"OR" without a term after it', 'Write a term on both sides of OR.', this.at)
    if (inGroup && alternatives.length === 0)
      throw new QuerySyntaxError('Empty group "()" in query', 'Write terms into the parentheses.', this.at)
    if (alternatives.length === 0) return undefined
    return alternatives.length === 1 ? alternatives[0] : { type: 'or', children: alternatives }
  }

  private unary(): QueryNode {
    if (this.peek() === '-' && this.at + 1 < this.text.length && !/\s/.test(this.text[this.at + 1])) {
      this.at++
      return { type: 'not', child: this.primary() }
    }
    return this.primary()
  }

  /** A group, phrase, regex, property, operator or word. */
  private primary(): QueryNode {
    if (++this.depth > MAX_DEPTH) {
      throw new QuerySyntaxError('Query nested too deeply', `Use at most ${MAX_DEPTH} levels of groups and operators.`, this.at)
    }
    try {
      const c = this.peek()
      if (c === '(') return this.group()
      if (c === '"') return this.phrase()
      if (c === '/') return this.regex()
      if (c === '[') return this.property()
      const operator = /^(match-case|ignore-case|task-todo|task-done|[a-z]+):/i.exec(this.text.slice(this.at, this.at + 16))
      if (operator) {
        const name = operator[1].toLowerCase()
        if (name === 'match-case' || name === 'ignore-case' || SCOPES.has(name)) {
          const start = this.at
          this.at += operator[0].length
          if (this.at >= this.text.length || /[\s)]/.test(this.text[this.at])) {
            throw new QuerySyntaxError(
              `Operator "${operator[0]}" without a term`,
              `Write the term right after the colon, e.g. "${operator[0]}wort".`,
              start,
            )
          }
          const child = this.operand(name === 'tag')
          if (name === 'match-case' || name === 'ignore-case') return { type: 'case', sensitive: name === 'match-case', child }
          return { type: 'scope', scope: name as QueryScope, child }
        }
      }
      return { type: 'text', text: this.plainWord() }
    } finally {
      this.depth--
    }
  }

  /** What follows an operator's colon: a group, phrase, regex or word (a tag's leading '#' dropped). */
  private operand(tag: boolean): QueryNode {
    const c = this.peek()
    if (c === '(' || c === '"' || c === '/') return this.primary()
    const word = this.plainWord()
    return { type: 'text', text: tag ? word.replace(/^#/, '') : word }
  }

  private group(): QueryNode {
    const start = this.at
    this.at++
    const node = this.or(true)!
    this.space()
    if (this.peek() !== ')') throw new QuerySyntaxError('Unclosed "(" in query', 'Close the group with ")".', start)
    this.at++
    return node
  }

  private phrase(): QueryNode {
    const start = this.at
    let text = ''
    for (this.at++; this.at < this.text.length; this.at++) {
      const c = this.text[this.at]
      if (c === '\\' && this.text[this.at + 1] === '"') {
        text += '"'
        this.at++
      } else if (c === '"') {
        this.at++
        return { type: 'text', text }
      } else text += c
    }
    throw new QuerySyntaxError('Unclosed quote in query', 'Close the phrase with a second ".', start)
  }

  private regex(): QueryNode {
    const start = this.at
    let end = this.at + 1
    while (end < this.text.length && this.text[end] !== '/' && this.text[end] !== '\n') end += this.text[end] === '\\' ? 2 : 1
    if (end >= this.text.length || this.text[end] !== '/') {
      throw new QuerySyntaxError('Unclosed regular expression in query', 'End it with "/", or write "\\/" for a slash in a word.', start)
    }
    const source = this.text.slice(start + 1, end)
    const problem = regexProblem(source)
    if (problem) throw new QuerySyntaxError(problem.message, problem.hint, start)
    this.at = end + 1
    return { type: 'text', text: source, regex: true }
  }

  private property(): QueryNode {
    const start = this.at
    let end = this.at + 1
    let quoted = false
    let depth = 0
    for (; end < this.text.length; end++) {
      const c = this.text[end]
      if (c === '"') quoted = !quoted
      else if (!quoted && c === '[') depth++
      else if (!quoted && c === ']' && depth-- === 0) break
    }
    if (end >= this.text.length)
      throw new QuerySyntaxError('Unclosed "[" of a property in query', 'Close it with "]", e.g. "[status:Entwurf]".', start)
    const inner = this.text.slice(start + 1, end)
    const colon = inner.indexOf(':')
    const name = (colon === -1 ? inner : inner.slice(0, colon)).trim().replace(/^"(.*)"$/, '$1')
    if (name === '') throw new QuerySyntaxError('Property without a name in query', 'Write the property\'s name, e.g. "[status]".', start)
    this.at = end + 1
    if (colon === -1) return { type: 'property', name }
    // the value is a query of its own, parsed where it stands so its problems point there
    const valueText = ' '.repeat(start + 1 + colon + 1) + inner.slice(colon + 1)
    const value = new Parser(valueText).query()
    if (!value) throw new QuerySyntaxError(`Property "${name}" without a value after ":"`, `Write a value, or "[${name}]" for any.`, start)
    return { type: 'property', name, value }
  }

  /** A word up to white space or a parenthesis; '\' escapes the next character. */
  private plainWord(): string {
    let word = ''
    while (this.at < this.text.length) {
      const c = this.text[this.at]
      if (/[\s()]/.test(c)) break
      if (c === '\\' && this.at + 1 < this.text.length) {
        word += this.text[this.at + 1]
        this.at += 2
        continue
      }
      word += c
      this.at++
    }
    if (word === '') throw new QuerySyntaxError(`Unexpected "${this.peek()}" in query`, 'Check the parentheses and quotes.', this.at)
    return word
  }

  /** The word at the cursor, for finding OR. */
  private word(): string {
    return /^\S+/.exec(this.text.slice(this.at, this.at + 3))?.[0] === 'OR' ? 'OR' : ''
  }

  private peek(): string {
    return this.text[this.at] ?? ''
  }

  private space(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++
  }
}

function and(children: QueryNode[]): QueryNode {
  return children.length === 1 ? children[0] : { type: 'and', children }
}

// a group that repeats and itself holds a quantifier or an alternation: (a+)+, (x|xy)*, (a*){2,} can take
// exponential time on text that almost matches; a backreference (\1, \k<n>) can too
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,?\d*\}|\|)(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/
const BACKREFERENCE = /\\(?:[1-9]|k<)/

/** Why a regular expression of a query is not run, or undefined when it is. */
export function regexProblem(source: string): { message: string; hint: string } | undefined {
  if (source.length > MAX_REGEX_LENGTH) {
    return {
      message: `Regular expression of ${source.length} characters is too long`,
      hint: `Shorten it to at most ${MAX_REGEX_LENGTH} characters.`,
    }
  }
  if (NESTED_QUANTIFIER.test(source) || BACKREFERENCE.test(source)) {
    return {
      message: `Regular expression /${source}/ could take too long to run`,
      hint: 'Avoid repeating a group that repeats or has alternatives, like (a+)+ or (x|y)*, and backreferences; the build runs every query itself.',
    }
  }
  try {
    new RegExp(source, 'u')
  } catch (error) {
    try {
      new RegExp(source)
    } catch {
      return {
        message: `Invalid regular expression /${source}/: ${(error as Error).message}`,
        hint: 'Fix it as JavaScript writes regular expressions.',
      }
    }
  }
  return undefined
}
