/**
 * Embeds: each `![[Seite]]` shows its target's body with the target's own links resolved; an embed that would close a
 * cycle of embeds (a page or section showing itself, directly or through others) is replaced by a notice, with a
 * warning. What is shown is a page or one of its sections, so cycles are looked for between those: a note that embeds
 * its own sections (`![[#Einrichtung]]`, `![[Diese Seite#Einrichtung]]`) closes one only when the embed sits inside
 * the section it shows.
 */
import type { Diagnostic } from '../diagnostics.js'
import { placeholderOf, type Fragment, type PageLink } from '../parse/page.js'
import type { SitePage } from './site.js'

/** Points every embed at its target's resolved links; an embed that would close a cycle is replaced by a notice. */
export function wireEmbeds(pages: SitePage[], diagnostics: Diagnostic[]): void {
  const byHash = new Map(pages.map((p) => [p.page.contentHash, p]))
  /** By page and section ('hash#' for the whole page). */
  const state = new Map<string, 'visiting' | 'done'>()
  const keyOf = (sitePage: SitePage, fragment: Fragment | undefined) => `${sitePage.page.contentHash}#${fragment?.id ?? ''}`
  const visit = (sitePage: SitePage, fragment: Fragment | undefined) => {
    state.set(keyOf(sitePage, fragment), 'visiting')
    sitePage.resolved.forEach((resolved, i) => {
      if (resolved.kind !== 'embed') return
      const link = sitePage.page.links[i]
      if (fragment && !holds(fragment, link, i)) return
      const target = byHash.get(resolved.embed)!
      const key = keyOf(target, resolved.fragment)
      if (state.get(key) === 'visiting') {
        diagnostics.push({
          severity: 'warning',
          code: 'embed-cycle',
          file: sitePage.page.sourcePath,
          line: link.line,
          column: link.column,
          message: `Embedding "${link.target || link.anchor}" here closes a cycle of embeds`,
          hint: 'A page or section cannot embed itself, directly or through other pages; link to it with [[…]] instead.',
        })
        sitePage.resolved[i] = { kind: 'cycle', title: target.page.title }
        return
      }
      if (!state.has(key)) visit(target, resolved.fragment)
      resolved.resolved = target.resolved
    })
    state.set(keyOf(sitePage, fragment), 'done')
  }
  for (const page of pages) if (!state.has(keyOf(page, undefined))) visit(page, undefined)
}

/** Whether the section `fragment` shows the embed `link` (number `index` of its page); without its offset, yes. */
function holds(fragment: Fragment, link: PageLink, index: number): boolean {
  if ('html' in fragment) return fragment.html.includes(placeholderOf(index))
  return link.offset === undefined || (link.offset >= fragment.start && link.offset < fragment.end)
}
