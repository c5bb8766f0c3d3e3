/**
 * A warm build shows readers the same site a cold one does: after each kind of edit an author makes in a vault (text
 * of an embedded note, a heading, a title, a link, a tag, a property a base filters on, an alias, a formula, a page
 * added or deleted, an image of another size, a note a query finds, text above a page's links, text in a section
 * another page embeds, a note a base lists), the output of a build with the cache and the previous output is byte for
 * byte the output of a build of the same folder from nothing, and its problems are reported at the same places. The
 * edits of the text alone take the link memo and the route keys (cache/site-memo.ts, cache/route-keys.ts). The full-text index is the exception
 * by design (the previous build's index and a delta of the changed pages, emit/fulltext-index.ts): there, both find
 * the same pages for the same queries, and without a change its files are the same too.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { fileLoader } from '../../src/cli/search.js'
import { createFullTextSearch } from '../../src/shared/fulltext/search.js'
import { filesIn, repoRoot, tempDir } from './helpers.js'

const work = tempDir('wikigen-warm-cold-')
const root = join(work, 'vault')
const warm = { root, out: join(work, 'warm'), cacheDir: join(work, 'cache') }

/** Where two texts first differ, with the text around that place on both sides. */
function firstDifference(a: string, b: string): string {
  let at = 0
  while (at < a.length && a[at] === b[at]) at++
  return `warm: …${a.slice(Math.max(0, at - 80), at + 80)}…\ncold: …${b.slice(Math.max(0, at - 80), at + 80)}…`
}

/** Words of the vault and of the edits below, alone and together. */
const QUERIES = [
  'muster',
  'absatz',
  'fragen',
  'vpn',
  'docker',
  'betrieb',
  'handbuch',
  'rezept',
  'mehl zucker',
  'bandbreite',
  'jetzt da',
  'beispiel',
  'zopf',
]

const resultsIn = async (out: string) => {
  const search = createFullTextSearch(fileLoader(out))
  return Promise.all(QUERIES.map(async (query) => await search.search(query, { limit: 50 })))
}

/**
 * Builds the vault warm (cache and previous output) and cold (neither); the two outputs must be the same, the full-text
 * index's files too when `fullTextFiles` says so.
 */
async function expectWarmEqualsCold({ fullTextFiles = false } = {}): Promise<void> {
  const warmBuild = await build(warm)
  const coldOut = join(work, 'cold')
  rmSync(coldOut, { recursive: true, force: true })
  const coldBuild = await build({ root, out: coldOut, cacheDir: false })
  const compared = (path: string) => fullTextFiles || !path.startsWith('fulltext/')
  const warmFiles = filesIn(warm.out)
  const coldFiles = filesIn(coldOut)
  expect([...warmFiles.keys()].filter(compared).sort()).toEqual([...coldFiles.keys()].filter(compared).sort())
  for (const [path, bytes] of coldFiles) {
    if (!compared(path)) continue
    const mine = warmFiles.get(path)!
    if (!mine.equals(bytes)) expect.fail(`${path} differs\n${firstDifference(mine.toString('utf8'), bytes.toString('utf8'))}`)
  }
  expect(await resultsIn(warm.out)).toEqual(await resultsIn(coldOut))
  // each problem where it is: a warm build that took the last build's links must not keep their old places
  const where = (d: { file: string; line: number; column: number; code: string }) => `${d.file}:${d.line}:${d.column} ${d.code}`
  expect(warmBuild.diagnostics.map(where).sort()).toEqual(coldBuild.diagnostics.map(where).sort())
}

const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}
const edit = (path: string, change: (text: string) => string) =>
  writeFileSync(join(root, path), change(readFileSync(join(root, path), 'utf8')))

beforeAll(async () => {
  cpSync(join(repoRoot, 'tests/fixtures/obsidian-vault'), root, { recursive: true })
  cpSync(join(repoRoot, 'tests/fixtures/query-vault'), join(root, 'Küche'), { recursive: true })
  // pages that embed, link to a heading, to an alias that does not exist yet, and to a page not written yet
  write(
    'Einbettungen.md',
    '# Einbettungen\n\n![[Muster AG]]\n\n![[FAQ IT#Fragen]]\n\nSiehe [[IT/FAQ#Fragen]], [[Chefin]] und [[Kommt noch]].\n',
  )
  write('IT/FAQ.md', '# FAQ IT\n\n## Fragen\n\nFragen zu VPN.\n')
  // a page whose links (a dead one too) an edit above them moves, and a section that another page embeds; none of
  // their words is among the queries, where a page of the same score as another would be listed in another order
  write(
    'Notizen/Ablauf.md',
    '# Ablauf\n\nErster Absatz.\n\nSiehe [[Mail Hosting]], [[Gibt es nicht]] und #ablauf.\n\n## Schritte\n\nZweiter Absatz.\n',
  )
  write('Notizen/Teil.md', '# Teil\n\nVorwort.\n\n## Kern\n\nDer Kern des Teils.\n')
  write('Notizen/Sammlung.md', '# Sammlung\n\n![[Teil#Kern]]\n')
  // a page at the address its front matter chose, with a dead link an edit above it moves
  write('Notizen/Kurz.md', '---\npermalink: /kurz-und-gut\n---\n# Kurz\n\nErster Absatz.\n\nSiehe [[Fehlt auch]].\n')
  // a problem of a page's route (an unknown layout), which every build reports, also one that does not remake the route
  write('Notizen/Breit.md', '---\nlayout: Breit\n---\n# Breit\n\nText.\n')
  await build(warm)
}, 120_000)

describe('a warm build after an edit', () => {
  it('equals a cold build when nothing changed, its full-text files too', () => expectWarmEqualsCold({ fullTextFiles: true }), 60_000)

  it('equals a cold build after the text of an embedded note changed', async () => {
    edit('Kunden/Muster AG.md', (text) => `${text}\nNeuer Absatz über die Muster AG.\n`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a heading that another page links to was renamed', async () => {
    edit('IT/FAQ.md', (text) => text.replace('## Fragen', '## Häufige Fragen'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a title changed', async () => {
    edit('Docker.md', (text) => `---\ntitle: Docker im Betrieb\n---\n${text}`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a link was added (backlinks) and a tag (tag pages, bases, queries)', async () => {
    edit('Kunden/Zahl AG.md', (text) => `${text}\nSiehe [[Handbuch]]. #rezept\n`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a property a base filters on changed', async () => {
    edit('Kunden/Zahl AG.md', (text) => text.replace(/status: \w+/, 'status: inaktiv'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after an alias that a link uses was added', async () => {
    edit('Docker.md', (text) => text.replace('title: Docker im Betrieb', 'title: Docker im Betrieb\naliases: [Chefin]'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a formula was added to a page', async () => {
    edit('IT/FAQ.md', (text) => `${text}\nDie Bandbreite: $\\frac{a}{b} \\cdot \\sqrt{c}$\n`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a page that a link named was written, and another deleted', async () => {
    write('Kommt noch.md', '# Kommt noch\n\nJetzt da.\n')
    rmSync(join(root, 'Kunden/Beispiel GmbH.md'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after an image was replaced by one of another size', async () => {
    // 10 × 10 pixels in place of 40 × 20: the page gives its image the new width and height
    cpSync(join(root, 'Anhänge/Icon.png'), join(root, 'Anhänge/Plan.png'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after a note that a query finds changed its text', async () => {
    edit('Küche/Rezepte/Zopf.md', (text) => `${text}\nMit Mehl und Zucker bestäubt.\n`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after text was written above the links of a page, a dead one too, in two builds in a row', async () => {
    // the first paragraph stays (it is the page's summary, which other pages show): only the body changed
    edit('Notizen/Ablauf.md', (text) => text.replace('Erster Absatz.', 'Erster Absatz.\n\nNoch ein Satz\nauf zwei Zeilen.'))
    await expectWarmEqualsCold()
    edit('Notizen/Ablauf.md', (text) => text.replace('Zweiter Absatz.', 'Zweiter Absatz.\n\nDritter Satz.'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after text was written above and in a section that another page embeds', async () => {
    edit('Notizen/Teil.md', (text) => text.replace('Vorwort.', 'Vorwort.\n\nMehr davor.').replace('Teils.', 'Teils, ergänzt.'))
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after the text of a note that a base lists grew', async () => {
    edit('Kunden/Zahl AG.md', (text) => `${text}\nEin weiterer Satz zum Handbuch, der die Datei grösser macht.\n`)
    await expectWarmEqualsCold()
  }, 60_000)

  it('equals a cold build after text was written above a dead link of a page at an address of its own', async () => {
    edit('Notizen/Kurz.md', (text) => text.replace('Erster Absatz.', 'Erster Absatz.\n\nZwei\nZeilen mehr.'))
    await expectWarmEqualsCold()
  }, 60_000)
})
