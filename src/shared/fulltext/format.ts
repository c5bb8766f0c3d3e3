/**
 * The full-text index as files of the site, under `fulltext/` (see emit/fulltext-index.ts for how it is built):
 *
 *     fulltext/meta.json       every page: length in words, section and kind; the shards there are
 *     fulltext/s/<key>.json    the words starting with the key: their postings, stems, the compounds containing them
 *     fulltext/d/<key>.json    the same for the pages changed since the base was made (the delta)
 *     fulltext/p/<n>.json      page n's title, URL and sections as text: fetched only for results shown
 *
 * A key is a word's first two letters, or its first three where the base's shard of two would be large. A query
 * loads the meta file and the shards of its words, then the texts of the results it shows.
 */

/** Folder of the index in the site. */
export const FULLTEXT_DIR = 'fulltext'

/** Where a word occurs: the page's title, a heading, or the body. */
export const FIELD = { title: 0, heading: 1, body: 2 } as const
/** How much an occurrence counts by where it is: a title five times and a heading twice a word of the body. */
export const FIELD_WEIGHT = [5, 2, 1]

/**
 * One page of the index, by its number: [length in words, its section and kind as positions in the meta's lists
 * (0 for none)]; null for a page of the base that changed or went since (search skips it). Titles and URLs are in
 * the pages' text files: a first query loads this list whole, and most of its pages are never shown.
 */
export type FullTextDoc = [length: number, section: number, kind: number] | null

export interface FullTextMeta {
  version: 3
  /** How many pages the index has (docs less those marked gone). */
  pages: number
  docs: FullTextDoc[]
  sections: string[]
  kinds: string[]
  /** Average length in words, for BM25. */
  averageLength: number
  /** The keys of the shards of the base, and those of the delta. */
  shards: string[]
  delta: string[]
  /** The two-letter keys the base splits into three-letter ones. */
  split: string[]
  /**
   * Groups of words the site treats as the same (the config's `search.synonyms`), each member folded, its words
   * joined by a space: [['ferien', 'urlaub', 'abwesenheit'], ['maintenance window', 'wartungsfenster']].
   */
  synonyms?: string[][]
}

/**
 * Postings as one flat list of numbers, three per page, in page order: the page's number less the previous page's
 * (the first one's as it is), the section where the word weighs most (0 = before the first heading), and the word's
 * weighted count on the page (FIELD_WEIGHT). Gaps rather than numbers: a common word's list is mostly ones.
 */
export type Postings = number[]

export interface FullTextShard {
  /** Folded word → where it occurs. */
  words: Record<string, Postings>
  /** Stem → the words of this shard with that stem. */
  stems: Record<string, string[]>
  /** A word (stemmed) → the compound words, of any shard, that contain it as a part, with their postings. */
  parts: Record<string, [word: string, postings: Postings][]>
}

/** The key of a word's shard: its first two letters, or three where the base splits those (see FullTextMeta). */
export function shardKeyOf(word: string, split: { has(key: string): boolean }): string {
  const two = word.slice(0, 2)
  return word.length > 2 && split.has(two) ? word.slice(0, 3) : two
}

/** The sections of one page: [anchor ('' before the first heading), heading, text]. */
export type FullTextSection = [anchor: string, heading: string, text: string]

export interface FullTextPage {
  title: string
  href: string
  sections: FullTextSection[]
}

export const metaFile = () => `${FULLTEXT_DIR}/meta.json`
export const shardFile = (key: string) => `${FULLTEXT_DIR}/s/${encodeURIComponent(key)}.json`
export const deltaFile = (key: string) => `${FULLTEXT_DIR}/d/${encodeURIComponent(key)}.json`
export const pageFile = (doc: number) => `${FULLTEXT_DIR}/p/${doc}.json`
