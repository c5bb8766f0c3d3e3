/**
 * Full-text search as a reader meets it, on a small vault built with the real build: German matching (umlauts,
 * stems, compound parts), typing, typos, AND with a partial fallback, ranking, filters, snippets, and the CLI.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { fileLoader } from '../../src/cli/search.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { build } from '../../src/compiler/build.js'
import { createFullTextSearch } from '../../src/shared/fulltext/search.js'
import { tempDir, wikigen } from './helpers.js'

const PAGES: Record<string, string> = {
  'index.md': '# Start\n\nWillkommen im Wiki.\n',
  'Wartung.md': '---\nsection: Hosting\nkind: Referenz\n---\n# Wartung\n\n## Termine\n\nDas Wartungsfenster ist am Dienstag.\n',
  'Rechnungen.md': '---\nsection: Finanzen\n---\n# Rechnungen\n\nWir stellen Rechnungen monatlich. Die Strasse steht auf jeder Rechnung.\n',
  'Passwörter.md': '---\nsection: Sicherheit\n---\n# Passwörter\n\nJedes Passwort liegt im Passwortmanager.\n',
  'Server.md': '---\nsection: Hosting\n---\n# Server\n\n## Neue Server\n\nAuf den Servern läuft Debian. Die Größe wählt das Team.\n',
  'Notiz.md': '# Notiz\n\nEinmal nebenbei: Server und Rechnung.\n',
  'Härtung.md':
    '# Härtung\n\n## Gäste-WLAN\n\nDas Gäste-WLAN ist vom Büronetz getrennt.\n\n## Server-Härtung\n\nJeder Server wird gehärtet.\n',
  'Abwesenheiten.md': '# Abwesenheiten\n\nUrlaub beantragen Sie in Odoo.\n',
  'Anreise.md': '# Anreise\n\nDie Parkplätze liegen hinter dem Haus; jeder Vertrag nennt seinen Platz.\n',
  'wikigen.config.ts':
    "export default { search: { synonyms: { Ferien: ['Urlaub', 'vacation'], 'maintenance window': 'Wartungsfenster' } } }\n",
}

let out: string
let search: ReturnType<typeof createFullTextSearch>
const titles = async (query: string, options = {}) => (await search.search(query, options)).hits.map((hit) => hit.title)

beforeAll(async () => {
  const root = join(tempDir('wikigen-fulltext-'), 'wiki')
  mkdirSync(root)
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(root, name), text)
  out = join(root, '..', 'site')
  await build({ root, out, config: (await loadConfig(root)).config })
  search = createFullTextSearch(fileLoader(out))
})

describe('full-text search', () => {
  it('folds case, umlauts and ß: strasse finds Straße-spelt text and the other way round', async () => {
    expect(await titles('STRASSE ')).toEqual(['Rechnungen'])
    expect(await titles('grösse ')).toEqual(['Server'])
    expect(await titles('passwoerter ')).toContain('Passwörter')
  })

  it('matches stems: Rechnung finds Rechnungen, Server finds Servern', async () => {
    expect(await titles('rechnung ')).toEqual(['Rechnungen', 'Notiz'])
    expect(await titles('servern ')).toEqual(expect.arrayContaining(['Server', 'Notiz']))
  })

  it('finds compounds by their parts, from the own words of the vault', async () => {
    expect(await titles('fenster ')).toEqual(['Wartung'])
    expect(await titles('manager ')).toEqual(['Passwörter'])
  })

  it('completes the word being typed, and forgives one typo in words of five or more letters, below exact hits', async () => {
    expect(await titles('dienst')).toEqual(['Wartung'])
    expect(await titles('dienst ')).toEqual([])
    expect(await titles('rechnunq ')).toEqual(expect.arrayContaining(['Rechnungen']))
  })

  it('finds singular and plural where the plural gains an umlaut, both ways', async () => {
    expect(await titles('parkplatz ')).toEqual(['Anreise'])
    expect(await titles('verträge ')).toEqual(['Anreise'])
  })

  it('splits a compound typed as one word that the site writes as two', async () => {
    expect(await titles('gästewlan ')).toEqual(['Härtung'])
    expect(await titles('serverhaertung ')).toEqual(['Härtung'])
  })

  it('shows a page once, with its other matching sections beneath it', async () => {
    const { hits } = await search.search('wlan server ')
    expect(hits.filter((hit) => hit.title === 'Härtung')).toHaveLength(1)
    const page = hits.find((hit) => hit.title === 'Härtung')!
    expect([page.heading, ...page.more.map((more) => more.heading)].sort()).toEqual(['Gäste-WLAN', 'Server-Härtung'])
    expect(decodeURIComponent(page.more[0].href)).toMatch(/^\/härtung\.html#/)
  })

  it("applies the site's synonyms both ways, also for a synonym of several words", async () => {
    expect(await titles('ferien ')).toEqual(['Abwesenheiten'])
    expect(await titles('vacation ')).toEqual(['Abwesenheiten'])
    expect(await titles('maintenance window ')).toEqual(['Wartung'])
  })

  it('ranks a page named by the word above pages that mention it once', async () => {
    expect((await titles('server '))[0]).toBe('Server')
  })

  it('ranks the pages with every word first, keeps those with some, and corrects a swapped pair of letters', async () => {
    expect((await titles('server debian '))[0]).toBe('Server')
    const partial = await search.search('server zebrafisch ')
    expect(partial.partial).toBe(true)
    expect(partial.hits.map((hit) => hit.title)).toContain('Server')
    // "sg" for "gs": one edit (a transposition), so the page is found and the query shows "did you mean"
    const typo = await search.search('wartunsgfenster ')
    expect(typo.hits.length).toBeGreaterThan(0)
    expect(typo.suggestions).toEqual(['wartungsfenster'])
  })

  it('filters by section and kind, links to the section heading, and marks the matched words in the snippet', async () => {
    expect(await titles('server ', { section: 'Hosting' })).toEqual(['Server'])
    const [hit] = (await search.search('debian ')).hits
    expect(hit).toMatchObject({ title: 'Server', heading: 'Neue Server', href: '/server.html#neue-server', section: 'Hosting' })
    expect(hit.snippet.filter((part) => part.mark).map((part) => part.text)).toEqual(['Debian'])
  })

  it('gives the same results from `wikigen search --full-text --json`', async () => {
    const cli = await wikigen(['search', '--full-text', 'rechnung', '--out', out, '--json'])
    expect(cli.code).toBe(0)
    expect(JSON.parse(cli.stdout)).toEqual(await search.search('rechnung', { limit: 10 }))
  })
})
