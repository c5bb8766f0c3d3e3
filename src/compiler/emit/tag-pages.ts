/**
 * One page per tag at /tags/{tag}.html, like a click on a tag in Obsidian: every page with that tag, or with a tag
 * nested below it (`#kunde` lists the pages tagged `#kunde/muster` too), by title, and links to the nested tags; and
 * the page of all tags at /tags.html, like Obsidian's tags pane: every tag with how many pages it has, which each tag
 * page links to. Made in one pass over the pages' tags. A list of fewer than six entries stays in one column: spread
 * over two, a few entries read as a ragged table.
 */
import { siteLabels } from '../config/site-labels.js'
import { escapeHtml } from '../html.js'
import type { Site } from '../link/link-site.js'
import { tagFileOf, tagHrefOf } from '../link/page-relations.js'
import { hrefOf } from '../paths.js'
import { fillLabel } from '../../shared/labels.js'

export interface TagPage {
  /** The tag as first written: 'Kunde/Muster'. */
  tag: string
  /** Output file from the site's base: 'tags/kunde/muster.html'. */
  file: string
  href: string
  bodyHtml: string
}

export interface TagIndex {
  /** Output file from the site's base: 'tags.html'. */
  file: string
  href: string
  bodyHtml: string
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** The slug of the page of all tags, beside the folder of the tag pages, where no tag's page can be. */
export const ALL_TAGS_SLUG = 'tags'
/** From this many entries on, a list is spread over columns. */
export const COLUMNS_FROM = 6

const listClass = (name: string, entries: number) => (entries >= COLUMNS_FROM ? `${name} list-columns` : name)

/** Where the page of all tags is: none for a site without tags, nor where a page of the site has its URL. */
function tagIndexHref(site: Site, hasTags: boolean): string | undefined {
  if (!hasTags || site.bySlug.has(ALL_TAGS_SLUG)) return undefined
  return hrefOf(`${site.config.site.base}${ALL_TAGS_SLUG}.html`)
}

/** The tag pages of `site`, in tag order, and the page of all tags (none where tagIndexHref says so). */
export function createTagPages(site: Site): { pages: TagPage[]; index?: TagIndex } {
  const base = site.config.site.base
  const labels = siteLabels(site.config)
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
  const sorted = [...tags.values()].sort((a, b) => collator.compare(a.tag, b.tag))
  const indexHref = tagIndexHref(site, sorted.length > 0)
  const toIndex = indexHref ? `\n<p class="all-tags-link"><a href="${escapeHtml(indexHref)}">${escapeHtml(labels.allTags)}</a></p>` : ''
  const pages = sorted.map(({ tag, pages, children }) => {
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
      bodyHtml: `${nested ? `<p class="page-tags">${nested}</p>\n` : ''}<ul class="${listClass('tag-page-list', pages.size)}">${items}</ul>${toIndex}`,
    }
  })
  if (!indexHref) return { pages }
  const items = sorted
    .map(({ tag, pages }) => {
      const count = fillLabel(pages.size === 1 ? labels.tagCountOne : labels.tagCountMany, { count: pages.size })
      return `<li><a class="tag" href="${escapeHtml(tagHrefOf(base, tag))}">#${escapeHtml(tag)}</a> <span class="tag-count">${escapeHtml(count)}</span></li>`
    })
    .join('')
  return {
    pages,
    index: {
      file: `${ALL_TAGS_SLUG}.html`,
      href: indexHref,
      bodyHtml: `<ul class="${listClass('tag-index', sorted.length)}">${items}</ul>`,
    },
  }
}
