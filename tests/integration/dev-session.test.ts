/**
 * Incremental dev updates: an edit of a page's text re-renders that page alone; an edit that changes what other pages
 * show of it (its title, headings, embedded body) re-renders them too. Either way the output equals a full build's.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { tempDir } from './helpers.js'
import { fileLoader } from '../../src/cli/search.js'
import { createFullTextSearch } from '../../src/shared/fulltext/search.js'
import type { FullTextMeta } from '../../src/shared/fulltext/format.js'

function wiki() {
  const work = tempDir()
  const root = join(work, 'wiki')
  mkdirSync(root)
  const write = (name: string, text: string) => writeFileSync(join(root, name), text)
  write('index.md', '# Start\n\n[[Anleitung]] und [[Anleitung#Schritte]]\n')
  write('Anleitung.md', '---\nseries: Kurs\norder: 1\n---\n# Anleitung\n\n## Schritte\n\nErst [[#Schritte]], dann [[Fortsetzung]].\n')
  write('Fortsetzung.md', '---\nseries: Kurs\norder: 2\n---\n# Fortsetzung\n\nText.\n')
  write('Sammlung.md', '# Sammlung\n\n![[Baustein]]\n')
  write('Baustein.md', 'Baustein Version 1.\n')
  for (let i = 0; i < 5; i++) write(`Seite ${i}.md`, `# Seite ${i}\n\nSiehe [[Anleitung]].\n`)
  // the build cache, as wikigen dev uses it
  return { work, root, write, out: join(work, 'site'), cacheDir: join(work, 'cache') }
}

const html = (out: string, file: string) => readFileSync(join(out, file), 'utf8')

describe('dev session updates', () => {
  it('re-renders only the edited page when its text changes, with its links resolved anew', async () => {
    const site = wiki()
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    site.write(
      'Anleitung.md',
      '---\nseries: Kurs\norder: 1\n---\n# Anleitung\n\n## Schritte\n\nNeu: [[#Schritte]], [[Gibtsnicht]], [[Fortsetzung|weiter]].\n',
    )
    const update = await session.update([{ path: 'Anleitung.md', kind: 'change' }])
    expect(update.routes).toEqual(['/anleitung.html'])
    const page = html(site.out, 'anleitung.html')
    expect(page).toContain('Neu: <a href="#schritte" class="wikilink">Schritte</a>')
    expect(update.diagnostics.map((d) => [d.code, d.target])).toEqual([['dead-link', 'Gibtsnicht']])

    site.write('Anleitung.md', '---\nseries: Kurs\norder: 1\n---\n# Anleitung\n\n## Schritte\n\nRepariert.\n')
    const fixed = await session.update([{ path: 'Anleitung.md', kind: 'change' }])
    expect(fixed.diagnostics).toEqual([])
    expect(html(site.out, 'fortsetzung.html')).toContain('Anleitung') // prev link, untouched
    // Anleitung no longer links to Fortsetzung: its backlinks change with it
    expect(fixed.routes).toContain('/fortsetzung.html')
    expect(html(site.out, 'fortsetzung.html')).not.toContain('Verlinkt von')
  })

  it('renders nothing for the same text saved again, and keeps showing the page’s problems', async () => {
    const site = wiki()
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    const text = '---\nseries: Kurs\norder: 2\n---\n# Fortsetzung\n\n```klingonisch\nQapla\n```\n'
    site.write('Fortsetzung.md', text)
    const first = await session.update([{ path: 'Fortsetzung.md', kind: 'change' }])
    expect(first.routes).toEqual(['/fortsetzung.html'])
    const unknownLanguage = (update: typeof first) => update.diagnostics.filter((d) => d.message.includes('"klingonisch"'))
    expect(unknownLanguage(first)).toHaveLength(1)
    // an editor's save writes twice; the second write brings the same text
    site.write('Fortsetzung.md', text)
    const again = await session.update([{ path: 'Fortsetzung.md', kind: 'change' }])
    expect(again.routes).toEqual([])
    expect(unknownLanguage(again)).toEqual(unknownLanguage(first))
  })

  it('re-renders the pages that show a changed title or heading, and the pages embedding a changed body', async () => {
    const site = wiki()
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    site.write('Anleitung.md', '---\nseries: Kurs\norder: 1\n---\n# Einführung\n\n## Ablauf\n\nText.\n')
    const renamed = await session.update([{ path: 'Anleitung.md', kind: 'change' }])
    expect(renamed.routes).toEqual(expect.arrayContaining(['/anleitung.html', '/fortsetzung.html', '/']))
    expect(html(site.out, 'fortsetzung.html')).toContain('Einführung')
    expect(renamed.diagnostics.map((d) => d.code)).toEqual(['dead-anchor']) // index.md links to #Schritte
    expect(readFileSync(join(site.out, 'search-index.json'), 'utf8')).toContain('"Ablauf"')

    site.write('Baustein.md', 'Baustein Version 2.\n')
    const embedded = await session.update([{ path: 'Baustein.md', kind: 'change' }])
    expect(embedded.routes).toEqual(expect.arrayContaining(['/baustein.html', '/sammlung.html']))
    expect(html(site.out, 'sammlung.html')).toContain('Baustein Version 2.')
  })

  it('leaves the same output as a full build of the final state', async () => {
    const site = wiki()
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    site.write('Seite 3.md', '# Seite 3\n\nAnders, siehe [[Fortsetzung]] und [[Seite 4]].\n')
    await session.update([{ path: 'Seite 3.md', kind: 'change' }])
    site.write('Fortsetzung.md', '---\nseries: Kurs\norder: 2\n---\n# Fortsetzung\n\n## Neu\n\nText.\n')
    await session.update([{ path: 'Fortsetzung.md', kind: 'change' }])
    const full = join(site.work, 'full')
    await build({ root: site.root, out: full, dev: true })
    for (const file of ['seite-3.html', 'fortsetzung.html', 'anleitung.html', 'index.html', 'search-index.json']) {
      expect(html(site.out, file), file).toBe(html(full, file))
    }
  })

  it('updates base pages when the front matter of a page changes, and copies an attachment a page starts to use', async () => {
    const site = wiki()
    site.write('Kunden.base', 'filters: \'status == "aktiv"\'\nviews:\n  - type: list\n    order: [file.name, ort]\n')
    site.write('Muster AG.md', '---\nstatus: aktiv\nort: Bern\n---\n# Muster AG\n')
    site.write('plan.png', 'kein echtes Bild')
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    expect(html(site.out, 'kunden.html')).toContain('Bern')
    expect(existsSync(join(site.out, 'plan.png'))).toBe(false)

    site.write('Muster AG.md', '---\nstatus: aktiv\nort: Thun\n---\n# Muster AG\n\n![[plan.png]]\n')
    const update = await session.update([{ path: 'Muster AG.md', kind: 'change' }])
    expect(update.routes).toContain('/kunden.html')
    expect(html(site.out, 'kunden.html')).toContain('Thun')
    // an attachment a page starts to use is copied then
    expect(existsSync(join(site.out, 'plan.png'))).toBe(true)

    site.write('Muster AG.md', '---\nstatus: archiviert\n---\n# Muster AG\n')
    await session.update([{ path: 'Muster AG.md', kind: 'change' }])
    expect(html(site.out, 'kunden.html')).toContain('Keine Einträge')
  })
})

describe('what a quick update of a page keeps', () => {
  /** A dev session's output and a full build's of the same final state, route for route. */
  async function expectLikeFullBuild(site: ReturnType<typeof wiki>, files: string[], config?: UserConfig) {
    const full = join(site.work, 'full')
    await build({ root: site.root, out: full, dev: true, ...(config && { config }) })
    for (const file of files) expect(html(site.out, file), file).toBe(html(full, file))
  }

  it('keeps the local graph of an edited page', async () => {
    const site = wiki()
    const config: UserConfig = { theme: { graph: true } }
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir, config })
    expect(html(site.out, 'seite-1.html')).toContain('class="local-graph"')
    site.write('Seite 1.md', '# Seite 1\n\nSiehe [[Anleitung]], mit mehr Text.\n')
    const update = await session.update([{ path: 'Seite 1.md', kind: 'change' }])
    expect(update.routes).toEqual(['/seite-1.html'])
    expect(html(site.out, 'seite-1.html')).toContain('mit mehr Text')
    expect(html(site.out, 'seite-1.html')).toContain('class="local-graph"')
    await expectLikeFullBuild(site, ['seite-1.html'], config)
  })

  it('shows the tags of an edited page in their new order', async () => {
    const site = wiki()
    site.write('Seite 2.md', '# Seite 2\n\n#beta #alpha\n')
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    site.write('Seite 2.md', '# Seite 2\n\n#alpha #beta\n')
    await session.update([{ path: 'Seite 2.md', kind: 'change' }])
    await expectLikeFullBuild(site, ['seite-2.html', 'tags/alpha.html', 'tags/beta.html'])
  })

  it('publishes a file the raw HTML of an edited page starts to show', async () => {
    const site = wiki()
    site.write('karte.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    expect(existsSync(join(site.out, 'karte.svg'))).toBe(false)
    site.write('Seite 3.md', '# Seite 3\n\nSiehe [[Anleitung]].\n\n<img src="karte.svg" alt="Karte">\n')
    await session.update([{ path: 'Seite 3.md', kind: 'change' }])
    expect(existsSync(join(site.out, 'karte.svg'))).toBe(true)
    await expectLikeFullBuild(site, ['seite-3.html'])
  })

  it('updates a base that lists the size of the notes, and a page embedding it, when the text of one of them changes', async () => {
    const site = wiki()
    site.write('Grössen.base', 'filters: \'file.name.startsWith("Seite")\'\nviews:\n  - type: table\n    order: [file.name, file.size]\n')
    site.write('Übersicht.md', '# Übersicht\n\n![[Grössen.base]]\n')
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    site.write('Seite 4.md', `# Seite 4\n\nSiehe [[Anleitung]]. ${'Viel mehr Text. '.repeat(40)}\n`)
    const update = await session.update([{ path: 'Seite 4.md', kind: 'change' }])
    expect(update.routes).toEqual(expect.arrayContaining(['/seite-4.html', '/grössen.html'.normalize()].map(encodeURI)))
    await expectLikeFullBuild(site, ['seite-4.html', 'grössen.html', 'übersicht.html'])
  })
})

describe('the full-text index in dev', () => {
  it('follows an edit with a delta beside the first build’s base', async () => {
    const site = wiki()
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    const search = () => createFullTextSearch(fileLoader(site.out)).search('wartungsfenster')
    expect((await search()).total).toBe(0)
    const base = readFileSync(join(site.out, 'fulltext/meta.json'), 'utf8')
    site.write('Fortsetzung.md', '---\nseries: Kurs\norder: 2\n---\n# Fortsetzung\n\nDas Wartungsfenster ist am Sonntag.\n')
    await session.update([{ path: 'Fortsetzung.md', kind: 'change' }])
    // the index follows once the edits pause
    for (let i = 0; i < 100 && (await search()).total === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    const found = await search()
    expect(found.hits.map((hit) => hit.title)).toEqual(['Fortsetzung'])
    const meta = JSON.parse(readFileSync(join(site.out, 'fulltext/meta.json'), 'utf8')) as FullTextMeta
    expect(meta.delta.length).toBeGreaterThan(0)
    expect(meta.shards).toEqual((JSON.parse(base) as FullTextMeta).shards)
  })
})

describe('the site language in dev', () => {
  it('compiles the pages again with the texts of a new site.lang, and back', async () => {
    const site = wiki()
    site.write('Hinweis.md', '# Hinweis\n\n> [!tip]\n> Kurz.\n\nText.[^1]\n\n[^1]: Fussnote.\n')
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    expect(html(site.out, 'hinweis.html')).toContain('<p class="callout-title">Tipp</p>')
    const english = await session.reconfigure({ site: { lang: 'en' } })
    expect(english.routes).toContain('/hinweis.html')
    const page = html(site.out, 'hinweis.html')
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('<p class="callout-title">Tip</p>')
    expect(page).toContain('id="footnote-label">Footnotes</h2>')
    expect(page).toContain('placeholder="Search"')
    await session.reconfigure({ labels: { calloutTitles: { tip: 'Gut zu wissen' } } })
    expect(html(site.out, 'hinweis.html')).toContain('<p class="callout-title">Gut zu wissen</p>')
    expect(html(site.out, 'hinweis.html')).toContain('id="footnote-label">Fussnoten</h2>')
  })
})
