/**
 * Previous and next page (spec §2.3): along a `series` in `order`; a page of no series along its `section`, in the
 * section's order (the order of the site tree, `theme.sidebar: 'tree'`); then as the front matter's `prev` and `next`
 * name them (a page or a URL, or false for none).
 */
import type { CompiledPage, PageLink } from '../parse/page.js'
import { hrefOf } from '../paths.js'
import type { LinkIndex } from './resolve-links.js'
import type { SitePage } from './site.js'

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** The order of a series or a section: by front matter `order` (pages without one last), then by title. */
export const byOrderThenTitle = (a: Pick<SitePage, 'page'>, b: Pick<SitePage, 'page'>) =>
  (a.page.frontmatter.order ?? Infinity) - (b.page.frontmatter.order ?? Infinity) || collator.compare(a.page.title, b.page.title)

/** Sets the prev/next links of every page from its series, its section and its front matter. */
export function setRelatedLinks(pages: SitePage[], index: LinkIndex, hrefOfPage: (page: CompiledPage) => string): void {
  const series = new Map<string, SitePage[]>()
  const sections = new Map<string, SitePage[]>()
  for (const p of pages) {
    const fm = p.page.frontmatter
    const [groups, name] = fm.series ? [series, fm.series] : [sections, fm.home ? undefined : fm.section]
    if (!name) continue
    let members = groups.get(name)
    if (!members) groups.set(name, (members = []))
    members.push(p)
  }
  for (const members of [...series.values(), ...sections.values()]) {
    members.sort(byOrderThenTitle)
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
