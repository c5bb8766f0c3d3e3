import { describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../../../src/compiler/config/config.js'
import { createFeed, escapeXml, excerpt, feedXml, rfc822, type FeedItem } from '../../../../src/compiler/emit/feed.js'
import { createRobots, robotsHead } from '../../../../src/compiler/emit/robots.js'
import type { OutputFile } from '../../../../src/compiler/emit/output-file.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import type { Page } from '../../../../src/compiler/parse/page.js'
import { asset, compile } from '../page-fixtures.js'

const HOUR = 3_600_000
const MAY_3 = Date.UTC(2025, 4, 3, 8, 0, 0)

/** A linked site of literal pages, each with a last-updated time (undefined: none known). */
function feedOf(pages: [path: string, text: string, time: number | undefined][], config: UserConfig, assets: string[] = []) {
  const compiled = pages.map(([path, text]) => compile(path, text) as Page)
  const times = new Map(pages.map(([path, , time]) => [path, time]))
  const site = linkSite(compiled, assets.map(asset), resolveConfig(config))
  const searchData = new Map(compiled.map((page) => [page.contentHash, page.searchData]))
  const files = createFeed(site, {
    times: (path) => ({ mtime: times.get(path) }),
    searchData: (hash) => searchData.get(hash) ?? '',
  })
  return { site, files, xml: contentsOf(files[0]) }
}

const contentsOf = (file: OutputFile | undefined) => (file && 'contents' in file ? String(file.contents) : '')
const items = (xml: string) => xml.match(/<item>.*?<\/item>/g) ?? []
const titles = (xml: string) => items(xml).map((item) => /<title>(.*?)<\/title>/.exec(item)?.[1])

const HOST = { site: { hostname: 'https://wiki.example/', title: 'Talwerk', description: 'Das Wiki', lang: 'de-CH' } }

describe('rfc822', () => {
  it('writes a time in GMT with day and month names', () => {
    expect(rfc822(MAY_3)).toBe('Sat, 03 May 2025 08:00:00 GMT')
    expect(rfc822(Date.UTC(2024, 11, 31, 23, 5, 9))).toBe('Tue, 31 Dec 2024 23:05:09 GMT')
  })
})

describe('escapeXml', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml(`<b>"A" & 'B'</b>`)).toBe('&lt;b&gt;&quot;A&quot; &amp; &apos;B&apos;&lt;/b&gt;')
    expect(escapeXml('a\u0000b\u0007c\u001Fd\ttab\nline\uFFFE')).toBe('abcd\ttab\nline')
    // a lone surrogate goes, a pair stays
    expect(escapeXml('x\uD83Dy 😀')).toBe('xy 😀')
  })
})

describe('excerpt', () => {
  it('keeps short text whole and cuts long text after a word', () => {
    expect(excerpt('  kurz   und  gut ', 20)).toBe('kurz und gut')
    expect(excerpt('eins zwei drei vier fünf', 12)).toBe('eins zwei…')
  })
})

describe('feedXml', () => {
  const channel = { title: 'A & B', link: 'https://x.example/', self: 'https://x.example/rss.xml', description: 'D', language: 'en' }

  it('writes channel and items, lastBuildDate from the newest item', () => {
    const list: FeedItem[] = [
      { title: 'Neu', link: 'https://x.example/neu.html', time: MAY_3, description: 'Text <i>' },
      { title: 'Ohne Zeit', link: 'https://x.example/alt.html', description: '' },
    ]
    const xml = feedXml(channel, list)
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/)
    expect(xml).toContain('<title>A &amp; B</title>')
    expect(xml).toContain('<atom:link href="https://x.example/rss.xml" rel="self" type="application/rss+xml"/>')
    expect(xml).toContain('<language>en</language>')
    expect(xml).toContain('<lastBuildDate>Sat, 03 May 2025 08:00:00 GMT</lastBuildDate>')
    expect(items(xml)).toEqual([
      '<item><title>Neu</title><link>https://x.example/neu.html</link><guid isPermaLink="true">https://x.example/neu.html</guid><pubDate>Sat, 03 May 2025 08:00:00 GMT</pubDate><description>Text &lt;i&gt;</description></item>',
      '<item><title>Ohne Zeit</title><link>https://x.example/alt.html</link><guid isPermaLink="true">https://x.example/alt.html</guid></item>',
    ])
  })

  it('has no lastBuildDate when no item has a time', () => {
    expect(feedXml(channel, [])).not.toContain('lastBuildDate')
  })
})

describe('createFeed', () => {
  it('lists pages newest first, with absolute links under the base path and permalinks', () => {
    const { xml } = feedOf(
      [
        ['index.md', '# Start\n\nWillkommen.\n', MAY_3 - 5 * HOUR],
        ['Alt.md', '# Alt\n\nAlter Text.\n', MAY_3 - 48 * HOUR],
        ['Neu.md', '---\npermalink: aktuell/neu\n---\n# Neu\n\nNeuer Text.\n', MAY_3],
      ],
      { site: { ...HOST.site, base: '/wiki/' } },
    )
    expect(titles(xml)).toEqual(['Neu', 'Start', 'Alt'])
    expect(xml).toContain('<link>https://wiki.example/wiki/</link>')
    expect(xml).toContain('<atom:link href="https://wiki.example/wiki/rss.xml"')
    expect(items(xml)[0]).toContain('<link>https://wiki.example/wiki/aktuell/neu.html</link>')
    expect(xml).toContain('<title>Talwerk</title>')
    expect(xml).toContain('<description>Das Wiki</description>')
    expect(xml).toContain('<language>de-CH</language>')
  })

  it('takes the description from front matter, else the start of the text, escaped', () => {
    const long = 'Wort '.repeat(200)
    const { xml } = feedOf(
      [
        ['Eigen.md', '---\ndescription: "Kurz & <knapp>"\n---\n# Eigen\n\nText, der nicht zählt.\n', MAY_3],
        ['Text.md', '# Text\n\nErster Absatz mit **fett** & [[Eigen]].\n\n## Weiter\n\nMehr.\n', MAY_3 - HOUR],
        ['Lang.md', `# Lang\n\n${long}\n`, MAY_3 - 2 * HOUR],
      ],
      HOST,
    )
    const [own, text, cut] = items(xml)
    expect(own).toContain('<description>Kurz &amp; &lt;knapp&gt;</description>')
    expect(text).toContain('<description>Erster Absatz mit fett &amp; Eigen. Weiter Mehr.</description>')
    const description = /<description>(.*)<\/description>/.exec(cut)?.[1] ?? ''
    expect(description.endsWith('Wort…')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(301)
  })

  it('keeps at most the configured number of items, the newest; ties and unknown times in site order', () => {
    const pages: [string, string, number | undefined][] = Array.from({ length: 60 }, (_, i) => [
      `Seite ${String(i).padStart(2, '0')}.md`,
      `# Seite ${i}\n`,
      MAY_3 - i * HOUR,
    ])
    expect(items(feedOf(pages, HOST).xml)).toHaveLength(50)
    const few = feedOf(pages, { site: { ...HOST.site, feed: { items: 3 } } }).xml
    expect(titles(few)).toEqual(['Seite 0', 'Seite 1', 'Seite 2'])
    const ties = feedOf(
      [
        ['B.md', '# B\n', undefined],
        ['C.md', '# C\n', MAY_3],
        ['A.md', '# A\n', MAY_3],
      ],
      HOST,
    ).xml
    expect(titles(ties)).toEqual(['A', 'C', 'B'])
  })

  it('leaves out drafts and a page of its own at /404.html', () => {
    const { xml } = feedOf(
      [
        ['Entwurf.md', '---\ndraft: true\n---\n# Entwurf\n', MAY_3],
        ['404.md', '# Nicht gefunden\n', MAY_3],
        ['Da.md', '# Da\n', MAY_3],
      ],
      HOST,
    )
    expect(titles(xml)).toEqual(['Da'])
  })

  it('is not made without a hostname or with feed: false', () => {
    expect(feedOf([['A.md', '# A\n', MAY_3]], { site: { title: 'W' } }).files).toEqual([])
    expect(feedOf([['A.md', '# A\n', MAY_3]], { site: { ...HOST.site, feed: false } }).files).toEqual([])
    expect(feedOf([['A.md', '# A\n', MAY_3]], { site: { ...HOST.site, feed: true } }).files).toHaveLength(1)
  })
})

describe('robots.txt', () => {
  const robots = (config: UserConfig, assets: string[] = []) => {
    const site = linkSite([compile('A.md', '# A\n')], assets.map(asset), resolveConfig(config))
    return { text: createRobots(site).map(contentsOf), head: robotsHead(site.config) }
  }

  it('disallows everything with noindex, with or without a hostname', () => {
    expect(robots({ site: { noindex: true } })).toEqual({
      text: ['User-agent: *\nDisallow: /\n'],
      head: [['meta', { name: 'robots', content: 'noindex' }]],
    })
    expect(robots({ site: { ...HOST.site, noindex: true } }).text).toEqual(['User-agent: *\nDisallow: /\n'])
  })

  it('allows everything and names the sitemap with a hostname, and is none without', () => {
    expect(robots({ site: { ...HOST.site, base: '/wiki/' } })).toEqual({
      text: ['User-agent: *\nAllow: /\n\nSitemap: https://wiki.example/wiki/sitemap.xml\n'],
      head: [],
    })
    expect(robots({ site: {} }).text).toEqual([])
  })

  it("steps aside for the author's own robots.txt", () => {
    expect(robots({ site: { ...HOST.site, noindex: true } }, ['public/robots.txt']).text).toEqual([])
    // one deeper in public/ is not at the root
    expect(robots({ site: { noindex: true } }, ['public/docs/robots.txt']).text).toHaveLength(1)
  })
})
