/**
 * The full-text search engine for the search page, loaded only there: the shared search code with a loader that
 * fetches the index files of the site (cached by the browser like any file).
 */
import { createFullTextSearch } from '../shared/fulltext/search.js'

export function createSiteSearch(base: string) {
  return createFullTextSearch(async (file) => {
    const response = await fetch(`${base}${file}`)
    return response.ok ? ((await response.json()) as unknown) : undefined
  })
}
