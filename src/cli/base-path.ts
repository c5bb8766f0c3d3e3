/**
 * Serving a site built for a base path (`--base /wiki/`, `site.base`) as its host would: the site's files answer under
 * the base only, the base without its slash and the bare root lead to the base, and every other path is not found.
 */

/** Where a request URL (path and query) leads on a server of a site under `base`. */
export type BasePlace =
  /** A path of the site: the URL as the folder of the built site knows it (the base replaced by `/`). */
  | { site: string }
  /** A path that leads to the site: `/` and the base without its trailing slash. */
  | { redirect: string }
  /** Outside the site. */
  | { outside: true }

/** Finds where `url` (a request's path and query) leads under `base` (normalised: `/` or `/wiki/`). */
export function placeUnderBase(url: string, base: string): BasePlace {
  if (base === '/') return { site: url }
  const cut = url.search(/[?#]/)
  const path = cut === -1 ? url : url.slice(0, cut)
  const query = cut === -1 ? '' : url.slice(cut)
  // a base of letters outside ASCII arrives percent-encoded
  for (const prefix of new Set([base, encodeURI(base)])) {
    if (path.startsWith(prefix)) return { site: `/${url.slice(prefix.length)}` }
    if (path === prefix.slice(0, -1)) return { redirect: `${prefix}${query}` }
  }
  if (path === '/') return { redirect: base }
  return { outside: true }
}
