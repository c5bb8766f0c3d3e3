/**
 * Whether a page holds a link of a kind (a base, a query): asked of every page of the site by a warm build, and each
 * time the dev server relinks an edit, three times over (bases, queries, the routes that show either). The kinds of a
 * page's links are found once per record: a compiled page's links never change, a new version of the page is a new
 * record. A record read from the build cache comes with its kinds, so that its links are not read for this.
 */
import type { CompiledPage, PageLink } from '../parse/page.js'

const kindsOf = new WeakMap<CompiledPage, ReadonlySet<string>>()

export function holdsLinkOf(page: CompiledPage, kind: PageLink['kind']): boolean {
  let kinds = kindsOf.get(page)
  if (!kinds) kindsOf.set(page, (kinds = linkKindsOf(page)))
  return kinds.has(kind)
}

/** The kinds of links a page holds. */
export function linkKindsOf(page: Pick<CompiledPage, 'links'>): ReadonlySet<string> {
  return new Set(page.links.map((link) => link.kind))
}

/** Tells the kinds of the links of a record whose links are not read yet (cache/page-store.ts). */
export function knowLinkKinds(page: CompiledPage, kinds: ReadonlySet<string>): void {
  kindsOf.set(page, kinds)
}
