/**
 * What a page shows of its place among the others, as Obsidian does beside a note: its properties (front matter,
 * with `[[links]]` resolved), its tags, and its backlinks (the pages that link to or embed it). All of it is made in
 * one pass over the pages and their links, so it grows with the number of links, never with pages × pages.
 */
import type { ResolvedConfig } from '../config/config.js'
import { zoneNameAt } from '../config/site-labels.js'
import { parseDate } from '../parse/bases/expression.js'
import type { Frontmatter } from '../parse/frontmatter.js'
import type { CompiledPage, PageLink } from '../parse/page.js'
import { hrefOf } from '../paths.js'
import type { LinkIndex } from './resolve-links.js'
import { slugifyPageName } from '../parse/slugify.js'
import type { PageProperty, PropertyValue } from '../../shared/page-property.js'

/** Front-matter keys never shown as properties: Obsidian's own and wikigen's page options. */
const HIDDEN_KEYS = new Set(['position', 'excalidraw-plugin', 'kanban-plugin'])

/** A wiki link written as a property value: '[[Muster AG]]' or '[[Muster AG|Muster]]'. */
const WIKI_VALUE = /^\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]$/

/** An ISO date or date-time as YAML front matter holds it: '2024-05-01', '2024-05-01T10:30'. */
const DATE_VALUE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

export interface PropertyContext {
  index: LinkIndex
  hrefOfPage(page: CompiledPage): string
  config: ResolvedConfig
}

/**
 * The properties a page shows and the pages its property values link to. `theme.properties` says which keys: true for
 * every key wikigen does not use itself (in the order written), a list for those keys, false for none; a map shows
 * what true shows, each key under the name it gives (like a base's `displayName`), without the keys it sets to false.
 */
export function propertiesOf(page: CompiledPage, context: PropertyContext): { properties: PageProperty[]; targets: CompiledPage[] } {
  const option = context.config.theme.properties
  const targets: CompiledPage[] = []
  if (option === false) return { properties: [], targets: linkedByProperties(page, context) }
  const fm = page.frontmatter
  const names = option === true || Array.isArray(option) ? undefined : option
  const keys = Array.isArray(option)
    ? option
    : Object.keys(fm.extra).filter((key) => !HIDDEN_KEYS.has(key) && !(names && Object.hasOwn(names, key) && names[key] === false))
  // a time is the wall-clock time in the site's zone (one written with a zone is moved there), shown with its zone
  const timeZone = context.config.site.timeZone
  const lang = fm.lang ?? context.config.site.lang
  const format = (wallClock: number, withTime: boolean) => {
    const text = dateFormatter(lang)(new Date(wallClock), withTime)
    return withTime ? `${text} ${zoneNameAt(context.config, wallClock, lang)}` : text
  }
  const parse = (text: string) => parseDate(text, timeZone)
  const properties: PageProperty[] = []
  for (const key of keys) {
    const value = Object.hasOwn(fm.extra, key) ? fm.extra[key] : typedValue(fm, key)
    const shown = valueOf(value, page, context, { format, parse }, targets)
    const name = names && Object.hasOwn(names, key) ? names[key] : undefined
    if (shown) properties.push(typeof name === 'string' ? { key, name, value: shown } : { key, value: shown })
  }
  if (!Array.isArray(option)) targets.push(...linkedByProperties(page, context).filter((target) => !targets.includes(target)))
  return { properties, targets }
}

/** The names `theme.properties` gives front-matter keys, by key: none unless it is a map. */
export function propertyDisplayNames(config: ResolvedConfig): ReadonlyMap<string, string> {
  const option = config.theme.properties
  if (option === true || option === false || Array.isArray(option)) return new Map()
  return new Map(Object.entries(option).flatMap(([key, name]) => (typeof name === 'string' ? [[key, name]] : [])))
}

/** The pages the `[[links]]` of all front-matter values lead to, shown or not: they count as backlinks. */
function linkedByProperties(page: CompiledPage, context: PropertyContext): CompiledPage[] {
  const targets: CompiledPage[] = []
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const target = wikiTarget(value, page, context)
      if (target && !targets.includes(target)) targets.push(target)
    } else if (Array.isArray(value)) value.forEach(visit)
  }
  for (const value of Object.values(page.frontmatter.extra)) visit(value)
  return targets
}

function typedValue(fm: Frontmatter, key: string): unknown {
  return Object.hasOwn(fm, key) && key !== 'extra' ? (fm as unknown as Record<string, unknown>)[key] : undefined
}

/** How a page's property values read and show dates: as wall-clock times of the site's zone (digits read as UTC). */
interface PropertyDates {
  parse(text: string): { ms: number; time: boolean } | undefined
  format(wallClock: number, withTime: boolean): string
}

function valueOf(
  value: unknown,
  page: CompiledPage,
  context: PropertyContext,
  dates: PropertyDates,
  targets: CompiledPage[],
): PropertyValue | undefined {
  if (value === null || value === undefined || value === '') return undefined
  if (typeof value === 'boolean') return { kind: 'bool', value }
  if (typeof value === 'number') return { kind: 'text', text: String(value) }
  if (Array.isArray(value)) {
    const items = value.map((item) => valueOf(item, page, context, dates, targets)).filter((item) => item !== undefined)
    return items.length > 0 ? { kind: 'list', items } : undefined
  }
  if (typeof value !== 'string') return { kind: 'text', text: JSON.stringify(value) }
  const text = value.trim()
  const wiki = WIKI_VALUE.exec(text)
  if (wiki) {
    const target = wikiTarget(text, page, context)
    const label = wiki[2] ?? wiki[1]
    if (!target) return { kind: 'text', text: label }
    if (!targets.includes(target)) targets.push(target)
    return { kind: 'link', href: context.hrefOfPage(target), text: wiki[2] ?? target.title, external: false }
  }
  if (/^(https?:\/\/|mailto:)\S+$/i.test(text)) return { kind: 'link', href: text, text: text.replace(/^mailto:/i, ''), external: true }
  if (/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(text)) return { kind: 'link', href: `mailto:${text}`, text, external: true }
  if (DATE_VALUE.test(text)) {
    const date = dates.parse(text)
    if (date) return { kind: 'date', iso: text, text: dates.format(date.ms, date.time) }
  }
  return { kind: 'text', text }
}

function wikiTarget(value: string, page: CompiledPage, context: PropertyContext): CompiledPage | undefined {
  const wiki = WIKI_VALUE.exec(value.trim())
  if (!wiki || wiki[1].trim() === '') return undefined
  const probe: PageLink = { kind: 'link', syntax: 'wiki', target: wiki[1].trim(), line: 0, column: 0 }
  return context.index.findPage(probe, page)
}

/** Dates as the site's language writes them: '01.05.2024' for de-CH, 'May 1, 2024' for en. Made once per language. */
function dateFormatter(lang: string): (date: Date, withTime: boolean) => string {
  let format = dateFormats.get(lang)
  if (!format) {
    const make = (locale: string) => ({
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
    })
    let formats: ReturnType<typeof make>
    try {
      formats = make(lang)
    } catch {
      formats = make('de-CH')
    }
    format = (date, withTime) => (withTime ? formats.time : formats.day).format(date)
    dateFormats.set(lang, format)
  }
  return format
}
const dateFormats = new Map<string, (date: Date, withTime: boolean) => string>()

/** The tags of a page: its front matter's, then those of its text, each once, in the order first written. */
export function tagsOf(page: CompiledPage): string[] {
  const tags = new Map<string, string>()
  for (const tag of page.frontmatter.tags) if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag)
  for (const link of page.links)
    if (link.kind === 'tag' && !tags.has(link.target.toLowerCase())) tags.set(link.target.toLowerCase(), link.target)
  return [...tags.values()]
}

/** The route of a tag's page, from the site's base: 'Kunde/Muster' → 'tags/kunde/muster.html'. */
export function tagFileOf(tag: string): string {
  return `tags/${tag
    .split('/')
    .map((part) => slugifyPageName(part) || '-')
    .join('/')}.html`
}

export function tagHrefOf(base: string, tag: string): string {
  return hrefOf(`${base}${tagFileOf(tag)}`)
}
