/**
 * A vault published with Obsidian Publish builds as published: `permalink` is the page's URL everywhere (routes, links,
 * backlinks, sitemap, search index), the page's URL by name redirects to it, `publish.css` follows the theme's
 * stylesheet, and a vault without `index.md` still has a home page. Real folders, real builds.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { repoRoot, tempDir } from './helpers.js'

/** Builds a vault of `files` with the real client; returns the output folder and the build's diagnostics. */
async function buildVault(files: Record<string, string | Buffer>, config?: UserConfig) {
  const root = join(tempDir('wikigen-publish-'), 'vault')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  const out = join(root, '..', 'site')
  const { diagnostics } = await build({ root, out, cacheDir: false, clientDir: join(repoRoot, 'lib/client'), config })
  return { out, diagnostics, read: (path: string) => readFileSync(join(out, path), 'utf8') }
}

describe('an Obsidian Publish vault', () => {
  it('puts each page at its permalink, and every link, list and old URL follows', async () => {
    const { read, out, diagnostics } = await buildVault({
      'Home.md': '---\npermalink: /\n---\n# Willkommen\n\nSiehe [[Embed files]] und [[Variables|die Variablen]].\n',
      'Embed files.md': '---\npermalink: embeds\nstatus: fertig\n---\n# Embed files\n\nText über Einbettungen.\n',
      'Web Clipper/Variables.md': '---\npermalink: /web-clipper/variables/\n---\n# Variables\n\nZurück zu [[Embed files]].\n',
      'publish.css': ':root { --c-brand: #7c3aed; }\n',
    })
    expect(diagnostics).toEqual([])
    expect(read('index.html')).toContain('Willkommen')
    expect(read('embeds.html')).toContain('Text über Einbettungen.')
    expect(read('web-clipper/variables.html')).toContain('Zurück zu')
    // links, backlinks and the navigation use the permalinks
    expect(read('index.html')).toContain('href="/embeds.html"')
    expect(read('index.html')).toContain('href="/web-clipper/variables.html"')
    expect(read('embeds.html')).toMatch(/href="\/web-clipper\/variables\.html"/)
    // the URLs by name lead there
    const redirects = read('_redirects')
    expect(redirects).toContain('/embed-files.html /embeds.html 301')
    expect(redirects).toContain('/variables.html /web-clipper/variables.html 301')
    expect(redirects).toContain('/home.html / 301')
    expect(existsSync(join(out, 'embed-files.html'))).toBe(true) // the forwarding page of redirectMode "both"
    expect(read('embed-files.html')).toContain('url=/embeds.html')
    // sitemap and search find the pages at their permalinks
    expect(read('search-index.json')).toContain('"/embeds.html"')
    expect(read('search-index.json')).not.toContain('"/embed-files.html"')
    // a permalink is no property the reader sees; other properties are
    expect(read('embeds.html')).toContain('fertig')
    expect(read('embeds.html')).not.toMatch(/>permalink</)
    // publish.css is published and loaded after the theme's stylesheet
    expect(read('publish.css')).toContain('--c-brand')
    const styles = [...read('embeds.html').matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1])
    expect(styles.at(-1)).toBe('/publish.css')
    expect(styles[0]).toMatch(/^\/_wikigen\/style-/)
  })

  it('makes the root note named Home or Start the home page of a vault without index.md', async () => {
    const { read, diagnostics } = await buildVault({
      'Start.md': '# Start\n\nDie erste Seite.\n',
      'Notiz.md': '# Notiz\n\nZur [[Start|Startseite]].\n',
    })
    expect(diagnostics).toEqual([])
    expect(read('index.html')).toContain('Die erste Seite.')
    expect(read('notiz.html')).toContain('href="/"')
    expect(read('_redirects')).toContain('/start.html / 301')
  })

  it('lists the notes by top-level folder on a generated home page when no note is one', async () => {
    const { read } = await buildVault({
      'Notiz.md': '# Notiz\n\nText.\n',
      'Projekte/Alpha.md': '# Alpha\n\nText.\n',
      'Projekte/Unter/Beta.md': '# Beta\n\nText.\n',
    })
    const home = read('index.html')
    expect(home).toContain('<a href="/notiz.html">Notiz</a>')
    expect(home).toMatch(
      /<h2 id="projekte"[^>]*>.*Projekte.*<\/h2>\s*<ul><li><a href="\/alpha\.html">Alpha<\/a><\/li><li><a href="\/beta\.html">Beta<\/a><\/li><\/ul>/s,
    )
  })

  it('warns about a permalink that is no path of the site, and keeps the URL by name', async () => {
    const { read, diagnostics } = await buildVault({
      'index.md': '# Start\n',
      'Seite.md': '---\npermalink: ../../etc/passwd\n---\n# Seite\n\nText.\n',
    })
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'bad-permalink', file: 'Seite.md', severity: 'warning' })])
    expect(read('seite.html')).toContain('Text.')
  })

  it('gives shared links a preview from title, description and cover, and takes the vault favicon', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
    const { read, out, diagnostics } = await buildVault({
      'index.md': '# Start\n',
      'Guide.md': '---\ndescription: How we publish.\ncover: "Attachments/Cover image.png"\n---\n# Guide\n\nText.\n',
      'Plain.md': '---\nimage: https://cdn.example/card.png\n---\n# Plain\n',
      'Attachments/Cover image.png': png,
      'Attachments/favicon-32x32.png': png,
      'favicon.ico': 'ico',
    })
    expect(diagnostics).toEqual([])
    const guide = read('guide.html')
    expect(guide).toContain('<meta property="og:title" content="Guide">')
    expect(guide).toContain('<meta property="og:description" content="How we publish.">')
    expect(guide).toContain('<meta property="og:image" content="/Attachments/Cover%20image.png">')
    expect(guide).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(existsSync(join(out, 'Attachments/Cover image.png'))).toBe(true)
    expect(read('plain.html')).toContain('<meta property="og:image" content="https://cdn.example/card.png">')
    expect(read('index.html')).toContain('<meta property="og:type" content="website">')
    // of the vault's favicons the largest PNG, published at the site's root
    expect(guide).toContain('<link rel="icon" href="/favicon.png" type="image/png">')
    expect(existsSync(join(out, 'favicon.png'))).toBe(true)
  })

  it("shows Obsidian's embedded searches as their results and Twig templates as code, without warnings", async () => {
    const { read, diagnostics } = await buildVault({
      'index.md': '# Start\n\n```query\ntag:#todo\n```\n\n```twig\n{{ title|upper }}\n```\n\n```htaccess\nRewriteEngine On\n```\n',
      'Offen.md': '# Offen\n\nNoch zu tun #todo\n',
    })
    expect(diagnostics).toEqual([])
    expect(read('index.html')).toContain('href="/offen.html"')
    expect(read('index.html')).not.toContain('tag:#todo')
    expect(read('index.html')).toMatch(/hljs-/)
  })

  it('keeps a note at its URL beside a base of the same name, as Obsidian pairs them', async () => {
    const { read, out, diagnostics } = await buildVault({
      'index.md': '# Start\n\n[[Kunden]] und [[Kunden.base|die Liste]].\n',
      'Kunden.md': '# Kunden\n\n## Übersicht\n\nText.\n',
      'Kunden.base': 'views:\n  - type: table\n    name: Alle\n',
    })
    expect(diagnostics).toEqual([])
    expect(read('kunden.html')).toContain('<h2 id="übersicht"')
    expect(existsSync(join(out, 'kunden.base.html'))).toBe(true)
    expect(existsSync(join(out, 'kunden-2.html'))).toBe(false)
    expect(read('index.html')).toContain('<a href="/kunden.html" class="wikilink">Kunden</a>')
    expect(read('index.html')).toContain('<a href="/kunden.base.html" class="wikilink">die Liste</a>')
  })

  it("takes the site's name, logo, colour mode and backlinks from Obsidian Publish's site-options.json", async () => {
    const { read, diagnostics } = await buildVault({
      'index.md': '# Start\n\n[[Notiz]]\n',
      'Notiz.md': '# Notiz\n',
      'Anhänge/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'site-options.json': JSON.stringify({ siteName: 'Handbuch', logo: 'Anhänge/logo.svg', defaultTheme: 'dark', showBacklinks: false }),
    })
    expect(diagnostics).toEqual([])
    const note = read('notiz.html')
    expect(note).toContain('<title>Notiz | Handbuch</title>')
    expect(note).toMatch(/<img[^>]+src="\/Anh%C3%A4nge\/logo\.svg"/)
    expect(note).not.toContain('backlinks-title')
    expect(read('index.html')).toContain('<html lang="de-CH" data-color-mode="dark">')
  })

  it("turns the page preview on hover off with site-options.json's showHoverPreview, unless the config turns it on", async () => {
    const files = { 'index.md': '# Start\n\n[[Notiz]]\n', 'Notiz.md': '# Notiz\n' }
    const marked = (html: string) => html.includes('data-hover-preview')
    expect(marked((await buildVault(files)).read('index.html'))).toBe(true)
    const off = { ...files, 'site-options.json': JSON.stringify({ showHoverPreview: false }) }
    expect(marked((await buildVault(off)).read('index.html'))).toBe(false)
    expect(marked((await buildVault(off, { theme: { hoverPreview: true } })).read('index.html'))).toBe(true)
    expect(marked((await buildVault(files, { theme: { hoverPreview: false } })).read('notiz.html'))).toBe(false)
  })

  it('warns about a site-options.json that is no JSON, and builds with the defaults', async () => {
    const { read, diagnostics } = await buildVault({ 'index.md': '# Start\n', 'site-options.json': '{ "siteName": ' })
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'bad-vault-settings', file: 'site-options.json', line: 1 })])
    expect(read('index.html')).toContain('<title>Wiki</title>')
  })

  it('shows a single line break as a break in an Obsidian vault, unless its Strict line breaks setting is on', async () => {
    const note = '# Start\n\nErste Zeile\nzweite Zeile\n\n```\na\nb\n```\n'
    const obsidian = await buildVault({ 'index.md': note, '.obsidian/app.json': '{}' })
    expect(obsidian.read('index.html')).toContain('<p>Erste Zeile<br>\nzweite Zeile</p>')
    expect(obsidian.read('index.html')).toMatch(/<code[^>]*>a\nb/)
    const strict = await buildVault({ 'index.md': note, '.obsidian/app.json': '{ "strictLineBreaks": true }' })
    expect(strict.read('index.html')).toContain('<p>Erste Zeile\nzweite Zeile</p>')
    // a folder that is no Obsidian vault reads as CommonMark
    const plain = await buildVault({ 'index.md': note })
    expect(plain.read('index.html')).toContain('<p>Erste Zeile\nzweite Zeile</p>')
  })

  it("gives the URL of a permalinked page's name to a page the site generates, without an error", async () => {
    const { read, diagnostics } = await buildVault({
      'index.md': '---\nlang: en\n---\n# Start\n',
      'Plugins/Search.md': '---\npermalink: plugins/search\nlang: en\n---\n# Search\n\nThe search plugin.\n',
    })
    expect(diagnostics).toEqual([])
    expect(read('plugins/search.html')).toContain('The search plugin.')
    expect(read('search.html')).toContain('<form') // the full-text search page keeps its URL
    expect(read('_redirects')).not.toContain('/search.html')
  })
})
