/**
 * The search index's wire format (spec §3 'Search-index page entry', 'Header'): what the compiler writes to
 * search-index.json and every reader of it (the matcher, the loader, `wikigen search`) takes in. Records only, so the
 * modules that read it import this file and never each other for a type.
 */

/** A heading of a page in the search index (levels 2 and 3, spec §9), with its level-3 children. */
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
