/**
 * The search matcher (spec §5): one DOM-free module shared by the browser's search box and
 * `wikigen search`, so the command answers exactly what a reader sees.
 *
 * - The query is trimmed and lower-cased; an empty query gives nothing; words are split on whitespace.
 * - ASCII-only query: every word must occur at a word boundary of the title (or extra fields); the last word
 *   may be a prefix unless the query as typed ends with a space; the other words must be whole words.
 *   Word order does not matter. Words are matched as text: '-', '(', '\', '*' and every other regular-expression
 *   character is escaped (VuePress 2 rc.130 throws on '-'; this never does).
 * - Query with any non-ASCII character: a page matches when any word occurs anywhere (substring, OR).
 * - A page matching on title gives one suggestion; otherwise its headings are searched depth-first and each
 *   matching heading gives a suggestion linking to its anchor. Pages are taken in index order (site order:
 *   home first, then by source path), at most `max` suggestions, only entries of the locale.
 */

export interface SearchHeader {
  level: number
  title: string
  slug: string
  link: string
  children: SearchHeader[]
}

/** A search-index page entry (spec §3). */
export interface SearchIndexEntry {
  title: string
  headers: SearchHeader[]
  path: string
  pathLocale: string
  extraFields: string[]
}

export interface Suggestion {
  link: string
  title: string
  header?: string
}

export interface MatchOptions {
  /** Default 10 (spec §9). */
  max?: number
  /** Default '/'. */
  locale?: string
}

const NON_ASCII = /[^\x00-\x7F]/
const REGEXP_CHARACTERS = /[.*+?^${}()|[\]\\\-/]/g

/** Escapes text for a RegExp without the 'u' flag, where '\-' is a valid escape. */
function escapeRegExp(text: string): string {
  return text.replace(REGEXP_CHARACTERS, '\\$&')
}

/** A predicate for titles built once per query; undefined for an empty query. */
export function createMatcher(query: string): ((text: string) => boolean) | undefined {
  const normal = query.trim().toLowerCase()
  if (normal === '') return undefined
  const words = normal.split(/\s+/)
  if (NON_ASCII.test(normal)) return (text) => {
    const lower = text.toLowerCase()
    return words.some((word) => lower.includes(word))
  }
  const lastIsWhole = /\s$/.test(query)
  const patterns = words.map((word, i) => {
    const whole = i < words.length - 1 || lastIsWhole
    return new RegExp(`\\b${escapeRegExp(word)}${whole ? '\\b' : ''}`, 'i')
  })
  return (text) => patterns.every((pattern) => pattern.test(text))
}

/** The suggestions for `query` over `index`, in index order. */
export function searchSuggestions(index: readonly SearchIndexEntry[], query: string, options: MatchOptions = {}): Suggestion[] {
  const max = options.max ?? 10
  const locale = options.locale ?? '/'
  const matches = createMatcher(query)
  const out: Suggestion[] = []
  if (!matches) return out
  for (const entry of index) {
    if (out.length >= max) break
    if (entry.pathLocale !== locale) continue
    const text = entry.extraFields.length > 0 ? `${entry.title} ${entry.extraFields.join(' ')}` : entry.title
    if (text !== '' && matches(text)) {
      out.push({ link: entry.path, title: entry.title })
      continue
    }
    collectHeaders(entry, entry.headers, matches, out, max)
  }
  return out
}

function collectHeaders(entry: SearchIndexEntry, headers: readonly SearchHeader[], matches: (text: string) => boolean, out: Suggestion[], max: number): void {
  for (const header of headers) {
    if (out.length >= max) return
    if (matches(header.title)) out.push({ link: `${entry.path}#${header.slug}`, title: entry.title, header: header.title })
    collectHeaders(entry, header.children, matches, out, max)
  }
}
