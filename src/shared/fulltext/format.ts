/**
 * The full-text index as files of the site, under `fulltext/` (see emit/fulltext-index.ts for how it is built):
 *
 *     fulltext/meta.json      every page: title, href, section, kind, language, length in words; the shards
 *     fulltext/s/<xx>.json      the words starting with xx: their postings, their stems, compounds containing them
 *     fulltext/p/<id>.json     a page's sections as text, for snippets: fetched only for results shown
 *
 * A query loads the meta file and the one or two shards of its words, then the texts of the results it shows, so
 * what a first query transfers does not grow with the site as a whole.
 */

/** Folder of the index in the site. */
export const FULLTEXT_DIR = 'fulltext'

/** Where a word occurs: the page's title, a heading, or the body. */
export const FIELD = { title: 0, heading: 1, body: 2 } as const
/** How much an occurrence counts by where it is: a title five times and a heading twice a word of the body. */
export const FIELD_WEIGHT = [5, 2, 1]

/** One page of the index: [title, href, section, kind, lang, length in words, name of its text file]. */
export type FullTextDoc = [title: string, href: string, section: string, kind: string, lang: string, length: number, file: string]

export interface FullTextMeta {
  version: 1
  docs: FullTextDoc[]
  /** Average length in words, for BM25. */
  averageLength: number
  /** The shards that exist (their two-letter keys). */
  shards: string[]
}

/**
 * Postings as one flat list of numbers, three per page: the page, the section where the word weighs most (0 = before
 * the first heading), and the word's weighted count on the page (FIELD_WEIGHT). Pages in site order.
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

/** The sections of one page: [anchor ('' before the first heading), heading, text]. */
export type FullTextSection = [anchor: string, heading: string, text: string]

export interface FullTextPage {
  sections: FullTextSection[]
}

export const metaFile = () => `${FULLTEXT_DIR}/meta.json`
export const shardFile = (key: string) => `${FULLTEXT_DIR}/s/${encodeURIComponent(key)}.json`
export const pageFile = (file: string) => `${FULLTEXT_DIR}/p/${file}.json`
