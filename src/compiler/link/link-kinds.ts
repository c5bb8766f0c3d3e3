/**
 * Whether a page holds a link of a kind (a base, a query): asked of every page of the site each time the dev server
 * relinks an edit, three times over (bases, queries, the routes that show either). The kinds of a page's links are
 * found once per list: a compiled page's links never change, a new version of the page brings a new list.
 */
import type { PageLink } from '../parse/page.js'

const kindsOf = new WeakMap<readonly PageLink[], ReadonlySet<PageLink['kind']>>()

export function holdsLinkOf(links: readonly PageLink[], kind: PageLink['kind']): boolean {
  let kinds = kindsOf.get(links)
  if (!kinds) kindsOf.set(links, (kinds = new Set(links.map((link) => link.kind))))
  return kinds.has(kind)
}
