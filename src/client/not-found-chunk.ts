/**
 * The 404 page's 'Meinten Sie …', loaded on that page only: the search index (shared with the search box, fetched
 * once per session) and the matcher that finds the page closest to the address asked for.
 */
import { loadSearchIndex } from '../shared/search/load-index.js'
import { closestPage } from '../shared/search/closest-page.js'

/** The link to offer for `requested` (a URL path), or undefined when no page of the site is close to it. */
export async function suggestPage(indexHref: string, requested: string, base: string): Promise<{ href: string; text: string } | undefined> {
  const index = await loadSearchIndex(indexHref)
  const page = closestPage(requested, index, base)
  if (!page) return undefined
  // a page without a title (there are a few) is named by its address, as the search box does
  return { href: page.path, text: page.title || readable(page.path) }
}

function readable(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}
