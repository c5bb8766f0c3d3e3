/**
 * The A–Z index a site gets at /glossary.html when none of its pages is the glossary (spec §2.2: headings A to Z), so
 * the navbar's glossary link works for any vault: every page by title, under the letter it starts with (umlauts and
 * accents under their base letter), titles that start with no letter under "#".
 */
import { listItem, listSection } from './list-sections.js'
import type { Site } from '../link/link-site.js'
import type { Heading } from '../parse/page.js'

export const GLOSSARY_SLUG = 'glossary'

export interface GeneratedGlossary {
  headers: Heading[]
  bodyHtml: string
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/**
 * The index of `site`'s pages, or undefined when a page of the site is the glossary. Made once per site: its route and
 * the search index both ask.
 */
export function createGlossary(site: Site): GeneratedGlossary | undefined {
  let glossary = glossaries.get(site)
  if (glossary === undefined) glossaries.set(site, (glossary = glossaryOf(site) ?? null))
  return glossary ?? undefined
}

const glossaries = new WeakMap<Site, GeneratedGlossary | null>()

function glossaryOf(site: Site): GeneratedGlossary | undefined {
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
  const sections = letters.map((letter) => {
    const entries = groups.get(letter)!.sort((a, b) => collator.compare(a.title, b.title))
    return listSection(
      letter,
      letter === '#' ? 'andere' : letter.toLowerCase(),
      entries.map((entry) => listItem(entry.href, entry.title)),
    )
  })
  return { headers: sections.map((section) => section.heading), bodyHtml: sections.map((section) => section.html).join('\n') }
}

/**
 * The glossary's letters for its letter bar (shown on phones, where the sidebar with its headings is hidden): its
 * headings that are one letter or '#', in page order, each once. Undefined for a page with none.
 */
export function glossaryLetters(headers: readonly Heading[]): { text: string; href: string }[] | undefined {
  const letters: { text: string; href: string }[] = []
  const seen = new Set<string>()
  const walk = (items: readonly Heading[]) => {
    for (const heading of items) {
      const text = heading.title.trim()
      if (/^(\p{L}|#)$/u.test(text) && !seen.has(text.toUpperCase())) {
        seen.add(text.toUpperCase())
        letters.push({ text, href: heading.link })
      }
      walk(heading.children)
    }
  }
  walk(headers)
  return letters.length > 0 ? letters : undefined
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
