/**
 * A search index made ready for matching. Every title and heading is lower-cased once and laid out in the
 * order the matcher visits them (page by page: the title, then the headings depth-first, pre-order), joined
 * into one corpus string per lower-case form. A query then finds its candidate texts with `indexOf` over the
 * corpus (scan.ts), skipping in one native scan the texts that cannot match, instead of one call per text.
 */
import type { SearchHeader, SearchIndexEntry } from './index-entry.js'

/** Every text of the index in one lower-case form, joined by '\n' (no query word contains whitespace). */
export interface Corpus {
  all: string
  /** Offset in `all` where each text starts, ascending; one more item at the end: `all.length + 1`. */
  starts: Int32Array
}

/**
 * An index as the matcher reads it. A "text" is a page's title (with its extra fields) or one of its headings;
 * texts are numbered in visit order, and these tables lead from a text back to its entry and heading.
 */
export interface PreparedIndex {
  /** For each text, the index of its entry. */
  entryOf: Int32Array
  /** For each text, its heading in `headers[entryOf]`, or -1 for the entry's title (and extra fields). */
  headerOf: Int32Array
  /** For each entry, the index of its title text; one more item at the end: the number of texts. */
  firstText: Int32Array
  /** For each entry, its headings in visit order. */
  headers: SearchHeader[][]
  /** Compared with ASCII-only queries (see toAsciiForm). */
  ascii: Corpus
  /** `toLowerCase()` of each text: compared with queries that contain non-ASCII characters. */
  full: Corpus
}

const cache = new WeakMap<readonly SearchIndexEntry[], PreparedIndex>()
/** The two characters whose lower case is ASCII (see toAsciiForm). */
const TO_ASCII = /[\u0130\u212A]/
const TO_ASCII_ALL = /[\u0130\u212A]/g

/**
 * The prepared form of `index`, computed on first use and kept as long as the array lives.
 * An array whose length changed since is prepared again; changing entries in place is not noticed.
 */
export function prepareIndex(index: readonly SearchIndexEntry[]): PreparedIndex {
  const known = cache.get(index)
  if (known && known.firstText.length === index.length + 1) return known
  const prepared = buildPreparedIndex(index)
  cache.set(index, prepared)
  return prepared
}

function buildPreparedIndex(index: readonly SearchIndexEntry[]): PreparedIndex {
  const texts: string[] = []
  const entryOf: number[] = []
  const headerOf: number[] = []
  const firstText = new Int32Array(index.length + 1)
  const headers = index.map((entry, e) => {
    firstText[e] = texts.length
    texts.push(entry.extraFields.length > 0 ? `${entry.title} ${entry.extraFields.join(' ')}` : entry.title)
    entryOf.push(e)
    headerOf.push(-1)
    const flat: SearchHeader[] = []
    flattenHeaders(entry.headers, flat)
    flat.forEach((header, h) => {
      texts.push(header.title)
      entryOf.push(e)
      headerOf.push(h)
    })
    return flat
  })
  firstText[index.length] = texts.length
  const raw = createCorpus(texts)
  // one toLowerCase over the whole corpus; it keeps every offset unless a text holds 'İ' (two characters lower-cased)
  const lowered = raw.all.toLowerCase()
  const full =
    lowered.length === raw.all.length ? { all: lowered, starts: raw.starts } : createCorpus(texts.map((text) => text.toLowerCase()))
  const ascii = TO_ASCII.test(raw.all) ? { all: toAsciiForm(raw.all), starts: raw.starts } : { all: lowered, starts: raw.starts }
  return { entryOf: Int32Array.from(entryOf), headerOf: Int32Array.from(headerOf), firstText, headers, ascii, full }
}

function flattenHeaders(headers: readonly SearchHeader[], out: SearchHeader[]): void {
  for (const header of headers) {
    out.push(header)
    flattenHeaders(header.children, out)
  }
}

function createCorpus(texts: readonly string[]): Corpus {
  const starts = new Int32Array(texts.length + 1)
  let offset = 0
  texts.forEach((text, i) => {
    starts[i] = offset
    offset += text.length + 1
  })
  starts[texts.length] = offset
  return { all: texts.join('\n'), starts }
}

/**
 * The form ASCII query words are compared with, as JavaScript's 'i' flag without 'u' compares them: ASCII
 * letters lower-cased, every other character still non-ASCII. `toLowerCase()` does that, except for the two
 * characters it turns into ASCII ('İ' → 'i̇', the Kelvin sign 'K' → 'k'); they become U+FFFD first. So the
 * result has the length of `text`, character for character.
 */
export function toAsciiForm(text: string): string {
  return text.replace(TO_ASCII_ALL, '\uFFFD').toLowerCase()
}
