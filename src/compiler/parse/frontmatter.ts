/**
 * Reads and validates the YAML front matter of a page, once; everything after this works with typed values.
 *
 * Every option of spec §3 'Page front-matter options' is typed with its default. Unknown keys are kept in
 * `extra`. A malformed block, a block that is not a map, or a value of the wrong type is a diagnostic with the
 * line and column inside the file; the page still builds with the defaults for what could not be read.
 */
import { LineCounter, isMap, isNode, isScalar, parseDocument, type Node as YamlNode } from 'yaml'
import { HERO_HEIGHT, SIDEBAR_DEPTH } from '../config/constants.js'
import type { Diagnostic, DiagnosticCode } from '../diagnostics.js'
import { headTagProblem } from './head-tags.js'
import type { SourcePath } from '../paths.js'
import { guidePath } from '../package-files.js'

export interface HeroAction {
  text: string
  link: string
  /** Default 'primary' (spec §3). */
  type: 'primary' | 'secondary'
}

export interface Feature {
  title: string
  details: string
  /** The section whose list the feature links to; by default the section named like the title. */
  section?: string
}

/** A prev/next override: a link text and target, or false to hide it. */
export type RelatedLink = false | { text?: string; link: string }

/** A tag for the page head, VuePress style: [tagName, attributes, content?]. */
export type { HeadTag } from '../config/config-schema.js'
import type { HeadTag } from '../config/config-schema.js'

export interface Frontmatter {
  title?: string
  description?: string
  lang?: string
  home: boolean
  /** null hides the hero title. */
  heroText?: string | null
  tagline?: string | null
  heroImage?: string
  heroImageDark?: string
  heroAlt?: string
  heroHeight: number
  actions: HeroAction[]
  features: Feature[]
  footer?: string
  /** Render `footer` as HTML instead of text. */
  footerHtml: boolean
  layout?: string
  /** 'heading' builds the sidebar from this page's headings; false hides it. */
  sidebar: 'heading' | false
  sidebarDepth: number
  navbar: boolean
  prev?: RelatedLink
  next?: RelatedLink
  lastUpdated: boolean
  contributors: boolean
  changelog: boolean
  editLink: boolean
  editLinkPattern?: string
  pageClass?: string
  backToTop: boolean
  externalLinkIcon: boolean
  head: HeadTag[]
  /** Old paths of this page that must keep working, e.g. '/alte-seite.html'. */
  redirectFrom: string[]
  /** Obsidian Publish's URL of the page as written (`/` for the home page, `embeds`, `web-clipper/variables`). */
  permalink?: string
  /** Pages of one series get prev/next links in `order`. */
  series?: string
  order?: number
  /** Kind of document (Tutorial, Anleitung, Referenz, Erklärung) and section, shown as page metadata. */
  kind?: string
  section?: string
  /** Left out of the site (`draft: true`, or Obsidian Publish's `publish: false`) unless drafts are previewed. */
  draft: boolean
  /** Obsidian tags of the front matter (`tags`, `tag`), without '#'. */
  tags: string[]
  /** Other names of the page (`aliases`, `alias`): wiki links, search and redirects find it by them. */
  aliases: string[]
  /** CSS classes for the page (`cssclasses`, `cssclass`). */
  cssclasses: string[]
  /** Keys wikigen does not know, kept as written. */
  extra: Record<string, unknown>
  /** The keys wikigen reads itself (`title`, `lang`, `tags` …) as written, for Obsidian bases; absent when none is. */
  known?: Record<string, unknown>
}

/** The front matter of a page that sets nothing, with arrays and objects of its own. */
export function defaultFrontmatter(): Frontmatter {
  return {
    home: false,
    heroHeight: HERO_HEIGHT,
    actions: [],
    features: [],
    footerHtml: false,
    sidebar: 'heading',
    sidebarDepth: SIDEBAR_DEPTH,
    navbar: true,
    lastUpdated: true,
    contributors: true,
    changelog: false,
    editLink: true,
    backToTop: true,
    externalLinkIcon: true,
    head: [],
    redirectFrom: [],
    draft: false,
    tags: [],
    aliases: [],
    cssclasses: [],
    extra: {},
  }
}

export const DEFAULT_FRONTMATTER: Readonly<Frontmatter> = Object.freeze(defaultFrontmatter())

export interface FrontmatterResult {
  frontmatter: Frontmatter
  /** The file text with the front-matter lines blanked, so markdown positions stay true file positions. */
  body: string
  diagnostics: Diagnostic[]
}

const FENCE = /^---[ \t]*\r?\n/
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/m

/**
 * The defaults as a front matter of its own, with lists of its own to fill. `extra` holds any key an author writes,
 * `__proto__` and `constructor` included: it has no prototype to pollute.
 */
export function emptyFrontmatter(): Frontmatter {
  return {
    ...DEFAULT_FRONTMATTER,
    actions: [],
    features: [],
    head: [],
    redirectFrom: [],
    tags: [],
    aliases: [],
    cssclasses: [],
    extra: Object.create(null) as Record<string, unknown>,
  }
}

/** Splits off and validates the front matter of `text` (which has no BOM). */
export function readFrontmatter(text: string, file: SourcePath): FrontmatterResult {
  const diagnostics: Diagnostic[] = []
  const frontmatter = emptyFrontmatter()
  const open = FENCE.exec(text)
  if (!open) return { frontmatter, body: text, diagnostics }

  const rest = text.slice(open[0].length)
  const close = findClose(rest)
  if (close === undefined) {
    diagnostics.push({
      severity: 'error',
      code: 'bad-frontmatter',
      file,
      line: 1,
      column: 1,
      message: 'Front matter starts with "---" but is never closed',
      hint: 'Close the block with a line "---", or remove the first line if it is a horizontal rule.',
    })
    return { frontmatter, body: text, diagnostics }
  }
  const yamlText = rest.slice(0, close.index)
  const consumed = open[0].length + close.index + close.length
  const body = text.slice(0, consumed).replace(/[^\n]/g, '') + text.slice(consumed)

  const entries = readSimpleMap(yamlText) ?? readYamlMap(yamlText, file, diagnostics)
  for (const { key, value, line, column } of entries ?? []) {
    const field = Object.hasOwn(FIELDS, key) ? FIELDS[key] : undefined
    if (!field) {
      frontmatter.extra[key] = value
      continue
    }
    ;(frontmatter.known ??= Object.create(null) as Record<string, unknown>)[key] = value
    const problem = field(value, frontmatter)
    if (typeof problem === 'object') {
      diagnostics.push({
        severity: 'warning',
        code: problem.code,
        file,
        line,
        column,
        message: `Front matter "${key}": ${problem.message}`,
        hint: problem.hint,
      })
    } else if (problem) {
      diagnostics.push({
        severity: 'warning',
        code: 'bad-frontmatter-type',
        file,
        line,
        column,
        message: `Front matter "${key}" ${problem}, got ${JSON.stringify(value)}`,
        hint: `The default is used instead${Object.hasOwn(DEFAULT_FRONTMATTER, key) ? ` (${JSON.stringify(DEFAULT_FRONTMATTER[key as keyof Frontmatter])})` : ''}.`,
      })
    }
  }
  return { frontmatter, body, diagnostics }
}

/** One key of the front matter with its value and where the value starts in the file (1-based line and column). */
interface Entry {
  key: string
  value: unknown
  line: number
  column: number
}

/**
 * Front matter as most pages write it, `key: text` line after line, read without a YAML parser (which costs as much
 * as a tenth of parsing the markdown). Only values that YAML reads as the same text are taken: plain words without
 * YAML's special characters, or quoted text without escapes. Anything else gives undefined, and YAML reads it all.
 */
function readSimpleMap(yaml: string): Entry[] | undefined {
  const entries: Entry[] = []
  const lines = yaml.split('\n')
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line].replace(/\r$/, '')
    if (text.trim() === '') continue
    const match = SIMPLE_LINE.exec(text)
    if (!match) return undefined
    const [, key, spaces, raw] = match
    let value: string
    if (raw.startsWith('"') || raw.startsWith("'")) value = raw.slice(1, -1)
    else if (NOT_TEXT.test(raw)) return undefined
    else value = raw
    entries.push({ key, value, line: line + 2, column: key.length + spaces.length + 2 }) // after the opening '---' line
  }
  return entries
}

/** `key: value`, where value is plain text of safe characters, or quoted text without quotes or escapes inside. */
const SIMPLE_LINE = /^([A-Za-z_][\w-]*):( +)("[^"\\]*"|'[^']*'|[\p{L}\p{N}][\p{L}\p{N} .,()/+–_-]*?) *$/u
/** Plain values YAML reads as something other than text: numbers, booleans, null, infinity, not-a-number. */
const NOT_TEXT =
  /^(?:[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|0x[\da-fA-F]+|0o[0-7]+|true|True|TRUE|false|False|FALSE|null|Null|NULL|\.(?:inf|Inf|INF|nan|NaN|NAN))$/

/** The entries of a front matter in full YAML; undefined (with a diagnostic) when it is malformed or not a map. */
function readYamlMap(yamlText: string, file: SourcePath, diagnostics: Diagnostic[]): Entry[] | undefined {
  const lineCounter = new LineCounter()
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: false })
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset)
    return { line: pos.line + 1, column: pos.col }
  }
  if (doc.errors.length > 0) {
    const error = doc.errors[0]
    diagnostics.push({
      severity: 'error',
      code: 'bad-frontmatter',
      file,
      ...at(error.pos[0]),
      message: `Malformed YAML front matter: ${error.message.split('\n')[0]}`,
      hint: 'Check indentation and quote values that contain ":" or start with "[", "{", "*" or "#".',
    })
    return undefined
  }
  if (doc.contents === null) return []
  if (!isMap(doc.contents)) {
    diagnostics.push({
      severity: 'error',
      code: 'bad-frontmatter',
      file,
      ...at(doc.contents.range?.[0] ?? 0),
      message: 'Front matter is not a map of keys and values',
      hint: 'Write one "key: value" per line, e.g. "title: Odoo Hosting".',
    })
    return undefined
  }
  const entries = []
  for (const pair of doc.contents.items) {
    const valueNode = pair.value as YamlNode | null
    const { line, column } = at(valueNode?.range?.[0] ?? (isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0))
    let value: unknown = valueNode
    try {
      // toJS with the document resolves aliases (`ort: *basel` is the value of `&basel`); the alias count bounds a
      // "billion laughs" of aliases of aliases, which toJS stops with an error
      value = isNode(valueNode) ? valueNode.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT }) : valueNode
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        code: 'bad-frontmatter',
        file,
        line,
        column,
        message: `Front matter "${isScalar(pair.key) ? String(pair.key.value) : String(pair.key)}" expands its aliases too often: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'Write the value out instead of repeating aliases (*name) of aliases.',
      })
      continue
    }
    entries.push({ key: isScalar(pair.key) ? String(pair.key.value) : String(pair.key), value, line, column })
  }
  return entries
}

/** The most alias expansions one front-matter value may need (yaml's default): a bound on a YAML bomb's growth. */
const MAX_ALIAS_COUNT = 100

function findClose(rest: string): { index: number; length: number } | undefined {
  if (/^(?:---|\.\.\.)[ \t]*(\r?\n|$)/.test(rest))
    return { index: 0, length: rest.indexOf('\n') === -1 ? rest.length : rest.indexOf('\n') + 1 }
  const match = /\n(?:---|\.\.\.)[ \t]*(\r?\n|$)/.exec(rest)
  if (!match) return undefined
  return { index: match.index + 1, length: match[0].length - 1 }
}

/** A value that was taken in part, with what was left out and why. */
interface PartialValue {
  code: DiagnosticCode
  message: string
  hint: string
}

/** Sets one field from a YAML value; returns what was expected when the value does not fit, or what was left out. */
type FieldReader = (value: unknown, into: Frontmatter) => string | PartialValue | undefined

const isString = (v: unknown): v is string => typeof v === 'string'
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function text(
  key:
    | 'title'
    | 'description'
    | 'lang'
    | 'heroImage'
    | 'heroImageDark'
    | 'heroAlt'
    | 'footer'
    | 'layout'
    | 'editLinkPattern'
    | 'pageClass'
    | 'series'
    | 'kind'
    | 'section'
    | 'permalink',
): FieldReader {
  return (v, into) => {
    // an empty property (`description:`) is null in YAML: Obsidian shows it as empty, so it is as if unset
    if (v === null) return
    if (typeof v === 'number') v = String(v)
    if (!isString(v)) return 'should be text'
    into[key] = v
  }
}

function nullableText(key: 'heroText' | 'tagline'): FieldReader {
  return (v, into) => {
    if (v !== null && !isString(v)) return 'should be text or null'
    into[key] = v
  }
}

function flag(
  key: 'home' | 'footerHtml' | 'navbar' | 'lastUpdated' | 'contributors' | 'changelog' | 'editLink' | 'backToTop' | 'externalLinkIcon',
): FieldReader {
  return (v, into) => {
    if (typeof v !== 'boolean') return 'should be true or false'
    into[key] = v
  }
}

function count(key: 'heroHeight' | 'sidebarDepth' | 'order', min = 0): FieldReader {
  return (v, into) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min) return `should be a number of at least ${min}`
    into[key] = v
  }
}

function related(key: 'prev' | 'next'): FieldReader {
  return (v, into) => {
    if (v === false) into[key] = false
    else if (isString(v)) into[key] = { link: v }
    else if (isRecord(v) && isString(v.link) && (v.text === undefined || isString(v.text)))
      into[key] = { link: v.link, text: v.text as string | undefined }
    else return 'should be a link, { text, link } or false'
  }
}

const FIELDS: Record<string, FieldReader> = {
  title: text('title'),
  description: text('description'),
  lang: text('lang'),
  home: flag('home'),
  heroText: nullableText('heroText'),
  tagline: nullableText('tagline'),
  heroImage: text('heroImage'),
  heroImageDark: text('heroImageDark'),
  heroAlt: text('heroAlt'),
  heroHeight: count('heroHeight', 1),
  actions(v, into) {
    if (!Array.isArray(v) || !v.every((a) => isRecord(a) && isString(a.text) && isString(a.link)))
      return 'should be a list of { text, link, type }'
    into.actions = v.map((a: Record<string, unknown>) => ({
      text: a.text as string,
      link: a.link as string,
      type: a.type === 'secondary' ? 'secondary' : 'primary',
    }))
  },
  features(v, into) {
    if (!Array.isArray(v) || !v.every((f) => isRecord(f) && isString(f.title))) return 'should be a list of { title, details }'
    into.features = v.map((f: Record<string, unknown>) => ({
      title: f.title as string,
      details: isString(f.details) ? f.details : '',
      ...(isString(f.section) && f.section.trim() && { section: f.section.trim() }),
    }))
  },
  footer: text('footer'),
  footerHtml: flag('footerHtml'),
  layout: text('layout'),
  sidebar(v, into) {
    if (v === false || v === 'heading') into.sidebar = v
    else if (v === 'auto') into.sidebar = 'heading'
    else return 'should be "heading" or false'
  },
  sidebarDepth: count('sidebarDepth'),
  navbar: flag('navbar'),
  prev: related('prev'),
  next: related('next'),
  lastUpdated: flag('lastUpdated'),
  contributors: flag('contributors'),
  changelog: flag('changelog'),
  editLink: flag('editLink'),
  editLinkPattern: text('editLinkPattern'),
  pageClass: text('pageClass'),
  backToTop: flag('backToTop'),
  externalLinkIcon: flag('externalLinkIcon'),
  head(v, into) {
    if (!Array.isArray(v) || !v.every((t) => Array.isArray(t) && isString(t[0]) && (t[1] === undefined || isRecord(t[1])))) {
      return 'should be a list of [tag, { attributes }, content]'
    }
    const tags = v.map((t: unknown[]): HeadTag => [
      t[0] as string,
      (t[1] ?? {}) as Record<string, string | true>,
      isString(t[2]) ? t[2] : undefined,
    ])
    const problems = tags.map(headTagProblem)
    into.head = tags.filter((_, i) => problems[i] === undefined)
    const dropped = problems.filter((problem) => problem !== undefined)
    if (dropped.length > 0) {
      return {
        code: 'unsafe-head-tag',
        message: `${dropped.join('; ')}; left out`,
        hint: `A page may add meta tags with a name or property and link tags with a rel and an http(s) or relative href, without event handlers; scripts belong in the config (see ${guidePath('SECURITY.md')}).`,
      }
    }
  },
  redirectFrom(v, into) {
    const list = isString(v) ? [v] : v
    if (!Array.isArray(list) || !list.every(isString)) return 'should be a path or a list of paths'
    into.redirectFrom = list
  },
  series: text('series'),
  permalink: text('permalink'),
  order(v, into) {
    if (typeof v !== 'number' || !Number.isFinite(v)) return 'should be a number'
    into.order = v
  },
  kind: text('kind'),
  section: text('section'),
  draft(v, into) {
    if (typeof v !== 'boolean') return 'should be true or false'
    into.draft ||= v
  },
  publish(v, into) {
    if (typeof v !== 'boolean') return 'should be true or false'
    into.draft ||= !v
  },
  tags: names('tags', (tag) => tag.replace(/^#/, '')),
  tag: names('tags', (tag) => tag.replace(/^#/, '')),
  aliases: names('aliases'),
  alias: names('aliases'),
  cssclasses: names('cssclasses'),
  cssclass: names('cssclasses'),
}

/**
 * A list of names, as Obsidian takes it: a YAML list, or one text with names separated by commas (tags also by spaces).
 * Empty entries are dropped; the names of `tag` and `tags` (or `alias` and `aliases`) add up.
 */
function names(key: 'tags' | 'aliases' | 'cssclasses', clean: (name: string) => string = (name) => name): FieldReader {
  return (v, into) => {
    if (v === null) return undefined
    const separator = key === 'aliases' ? /,/ : /[,\s]/
    const list = isString(v) ? v.split(separator) : typeof v === 'number' ? [String(v)] : v
    if (!Array.isArray(list) || !list.every((item) => isString(item) || typeof item === 'number'))
      return key === 'aliases' ? 'should be a name or a list of names' : `should be a list of ${key === 'tags' ? 'tags' : 'class names'}`
    for (const item of list) {
      const name = clean(String(item).trim())
      if (name !== '' && !into[key].includes(name)) into[key].push(name)
    }
  }
}
