/**
 * The search index (spec §3 'Search-index page entry'): one entry per page, in site order, with headings of
 * levels 2 and 3. Served at a stable URL and fetched by the browser on first focus of the search box.
 */
import { PATH_LOCALE, SEARCH_INDEX_FILE } from '../../shared/constants.js'
import type { Site } from '../link/link-site.js'
import type { SearchIndexEntry } from '../../shared/search/match.js'
import { lazyFile, type OutputFile } from './output-file.js'
import { createGlossary, GLOSSARY_SLUG } from './glossary.js'
import { hrefOf } from '../paths.js'
import { siteLabels } from '../config/site-labels.js'

/** A search-index page entry; the browser's search box and `wikigen search` read the same shape. */
export type SearchEntry = SearchIndexEntry

/** The index entries of a site; the 404 page comes last, as in the reference. */
export function createSearchIndex(site: Site): SearchEntry[] {
  return site.pages.map((p) => ({
    title: p.page.title,
    headers: p.page.headers,
    path: p.href,
    pathLocale: PATH_LOCALE,
    // a page is found by its aliases too
    extraFields: p.page.frontmatter.aliases,
  }))
}

export const searchIndex = {
  name: 'searchIndex',
  /** The index file; its contents follow from the pages' records and the config, so a warm build may link it. */
  emit(site: Site): OutputFile[] {
    return [lazyFile(SEARCH_INDEX_FILE, () => JSON.stringify(searchEntriesOf(site)))]
  },
}

/** The entries of the index file: the pages', the glossary's, and the 404 page's. */
function searchEntriesOf(site: Site): SearchEntry[] {
  const entries = createSearchIndex(site)
  const glossary = createGlossary(site)
  if (glossary) {
    const path = hrefOf(`${site.config.site.base}${GLOSSARY_SLUG}.html`)
    entries.push({ title: siteLabels(site.config).glossary, headers: glossary.headers, path, pathLocale: PATH_LOCALE, extraFields: [] })
  }
  const notFound = `${site.config.site.base}404.html`
  if (!entries.some((e) => e.path === notFound))
    entries.push({ title: '', headers: [], path: notFound, pathLocale: PATH_LOCALE, extraFields: [] })
  return entries
}
