/**
 * The home page a vault gets when no note is one (no `index.md`, no `permalink: /`, no root note named Home, Start
 * or Startseite; see link/permalinks.ts): its notes at the root, then each top-level folder as a heading over the notes
 * in it, in the site's order, so a published vault never answers `/` with the 404 page.
 */
import { listItem, listSection } from './list-sections.js'
import type { Site } from '../link/link-site.js'
import type { Heading } from '../parse/page.js'
import { slugifyHeading } from '../parse/slugify.js'

export interface GeneratedHome {
  headers: Heading[]
  bodyHtml: string
}

/** The list of `site`'s notes by top-level folder, or undefined when a page of the site is the home page. */
export function createHomeList(site: Site): GeneratedHome | undefined {
  if (site.bySlug.has('')) return undefined
  const atRoot: string[] = []
  const folders = new Map<string, string[]>()
  for (const { page, href } of site.pages) {
    if (page.slug === '404') continue
    const item = listItem(href, page.title || page.name)
    const slash = page.sourcePath.indexOf('/')
    if (slash === -1) {
      atRoot.push(item)
      continue
    }
    const folder = page.sourcePath.slice(0, slash)
    let items = folders.get(folder)
    if (!items) folders.set(folder, (items = []))
    items.push(item)
  }
  const listed = [...folders].map(([folder, items]) => listSection(folder, slugifyHeading(folder), items))
  const headers = listed.map((section) => section.heading)
  const sections = [...(atRoot.length > 0 ? [`<ul>${atRoot.join('')}</ul>`] : []), ...listed.map((section) => section.html)]
  return { headers, bodyHtml: sections.join('\n') }
}
