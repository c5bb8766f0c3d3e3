/**
 * The full-text index (format: src/shared/fulltext/format.ts), merged from the per-page data the workers made with
 * each page (search-data.ts): postings per word, grouped into shards by the word's first two characters; each
 * word's stems; and the compounds of the site's vocabulary split into parts, so that `fenster` finds
 * "Wartungsfenster" without a hand-kept list. One pass over the pages' word counts, then one over the vocabulary.
 * A page's text file is named by its content hash, so a warm build links it from the previous output.
 */
import { FULLTEXT_DIR, metaFile, pageFile, shardFile } from '../../shared/fulltext/format.js'
import type { FullTextDoc, FullTextMeta, FullTextShard, Postings } from '../../shared/fulltext/format.js'
import { stemsOf } from '../../shared/fulltext/stem.js'
import { shardOf } from '../../shared/fulltext/text.js'
import { bySitePath, type Site } from '../link-site.js'
import type { CompiledPage } from '../page.js'
import { readSearchData } from '../search-data.js'
import type { OutputFile } from './output-file.js'

/** The stored full-text data of a page, by content hash. */
export type SearchDataLookup = (contentHash: string) => string

/** What the worker's merge returns besides its files: per page (in the order given) its length, and the shards. */
export interface FullTextMergeResult {
  bytes: number
  lengths: number[]
  averageLength: number
  shards: string[]
}

/**
 * The order of the index's pages: the order linkSite gives the site's pages (drafts left out unless shown, by site
 * path, the home page first), known as soon as the pages are compiled. A page linking leaves out after all (no URL)
 * stays in the index without an href, and search skips it.
 */
export function fullTextOrder(pages: readonly CompiledPage[], options: { drafts?: boolean }): string[] {
  return pages
    .filter((page) => options.drafts || !page.frontmatter.draft)
    .sort(bySitePath)
    .sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : 0))
    .map((page) => page.contentHash)
}

/**
 * The shards and page texts of the index of the pages with these content hashes (in index order), from their
 * stored full-text data: everything but the meta file, which needs the pages' URLs (fullTextMetaFile).
 */
export function mergeFullText(
  hashes: readonly string[],
  searchData: SearchDataLookup,
): { files: OutputFile[]; lengths: number[]; averageLength: number; shards: string[] } {
  const postings = new Map<string, Postings>()
  const files: OutputFile[] = []
  const lengths: number[] = []
  let totalLength = 0
  hashes.forEach((hash, doc) => {
    const { sectionsJson, counts } = readSearchData(searchData(hash))
    let length = 0
    for (let i = 0; i < counts.length; i += 3) {
      const word = counts[i] as string
      let list = postings.get(word)
      if (!list) postings.set(word, (list = []))
      const weight = counts[i + 2] as number
      list.push(doc, counts[i + 1] as number, weight)
      length += weight
    }
    lengths.push(length)
    totalLength += length
    files.push({ path: pageFile(pageFileId(hash)), contents: `{"sections":${sectionsJson}}`, immutable: true })
  })
  const shards = shardsOf(postings)
  for (const [key, value] of shards) files.push({ path: shardFile(key), contents: JSON.stringify(value) })
  return { files, lengths, averageLength: hashes.length > 0 ? totalLength / hashes.length : 0, shards: [...shards.keys()].sort() }
}

/** The meta file of an index merged for `site` (its pages' titles, URLs, sections, kinds and languages). */
export function fullTextMetaFile(site: Site, merged: Omit<FullTextMergeResult, 'bytes'> & { hashes: readonly string[] }): OutputFile {
  const byHash = new Map(site.pages.map((sitePage) => [sitePage.page.contentHash, sitePage]))
  const docs: FullTextDoc[] = merged.hashes.map((hash, doc) => {
    const sitePage = byHash.get(hash)
    if (!sitePage) return ['', '', '', '', '', 0, pageFileId(hash)]
    const fm = sitePage.page.frontmatter
    const lang = fm.lang ?? site.config.site.lang
    return [sitePage.page.title, sitePage.href, fm.section ?? '', fm.kind ?? '', lang, merged.lengths[doc] ?? 0, pageFileId(hash)]
  })
  const meta: FullTextMeta = { version: 1, docs, averageLength: merged.averageLength, shards: merged.shards }
  return { path: metaFile(), contents: JSON.stringify(meta) }
}

/** The whole index of `site` at once (the dev server, which keeps its pages in memory). */
export function createFullTextIndex(site: Site, searchData: SearchDataLookup): OutputFile[] {
  const hashes = site.pages.map((p) => p.page.contentHash)
  const merged = mergeFullText(hashes, searchData)
  return [fullTextMetaFile(site, { ...merged, hashes }), ...merged.files]
}

const pageFileId = (hash: string) => hash.slice(0, 20)

/** Postings grouped into shards, with each word's stems and the compounds containing each part. */
function shardsOf(postings: Map<string, Postings>): Map<string, FullTextShard> {
  const shards = new Map<string, FullTextShard>()
  const shard = (key: string) => {
    let found = shards.get(key)
    if (!found) shards.set(key, (found = { words: {}, stems: {}, parts: {} }))
    return found
  }
  for (const [word, list] of postings) shard(shardOf(word)).words[word] = list
  for (const word of postings.keys()) {
    for (const stem of stemsOf(word)) (shard(shardOf(word)).stems[stem] ??= []).push(word)
  }
  for (const [word, parts] of compoundParts(postings)) {
    for (const part of parts) {
      for (const key of new Set([part, ...stemsOf(part)])) (shard(shardOf(key)).parts[key] ??= []).push([word, postings.get(word)!])
    }
  }
  return shards
}

/** Linking elements between the parts of a German compound: Wartung·s·fenster, Seite·n·leiste. */
const LINKERS = ['', 's', 'n', 'en', 'e', 'es']
const MIN_PART = 4
/** Shortest last part that counts without being a word of the site itself. */
const MIN_OPEN_TAIL = 6

/**
 * The parts of each compound of the vocabulary: a word of at least eight letters that is a word of the vocabulary
 * followed by another word of it, or by six letters or more, perhaps with a linking element between
 * ('wartungsfenster' → wartung, fenster). Every split point counts.
 */
export function compoundParts(vocabulary: ReadonlyMap<string, unknown>): Map<string, string[]> {
  const compounds = new Map<string, string[]>()
  for (const word of vocabulary.keys()) {
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
