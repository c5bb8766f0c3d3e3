/**
 * The A–Z index a site gets at /glossary.html when none of its pages is the glossary (spec §2.2: headings A to Z), so
 * the navbar's glossary link works for any vault: every page by title, under the letter it starts with (umlauts and
 * accents under their base letter), titles that start with no letter under "#".
 */
import { escapeHtml } from '../html.js'
import type { Site } from '../link/link-site.js'
import type { Heading } from '../parse/page.js'

export const GLOSSARY_SLUG = 'glossary'

export interface GeneratedGlossary {
  headers: Heading[]
  bodyHtml: string
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** The index of `site`'s pages, or undefined when a page of the site is the glossary. */
export function createGlossary(site: Site): GeneratedGlossary | undefined {
  if (site.bySlug.has(GLOSSARY_SLUG)) return undefined
  const groups = new Map<string, { title: string; href: string }[]>()
  for (const { page, href } of site.pages) {
    if (page.slug === '' || page.slug === '404') continue
    const title = page.title || page.name
    const letter = letterOf(title)
    let group = groups.get(letter)
    if (!group) groups.set(letter, (group = []))
    group.push({ title, href })
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : collator.compare(a, b)))
  const headers: Heading[] = letters.map((letter) => {
    const slug = letter === '#' ? 'andere' : letter.toLowerCase()
    return { level: 2, title: letter, slug, link: `#${slug}`, children: [] }
  })
  const sections = letters.map((letter, i) => {
    const entries = groups.get(letter)!.sort((a, b) => collator.compare(a.title, b.title))
    const items = entries.map((entry) => `<li><a href="${escapeHtml(entry.href)}">${escapeHtml(entry.title)}</a></li>`).join('')
    const { slug } = headers[i]
    return `<h2 id="${slug}" tabindex="-1"><a class="header-anchor" href="#${slug}"><span>${escapeHtml(letter)}</span></a></h2>\n<ul>${items}</ul>`
  })
  return { headers, bodyHtml: sections.join('\n') }
}

/** 'Änderungen' → 'A', 'Zsh' → 'Z', '2FA' → '#' */
function letterOf(title: string): string {
  const first = title
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase()
  return /^[A-Z]$/.test(first) ? first : '#'
}
