/**
 * One page per tag at /tags/{tag}.html, like a click on a tag in Obsidian: every page with that tag, or with a tag
 * nested below it (`#kunde` lists the pages tagged `#kunde/muster` too), by title, and links to the nested tags.
 * Made in one pass over the pages' tags.
 */
import { escapeHtml } from '../html.js'
import type { Site } from '../link/link-site.js'
import { tagFileOf, tagHrefOf } from '../link/page-relations.js'

export interface TagPage {
  /** The tag as first written: 'Kunde/Muster'. */
  tag: string
  /** Output file from the site's base: 'tags/kunde/muster.html'. */
  file: string
  href: string
  bodyHtml: string
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** The tag pages of `site`, in tag order. */
export function createTagPages(site: Site): TagPage[] {
  const base = site.config.site.base
  const tags = new Map<string, { tag: string; pages: Map<string, string>; children: Set<string> }>()
  const entry = (tag: string) => {
    const key = tag.toLowerCase()
    let known = tags.get(key)
    if (!known) tags.set(key, (known = { tag, pages: new Map(), children: new Set() }))
    return known
  }
  for (const { page, href, tags: pageTags } of site.pages) {
    for (const tag of pageTags) {
      const parts = tag.split('/')
      for (let depth = 1; depth <= parts.length; depth++) {
        const own = entry(parts.slice(0, depth).join('/'))
        own.pages.set(href, page.title)
        if (depth < parts.length)
          own.children.add(
            parts
              .slice(0, depth + 1)
              .join('/')
              .toLowerCase(),
          )
      }
    }
  }
  return [...tags.values()]
    .sort((a, b) => collator.compare(a.tag, b.tag))
    .map(({ tag, pages, children }) => {
      const items = [...pages]
        .sort((a, b) => collator.compare(a[1], b[1]))
        .map(([href, title]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(title)}</a></li>`)
        .join('')
      const nested = [...children]
        .map((key) => tags.get(key)!.tag)
        .sort(collator.compare)
        .map((child) => `<a class="tag" href="${escapeHtml(tagHrefOf(base, child))}">#${escapeHtml(child)}</a>`)
        .join(' ')
      return {
        tag,
        file: tagFileOf(tag),
        href: tagHrefOf(base, tag),
        bodyHtml: `${nested ? `<p class="page-tags">${nested}</p>\n` : ''}<ul class="tag-page-list">${items}</ul>`,
      }
    })
}
