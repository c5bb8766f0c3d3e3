/**
 * rss.xml: an RSS 2.0 feed of the pages changed last, as Obsidian Publish offers one beside its sitemap. Feed readers
 * need absolute URLs, so a site has a feed only with `site.hostname` (and not with `site.feed: false`); every page's
 * head then links it.
 *
 *     site.hostname 'https://wiki.example', pages changed 3 May, 1 May, …
 *       → <item><title>Odoo Hosting</title><link>https://wiki.example/odoo-hosting.html</link>
 *         <guid isPermaLink="true">…same URL…</guid><pubDate>Sat, 03 May 2025 08:00:00 GMT</pubDate>
 *         <description>the front matter's description, else the start of the page's text</description></item>
 *
 * Items are the site's pages (drafts and excluded files are none), newest first by their last-updated time (git,
 * else the file's time), at most `site.feed.items` (50). The generated pages (tags, sections, glossary, search, 404)
 * are not pages of the site and so are never items; neither is a page of the vault's own at /404.html.
 */
import type { HeadTag, ResolvedConfig } from '../config/config.js'
import type { FileTimes } from '../link/bases-site.js'
import type { Site, SitePage } from '../link/link-site.js'
import { readSearchData } from '../parse/search-data.js'
import { excerpt } from '../parse/summary.js'
import type { FullTextSection } from '../../shared/fulltext/format.js'
import type { OutputFile } from './output-file.js'
import { originOf } from './social-tags.js'

export { excerpt }

export const FEED_FILE = 'rss.xml'
/** Items of a feed unless `site.feed.items` says otherwise. */
export const FEED_ITEMS = 50
/** Most characters of an item's description taken from the page's text (a front matter description is kept whole). */
export const DESCRIPTION_CHARS = 300

/** What the feed needs besides the site: when each page changed, and each page's text (its full-text data). */
export interface FeedSources {
  times: FileTimes
  /** The page's full-text data (parse/search-data.ts) by content hash. */
  searchData(contentHash: string): string
}

/** The feed's settings for a config: its item count, or undefined when the site has no feed. */
export function feedOf(config: ResolvedConfig): { items: number; origin: string } | undefined {
  const origin = originOf(config.site.hostname)
  const feed = config.site.feed
  if (!origin || feed === false) return undefined
  return { items: typeof feed === 'object' && feed.items ? feed.items : FEED_ITEMS, origin }
}

/** The head tag that names the feed, for every page of a site with one. */
export function feedHead(config: ResolvedConfig): HeadTag[] {
  if (!feedOf(config)) return []
  return [['link', { rel: 'alternate', type: 'application/rss+xml', title: config.site.title, href: config.site.base + FEED_FILE }]]
}

/** The feed file of a site; none without a hostname or with `site.feed: false`. */
export function createFeed(site: Site, sources: FeedSources): OutputFile[] {
  const settings = feedOf(site.config)
  if (!settings) return []
  const { origin } = settings
  const candidates = site.pages
    .filter((p) => !p.page.frontmatter.draft && p.page.slug !== '404')
    .map((p, order) => ({ p, order, time: sources.times(p.page.sourcePath).mtime }))
  // newest first; pages without a known time last, all ties in site order
  candidates.sort((a, b) => (b.time ?? -Infinity) - (a.time ?? -Infinity) || a.order - b.order)
  const items = candidates.slice(0, settings.items).map(({ p, time }): FeedItem => ({
    title: p.page.title,
    link: origin + p.href,
    ...(time !== undefined ? { time } : {}),
    description: descriptionOf(p, sources),
  }))
  const { title, description, lang, base } = site.config.site
  const channel: FeedChannel = {
    title,
    link: origin + base,
    self: origin + base + FEED_FILE,
    description: description || title,
    language: lang,
  }
  return [{ path: FEED_FILE, contents: feedXml(channel, items) }]
}

export interface FeedChannel {
  title: string
  /** The site's home page, absolute. */
  link: string
  /** The feed's own URL, absolute. */
  self: string
  description: string
  language: string
}

export interface FeedItem {
  title: string
  /** The page's absolute URL, already encoded. */
  link: string
  /** Last updated, in milliseconds since the epoch. */
  time?: number
  description: string
}

/** The XML of a feed, items as given. The channel's lastBuildDate is the newest item's time, so a build is reproducible. */
export function feedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const newest = items.reduce<number | undefined>(
    (max, item) => (item.time !== undefined && (max === undefined || item.time > max) ? item.time : max),
    undefined,
  )
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<language>${escapeXml(channel.language)}</language>`,
    ...(newest !== undefined ? [`<lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    '<generator>wikigen</generator>',
  ]
  for (const item of items) {
    lines.push(
      [
        '<item>',
        `<title>${escapeXml(item.title)}</title>`,
        `<link>${escapeXml(item.link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        ...(item.time !== undefined ? [`<pubDate>${rfc822(item.time)}</pubDate>`] : []),
        ...(item.description ? [`<description>${escapeXml(item.description)}</description>`] : []),
        '</item>',
      ].join(''),
    )
  }
  lines.push('</channel>', '</rss>', '')
  return lines.join('\n')
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A time as RSS writes it (RFC 822, four-digit year, in GMT): 'Sat, 03 May 2025 08:00:00 GMT'. */
export function rfc822(ms: number): string {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} GMT`
}

/** Characters XML 1.0 does not allow at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text for XML content or an attribute: escaped, and without the characters no XML document may hold. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
}

/** The item's text: the front matter's description, else the start of the page's text, cut at a word. */
function descriptionOf(sitePage: SitePage, sources: FeedSources): string {
  const own = sitePage.page.frontmatter.description?.trim()
  if (own) return own
  let sections: FullTextSection[]
  try {
    sections = JSON.parse(readSearchData(sources.searchData(sitePage.page.contentHash)).sectionsJson) as FullTextSection[]
  } catch {
    return ''
  }
  return excerpt(sections.map(([, heading, text]) => [heading, text].filter(Boolean).join(' ')).join(' '), DESCRIPTION_CHARS)
}
