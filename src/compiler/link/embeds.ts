/**
 * Embeds: each `![[Seite]]` shows its target's body with the target's own links resolved; an embed that would close a
 * cycle of embeds (a page showing itself, directly or through others) is replaced by a notice, with a warning.
 */
import type { Diagnostic } from '../diagnostics.js'
import type { SitePage } from './site.js'

/** Points every embed at its target's resolved links; an embed that would close a cycle is replaced by a notice. */
export function wireEmbeds(pages: SitePage[], diagnostics: Diagnostic[]): void {
  const byHash = new Map(pages.map((p) => [p.page.contentHash, p]))
  const state = new Map<SitePage, 'visiting' | 'done'>()
  const visit = (sitePage: SitePage) => {
    state.set(sitePage, 'visiting')
    sitePage.resolved.forEach((resolved, i) => {
      if (resolved.kind !== 'embed') return
      const target = byHash.get(resolved.embed)!
      if (state.get(target) === 'visiting') {
        const link = sitePage.page.links[i]
        diagnostics.push({
          severity: 'warning',
          code: 'embed-cycle',
          file: sitePage.page.sourcePath,
          line: link.line,
          column: link.column,
          message: `Embedding "${link.target}" here closes a cycle of embeds`,
          hint: 'A page cannot embed itself, directly or through other pages; link to it with [[…]] instead.',
        })
        sitePage.resolved[i] = { kind: 'cycle', title: target.page.title }
        return
      }
      if (!state.has(target)) visit(target)
      resolved.resolved = target.resolved
    })
    state.set(sitePage, 'done')
  }
  for (const page of pages) if (!state.has(page)) visit(page)
}
