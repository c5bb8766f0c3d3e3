/**
 * The search matcher (spec §5): one DOM-free module shared by the browser's search box and
 * `wikigen search`, so the command answers exactly what a reader sees.
 *
 * - The query is trimmed and lower-cased; an empty query gives nothing; words are split on whitespace.
 * - ASCII-only query: every word must occur at a word boundary of the title (or extra fields); the last word
 *   may be a prefix unless the query as typed ends with a space; the other words must be whole words.
 *   Word order does not matter. Words are matched as text: '-', '(', '\', '*' and every other regular-expression
 *   character is plain text (VuePress 2 rc.130 throws on '-'; this never does).
 * - Query with any non-ASCII character: a page matches when any word occurs anywhere (substring, OR).
 * - A page matching on title gives one suggestion; otherwise its headings are searched depth-first and each
 *   matching heading gives a suggestion linking to its anchor. Pages are taken in index order (site order:
 *   home first, then by source path), at most `max` suggestions, only entries of the locale.
 *
 * The answers are those of VuePress's `new RegExp('(?=.*\\bword\\b)…(?=.*\\blast).+', 'gi')` (reference-behaviour
 * S1–S5) on single-line text, but computed without a regular expression: `indexOf` over texts lower-cased once per
 * index (prepared-index.ts), because a keystroke over a 10 000-page index must be answered within milliseconds.
 */
import { prepareIndex, toAsciiForm } from './prepared-index.js'
import { createScanner, textOf } from './scan.js'
import type { SearchIndexEntry } from './index-entry.js'

export type { SearchHeader, SearchIndexEntry } from './index-entry.js'

/** One suggestion (spec §3): the page, or for a heading match the heading, to open. */
export interface Suggestion {
  /** The page's path, plus '#' and the heading's slug for a heading match. */
  link: string
  title: string
  header?: string
}

/** Options of searchSuggestions. */
export interface MatchOptions {
  /** Default 10 (spec §9). */
  max?: number
  /** Default '/'. */
  locale?: string
}

/** A query compiled once per keystroke. */
interface CompiledQuery {
  /** Which lower-case form of the texts `test` reads (see prepared-index.ts). */
  form: 'ascii' | 'full'
  /** Whether one text, in that form, matches. */
  test: (text: string) => boolean
  /** The query words: a matching text contains all of them ('all') or at least one ('any'). */
  needles: string[]
  mode: 'all' | 'any'
}

const NON_ASCII = /[^\x00-\x7F]/

/**
 * Compiles a query; undefined for an empty query.
 *
 * A word at a boundary means JavaScript's `\b` without the 'u' flag: the characters on either side of the
 * boundary differ in being ASCII word characters [A-Za-z0-9_]. So `rich` matches "Zürich" (ü is not a word
 * character) and `(odoo` does not match "Hosting (Odoo)" (nothing word-like before '(').
 */
function compileQuery(query: string): CompiledQuery | undefined {
  const normal = query.trim().toLowerCase()
  if (normal === '') return undefined
  const words = normal.split(/\s+/)
  if (NON_ASCII.test(normal))
    return { form: 'full', mode: 'any', needles: words, test: (text) => words.some((word) => text.includes(word)) }
  const lastIsWhole = /\s$/.test(query)
  const tests = words.map((word, i) => createWordTest(word, i < words.length - 1 || lastIsWhole))
  return { form: 'ascii', mode: 'all', needles: words, test: (text) => tests.every((test) => test(text)) }
}

/** Whether `word` occurs in `text` starting at a word boundary, and also ending at one when `whole`. */
function createWordTest(word: string, whole: boolean): (text: string) => boolean {
  const startsWithWordCharacter = isWordCharacter(word.charCodeAt(0))
  const endsWithWordCharacter = isWordCharacter(word.charCodeAt(word.length - 1))
  return (text) => {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
      const before = at > 0 && isWordCharacter(text.charCodeAt(at - 1))
      if (before === startsWithWordCharacter) continue
      if (!whole) return true
      const end = at + word.length
      const after = end < text.length && isWordCharacter(text.charCodeAt(end))
      if (after !== endsWithWordCharacter) return true
    }
    return false
  }
}

/** ASCII word characters, as `\b` sees them without the 'u' flag: 0-9, A-Z, _, a-z. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95 || (code >= 97 && code <= 122)
}

/**
 * A predicate for one raw text (a title, a heading), built once per query; undefined for an empty query.
 * For tests and one-off checks; searchSuggestions applies the same test to texts prepared once per index.
 */
export function createMatcher(query: string): ((text: string) => boolean) | undefined {
  const compiled = compileQuery(query)
  if (!compiled) return undefined
  return (text) => compiled.test(compiled.form === 'ascii' ? toAsciiForm(text) : text.toLowerCase())
}

/**
 * The suggestions for `query` over `index`, in index order.
 *
 * The index is prepared (lower-cased, headings flattened, joined into one string) on first use and cached per
 * array, so treat an index array as immutable once searched; an array whose length changed is prepared again.
 */
export function searchSuggestions(index: readonly SearchIndexEntry[], query: string, options: MatchOptions = {}): Suggestion[] {
  const max = options.max ?? 10
  const locale = options.locale ?? '/'
  const compiled = compileQuery(query)
  const out: Suggestion[] = []
  if (!compiled || max <= 0) return out
  const prepared = prepareIndex(index)
  const corpus = prepared[compiled.form]
  const next = createScanner(corpus, compiled.needles, compiled.mode)
  for (let t = next(0); t !== -1 && out.length < max;) {
    const e = prepared.entryOf[t]
    const entry = index[e]
    const h = prepared.headerOf[t]
    let after = t + 1
    if (entry.pathLocale !== locale) after = prepared.firstText[e + 1]
    else if (compiled.test(textOf(corpus, t))) {
      if (h === -1) {
        // a page found by its title gives one suggestion; its headings are not searched (reference S5)
        out.push({ link: entry.path, title: entry.title })
        after = prepared.firstText[e + 1]
      } else {
        const header = prepared.headers[e][h]
        out.push({ link: `${entry.path}#${header.slug}`, title: entry.title, header: header.title })
      }
    }
    t = next(after)
  }
  return out
}
