/**
 * The markup of the pages the build writes as lists of links (the A–Z glossary, the home page of a vault without one):
 * an h2 with the theme's heading anchor over a list, and the heading for the page's sidebar.
 */
import { escapeHtml } from '../html.js'
import type { Heading } from '../parse/page.js'

/** One link of a list. */
export function listItem(href: string, title: string): string {
  return `<li><a href="${escapeHtml(href)}">${escapeHtml(title)}</a></li>`
}

/** A titled section of list items, and its heading for the sidebar. */
export function listSection(title: string, slug: string, items: readonly string[]): { heading: Heading; html: string } {
  const id = escapeHtml(slug)
  return {
    heading: { level: 2, title, slug, link: `#${slug}`, children: [] },
    html: `<h2 id="${id}" tabindex="-1"><a class="header-anchor" href="#${id}"><span>${escapeHtml(title)}</span></a></h2>\n<ul>${items.join('')}</ul>`,
  }
}
