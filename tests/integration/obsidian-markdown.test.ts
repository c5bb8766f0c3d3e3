/**
 * The rest of Obsidian's markdown, built from a small vault (tests/fixtures/obsidian-markdown): every callout type and
 * alias, foldable and nested callouts, task statuses, inline footnotes, markdown links written without ".md", block
 * ids on callouts, tables, quotes and list items, and links from mermaid flowcharts.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { repoRoot, tempDir } from './helpers.js'

const root = join(repoRoot, 'tests/fixtures/obsidian-markdown')
let out: string
let result: BuildResult

beforeAll(async () => {
  out = join(tempDir('wikigen-markdown-'), 'site')
  const { config } = await loadConfig(root)
  result = await build({ root, out, config })
})

/** The page body, without the theme around it. */
const body = (file: string, site = out) =>
  /<div data-content="true">([\s\S]*?)<\/div><\/div><nav class="backlinks"/.exec(readFileSync(join(site, file), 'utf8'))?.[1] ?? ''

/** Each callout's type and default or own title, in order. */
const callouts = (html: string) =>
  [
    ...html.matchAll(
      /<(?:div|details) class="callout" data-callout="([^"]+)"[^>]*><(?:p|summary) class="callout-title">(.*?)<\/(?:p|summary)>/g,
    ),
  ].map((m) => [m[1], m[2]])

const TYPES = [
  'note',
  'abstract',
  'summary',
  'tldr',
  'info',
  'todo',
  'tip',
  'hint',
  'important',
  'success',
  'check',
  'done',
  'question',
  'help',
  'faq',
  'warning',
  'caution',
  'attention',
  'failure',
  'fail',
  'missing',
  'danger',
  'error',
  'bug',
  'example',
  'quote',
  'cite',
]

describe('Obsidian markdown in a vault', () => {
  it('reports exactly the dead links: a markdown link and a diagram node to notes that do not exist', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.target}`)).toEqual([
      'Ablauf.md:9:3 dead-link Gibt es nicht',
      'Verweise.md:10:3 dead-link Keine Notiz',
    ])
  })

  it('gives every callout type and alias its default title in the site language', () => {
    const found = callouts(body('hinweise.html'))
    expect(found.slice(0, TYPES.length)).toEqual([
      ['note', 'Notiz'],
      ['abstract', 'Zusammenfassung'],
      ['summary', 'Zusammengefasst'],
      ['tldr', 'Kurzfassung'],
      ['info', 'Info'],
      ['todo', 'Aufgabe'],
      ['tip', 'Tipp'],
      ['hint', 'Hinweis'],
      ['important', 'Wichtig'],
      ['success', 'Erfolg'],
      ['check', 'Erledigt'],
      ['done', 'Erledigt'],
      ['question', 'Frage'],
      ['help', 'Hilfe'],
      ['faq', 'FAQ'],
      ['warning', 'Warnung'],
      ['caution', 'Vorsicht'],
      ['attention', 'Achtung'],
      ['failure', 'Fehlschlag'],
      ['fail', 'Fehlgeschlagen'],
      ['missing', 'Fehlt'],
      ['danger', 'Gefahr'],
      ['error', 'Fehler'],
      ['bug', 'Bug'],
      ['example', 'Beispiel'],
      ['quote', 'Zitat'],
      ['cite', 'Zitat'],
    ])
    // own titles with markup and links, a type of its own, a title alone
    expect(found.slice(TYPES.length, TYPES.length + 4)).toEqual([
      ['warning', 'Vor dem <strong>Upgrade</strong> lesen'],
      ['rezept', 'Eigener Typ'],
      ['gedanke', 'Gedanke'],
      ['tip', 'Nur ein Titel'],
    ])
    expect(body('hinweise.html')).toContain('Die Module müssen zuerst <a href="/aufgaben.html" class="wikilink">geprüft</a> werden.')
  })

  it('makes foldable callouts native disclosures, closed with "-" and open with "+", and nests callouts', () => {
    const html = body('hinweise.html')
    expect(html).toContain('<details class="callout" data-callout="faq"><summary class="callout-title">Ist das eingeklappt?</summary>')
    expect(html).toContain('<details class="callout" data-callout="faq" open><summary class="callout-title">Ist das offen?</summary>')
    expect(html).toMatch(
      /data-callout="question"><p class="callout-title">Lassen sich Callouts verschachteln\?<\/p><div class="callout-content"><div class="callout" data-callout="todo">[\s\S]*?<div class="callout" data-callout="example">/,
    )
  })

  it('titles callouts in English on an English site', async () => {
    const english = join(tempDir('wikigen-markdown-en-'), 'site')
    const { config } = await loadConfig(root)
    await build({ root, out: english, config: { ...config, site: { ...config.site, lang: 'en' } } })
    expect(callouts(body('hinweise.html', english)).slice(0, 4)).toEqual([
      ['note', 'Note'],
      ['abstract', 'Abstract'],
      ['summary', 'Zusammengefasst'],
      ['tldr', 'TL;DR'],
    ])
    expect(body('hinweise.html', english)).toContain('<p class="callout-title">Gedanke</p>')
  })

  it('keeps every task status on its item, checked, and never as text', () => {
    const html = body('aufgaben.html')
    const items = [...html.matchAll(/<li class="task-list-item"( data-task="[^"]*")?[^>]*><input type="checkbox"( checked)?/g)].map(
      (m) => `${m[1]?.slice(12, -1) ?? ' '}${m[2] ? '✓' : ''}`,
    )
    expect(items).toEqual([' ', 'x✓', '-✓', '/✓', '>✓', '<✓', '!✓', '?✓', '*✓', 'k✓', ' ', 'x✓', ' '])
    expect(html).not.toMatch(/\[[-/><!?*xk ]\]/)
  })

  it('numbers inline and [^1] footnotes together in the order they appear, in one section', () => {
    const html = body('fussnoten.html')
    expect([...html.matchAll(/data-footnote-ref[^>]*>(\d)</g)].map((m) => m[1])).toEqual(['1', '2', '3'])
    const notes = /<section data-footnotes[\s\S]*<\/section>/.exec(html)?.[0] ?? ''
    expect(notes.match(/<li id=/g)).toHaveLength(3)
    expect(notes).toContain('Ab dem <strong>Datum</strong> der Offerte, siehe <a href="/verweise.html" class="wikilink">Verweise</a>.')
    expect(notes.indexOf('Ab dem')).toBeLessThan(notes.indexOf('Geschäftsbedingungen'))
    expect(notes.indexOf('Geschäftsbedingungen')).toBeLessThan(notes.indexOf('8,1 %'))
  })

  it('resolves markdown links without ".md" as wiki links, with %20, <…>, folders and headings', () => {
    const html = body('verweise.html')
    expect(html).toContain('<a href="/aufgaben.html">ohne Endung</a>')
    expect(html).toContain('<a href="/meine-notiz.html">mit Leerzeichen</a>')
    expect(html).toContain('<a href="/meine-notiz.html#zweiter-abschnitt">mit Ordner und Überschrift</a>')
    expect(html).toContain('<a href="/meine-notiz.html">in spitzen Klammern</a>')
    expect(html).toContain('<a href="/meine-notiz.html">mit Endung</a>')
  })

  it('links to and embeds blocks of a callout, a list item, a table and a quote', () => {
    const html = body('verweise.html')
    expect(html).toContain('<a href="/hinweise.html#^notfall" class="wikilink">')
    expect(html).toContain('<a href="/aufgaben.html#^unteraufgabe" class="wikilink">')
    expect(html).toContain('<a href="#^preise" class="wikilink">die Preistabelle</a>')
    expect(html).toContain('<table id="^preise">')
    expect(body('hinweise.html')).toContain('<div class="callout" data-callout="danger" id="^notfall">')
    expect(body('aufgaben.html')).toContain('<li class="task-list-item" data-task="x" id="^unteraufgabe">')
    const embeds = [...html.matchAll(/<div class="embed" data-embed="([^"]+)">([\s\S]*?)<\/div>(?=\n<div class="embed"|$)/g)]
    expect(embeds.map((m) => m[1])).toEqual(['/hinweise.html#^notfall', '/aufgaben.html#^unteraufgabe', '/verweise.html#^spruch'])
    expect(embeds[0][2]).toContain('<div class="callout" data-callout="danger" id="^notfall"><p class="callout-title">Notfall</p>')
    expect(embeds[1][2]).toContain('<ul><li class="task-list-item" data-task="x" id="^unteraufgabe">')
    expect(embeds[1][2]).not.toContain('Unteraufgabe offen')
    expect(embeds[2][2]).toContain('<blockquote id="^spruch">\n<p>Ordnung ist das halbe Leben.</p>')
  })

  it('lists the notes a flowchart links to after it, resolved like wiki links', () => {
    const html = body('ablauf.html')
    expect(/<ul class="diagram-links">[\s\S]*?<\/ul>/.exec(html)?.[0]).toBe(
      '<ul class="diagram-links">' +
        '<li data-diagram-node="A"><a href="/aufgaben.html" class="wikilink">Aufgaben</a></li>' +
        '<li data-diagram-node="B"><a href="/meine-notiz.html" class="wikilink">Meine Notiz</a></li>' +
        '<li data-diagram-node="C"><a href="/verweise.html#block-links" class="wikilink">Verweise#Block-Links</a></li>' +
        '<li data-diagram-node="D"><span class="wikilink missing" title="Seite fehlt: Gibt es nicht">Gibt es nicht</span></li>' +
        '</ul>',
    )
    // the linked notes show the diagram's page among their backlinks
    expect(readFileSync(join(out, 'aufgaben.html'), 'utf8')).toMatch(/Verlinkt von[\s\S]*href="\/ablauf.html"/)
  })
})
