/**
 * Previous and next page (spec §2.3): along a `series` in `order`, then as the front matter's `prev` and `next` name
 * them (a page or a URL, or false for none).
 */
import type { CompiledPage, PageLink } from '../parse/page.js'
import { hrefOf } from '../paths.js'
import type { LinkIndex } from './resolve-links.js'
import type { SitePage } from './site.js'

/** Sets the prev/next links of every page from its series and its front matter. */
export function setRelatedLinks(pages: SitePage[], index: LinkIndex, hrefOfPage: (page: CompiledPage) => string): void {
  const series = new Map<string, SitePage[]>()
  for (const p of pages) {
    const name = p.page.frontmatter.series
    if (name) series.set(name, [...(series.get(name) ?? []), p])
  }
  for (const members of series.values()) {
    members.sort(
      (a, b) =>
        (a.page.frontmatter.order ?? Infinity) - (b.page.frontmatter.order ?? Infinity) || a.page.title.localeCompare(b.page.title, 'de'),
    )
    members.forEach((p, i) => {
      if (i > 0) p.prev = { text: members[i - 1].page.title, href: members[i - 1].href }
      if (i < members.length - 1) p.next = { text: members[i + 1].page.title, href: members[i + 1].href }
    })
  }
  for (const p of pages) {
    for (const key of ['prev', 'next'] as const) {
      const option = p.page.frontmatter[key]
      if (option === undefined) continue
      if (option === false) {
        p[key] = undefined
        continue
      }
      const probe: PageLink = {
        kind: 'link',
        syntax: /\.(md|html)$|^\//.test(option.link) ? 'markdown' : 'wiki',
        target: option.link,
        line: 0,
        column: 0,
      }
      const target = index.findPage(probe, p.page)
      p[key] = target
        ? { text: option.text ?? target.title, href: hrefOfPage(target) }
        : { text: option.text ?? option.link, href: hrefOf(option.link) }
    }
  }
}
