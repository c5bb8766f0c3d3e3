/**
 * What the full-text index needs of one page, made in the worker that compiles the page (so it is cached with the
 * page, and a warm build does not read its text again): its text cut into sections at its headings, and per folded
 * word its count weighted by where it stands (title, heading, body) and the section where it weighs most. Stored beside the body HTML in the page store as
 * `<sections JSON>\u0001<counts JSON>`; emit/fulltext-index.ts merges the counts of all pages into the index.
 */
import { FIELD, FIELD_WEIGHT, type FullTextSection } from '../../shared/fulltext/format.js'
import { STOPWORDS, words } from '../../shared/fulltext/text.js'
import { PLACEHOLDER, type PageLink } from './page.js'
import { texInPlaceOfMath } from './markdown/math/search-text.js'

/** Most characters of one page that are indexed; the rest of a very long page is not searched. */
const MAX_PAGE_TEXT = 200_000

/**
 * The full-text data of a page from its body HTML (with placeholders), its links and its title; `webEmbeds` says the
 * body has YouTube placeholders or link cards (parse/markdown/media/to-hast.ts), `math` that it has formulas, which
 * count as their TeX.
 */
export function searchDataOf(
  html: string,
  links: readonly PageLink[],
  title: string,
  { webEmbeds = false, math = false }: { webEmbeds?: boolean; math?: boolean } = {},
): string {
  let body = webEmbeds ? withoutEmbedAddresses(html) : html
  if (math) body = texInPlaceOfMath(body)
  const sections = sectionsOf(body, links, title)
  // per word: its weighted count over the page, and the section where it weighs most (sections come in order, so
  // one running total per word is enough; the first of equal sections wins)
  const totals = new Map<string, WordTotal>()
  const count = (text: string, section: number, field: number) => {
    const weight = FIELD_WEIGHT[field]
    for (const word of words(text)) {
      if (word.length > 40 || STOPWORDS.has(word)) continue
      let entry = totals.get(word)
      if (!entry) totals.set(word, (entry = { weight: 0, best: 0, most: -1, section: -1, here: 0 }))
      entry.weight += weight
      // the title is the whole page's: a word of the title alone picks no section
      if (field === FIELD.title) continue
      if (entry.section !== section) {
        if (entry.section !== -1 && entry.here > entry.most) [entry.best, entry.most] = [entry.section, entry.here]
        entry.section = section
        entry.here = 0
      }
      entry.here += weight
    }
  }
  count(title, 0, FIELD.title)
  sections.forEach(([, heading, text], section) => {
    if (heading) count(heading, section, FIELD.heading)
    count(text, section, FIELD.body)
  })
  const counts: (string | number)[] = []
  for (const [word, entry] of totals) {
    if (entry.section !== -1 && entry.here > entry.most) entry.best = entry.section
    counts.push(word, entry.best, entry.weight)
  }
  return `${JSON.stringify(sections)}\u0001${JSON.stringify(counts)}`
}

/** The sections of stored full-text data, as JSON. */
export function sectionsJsonOf(data: string): string {
  const at = data.indexOf('\u0001')
  return at === -1 ? '[]' : data.slice(0, at)
}

interface WordTotal {
  weight: number
  /** The section where the word weighs most so far, and its weight there. */
  best: number
  most: number
  /** The section counted now, and the word's weight in it so far. */
  section: number
  here: number
}

/** The two parts of stored full-text data: the sections as JSON, and per word [word, best section, weight, …]. */
export function readSearchData(data: string): { sectionsJson: string; counts: (string | number)[] } {
  const at = data.indexOf('\u0001')
  if (at === -1) return { sectionsJson: '[]', counts: [] }
  return { sectionsJson: data.slice(0, at), counts: JSON.parse(data.slice(at + 1)) as (string | number)[] }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * A page body as sections of text: [anchor, heading, text], cut at every heading with an id. Link placeholders
 * become their label; embeds, images and base views (other pages' text) are left out, as are diagram sources.
 */
export function sectionsOf(html: string, links: readonly PageLink[], title: string): FullTextSection[] {
  const text = html
    .slice(0, MAX_PAGE_TEXT)
    .replace(PLACEHOLDER, (_m, index: string) => {
      const link = links[Number(index)]
      if (!link) return ''
      // a link is inline: its label stands where it is, so 'Ferien, Krankheit' keeps its comma attached
      if (link.kind === 'link' && link.syntax === 'wiki') return link.labelHtml ?? ''
      if (link.kind === 'tag') return `#${link.target}`
      return ' '
    })
    .replace(/<div class="diagram"[\s\S]*?<\/pre><\/div>/g, ' ')
  const sections: FullTextSection[] = []
  const heading = /<h([1-6]) id="([^"]*)"[^>]*>([\s\S]*?)<\/h\1>/g
  let at = 0
  let current: FullTextSection = ['', '', '']
  for (const match of text.matchAll(heading)) {
    current[2] = plain(text.slice(at, match.index))
    if (current[2] !== '' || current[0] !== '') sections.push(current)
    const headingText = plain(match[3])
    current = [decodeEntities(match[2]), match[1] === '1' && headingText === title ? '' : headingText, '']
    at = match.index + match[0].length
  }
  current[2] = plain(text.slice(at))
  if (current[2] !== '' || current[0] !== '' || sections.length === 0) sections.push(current)
  return sections
}

/**
 * The body without what every YouTube placeholder and link card repeats, their address and the placeholder's privacy
 * note; their titles stay. Only for bodies that have one, so other pages pay nothing.
 */
function withoutEmbedAddresses(html: string): string {
  return html.replace(/<span class="(?:youtube-url|youtube-note|link-card-url)">[^<]*<\/span>/g, ' ')
}

/**
 * Tags of inline text: they vanish without a trace, so a comma or period right after a link or emphasis stays
 * attached to its word ('Ferien, Krankheit', not 'Ferien , Krankheit'). Every other tag (blocks, line breaks,
 * images, footnote calls in `sup`) separates words and becomes a space; so does `span`, which the theme's own markup
 * uses to lay out parts of link cards, players and code lines.
 */
const TAG = /<\/?(a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|i|ins|kbd|mark|q|s|samp|small|strong|time|u|var|wbr)(?=[\s/>])[^>]*>|<[^>]*>/gi

/**
 * Whitespace that collapses to one space: a run of two or more, or one character that is not the space itself. A
 * lone space, most of them, is no match and is left where it is, which is much faster than replacing it with itself.
 */
const SPACES = /\s{2,}|[^\S ]/g

function plain(html: string): string {
  return decodeEntities(html.replace(TAG, (_tag, inline: string | undefined) => (inline ? '' : ' ')))
    .replace(SPACES, ' ')
    .trim()
}

/** `text` with HTML's character references (`&amp;`, `&#x20AC;`, …) as the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : entity
    }
    return ENTITIES[name.toLowerCase()] ?? entity
  })
}
