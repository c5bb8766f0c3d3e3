/**
 * 'Meinten Sie …' on the 404 page: the page of the site whose address is closest to the one asked for, from the
 * search index's entries (their `path` carries the site's base). A differently cased address (`/Odoo-Hosting.html`)
 * finds its page at once; a mistyped one (`/odoo-hostnig.html`) the page at the fewest edits, within a budget that
 * grows with the length; anything further away finds none, rather than a page that merely shares a few letters.
 */
import { editDistance } from '../fulltext/text.js'

/** What the matcher reads of an index entry. */
export interface PageAddress {
  path: string
  title: string
}

/**
 * The page `requested` (a URL path as in `location.pathname`, percent-encoded or not) most likely meant, among
 * `pages`; undefined when none is close. `base` is the site's base path ('/' or '/wiki/'). The 404 page itself and
 * the address asked for are never suggested.
 */
export function closestPage<T extends PageAddress>(requested: string, pages: readonly T[], base = '/'): T | undefined {
  const wanted = keyOf(requested, base)
  if (wanted === undefined || wanted === '' || wanted === '404') return undefined
  const exact = decoded(requested)
  const candidates: { page: T; key: string }[] = []
  for (const page of pages) {
    const key = keyOf(page.path, base)
    if (key === undefined || key === '' || key === '404' || decoded(page.path) === exact) continue
    if (key === wanted) return page
    candidates.push({ page, key })
  }
  // a page under a folder the site does not have ('/team/odoo.html' for '/odoo.html') is looked for by its last part too
  const last = wanted.includes('/') ? wanted.slice(wanted.lastIndexOf('/') + 1) : undefined
  if (last) {
    const found = candidates.find((c) => c.key === last)
    if (found) return found.page
  }
  let best: T | undefined
  let bestDistance = Infinity
  for (const key of last ? [wanted, last] : [wanted]) {
    const allowed = editsAllowedFor(key)
    for (const candidate of candidates) {
      const distance = editDistance(key, candidate.key, Math.min(allowed, bestDistance - 1))
      if (distance <= allowed && distance < bestDistance) {
        best = candidate.page
        bestDistance = distance
      }
    }
  }
  return best
}

/** How far a mistyped address may be from its page: one edit up to 5 letters, two up to 11, then three. */
export function editsAllowedFor(key: string): number {
  return key.length <= 5 ? 1 : key.length <= 11 ? 2 : 3
}

/**
 * The part of a path that names the page, compared without case: decoded, NFC, below the base, without `.html` or a
 * trailing slash, spaces and underscores as hyphens (how slugs write them). Undefined for a path outside the base.
 */
function keyOf(path: string, base: string): string | undefined {
  let key = decoded(path)
  const root = base.endsWith('/') ? base : `${base}/`
  if (key.startsWith(root)) key = key.slice(root.length)
  else if (key === root.slice(0, -1)) key = ''
  else return undefined
  key = key.replace(/\/+$/, '').replace(/\.html?$/i, '')
  return key
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    // a malformed escape ('%E0%A4%A') is compared as written
    return path
  }
}
