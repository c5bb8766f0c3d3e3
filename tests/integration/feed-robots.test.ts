/**
 * The RSS feed (/rss.xml) and the search-engine settings (site.noindex, robots.txt), as Obsidian Publish offers them:
 * real folders, built with build().
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

const NOTES: Record<string, string> = {
  'index.md': '# Start\n\nDas Handbuch der Werkstatt. Siehe [[Werkzeug]].\n',
  'Werkzeug.md': '---\ntags: [werkstatt]\n---\n# Werkzeug\n\nHammer, Zange & Säge für < 20 Franken.\n',
  'Ablauf.md': '---\npermalink: prozesse/ablauf\ndescription: "Wie ein Auftrag läuft: Annahme, Arbeit, Abgabe"\n---\n# Ablauf\n\nText.\n',
  'Entwurf.md': '---\npublish: false\n---\n# Entwurf\n\nNoch nicht fertig.\n',
}

/**
 * Writes the notes into a git repository, one commit per note at the given date (in that order), then builds it.
 * Files not in `dates` stay uncommitted.
 */
async function buildVault(config: UserConfig, files: Record<string, string> = NOTES, dates: Record<string, string> = {}) {
  const work = tempDir('wikigen-feed-')
  const root = join(work, 'wiki')
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), contents)
  }
  if (Object.keys(dates).length > 0) {
    const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: work }
    const git = (args: string[], date?: string) =>
      execFileSync('git', args, { cwd: root, stdio: 'pipe', env: date ? { ...env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : env })
    git(['init', '-q'])
    git(['config', 'user.email', 'writer@example.org'])
    git(['config', 'user.name', 'Sam Writer'])
    for (const [path, date] of Object.entries(dates)) {
      git(['add', path])
      git(['commit', '-q', '-m', `Add ${path}`], date)
    }
  }
  const out = join(work, 'site')
  const result = await build({ root, out, config })
  const htmlFiles = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
  const read = (file: string) => readFileSync(join(out, file), 'utf8')
  const head = (file: string) => read(file).split('</head>')[0]
  return { result, out, root, htmlFiles, read, head }
}

const HOSTED: UserConfig = {
  site: { title: 'Werkstatt', description: 'Alles über die Werkstatt', lang: 'de-CH', hostname: 'https://wiki.example' },
}
const DATES = {
  'Werkzeug.md': '2025-03-01T10:00:00Z',
  'index.md': '2025-04-01T10:00:00Z',
  'Ablauf.md': '2025-05-01T10:00:00Z',
}

describe('the RSS feed', () => {
  it('lists the pages newest first by their git time, with absolute links, descriptions and dates', async () => {
    const { result, read } = await buildVault(HOSTED, NOTES, DATES)
    expect(result.diagnostics).toEqual([])
    const xml = read('rss.xml')
    expect(xml).toContain('<title>Werkstatt</title>')
    expect(xml).toContain('<link>https://wiki.example/</link>')
    expect(xml).toContain('<description>Alles über die Werkstatt</description>')
    expect(xml).toContain('<language>de-CH</language>')
    expect(xml).toContain('<lastBuildDate>Thu, 01 May 2025 10:00:00 GMT</lastBuildDate>')
    const items = xml.match(/<item>.*?<\/item>/g) ?? []
    // the draft is no page of the site, and the tag page and glossary are generated
    expect(items).toEqual([
      '<item><title>Ablauf</title><link>https://wiki.example/prozesse/ablauf.html</link><guid isPermaLink="true">https://wiki.example/prozesse/ablauf.html</guid><pubDate>Thu, 01 May 2025 10:00:00 GMT</pubDate><description>Wie ein Auftrag läuft: Annahme, Arbeit, Abgabe</description></item>',
      '<item><title>Start</title><link>https://wiki.example/</link><guid isPermaLink="true">https://wiki.example/</guid><pubDate>Tue, 01 Apr 2025 10:00:00 GMT</pubDate><description>Das Handbuch der Werkstatt. Siehe Werkzeug.</description></item>',
      '<item><title>Werkzeug</title><link>https://wiki.example/werkzeug.html</link><guid isPermaLink="true">https://wiki.example/werkzeug.html</guid><pubDate>Sat, 01 Mar 2025 10:00:00 GMT</pubDate><description>Hammer, Zange &amp; Säge für &lt; 20 Franken.</description></item>',
    ])
  })

  it("is linked from every page's head, generated pages too, and named in robots.txt's sitemap line", async () => {
    const { htmlFiles, head, read } = await buildVault({ ...HOSTED, site: { ...HOSTED.site, base: '/wiki/' } }, NOTES, DATES)
    expect(htmlFiles).toEqual(expect.arrayContaining(['index.html', '404.html', 'glossary.html', 'tags/werkstatt.html']))
    // the forwarding page at the permalinked page's old URL has a head of its own
    const pages = htmlFiles.filter((file) => !read(file).includes('http-equiv="refresh"'))
    expect(pages).toEqual(expect.arrayContaining(['index.html', 'prozesse/ablauf.html', 'werkzeug.html']))
    for (const file of pages) {
      expect(head(file), file).toContain('<link rel="alternate" type="application/rss+xml" title="Werkstatt" href="/wiki/rss.xml">')
      expect(head(file), file).not.toContain('name="robots"')
    }
    expect(read('rss.xml')).toContain('<link>https://wiki.example/wiki/prozesse/ablauf.html</link>')
    expect(read('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://wiki.example/wiki/sitemap.xml\n')
  })

  it('keeps the newest pages only, as many as site.feed.items says; the file time stands in outside git', async () => {
    const { read } = await buildVault({ site: { ...HOSTED.site, feed: { items: 2 } } }, NOTES)
    expect(read('rss.xml').match(/<item>/g)).toHaveLength(2)
    expect(read('rss.xml')).toMatch(/<pubDate>\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT<\/pubDate>/)
  })

  it('is not made, nor linked, without a hostname or with feed: false; no robots.txt without a hostname', async () => {
    for (const config of [{ site: { title: 'Werkstatt' } }, { site: { ...HOSTED.site, feed: false } }]) {
      const { result, out, head } = await buildVault(config)
      expect(result.diagnostics).toEqual([])
      expect(existsSync(join(out, 'rss.xml'))).toBe(false)
      expect(head('index.html')).not.toContain('application/rss+xml')
    }
    const { out } = await buildVault({ site: { title: 'Werkstatt' } })
    expect(existsSync(join(out, 'robots.txt'))).toBe(false)
  })

  it('keeps its path: a content file at rss.xml is an error and left out', async () => {
    const { result, read } = await buildVault(HOSTED, { ...NOTES, 'public/rss.xml': '<rss>eigener</rss>\n' })
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'generated-path',
        file: 'public/rss.xml',
        message: expect.stringContaining('the RSS feed'),
      }),
    ])
    expect(read('rss.xml')).toContain('<rss version="2.0"')
  })
})

describe('noindex and robots.txt', () => {
  it('puts a robots noindex tag on every page and disallows everything in robots.txt', async () => {
    const { result, htmlFiles, head, read } = await buildVault({ site: { title: 'Werkstatt', noindex: true } })
    expect(result.diagnostics).toEqual([])
    expect(htmlFiles).toEqual(expect.arrayContaining(['index.html', '404.html', 'glossary.html', 'tags/werkstatt.html']))
    // forwarding pages at old URLs carry the tag already
    for (const file of htmlFiles) expect(head(file), file).toContain('<meta name="robots" content="noindex">')
    expect(read('robots.txt')).toBe('User-agent: *\nDisallow: /\n')
  })

  it("publishes the author's own public/robots.txt in place of the generated one, without a word", async () => {
    const own = 'User-agent: *\nDisallow: /intern/\n'
    for (const config of [HOSTED, { site: { ...HOSTED.site, noindex: true } }]) {
      const { result, read, head } = await buildVault(config, { ...NOTES, 'public/robots.txt': own })
      expect(result.diagnostics).toEqual([])
      expect(read('robots.txt')).toBe(own)
      // the pages still say what the config asks
      expect(head('index.html').includes('name="robots" content="noindex"')).toBe(config.site?.noindex === true)
    }
  })
})
