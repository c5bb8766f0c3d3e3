/**
 * A vault of places (tests/fixtures/bases-vault) with one base of five views (two tables with summaries, cards with
 * covers, a list, a map), embeds of one view and of the first, ```base blocks that read `this`, backlinks and embeds,
 * and a filter with a typo: built with `build()`, checked by the HTML a reader gets.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { repoRoot, tempDir } from './helpers.js'

const root = join(repoRoot, 'tests/fixtures/bases-vault')
let out: string
let result: BuildResult

beforeAll(async () => {
  out = join(tempDir('wikigen-bases-'), 'site')
  result = await build({ root, out })
})

const html = (file: string) => readFileSync(join(out, file), 'utf8')
const main = (file: string) => /<main[\s\S]*<\/main>/.exec(html(file))?.[0] ?? ''
/** The HTML of one view of a page, by its name. */
const view = (file: string, name: string) =>
  new RegExp(
    `<div class="base base-\\w+-view"><p class="base-caption"><span class="base-name">${name}</span>[\\s\\S]*?(?=<div class="base base-|<h2|</main>|<p>)`,
  ).exec(main(file))?.[0] ?? ''
/** The rows of a table as text, cell by cell. */
const rows = (table: string) =>
  [...table.matchAll(/<tbody>[\s\S]*?<\/tbody>/g)].flatMap((body) =>
    [...body[0].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1].matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) =>
        cell[1].includes('type="checkbox"') ? (cell[1].includes('checked') ? '☑' : '☐') : cell[1].replace(/<[^>]+>/g, ''),
      ),
    ),
  )

describe('a vault with bases', () => {
  it('warns once, at the typo of a property, and about nothing else', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message} / ${d.hint}`)).toEqual([
      'Übersicht.md:28:11 base-expression No note has the property "einwohnr" / Did you mean "einwohner"? Properties are the keys of the notes\' front matter.',
    ])
  })

  it('shows a table sorted by a property, with formulas over dates and keyword properties, and its summaries', () => {
    const table = view('orte.html', 'Tabelle')
    expect(table).toContain('<th scope="col">Einwohner</th><th scope="col">Gegründet</th>')
    expect(rows(table)).toEqual([
      ['Zürich', 'ZH', '421000', '1218', '☐', 'DE'],
      ['Genf', 'GE', '203000', '', '☑', 'FR'],
      ['Bern', 'BE', '134000', '1191', '☑', 'DE'],
      ['Luzern', 'LU', '82000', '1178', '', 'DE'],
    ])
    const foot = /<tfoot>[\s\S]*<\/tfoot>/
      .exec(table)?.[0]
      .replace(/<[^>]+>/g, '|')
      .replace(/\|+/g, '|')
    expect(foot).toBe('|Verschiedene| |4|Summe| |840000|Ausgefüllt| |3|Angekreuzt| |2|')
  })

  it('sums up each group at its top with a custom summary', () => {
    const grouped = view('orte.html', 'Nach Grösse')
    expect(grouped.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      'gross 2 tausender 624 Genf 203000 Zürich 421000 mittel 2 tausender 216 Bern 134000 Luzern 82000 tausender 840',
    )
  })

  it('puts covers on cards: a picture of the vault (published with the site) or a colour, never an inline style', () => {
    const cards = view('orte.html', 'Karten')
    expect(cards).toContain('<img src="/Bilder/bern.png" alt="" loading="lazy" decoding="async">')
    expect(cards).toContain('<rect width="1000" height="500" fill="#1f6feb"/>')
    expect(cards).toContain('<rect width="1000" height="500" fill="rgb(200, 40, 40)"/>')
    expect(cards).toContain('class="base-card-cover base-cover-contain"')
    expect(cards).not.toContain('style=')
    expect(readFileSync(join(out, 'Bilder/bern.png')).length).toBeGreaterThan(0)
  })

  it('lists file.basename and file.ext, and draws the map as its entries with their coordinates', () => {
    expect(view('orte.html', 'Liste')).toContain('<span class="base-list-value" title="Dateiendung">md</span>')
    const map = view('orte.html', 'Karte').replace(/<svg[\s\S]*?<\/svg>/g, '')
    const entries = [...map.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) =>
      li[1]
        .replace(/<span class="base-list-values">[\s\S]*$/, '')
        .replace(/<[^>]+>/g, '')
        .trim(),
    )
    expect(entries).toEqual(['Bern 46.948, 7.4474', 'Genf 46.2044, 6.1432', 'Luzern Ohne Koordinaten', 'Zürich 47.3769, 8.5417'])
    expect(map).toContain('href="https://www.openstreetmap.org/?mlat=47.3769&amp;mlon=8.5417#map=15/47.3769/8.5417"')
  })

  it('embeds only the view an embed names, and the first view of a bare embed', () => {
    const page = main('übersicht.html')
    const embeds = [...page.matchAll(/<div class="embed" data-embed="([^"]+)">([\s\S]*?)<\/div><\/div>\s*<p>/g)]
    expect(embeds.map((embed) => [embed[1], [...embed[2].matchAll(/<span class="base-name">([^<]+)/g)].map((m) => m[1])])).toEqual([
      ['/orte.html#karten', ['Karten']],
      ['/orte.html', ['Tabelle']],
    ])
    expect(page).not.toContain('base-map-view')
  })

  it('reads this, backlinks (front-matter links too) and embeds in a base block', () => {
    expect(rows(view('übersicht.html', 'Verweise'))).toEqual([
      ['Bern', 'Genf, Luzern, Übersicht', '0', 'Übersicht'], // Luzern links to Bern in its front matter
      ['Genf', '', '0', 'Übersicht'],
      ['Luzern', '', '0', 'Übersicht'],
      ['Übersicht', '', '2', 'Übersicht'],
    ])
  })

  it('shows the views of a base page as tabs, the first selected, each panel named by its view for links', () => {
    const page = main('orte.html')
    const tabs = [
      ...page.matchAll(
        /<button type="button" role="tab" id="([^"]+)-tab" aria-controls="([^"]+)" aria-selected="(\w+)" tabindex="(-?\d)"[^>]*>([^<]+)<\/button>/g,
      ),
    ]
    expect(tabs.map((tab) => [tab[5], tab[2], tab[3], tab[4]])).toEqual([
      ['Tabelle', 'tabelle', 'true', '0'],
      ['Nach Grösse', 'nach-grösse', 'false', '-1'],
      ['Karten', 'karten', 'false', '-1'],
      ['Liste', 'liste', 'false', '-1'],
      ['Steckbriefe', 'steckbriefe', 'false', '-1'],
      ['Karte', 'karte', 'false', '-1'],
    ])
    expect(page).toContain('<div class="tabs base-views"><div class="tabs-list" role="tablist" aria-label="Ansichten">')
    // every view is in the page, so without JavaScript all stay reachable, one below the other
    const panels = [
      ...page.matchAll(/<div class="tab-panel( active)?" role="tabpanel" id="([^"]+)" aria-labelledby="\2-tab" tabindex="0">/g),
    ]
    expect(panels.map((panel) => `${panel[2]}${panel[1] ?? ''}`)).toEqual([
      'tabelle active',
      'nach-grösse',
      'karten',
      'liste',
      'steckbriefe',
      'karte',
    ])
    expect(page).not.toContain('<h2 id="tabelle"')
  })

  it('gives a table its row height and column widths as classes', () => {
    const table = view('orte.html', 'Tabelle')
    // einwohner, written bare in order and as note.einwohner under columnSize, is one property
    expect(table).toContain(
      '<table class="base-rows-tall base-sized"><colgroup><col class="base-w-180"><col><col class="base-w-120"><col><col><col></colgroup>',
    )
    expect(view('orte.html', 'Nach Grösse')).toContain('<table><thead>')
    expect(view('reiseplan.html', 'Übersicht der Städte')).toContain('<table class="base-rows-short"><thead>')
    expect(main('orte.html')).not.toContain('style=')
  })

  it('numbers a list with its separator, and indents the properties of another without markers', () => {
    const numbered = view('orte.html', 'Liste')
    expect(numbered).toContain(
      '<ol class="base-list"><li><a href="/bern.html" class="internal">Bern</a><span class="base-list-separator"> – </span>',
    )
    expect(numbered).toContain(
      '<span class="base-list-value" title="Name">Bern</span><span class="base-list-separator"> – </span><span class="base-list-value" title="Dateiendung">md</span>',
    )
    const indented = view('orte.html', 'Steckbriefe')
    expect(indented).toContain(
      '<ul class="base-list base-list-plain base-list-indented"><li><a href="/bern.html" class="internal">Bern</a><ul class="base-list-properties"><li><span class="base-list-label">kanton</span> <span class="base-list-value">BE</span></li><li><span class="base-list-label">Einwohner</span> <span class="base-list-value"><span class="base-number">134000</span></span></li></ul></li>',
    )
  })

  it('shows a base block of several views as tabs with ids of their own, and one of one view without', () => {
    const page = main('reiseplan.html')
    const ids = [...page.matchAll(/role="tabpanel" id="([^"]+)"/g)].map((m) => m[1])
    expect(ids).toHaveLength(2)
    expect(ids[0]).toMatch(/^base-[a-z0-9]+-\d+-1$/)
    expect(ids[1]).toBe(ids[0].replace(/-1$/, '-2'))
    expect([...page.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['Übersicht der Städte', 'Kurzliste'])
    expect(view('reiseplan.html', 'Kurzliste')).toContain('<ul class="base-list base-list-plain">')
    expect(main('übersicht.html')).not.toContain('role="tab"')
  })

  it('costs a page without a base nothing: no base markup, no stylesheet or script of its own', () => {
    const assets = (file: string) => html(file).match(/<link rel="stylesheet"[^>]*>|<script[^>]*>/g)
    expect(main('ohne.html')).not.toContain('class="base')
    expect(assets('ohne.html')).toEqual(assets('orte.html'))
  })
})
