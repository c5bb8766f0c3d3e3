/**
 * The build cache: a second build of an unchanged site parses nothing and renders nothing; one changed page is
 * parsed alone, and only the routes whose HTML depends on it are rendered again.
 */
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'
import { fileLoader } from '../../src/cli/search.js'
import { createFullTextSearch } from '../../src/shared/fulltext/search.js'
import type { FullTextMeta } from '../../src/shared/fulltext/format.js'

/** A fresh, empty wiki folder and the options of a build of it with a cache. */
function cachedWiki() {
  const work = tempDir()
  const root = join(work, 'wiki')
  mkdirSync(root)
  return { root, out: join(work, 'site'), cacheDir: join(work, 'cache') }
}

describe('warm builds', () => {
  it('reuse unchanged pages and re-render only what a change affects', async () => {
    const options = cachedWiki()
    const { root } = options
    writeFileSync(join(root, 'index.md'), '# Start\n\n[[Ziel]]\n')
    writeFileSync(join(root, 'Ziel.md'), '## Abschnitt\n\nAlt.\n')
    writeFileSync(join(root, 'Verweis.md'), '[[Ziel#Abschnitt]]\n')
    for (let i = 0; i < 20; i++) writeFileSync(join(root, `Seite ${i}.md`), `Text ${i}.\n`)

    const cold = await build(options)
    // 23 pages, the generated 404 page, glossary and search page
    expect([cold.stats.cachedPages, cold.stats.renderedPages, cold.stats.reusedPages]).toEqual([0, 26, 0])

    const unchanged = await build(options)
    expect([unchanged.stats.cachedPages, unchanged.stats.renderedPages, unchanged.stats.reusedPages]).toEqual([23, 0, 26])

    // a new heading name: the page itself and the page linking to the old heading change
    writeFileSync(join(root, 'Ziel.md'), '## Neuer Abschnitt\n\nNeu.\n')
    const warm = await build(options)
    expect(warm.stats.cachedPages).toBe(22)
    expect(warm.stats.renderedPages).toBe(2) // ziel.html and verweis.html; the 404 page, the glossary and the rest are reused
    expect(readFileSync(join(options.out, 'ziel.html'), 'utf8')).toContain('Neu.')
    expect(readFileSync(join(options.out, 'seite-3.html'), 'utf8')).toContain('Text 3.')
    expect(warm.diagnostics.map((d) => d.code)).toEqual(['dead-anchor'])
  })

  it('links the search index from the previous output while only texts change, and makes it anew for a new heading', async () => {
    const options = cachedWiki()
    const { root } = options
    writeFileSync(join(root, 'index.md'), '# Start\n\n[[Ziel]]\n')
    writeFileSync(join(root, 'Ziel.md'), '## Abschnitt\n\nAlt.\n')
    await build(options)
    await build(options) // the first build with the link memo
    const index = () => join(options.out, 'search-index.json')
    const first = statSync(index()).ino

    writeFileSync(join(root, 'Ziel.md'), '## Abschnitt\n\nNeu, und länger als vorher.\n')
    await build(options)
    expect(statSync(index()).ino).toBe(first)

    writeFileSync(join(root, 'Ziel.md'), '## Neuer Abschnitt\n\nNeu.\n')
    await build(options)
    expect(statSync(index()).ino).not.toBe(first)
    expect(readFileSync(index(), 'utf8')).toContain('"title":"Neuer Abschnitt"')

    // a file lost from the output is written again
    rmSync(index())
    writeFileSync(join(root, 'Ziel.md'), '## Neuer Abschnitt\n\nNeuer.\n')
    await build(options)
    expect(readFileSync(index(), 'utf8')).toContain('"title":"Neuer Abschnitt"')
  })

  it('keeps one body file per compile batch and deletes the ones no page uses any more', async () => {
    const options = cachedWiki()
    const { root, cacheDir } = options
    for (let i = 0; i < 30; i++) writeFileSync(join(root, `Seite ${i}.md`), `Text ${i}.\n`)
    await build(options)
    const first = readdirSync(join(cacheDir, 'bodies'))
    expect(first.length).toBeLessThan(30 / 4) // batches, not pages
    for (let i = 0; i < 30; i++) writeFileSync(join(root, `Seite ${i}.md`), `Neu ${i}.\n`)
    await build(options)
    const packs = readdirSync(join(cacheDir, 'bodies'))
    expect(packs.filter((pack) => first.includes(pack))).toEqual([])
    const stored = packs.map((pack) => readFileSync(join(cacheDir, 'bodies', pack), 'utf8')).join('')
    expect(stored).toContain('Neu 7.')
    expect(stored).not.toContain('Text 7.')
  })

  it('compiles again what a torn index or a deleted body file no longer gives', async () => {
    const options = cachedWiki()
    const { root, cacheDir } = options
    writeFileSync(join(root, 'index.md'), '# Start\n\n![[Baustein]]\n')
    writeFileSync(join(root, 'Baustein.md'), 'Eingebettet.\n')
    await build(options)

    writeFileSync(join(cacheDir, 'pages.jsonl'), '{"version":1}\n{"contentH')
    const torn = await build(options)
    expect(torn.stats.cachedPages).toBe(0)
    expect(readFileSync(join(options.out, 'index.html'), 'utf8')).toContain('Eingebettet.')

    rmSync(join(cacheDir, 'bodies'), { recursive: true })
    const lost = await build(options)
    expect(lost.stats.cachedPages).toBe(0)
    expect(lost.diagnostics).toEqual([])
    expect(readFileSync(join(options.out, 'index.html'), 'utf8')).toContain('Eingebettet.')
  })

  it('sees every edit, also one that keeps the size of the file, settled or just written', async () => {
    const options = cachedWiki()
    const { root } = options
    const file = join(root, 'Seite.md')
    const hourAgo = (Date.now() - 3_600_000) / 1000
    writeFileSync(file, 'Version A\n')
    utimesSync(file, hourAgo, hourAgo)
    await build(options)
    expect((await build(options)).stats.cachedPages).toBe(1) // unchanged: taken by its stamp

    writeFileSync(file, 'Version B\n') // same size, modified now
    await build(options)
    expect(readFileSync(join(options.out, 'seite.html'), 'utf8')).toContain('Version B')

    writeFileSync(file, 'Version C\n') // same size, and back-dated like a checkout of an older commit
    utimesSync(file, hourAgo - 60, hourAgo - 60)
    await build(options)
    expect(readFileSync(join(options.out, 'seite.html'), 'utf8')).toContain('Version C')
  })
  it('gives pages from the cache their umlauts, dashes and emoji unchanged', async () => {
    const options = cachedWiki()
    const { root, cacheDir } = options
    writeFileSync(join(root, 'Grössen – Übersicht.md'), '# Grössen – Übersicht 🚀\n\n## Zürich “Süd” 𝄞\n\nText.\n')
    writeFileSync(join(root, 'Verweis.md'), 'Siehe [[Grössen – Übersicht#Zürich “Süd” 𝄞]].\n')
    const cold = await build(options)
    const coldHtml = readFileSync(join(options.out, 'verweis.html'), 'utf8')
    expect(readFileSync(join(cacheDir, 'pages.jsonl'), 'utf8')).toMatch(/^[\x00-\x7f]*$/)

    // Verweis is rendered again from the cached metadata of the page it links to
    writeFileSync(join(root, 'Verweis.md'), 'Siehe [[Grössen – Übersicht#Zürich “Süd” 𝄞]]!\n')
    const warm = await build(options)
    expect(warm.stats.cachedPages).toBe(1)
    expect(warm.diagnostics).toEqual(cold.diagnostics)
    // the paragraph changed, and with it the description taken from it
    expect(readFileSync(join(options.out, 'verweis.html'), 'utf8')).toBe(coldHtml.replace('</a>.', '</a>!').replaceAll('𝄞."', '𝄞!"'))
    expect(coldHtml).toContain('href="/gr%C3%B6ssen-%C3%BCbersicht.html#zürich-süd"') // the anchor found in the cached page
  })
})

describe('the full-text index of a warm build', () => {
  const QUERIES = ['server', 'wartungsfenster', 'fenster', 'passwort', 'rechnung', 'rechnungen post', 'sonntags', 'willkommen', 'seite 12a']

  /** The results of QUERIES on the index of a built site. */
  const resultsIn = async (out: string) => {
    const search = createFullTextSearch(fileLoader(out))
    return Promise.all(QUERIES.map(async (query) => await search.search(query, { limit: 50 })))
  }

  it('keeps the base of the previous build, adds the changed pages as a delta, and finds what a cold build finds', async () => {
    const options = cachedWiki()
    const { root, out } = options
    writeFileSync(join(root, 'index.md'), '# Start\n\nWillkommen im Wiki.\n')
    for (let i = 0; i < 40; i++) {
      writeFileSync(
        join(root, `Seite ${i}.md`),
        `# Seite ${i}\n\n## Wartungsfenster\n\nDer Server ${i} wird sonntags gewartet. Rechnung ${i % 7}.\n`,
      )
    }
    await build(options)
    const base = statSync(join(out, 'fulltext/s/wa.json')).ino

    // one page changed, one gone, one new (in the middle of the order), words new to the site
    writeFileSync(join(root, 'Seite 3.md'), '# Seite 3\n\nDas Passwort des Passwortmanagers läuft ab.\n')
    rmSync(join(root, 'Seite 5.md'))
    writeFileSync(join(root, 'Seite 12a.md'), '# Seite 12a\n\nDie Rechnungen kommen per Post.\n')
    const warm = await build(options)
    expect(warm.stats.cachedPages).toBe(39)
    // the base's files are the previous build's; the two new pages are the delta
    expect(statSync(join(out, 'fulltext/s/wa.json')).ino).toBe(base)
    expect(readFileSync(join(out, 'fulltext/d/pa.json'), 'utf8')).toContain('passwortmanagers')

    const cold = { ...options, out: join(options.out, '..', 'cold'), cacheDir: false as const }
    await build(cold)
    const [warmResults, coldResults] = await Promise.all([resultsIn(out), resultsIn(cold.out)])
    expect(warmResults).toEqual(coldResults)
    const found = (query: string) => warmResults.find((result) => result.query === query)!.hits.map((hit) => hit.title)
    expect(found('passwort')).toEqual(['Seite 3'])
    expect(found('rechnung')).toContain('Seite 12a')
    expect(found('server')).not.toContain('Seite 3')
    expect(found('server')).not.toContain('Seite 5')
  })

  it('merges a new base once the changed pages pass a tenth of the site', async () => {
    const options = cachedWiki()
    const { root, out } = options
    for (let i = 0; i < 300; i++) writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\nAlt ${i}.\n`)
    await build(options)
    for (let i = 0; i < 10; i++) writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\nNeu ${i}.\n`)
    await build(options)
    expect((JSON.parse(readFileSync(join(out, 'fulltext/meta.json'), 'utf8')) as FullTextMeta).delta.length).toBeGreaterThan(0)
    for (let i = 0; i < 40; i++) writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\nNeuer ${i}.\n`)
    await build(options)
    const meta = JSON.parse(readFileSync(join(out, 'fulltext/meta.json'), 'utf8')) as FullTextMeta
    expect([meta.delta, meta.docs.length, meta.pages]).toEqual([[], 300, 300])
    expect((await createFullTextSearch(fileLoader(out)).search('neuer')).total).toBe(40)
  })
})
