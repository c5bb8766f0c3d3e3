/**
 * The Obsidian fixture vault (tests/fixtures/obsidian-vault), built as a team would build its own vault: bases,
 * canvases, Excalidraw drawings, backlinks, properties, tags, aliases, block links, section embeds, duplicate names,
 * and the vault's own settings about what is published.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { repoRoot, tempDir } from './helpers.js'

const root = join(repoRoot, 'tests/fixtures/obsidian-vault')
let out: string
let result: BuildResult

beforeAll(async () => {
  out = join(tempDir('wikigen-vault-'), 'site')
  const { config } = await loadConfig(root)
  result = await build({ root, out, config })
})

const html = (file: string) => readFileSync(join(out, file), 'utf8')
/** The page body and what the theme shows around it, without the navbar and sidebar. */
const main = (file: string) => /<main[\s\S]*<\/main>/.exec(html(file))?.[0] ?? ''
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [relative(out, join(dir, entry.name))],
  )
const codes = () => result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)

describe('an Obsidian vault', () => {
  it('reports exactly the mistakes of the vault, at their file, line and column', () => {
    expect(codes()).toEqual([
      'Docker.md:0:0 duplicate-slug',
      'Kaputt.canvas:1:38 bad-canvas',
      'Mail-Hosting.md:0:0 duplicate-slug',
      'Personal/HR/FAQ.md:0:0 duplicate-slug',
      'Referenzen.md:19:1 missing-drawing-export',
    ])
    const canvas = result.diagnostics.find((d) => d.code === 'bad-canvas')!
    expect(canvas.severity).toBe('error')
    expect(main('kaputt.html')).toContain('Die Zeichenfläche kann nicht gelesen werden')
  })

  it('publishes only what readers should see', () => {
    const published = files(out).filter((file) => !file.startsWith('_wikigen/'))
    // the attachments pages use, the public folder at the root of the site
    expect(published).toEqual(
      expect.arrayContaining(['Anhänge/Plan.png', 'Anhänge/kontakt.vcf', 'Zeichnungen/Ablauf.excalidraw.svg', 'robots.txt', 'favicon.ico']),
    )
    // files that raw HTML and head tags point at are used too
    expect(published).toEqual(expect.arrayContaining(['Anhänge/Roh.png', 'Anhänge/Icon.png']))
    for (const file of published) {
      // never repository files, secrets, unused attachments, sources of bases and canvases, drawing data
      expect(file).not.toMatch(/package\.json|build\.js|Taskfile|deploy\.sh|\.env|Unbenutzt|\.base$|\.canvas$|\.excalidraw\.md|^public\//)
    }
    // excluded by the vault's own settings: the templates folder, userIgnoreFilters (a folder and a regex)
    for (const page of ['besprechung.html', 'alt.html', 'notiz.tmp.html', 'entwurf.html', 'privat.html'])
      expect(existsSync(join(out, page))).toBe(false)
    // drafts are in no list either
    const index = readFileSync(join(out, 'search-index.json'), 'utf8')
    expect(index).not.toMatch(/Entwurf|Privat|Besprechung/)
    expect(html('glossary.html')).not.toMatch(/Entwurf|Privat/)
    // nor in the full-text index: not their words, not their text files
    const fullText = readdirSync(join(out, 'fulltext'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
      .join('\n')
    expect(fullText).toContain('handbuch')
    expect(fullText).not.toMatch(/fertig|nur im vault|Entwurf|Privat|Besprechung/i)
  })

  it("looks for attachments in the vault's attachment folder first", () => {
    expect(main('index.html')).toContain('<img src="/Anh%C3%A4nge/Logo.png" alt="Logo" width="40" height="20"')
    expect(existsSync(join(out, 'Andere/Logo.png'))).toBe(false)
  })

  it('builds every note of a name that another note has too, and warns', () => {
    expect(main('docker.html')).toContain('docker (klein)')
    expect(main('docker-2.html')).toContain('Docker (gross)')
    expect(main('mail-hosting.html')).toContain('Mit Leerzeichen')
    expect(main('mail-hosting-2.html')).toContain('Mit Bindestrich')
    expect(main('faq.html')).toContain('FAQ IT')
    expect(main('hr-faq.html')).toContain('FAQ Personal')
  })

  it('resolves links as Obsidian does: exact name, aliases, shortest path, heading paths and blocks', () => {
    const page = main('referenzen.html')
    expect(page).toContain('<a href="/handbuch.html#voraussetzungen" class="wikilink">Handbuch &gt; Installation &gt; Voraussetzungen</a>')
    expect(page).toContain('<a href="/handbuch.html#^install-schritt" class="wikilink">')
    expect(page).toContain(
      '<a href="/handbuch.html" class="wikilink">Manual</a> und <a href="/handbuch.html" class="wikilink">leitfaden</a>',
    )
    expect(page).toContain('<a href="/hr-faq.html" class="wikilink">HR/FAQ</a>, Dateiname: <a href="/faq.html" class="wikilink">FAQ</a>')
    expect(page).toContain('<a href="/docker.html" class="wikilink">docker</a> und <a href="/docker-2.html" class="wikilink">Docker</a>')
    // the block marker is hidden and becomes the block's anchor
    expect(main('handbuch.html')).toContain('<p id="^install-schritt">Erst installieren.</p>')
    expect(main('handbuch.html')).toContain('<li id="^punkt-zwei">Punkt zwei</li>')
    expect(main('handbuch.html')).not.toContain('^tabelle-dienste</p>')
    // aliases are other URLs of the page and found by search
    expect(html('manual.html')).toContain('/handbuch.html')
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toMatch(/^\/leitfaden\.html \/handbuch\.html 301$/m)
    const entry = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')).find((e: { title: string }) => e.title === 'Handbuch')
    expect(entry.extraFields).toEqual(['Manual', 'Leitfaden'])
  })

  it('embeds a section or a block alone', () => {
    const page = main('referenzen.html')
    const section = /<div class="embed" data-embed="\/handbuch.html#installation">[\s\S]*?<\/div>/.exec(page)?.[0] ?? ''
    expect(section).toContain('Handbuch › Installation')
    expect(section).toContain('Node 20 oder neuer.')
    expect(section).not.toContain('Betrieb')
    expect(page).toMatch(/data-embed="\/handbuch.html#\^punkt-zwei">.*<ul><li id="\^punkt-zwei">Punkt zwei<\/li><\/ul><\/div>/)
    expect(page).toMatch(/data-embed="\/handbuch.html#\^tabelle-dienste">.*<table id="\^tabelle-dienste">/s)
    expect(page).not.toContain('Punkt eins')
  })

  it('turns a base into a page of its views: filters, formulas, sort, groups, limit and display names', () => {
    const page = main('kunden.html')
    const table = /<table>[\s\S]*?<\/table>/.exec(page)?.[0] ?? ''
    expect(table).toContain('<th scope="col">Umsatz</th>')
    // sorted by umsatz, largest first; the archived customer filtered out
    expect(table.indexOf('Zahl AG')).toBeLessThan(table.indexOf('Muster AG'))
    expect(table).not.toContain('Beispiel GmbH')
    expect(table).toContain('250 kCHF')
    expect(table).toContain('<a href="https://muster.example"')
    // cards grouped by status; a list limited to the newest two of three
    expect(page).toMatch(/aktiv <span class="base-group-count">2<\/span>[\s\S]*archiviert <span class="base-group-count">1<\/span>/)
    expect(page).toContain('2 von 3 Einträgen')
    expect(page).toContain('<time datetime="2024-09-30">30.09.2024</time>')
    // like a page: in the search index, and linked and embedded by [[Kunden.base]]
    expect(readFileSync(join(out, 'search-index.json'), 'utf8')).toContain('"title":"Kunden"')
    expect(main('index.html')).toContain('<a href="/kunden.html" class="wikilink">Kundenliste</a>')
    expect(main('referenzen.html')).toContain('<div class="embed" data-embed="/kunden.html">')
    // a ```base block renders in place, its tag filter matching nested tags too
    expect(main('handbuch.html')).toMatch(/Kunden im Handbuch<\/span> <span class="base-count">4 Einträge/)
  })

  it('draws a canvas as SVG: text as markdown, notes, images, links, groups and labelled edges', () => {
    const page = main('übersicht.html')
    expect(page).toMatch(/<svg class="canvas-svg" width="\d+" height="\d+"/)
    expect(page).toContain('<a href="/handbuch.html" class="wikilink">Handbuch</a>')
    expect(page).toContain('<strong>fett</strong>')
    expect(page).toContain('src="/Anh%C3%A4nge/Plan.png"')
    expect(page).toContain('Ehemaliger Kunde.')
    expect(page).toContain('href="https://example.com"')
    expect(page).toContain('>Ablauf</text>')
    expect(page).toContain('führt zu')
    expect(main('referenzen.html')).toContain('<div class="embed" data-embed="/%C3%BCbersicht.html">')
  })

  it('shows an Excalidraw drawing by its exported image, never its data', () => {
    expect(main('handbuch.html')).toContain('<img src="/Zeichnungen/Ablauf.excalidraw.svg" alt="Ablauf" width="200" height="100"')
    expect(main('handbuch.html')).not.toContain('EXCALIDRAW VIEW')
    expect(files(out).some((file) => file.endsWith('.excalidraw.md') || file.includes('ablauf.excalidraw.html'))).toBe(false)
  })

  it('lists the pages that link to a page, from its text or its front matter', () => {
    const role = main('geschäftsführung.html')
    expect(role).toContain('Verlinkt von')
    const links = [...role.slice(role.indexOf('Verlinkt von')).matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].map((m) => m[2])
    expect(links).toEqual(['Anna Muster', 'Handbuch', 'Muster AG'])
    expect(main('handbuch.html')).toMatch(/Verlinkt von[\s\S]*Referenzen[\s\S]*Übersicht[\s\S]*Vault Muster/)
  })

  it('shows front matter as properties, tags as links to tag pages, and applies cssclasses', () => {
    const customer = main('muster-ag.html')
    expect(customer).toContain('<a href="https://muster.example" class="external"')
    expect(customer).toContain('<a href="mailto:info@muster.example" class="external"')
    expect(customer).toContain('<dt>umsatz</dt><dd>120000</dd>')
    expect(customer).toContain('<a href="/gesch%C3%A4ftsf%C3%BChrung.html" class="wikilink">Geschäftsführung</a>')
    expect(customer).toContain('<time dateTime="2023-02-01">01.02.2023</time>')
    expect(main('handbuch.html')).toContain('<a href="/tags/intern.html" class="tag">#intern</a>')
    expect(html('handbuch.html')).toMatch(/class="theme-container wide-page/)
    const tag = main('tags/kunde.html')
    expect([...tag.matchAll(/<li><a href="[^"]+">([^<]+)<\/a><\/li>/g)].map((m) => m[1])).toEqual([
      'Beispiel GmbH',
      'Handbuch',
      'Muster AG',
      'Zahl AG',
    ])
    expect(tag).toContain('href="/tags/kunde/alt.html"')
    expect(main('tags/kunde/alt.html')).toContain('Beispiel GmbH')
  })

  it('never shows Obsidian comments', () => {
    expect(html('handbuch.html')).not.toContain('interne Notiz')
  })

  it('shows drafts in a dev preview with --drafts, marked as drafts', async () => {
    const preview = join(tempDir('wikigen-drafts-'), 'site')
    await createDevSession({ root, out: preview, drafts: true })
    expect(readFileSync(join(preview, 'entwurf.html'), 'utf8')).toContain('<span class="badge draft">Entwurf</span>')
    expect(readFileSync(join(preview, 'privat.html'), 'utf8')).toContain('Nur im Vault.')
  })
})
