/**
 * The two slug functions of the wiki: one for page routes, one for heading anchors.
 * Every part of wikigen that needs a slug calls these; nothing else invents one.
 */
import type { Slug } from '../paths.js'

const QUOTES = /['’‘"“”„«»`´]/g
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/gu

/**
 * Anchor id of a heading: NFC, lower-cased, quotes removed, every other run of characters that are
 * not letters, digits or combining marks joined into one hyphen, hyphens trimmed.
 *
 *     'Views, Actions und Menüs'  → 'views-actions-und-menüs'   (umlauts stay)
 *     'Grösse & Masse'            → 'grösse-masse'
 *     "Don't panic!"              → 'dont-panic'
 *     '2020 Plan'                 → '2020-plan'                  (no prefix for a leading digit)
 *     '???'                       → 'abschnitt'                  (never empty)
 */
export function slugifyHeading(text: string): string {
  // NFC again at the end: removing a quote can bring a combining mark next to a letter it now composes with
  const slug = text
    .normalize('NFC')
    .toLowerCase()
    .replace(QUOTES, '')
    .replace(NOT_WORD, '-')
    .replace(/^-+|-+$/g, '')
    .normalize('NFC')
  return slug === '' ? 'abschnitt' : slug
}

/**
 * Returns a function that slugifies headings and keeps the ids of one page unique:
 * the second 'Zsh' becomes 'zsh-1', the third 'zsh-2' (an h1 takes part like any other level).
 */
export function createHeadingSlugger(): (text: string) => string {
  const seen = new Set<string>()
  // the next suffix to try for each base: 20 000 equal headings would otherwise try 1, 2, … again for each one
  const nextSuffix = new Map<string, number>()
  return (text) => {
    const base = slugifyHeading(text)
    let slug = base
    if (seen.has(slug)) {
      let n = nextSuffix.get(base) ?? 1
      while (seen.has(`${base}-${n}`)) n++
      slug = `${base}-${n}`
      nextSuffix.set(base, n + 1)
    }
    seen.add(slug)
    return slug
  }
}

/** Characters that old URLs carried and clean slugs replace with '_' (spec §2.1 legacy mapping). */
const LEGACY_CHARACTERS = /[%&,=:*/|+;]/g

/**
 * Route slug of a page name (an Obsidian file name without '.md'): NFC, lower-cased, whitespace to '-',
 * the legacy characters % & , = : * / | + ; to '_', any other punctuation dropped, separator runs collapsed
 * ('-' wins over '_'), dots kept, separators trimmed.
 *
 *     'Odoo Hosting On-Premise'     → 'odoo-hosting-on-premise'
 *     'Wirkungsräume'               → 'wirkungsräume'
 *     'Wissensmanager:in'           → 'wissensmanager_in'
 *     'Forschung & Entwicklung'     → 'forschung-entwicklung'
 *     'Odoo.sh'                     → 'odoo.sh'
 */
export function slugifyPageName(name: string): Slug {
  return cleanSeparators(
    name
      .normalize('NFC')
      .toLowerCase()
      .trim()
      .replace(LEGACY_CHARACTERS, '_')
      .replace(/\s+/g, '-')
      .replace(/[^\p{L}\p{N}\p{M}._~-]/gu, ''),
  ) as Slug
}

function cleanSeparators(slug: string): string {
  return slug
    .replace(/[-_]{2,}/g, (run) => (run.includes('-') ? '-' : '_'))
    .replace(/^[-_.]+|[-_.]+$/g, '')
    .normalize('NFC')
}

const GENDER_MARKER = /([\p{L}])[:*/|_]in(nen)?\b/giu
const HAS_GENDER_MARKER = /[\p{L}][:*/|_]in(nen)?\b/iu

/**
 * The older spellings of a page's URL that must keep working, as slugs (decoded), without the clean slug itself.
 *
 *     'Wissensmanager:in' → ['wissensmanager:in', 'wissensmanager-in', 'wissensmanager*in', 'wissensmanager/in', 'wissensmanagerin']
 *     'Forschung & Entwicklung' → ['forschung-&-entwicklung', 'forschung-_-entwicklung']
 *     "Let's Encrypt" → ["let's-encrypt", 'let-s-encrypt']
 *
 * The first form is the name as a VuePress wiki served it (special characters kept); the second replaces them
 * with hyphens; the third is what VuePress-based pipelines made of `& , =` (an underscore each, separators kept)
 * and apostrophes (a hyphen); gender markers additionally get every marker spelling that authors have used.
 */
export function legacySlugsOf(name: string): string[] {
  const lower = name.normalize('NFC').toLowerCase().trim().replace(/\s+/g, '-')
  const clean = slugifyPageName(name)
  const variants = new Set<string>([lower, cleanSeparators(lower.replace(LEGACY_CHARACTERS, '-'))])
  if (/[&,=’']/.test(lower)) variants.add(lower.replace(/[&,=]/g, '_').replace(/[’']/g, '-'))
  if (HAS_GENDER_MARKER.test(lower)) {
    for (const marker of [':', '*', '/', '-', '']) {
      variants.add(lower.replace(GENDER_MARKER, (_m, letter: string, plural = '') => `${letter}${marker}in${plural}`))
    }
  }
  variants.delete(clean)
  // '?' and '#' end a URL path and quotes, angle brackets and the like never were in one: such spellings are no URL
  return [...variants].filter(
    (v) => v !== '' && !v.startsWith('/') && !v.includes('//') && !v.endsWith('/') && !/[?#"<>\\^`{}\u0000-\u001f]/.test(v),
  )
}
