/**
 * The full-text index (format: src/shared/fulltext/format.ts), merged from the per-page data the workers made with
 * each page (search-data.ts): postings per word, grouped into shards by the word's first two characters (three where
 * a shard of two would be large); each word's stems; and the compounds of the site's vocabulary split into parts, so that `fenster` finds
 * "Wartungsfenster" without a hand-kept list. One pass over the pages' word counts, then one over the vocabulary.
 *
 * The index has two layers, as search engines keep theirs current: the base, merged from every page (in a cold build,
 * or once the pages changed since then pass a tenth of the site), and the delta, merged in every build from the pages
 * the base does not have (new, or changed since). A changed page's base entry stays where it is and the meta file
 * marks it as gone, so search skips it. A warm build thus reads the data of the changed pages alone and links the
 * base from the previous output, with the text files of its pages.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deltaFile, FULLTEXT_DIR, metaFile, pageFile, shardFile, shardKeyOf } from '../../shared/fulltext/format.js'
import type { FullTextDoc, FullTextMeta, FullTextShard, Postings } from '../../shared/fulltext/format.js'
import { stemsOf } from '../../shared/fulltext/stem.js'
import { STOPWORDS, words } from '../../shared/fulltext/text.js'
import type { ResolvedConfig } from '../config/config.js'
import { bySitePath, withHomeTitle, type Site } from '../link/link-site.js'
import { hrefOf, routePathOf } from '../paths.js'
import type { CompiledPage } from '../parse/page.js'
import { readSearchData, sectionsJsonOf } from '../parse/search-data.js'
import type { OutputFile } from './output-file.js'

/** The stored full-text data of a page, by content hash. */
export type SearchDataLookup = (contentHash: string) => string

/**
 * What a build remembers of the base of the index it made (in the cache folder, beside the render state), for the
 * next build to keep: its pages by number (content hash, and a digest of the title and URL their text files show),
 * their lengths, its vocabulary (a delta's compounds split against it), the keys it splits, and the size and time of
 * each shard file, to know the output still has that file.
 */
export interface FullTextState {
  version: typeof STATE_VERSION
  hashes: string[]
  ids: string[]
  lengths: number[]
  vocabulary: string[]
  split: string[]
  shards: Record<string, [size: number, mtimeMs: number] | undefined>
}

/** The index a build starts from: its state, and the size and time of one of its shard files as found now. */
export interface PreviousFullText {
  state: FullTextState
  shardFile(key: string): [size: number, mtimeMs: number] | undefined
}

/** What the worker's merge returns besides its files. */
export interface FullTextMergeResult {
  bytes: number
  /** Per page number, its content hash ('' for a page of the base that changed or went), and its length in words. */
  hashes: string[]
  lengths: number[]
  averageLength: number
  /** The shards of the base and of the delta, and the keys the base splits. */
  shards: string[]
  delta: string[]
  split: string[]
  state: FullTextState
}

export interface MergedFullText extends Omit<FullTextMergeResult, 'bytes'> {
  /** Shard files of the previous index that this one keeps: linked from there. */
  unchanged: string[]
  /** The base's pages this index keeps, by number: their text files linked from the previous output (or written). */
  keptPages: Map<number, FullTextSource>
}

const STATE_VERSION = 4
/** A delta of up to this share of the pages (and at least MIN_DELTA pages) is kept; beyond, the base is made anew. */
const MAX_DELTA_SHARE = 0.1
const MIN_DELTA = 20
/** A shard of two letters whose postings hold more numbers than this is split into shards of three. */
const SPLIT_ABOVE = 24_000
const stateFile = (cacheDir: string) => join(cacheDir, 'fulltext-state.json')

/** The state of the last build's index, from the cache folder; undefined when there is none or it is unreadable. */
export function readFullTextState(cacheDir: string): FullTextState | undefined {
  try {
    const state = JSON.parse(readFileSync(stateFile(cacheDir), 'utf8')) as FullTextState
    return state.version === STATE_VERSION && Array.isArray(state.hashes) ? state : undefined
  } catch {
    return undefined
  }
}

/** The size and time of a shard file of the base in an output folder; undefined when it has none. */
export function shardFileOf(out: string, key: string): [size: number, mtimeMs: number] | undefined {
  try {
    const stat = statSync(join(out, shardFile(key)))
    return [stat.size, stat.mtimeMs]
  } catch {
    return undefined
  }
}

/** The state of the index now in `out`, with its shard files as they are there. */
export function stateIn(out: string, state: FullTextState): FullTextState {
  const shards: FullTextState['shards'] = {}
  for (const key of Object.keys(state.shards)) shards[key] = shardFileOf(out, key)
  return { ...state, shards }
}

/** Keeps the state of this build's index (stateIn its output folder) for the next build. */
export function saveFullTextState(cacheDir: string, state: FullTextState): void {
  const temp = `${stateFile(cacheDir)}.${process.pid}.tmp`
  writeFileSync(temp, JSON.stringify(state))
  renameSync(temp, stateFile(cacheDir))
}

/** A page of the index as the merge needs it: its content hash, and the title and URL its text file shows. */
export interface FullTextSource {
  hash: string
  title: string
  href: string
}

/**
 * The pages of the index, in order: the order linkSite gives the site's pages (drafts left out unless shown, by site
 * path, the home page first), with the titles and URLs it gives them, known as soon as the pages are compiled. A page
 * linking leaves out after all (a duplicate URL) stays in the index as not on the site, and search skips it.
 */
export function fullTextSources(pages: readonly CompiledPage[], config: ResolvedConfig, options: { drafts?: boolean }): FullTextSource[] {
  return pages
    .filter((page) => options.drafts || !page.frontmatter.draft)
    .sort(bySitePath)
    .sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : 0))
    .map((page) => ({
      hash: page.contentHash,
      title: withHomeTitle(page, config).title,
      href: hrefOf(routePathOf(page.slug, config.site.base)),
    }))
}

/**
 * The shards and page texts of the index of these pages (in site order), from their stored full-text data:
 * everything but the meta file, which needs to know which pages the site kept (fullTextMetaFile). With a `previous`
 * index whose base is still there and close enough, only the delta is merged; else the base is made anew.
 *
 * Each file goes to `emit` as soon as it is made, so a caller that writes it at once holds none of them: a page's
 * text file is a piece of its stored data, and would keep all of it in memory (10 000 pages: some 150 MB).
 */
export function mergeFullText(
  sources: readonly FullTextSource[],
  searchData: SearchDataLookup,
  emit: (file: OutputFile) => void,
  previous?: PreviousFullText,
): MergedFullText {
  const base = previous && usableBase(sources, previous)
  return base ? mergeDelta(sources, searchData, emit, base) : mergeBase(sources, searchData, emit)
}

/** True when an index of these pages can keep the base of `state`: few enough pages changed or went since. */
export function keepsBase(sources: readonly FullTextSource[], state: FullTextState | undefined): state is FullTextState {
  if (state?.version !== STATE_VERSION) return false
  const kept = keptOf(sources, state).size
  const delta = sources.length - kept
  const gone = state.hashes.length - kept
  return (
    delta <= Math.max(MIN_DELTA, sources.length * MAX_DELTA_SHARE) && gone <= Math.max(MIN_DELTA, state.hashes.length * MAX_DELTA_SHARE)
  )
}

/**
 * The pages of the base that an index of these pages keeps as they are: number in the base → page. Worked out once
 * per pages and state: a warm build asks three times (whether to merge on a worker, whether the base is usable, the
 * delta), each a digest per page.
 */
function keptOf(sources: readonly FullTextSource[], state: FullTextState): Map<number, FullTextSource> {
  const known = keptBefore.get(state)
  if (known?.sources === sources) return known.kept
  const kept = keptPagesOf(sources, state)
  keptBefore.set(state, { sources, kept })
  return kept
}
const keptBefore = new WeakMap<FullTextState, { sources: readonly FullTextSource[]; kept: Map<number, FullTextSource> }>()

function keptPagesOf(sources: readonly FullTextSource[], state: FullTextState): Map<number, FullTextSource> {
  const numberOf = new Map(state.hashes.map((hash, doc) => [hash, doc]))
  const kept = new Map<number, FullTextSource>()
  for (const source of sources) {
    const doc = numberOf.get(source.hash)
    if (doc !== undefined && state.ids[doc] === idOf(source)) kept.set(doc, source)
  }
  return kept
}

/**
 * What a page's text file shows besides its text, as a short digest: a new site title changes the home page's. Two
 * 32-bit FNV-style lanes, not a cryptographic hash: a warm build digests every page, and nothing here is adversarial
 * (a collision would keep a page's old title in its text file until its text changes).
 */
function idOf(source: FullTextSource): string {
  const text = `${source.title}\u0000${source.href}`
  let a = 0x811c9dc5
  let b = 0x9747b28c
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    a = Math.imul(a ^ char, 0x01000193)
    b = Math.imul(b ^ char, 0x5bd1e995)
  }
  return (a >>> 0).toString(36) + '.' + (b >>> 0).toString(36)
}

/** The base of `previous` when the next index can keep it: the delta is small, the files are the ones it made. */
function usableBase(sources: readonly FullTextSource[], previous: PreviousFullText): FullTextState | undefined {
  const { state } = previous
  if (!keepsBase(sources, state)) return undefined
  for (const [key, made] of Object.entries(state.shards)) {
    const found = previous.shardFile(key)
    if (!made || !found || found[0] !== made[0] || found[1] !== made[1]) return undefined
  }
  return state
}

/** Every page's words into a new base; no delta. */
function mergeBase(sources: readonly FullTextSource[], searchData: SearchDataLookup, emit: (file: OutputFile) => void): MergedFullText {
  const { postings, lengths } = postingsOf(sources, 0, searchData, emit)
  const { keys, split } = shardsOf(postings, postings, (key, contents) => emit({ path: shardFile(key), contents }), SPLIT_ABOVE)
  const hashes = sources.map((source) => source.hash)
  return {
    unchanged: [],
    keptPages: new Map(),
    hashes,
    lengths,
    averageLength: averageOf(lengths, hashes),
    shards: keys,
    delta: [],
    split,
    state: {
      version: STATE_VERSION,
      hashes,
      ids: sources.map(idOf),
      lengths,
      vocabulary: [...postings.keys()].sort(),
      split,
      shards: Object.fromEntries(keys.map((key) => [key, undefined])),
    },
  }
}

/** The pages the base of `state` lacks into a delta after it; the base's pages that changed or went are left out. */
function mergeDelta(
  sources: readonly FullTextSource[],
  searchData: SearchDataLookup,
  emit: (file: OutputFile) => void,
  state: FullTextState,
): MergedFullText {
  const kept = keptOf(sources, state)
  const keptHashes = new Set([...kept.values()].map((source) => source.hash))
  const added = sources.filter((source) => !keptHashes.has(source.hash))
  const { postings, lengths } = postingsOf(added, state.hashes.length, searchData, emit)
  const known = new Set(state.vocabulary)
  for (const word of postings.keys()) known.add(word)
  const { keys } = shardsOf(postings, known, (key, contents) => emit({ path: deltaFile(key), contents }))
  const hashes = [...state.hashes.map((hash, doc) => (kept.has(doc) ? hash : '')), ...added.map((source) => source.hash)]
  const allLengths = [...state.lengths, ...lengths.slice(state.hashes.length)]
  return {
    unchanged: Object.keys(state.shards).map(shardFile),
    keptPages: kept,
    hashes,
    lengths: allLengths,
    averageLength: averageOf(allLengths, hashes),
    // in key order, as a merge lists them: an object puts keys such as '18' before '01'
    shards: Object.keys(state.shards).sort(),
    delta: keys,
    split: state.split,
    state,
  }
}

/** The postings of these pages, numbered from `first`, with their lengths (by number); their text files to `emit`. */
function postingsOf(sources: readonly FullTextSource[], first: number, searchData: SearchDataLookup, emit: (file: OutputFile) => void) {
  const postings = new Map<string, Postings>()
  const lengths = new Array<number>(first + sources.length).fill(0)
  sources.forEach((source, i) => {
    const doc = first + i
    const data = searchData(source.hash)
    const { counts } = readSearchData(data)
    for (let j = 0; j < counts.length; j += 3) {
      const word = counts[j] as string
      let list = postings.get(word)
      if (!list) postings.set(word, (list = []))
      const weight = counts[j + 2] as number
      list.push(doc, counts[j + 1] as number, weight)
      lengths[doc] += weight
    }
    emit(pageTextFile(doc, source, data))
  })
  return { postings, lengths }
}

/** The text file of page number `doc` (title, URL and sections, for results), from its stored full-text data. */
export function pageTextFile(doc: number, source: FullTextSource, data: string): OutputFile {
  const head = JSON.stringify({ title: source.title, href: source.href })
  return { path: pageFile(doc), contents: `${head.slice(0, -1)},"sections":${sectionsJsonOf(data)}}` }
}

/** Average length of the pages that are there. */
function averageOf(lengths: readonly number[], hashes: readonly string[]): number {
  let total = 0
  let count = 0
  hashes.forEach((hash, doc) => {
    if (hash === '') return
    total += lengths[doc] ?? 0
    count++
  })
  return count > 0 ? total / count : 0
}

/**
 * The meta file of an index merged for `site`: per page number its length, section and kind; null for a page the
 * site left out, or one of the base that changed or went.
 */
export function fullTextMetaFile(site: Site, merged: Omit<FullTextMergeResult, 'bytes'>, sources: readonly FullTextSource[]): OutputFile {
  const sourceOf = new Map(sources.map((source) => [source.hash, source]))
  const onSite = new Map(site.pages.map((sitePage) => [sitePage.page.contentHash, sitePage]))
  const sections = [''] as string[]
  const kinds = [''] as string[]
  const positionIn = (list: string[], value: string | undefined) => {
    if (!value) return 0
    const at = list.indexOf(value)
    return at === -1 ? list.push(value) - 1 : at
  }
  let pages = 0
  const docs: FullTextDoc[] = merged.hashes.map((hash, doc) => {
    const sitePage = onSite.get(hash)
    if (!sitePage || sitePage.href !== sourceOf.get(hash)?.href) return null
    pages++
    const fm = sitePage.page.frontmatter
    return [merged.lengths[doc] ?? 0, positionIn(sections, fm.section), positionIn(kinds, fm.kind)]
  })
  const meta: FullTextMeta = {
    version: 3,
    pages,
    docs,
    sections,
    kinds,
    averageLength: merged.averageLength,
    shards: merged.shards,
    delta: merged.delta,
    split: merged.split,
  }
  const synonyms = synonymGroups(site.config.search?.synonyms)
  if (synonyms.length > 0) meta.synonyms = synonyms
  return { path: metaFile(), contents: JSON.stringify(meta) }
}

/**
 * The index of `site` for the dev server, which writes into its output folder in place: the files that changed
 * since `previous` (the index there), and the state to pass next time.
 */
export function createFullTextIndex(
  site: Site,
  searchData: SearchDataLookup,
  out: string,
  previous?: FullTextState,
): { files: OutputFile[]; state: FullTextState } {
  const sources = site.pages.map(({ page, href }) => ({ hash: page.contentHash, title: page.title, href }))
  const files: OutputFile[] = []
  const merged = mergeFullText(
    sources,
    searchData,
    (file) => files.push(file),
    previous && { state: previous, shardFile: (key) => shardFileOf(out, key) },
  )
  return { files: [fullTextMetaFile(site, merged, sources), ...files], state: merged.state }
}

/**
 * Postings grouped into shards, each handed to `emit` as JSON by key (in key order), with each word's stems and the
 * compounds containing each part; compounds split against `vocabulary` (the words of the whole index: a delta's words
 * against the base's too). With `splitAbove`, a shard of two letters whose postings would hold more numbers is split
 * into shards of three. The postings are turned into gaps in place: they are not read again.
 */
function shardsOf(
  postings: Map<string, Postings>,
  vocabulary: { has(word: string): boolean },
  emit: (key: string, json: string) => void,
  splitAbove = Infinity,
): { keys: string[]; split: string[] } {
  // words in code-point order: the same index whatever order the pages came in
  const words = [...postings.keys()].sort()
  const compounds = compoundParts(words, vocabulary)
  const partKeys = new Map([...compounds].map(([word, parts]) => [word, [...new Set(parts.flatMap((part) => [part, ...stemsOf(part)]))]]))
  const split = splitKeys(words, postings, partKeys, splitAbove)
  const keyOf = (word: string) => shardKeyOf(word, split)
  const shards = new Map<string, FullTextShard>()
  const shard = (key: string) => {
    let found = shards.get(key)
    if (!found) shards.set(key, (found = { words: {}, stems: {}, parts: {} }))
    return found
  }
  // a copy of every list would double the merge's largest data
  for (const list of postings.values()) toGaps(list)
  for (const word of words) shard(keyOf(word)).words[word] = postings.get(word)!
  for (const word of words) {
    for (const stem of stemsOf(word)) (shard(keyOf(word)).stems[stem] ??= []).push(word)
  }
  for (const [word, keys] of partKeys) for (const key of keys) (shard(keyOf(key)).parts[key] ??= []).push([word, postings.get(word)!])
  // stems and parts in code-point order too: they were made in the order each word's stems came
  const keys = [...shards.keys()].sort()
  for (const key of keys) {
    const value = shards.get(key)!
    shards.delete(key)
    emit(key, JSON.stringify({ words: value.words, stems: sortedKeys(value.stems), parts: sortedKeys(value.parts) }))
  }
  return { keys, split: [...split].sort() }
}

/** The keys of two letters whose shard would hold more than `above` numbers of postings. */
function splitKeys(words: readonly string[], postings: Map<string, Postings>, partKeys: Map<string, string[]>, above: number): Set<string> {
  if (above === Infinity) return new Set()
  const size = new Map<string, number>()
  const count = (key: string, numbers: number) => size.set(key.slice(0, 2), (size.get(key.slice(0, 2)) ?? 0) + numbers)
  for (const word of words) count(word, postings.get(word)!.length)
  for (const [word, keys] of partKeys) for (const key of keys) count(key, postings.get(word)!.length)
  return new Set([...size].filter(([, numbers]) => numbers > above).map(([key]) => key))
}

/** Postings with each page number as the gap from the one before (format.ts), in place. */
function toGaps(list: Postings): void {
  for (let i = list.length - 3; i > 0; i -= 3) list[i] -= list[i - 3]
}

function sortedKeys<T>(record: Record<string, T>): Record<string, T> {
  const sorted: Record<string, T> = {}
  for (const key of Object.keys(record).sort()) sorted[key] = record[key]
  return sorted
}

/** Linking elements between the parts of a German compound: Wartung·s·fenster, Seite·n·leiste. */
const LINKERS = ['', 's', 'n', 'en', 'e', 'es']
const MIN_PART = 4
/** Shortest last part that counts without being a word of the site itself. */
const MIN_OPEN_TAIL = 6

/**
 * The parts of each compound among `words`: a word of at least eight letters that is a word of the vocabulary
 * followed by another word of it, or by six letters or more, perhaps with a linking element between
 * ('wartungsfenster' → wartung, fenster). Every split point counts.
 */
export function compoundParts(
  words: readonly string[],
  vocabulary: { has(word: string): boolean } = new Set(words),
): Map<string, string[]> {
  const compounds = new Map<string, string[]>()
  for (const word of words) {
    if (word.length < MIN_PART * 2 || /\d/.test(word)) continue
    const parts = new Set<string>()
    for (let at = MIN_PART; at <= word.length - MIN_PART; at++) {
      const tail = word.slice(at)
      const head = word.slice(0, at)
      // the head must be a word of the site; the tail too, unless it is long enough to stand for itself
      // ('wartungsfenster' splits where 'wartung' is known, even if 'fenster' never stands alone)
      if (!vocabulary.has(tail) && tail.length < MIN_OPEN_TAIL) continue
      for (const linker of LINKERS) {
        if (!head.endsWith(linker)) continue
        const core = head.slice(0, head.length - linker.length)
        if (core.length >= MIN_PART && vocabulary.has(core)) {
          parts.add(core)
          parts.add(tail)
        }
      }
    }
    if (parts.size > 0) compounds.set(word, [...parts])
  }
  return compounds
}

export { FULLTEXT_DIR }

/**
 * The config's synonyms as groups of folded members, stopwords left out as in a query: { Ferien: ['Urlaub'] } →
 * [['ferien', 'urlaub']]. A member with no word left, and a group with fewer than two members, is dropped.
 */
export function synonymGroups(synonyms: Record<string, string | string[]> | undefined): string[][] {
  const groups: string[][] = []
  for (const [key, value] of Object.entries(synonyms ?? {})) {
    const members = [key, ...(Array.isArray(value) ? value : [value])]
      .map((member) =>
        words(member)
          .filter((word) => !STOPWORDS.has(word))
          .join(' '),
      )
      .filter(Boolean)
    const unique = [...new Set(members)]
    if (unique.length > 1) groups.push(unique)
  }
  return groups
}
