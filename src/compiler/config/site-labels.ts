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

interface SiteFormats {
  short: Intl.DateTimeFormat
  year: Intl.DateTimeFormat
  zone: Intl.DateTimeFormat
  /** The digits of an instant's wall-clock time in the site's zone, for `zoneNameAt`. */
  wall: Intl.DateTimeFormat
}

const formats = new Map<string, SiteFormats>()

const WALL_CLOCK = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const

/** The site's formats of times, made once per language and zone. */
function formatsOf(lang: string, timeZone: string): SiteFormats {
  const key = `${lang}\0${timeZone}`
  let format = formats.get(key)
  if (!format) {
    const locale = intlLocaleOf(lang)
    format = {
      short: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }),
      year: new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone }),
      zone: new Intl.DateTimeFormat(locale, { timeZoneName: 'short', timeZone }),
      wall: new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', ...WALL_CLOCK }),
    }
    formats.set(key, format)
  }
  return format
}

/**
 * A time as the site's readers write it, in the site's time zone whatever the build machine says, with the year in
 * four digits and the zone: '14.03.2024, 08:05 MEZ' for de-CH and de-DE, '3/14/2024, 8:05 AM EDT' for en,
 * '14/03/2024, 08:05 GMT' for en-GB.
 * A tag Intl does not know is written like the language's table (en, de-DE, de-CH).
 */
export function formatDateTime(config: Pick<ResolvedConfig, 'site'>, time: number): string {
  const format = formatsOf(config.site.lang, config.site.timeZone)
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

/**
 * The short name of the site's time zone ('MEZ', 'MESZ', 'EST', 'GMT+9') at a wall-clock time of that zone, given as
 * its digits read as UTC (a front-matter property's '2024-03-14T08:05', a base's `file.mtime`): the name such a time
 * is shown with, the summer one or the winter one as the time falls; in the site's language, or in `lang`.
 */
export function zoneNameAt(config: Pick<ResolvedConfig, 'site'>, wallClock: number, lang = config.site.lang): string {
  const format = formatsOf(lang, config.site.timeZone)
  const wallOf = (instant: number) => {
    const parts: Record<string, number> = {}
    for (const part of format.wall.formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  }
  // the instant is the wall-clock time less the zone's offset at it; asked again at the first guess, which is on the
  // other side of a change of the offset only for a time in the hour the clocks skip or repeat
  const second = Math.floor(wallClock / 1000) * 1000
  const guess = second - (wallOf(second) - second)
  const instant = second - (wallOf(guess) - guess)
  return format.zone.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? config.site.timeZone
}
