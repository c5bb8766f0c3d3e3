/**
 * The texts and dates of a site: its language's table (src/shared/locales.ts) with the config's `labels` over it,
 * and times written the way the language writes them, in the site's time zone.
 */
import { createHash } from 'node:crypto'
import type { ResolvedConfig } from './config.js'
import { labels as deCH, type Labels } from '../../shared/labels.js'
import { localeOf, resolveLabels, type LabelOverrides } from '../../shared/locales.js'

const resolved = new WeakMap<ResolvedConfig, Labels>()

/** The site's texts, made once per config. */
export function siteLabels(config: ResolvedConfig): Labels {
  let labels = resolved.get(config)
  if (!labels) resolved.set(config, (labels = resolveLabels(config.site.lang, config.labels as LabelOverrides)))
  return labels
}

/**
 * The texts for a page in its own language (front matter `lang`): the site's when the page reads the same table, else
 * the table of the page's language as shipped (the config's `labels` are written for the site's language).
 */
export function labelsForPage(config: ResolvedConfig, pageLang: string | undefined): Labels {
  if (pageLang === undefined || localeOf(pageLang) === localeOf(config.site.lang)) return siteLabels(config)
  return localeOf(pageLang).labels
}

/** What the cache keys of compiled pages add for texts other than de-CH's: the pages' bodies hold some of them. */
export function labelsSalt(labels: Labels): string {
  return labels === deCH ? '' : `\0${createHash('sha1').update(JSON.stringify(labels)).digest('hex')}`
}

/**
 * The tag to format dates with: the site's own when Intl knows it (en-GB writes 14/03/2026), else its table's. A tag
 * Intl has no data for would fall back to the build machine's language: never, builds are reproducible.
 */
export function intlLocaleOf(lang: string): string {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf(lang).length > 0) return lang
  } catch {
    // not a well-formed tag
  }
  return localeOf(lang).name
}

const formats = new Map<string, { short: Intl.DateTimeFormat; year: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>()

/**
 * A time as the site's readers write it, in the site's time zone whatever the build machine says, with the year in
 * four digits and the zone: '14.03.2024, 08:05 MEZ' for de-CH and de-DE, '3/14/2024, 8:05 AM EDT' for en,
 * '14/03/2024, 08:05 GMT' for en-GB.
 * A tag Intl does not know is written like the language's table (en, de-DE, de-CH).
 */
export function formatDateTime(config: Pick<ResolvedConfig, 'site'>, time: number): string {
  const { lang, timeZone } = config.site
  const key = `${lang}\0${timeZone}`
  let format = formats.get(key)
  if (!format) {
    const locale = intlLocaleOf(lang)
    format = {
      short: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }),
      year: new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone }),
      zone: new Intl.DateTimeFormat(locale, { timeZoneName: 'short', timeZone }),
    }
    formats.set(key, format)
  }
  const date = new Date(time)
  // the short style keeps each language's order and separators, but writes '24' for 2024: a reader cannot tell the
  // century, so the year is the full one
  const year = format.year.formatToParts(date).find((part) => part.type === 'year')?.value
  // a time means little without its zone: readers elsewhere, and a build machine in UTC, would read it wrong
  const zone = format.zone.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value
  const text = format.short
    .formatToParts(date)
    .map((part) => (part.type === 'year' && year ? year : part.value))
    .join('')
    // as format() writes it: a plain space before AM/PM, where the parts have a narrow no-break one
    .replace(/\u202f/g, ' ')
  return zone ? `${text} ${zone}` : text
}
