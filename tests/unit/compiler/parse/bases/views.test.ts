/**
 * What the views do beyond rows of cells: summaries of a table's columns (built in and custom), the covers of cards,
 * the coordinates of a map view, and the warning for a filter or formula that reads a property no note has.
 */
import { describe, expect, it } from 'vitest'
import { evaluateView, type EvaluateContext } from '../../../../../src/compiler/parse/bases/evaluate.js'
import type { BaseRecord } from '../../../../../src/compiler/parse/bases/record.js'
import { parseBase } from '../../../../../src/compiler/parse/bases/parse.js'
import { renderView } from '../../../../../src/compiler/parse/bases/render.js'

const NOW = Date.UTC(2024, 4, 15, 8, 30)

function note(name: string, properties: Record<string, unknown>): BaseRecord {
  return { path: `Orte/${name}.md`, title: name, href: `/orte/${name.toLowerCase()}.html`, tags: [], links: [], properties }
}

const records = [
  note('Bern', { einwohner: 134_000, besucht: '2024-03-01', favorit: true, ort: '46.948, 7.4474', bild: '[[bern.jpg]]', region: 'Mitte' }),
  note('Zürich', { einwohner: 421_000, besucht: '2023-07-15', favorit: false, ort: [47.3769, 8.5417], bild: '#c0392b', region: 'Ost' }),
  note('Basel', { einwohner: 173_000, besucht: '2024-05-10', ort: 'irgendwo', bild: 'https://example.com/basel.png', region: 'Nord' }),
  note('Genf', { einwohner: 203_000, farbe: 'rgb(0, 90, 200)', region: 'West' }),
]

const context: EvaluateContext = {
  now: NOW,
  resolve: () => undefined,
  resolveImage: (target) => (target === 'bern.jpg' ? '/bilder/bern.jpg' : undefined),
}

function run(yaml: string, extra: Partial<EvaluateContext> = {}) {
  const parsed = parseBase(yaml)
  expect(parsed.problems).toEqual([])
  return evaluateView(parsed.base, 0, records, { ...context, ...extra })
}

describe('table summaries', () => {
  it('sums up each column with its built-in summary', () => {
    const { view, problems } = run(`
views:
  - type: table
    order: [file.name, einwohner, besucht, favorit, bild, region]
    summaries:
      einwohner: Sum
      besucht: Earliest
      favorit: Checked
      bild: Filled
      note.region: Unique
`)
    expect(problems).toEqual([])
    expect(view.summaries?.map((summary) => summary && `${summary.label}: ${JSON.stringify(summary.cell)}`)).toEqual([
      undefined,
      'Summe: {"kind":"number","text":"931000"}',
      'Frühestes: {"kind":"date","iso":"2023-07-15","text":"15.07.2023"}',
      'Angekreuzt: {"kind":"number","text":"1"}',
      'Ausgefüllt: {"kind":"number","text":"3"}',
      'Verschiedene: {"kind":"number","text":"4"}',
    ])
    const html = renderView(view)
    expect(html).toContain(
      '<tfoot><tr class="base-summaries"><td></td><td><span class="base-summary-label">Summe</span> <span class="base-summary-value"><span class="base-number">931000</span></span></td>',
    )
  })

  it.each([
    ['Average', '232750'],
    ['Min', '134000'],
    ['Max', '421000'],
    ['Range', '287000'],
    ['Median', '188000'],
    ['Stddev', '111405.51'],
    ['Empty', '0'],
    ['Unique', '4'],
  ])('%s of a number column', (summary, text) => {
    const { view } = run(`views:\n  - type: table\n    order: [file.name, einwohner]\n    summaries:\n      einwohner: ${summary}\n`)
    expect(view.summaries?.[1]?.cell).toEqual({ kind: 'number', text })
  })

  it('sums up dates, checkboxes and empty values', () => {
    const summary = (property: string, name: string) =>
      run(`views:\n  - type: table\n    order: [${property}]\n    summaries:\n      ${property}: ${name}\n`).view.summaries?.[0]?.cell
    expect(summary('besucht', 'Latest')).toEqual({ kind: 'date', iso: '2024-05-10', text: '10.05.2024' })
    expect(summary('besucht', 'Range')).toEqual({ kind: 'text', text: '300 d' })
    expect(summary('favorit', 'Unchecked')).toEqual({ kind: 'number', text: '3' })
    expect(summary('besucht', 'Empty')).toEqual({ kind: 'number', text: '1' })
  })

  it('runs a custom summary over `values`, and sums up each group at its top', () => {
    const { view, problems } = run(`
summaries:
  gerundet: 'values.mean().round(-1 + 1) / 1000'
  liste: 'values.filter(value > 150000).length'
views:
  - type: table
    order: [file.name, einwohner, region]
    groupBy: { property: region, direction: ASC }
    summaries:
      einwohner: gerundet
      region: liste
`)
    expect(problems).toEqual([])
    expect(view.summaries?.[1]).toEqual({ label: 'gerundet', cell: { kind: 'number', text: '232.75' } })
    expect(view.groups.map((group) => group.summaries?.[1]?.cell)).toEqual([
      { kind: 'number', text: '134' },
      { kind: 'number', text: '173' },
      { kind: 'number', text: '421' },
      { kind: 'number', text: '203' },
    ])
    expect(renderView(view)).toMatch(
      /Mitte <span class="base-group-count">1<\/span><\/th><\/tr><tr class="base-summaries base-group-summaries">/,
    )
  })

  it('reports an unknown summary at its position and shows the column without it', () => {
    const parsed = parseBase('views:\n  - type: table\n    order: [einwohner]\n    summaries:\n      einwohner: Total\n')
    expect(parsed.problems).toEqual([expect.objectContaining({ message: 'Unknown summary "Total" for "einwohner"', line: 5, column: 18 })])
    expect(evaluateView(parsed.base, 0, records, context).view.summaries).toBeUndefined()
  })
})

describe('cards', () => {
  it('puts the image property on the cover: a picture of the vault, a URL or a colour', () => {
    const { view } = run(`
views:
  - type: cards
    order: [file.name, einwohner]
    image: note.bild
    imageFit: contain
    imageAspectRatio: 0.75
    cardSize: 300
`)
    const covers = Object.fromEntries(view.groups[0].rows.map((row) => [row.record.title, row.image]))
    expect(covers).toEqual({
      Bern: { kind: 'image', src: '/bilder/bern.jpg' },
      Zürich: { kind: 'color', color: '#c0392b' },
      Basel: { kind: 'image', src: 'https://example.com/basel.png' },
      Genf: undefined,
    })
    const html = renderView(view)
    expect(html).toContain('<ul class="base-cards base-cards-l">')
    expect(html).toContain(
      '<div class="base-card-cover base-cover-contain"><svg class="base-cover-size" viewBox="0 0 1000 750" aria-hidden="true" focusable="false"></svg><img src="/bilder/bern.jpg" alt="" loading="lazy" decoding="async"></div>',
    )
    expect(html).toContain('<rect width="1000" height="750" fill="#c0392b"/>')
    expect(html).not.toContain('style=')
  })

  it('takes a colour function from a formula, and never lets other text into the cover', () => {
    const { view } = run(`
formulas:
  farbe: 'if(farbe, farbe, "red;background:url(x)")'
views:
  - type: cards
    image: formula.farbe
`)
    const covers = view.groups[0].rows.map((row) => row.image)
    expect(covers).toEqual([undefined, undefined, { kind: 'color', color: 'rgb(0, 90, 200)' }, undefined])
  })
})

describe('map', () => {
  it('lists every entry with its coordinates, and those without them too', () => {
    const { view, problems } = run(`
views:
  - type: map
    name: Orte
    order: [file.name, einwohner]
    coordinates: note.ort
    markerColor: note.farbe
`)
    expect(problems).toEqual([])
    expect(view.groups[0].rows.map((row) => [row.record.title, row.coordinates])).toEqual([
      ['Basel', undefined],
      ['Bern', [46.948, 7.4474]],
      ['Genf', undefined],
      ['Zürich', [47.3769, 8.5417]],
    ])
    const html = renderView(view)
    expect(html).toContain('<div class="base base-map-view">')
    expect(html).toContain(
      '<a class="base-coordinates external" href="https://www.openstreetmap.org/?mlat=46.948&amp;mlon=7.4474#map=15/46.948/7.4474" rel="noopener noreferrer">46.948, 7.4474</a>',
    )
    expect(html).toMatch(
      /<circle cx="5" cy="5" r="4" fill="rgb\(0, 90, 200\)"\/><\/svg><a href="\/orte\/genf.html" class="internal">Genf<\/a> <span class="base-coordinates base-no-coordinates">Ohne Koordinaten<\/span>/,
    )
  })

  it('warns when the view names no coordinates', () => {
    const { problems } = run('views:\n  - type: map\n    name: Orte\n')
    expect(problems).toEqual([expect.objectContaining({ message: expect.stringContaining('names no property with coordinates'), line: 2 })])
  })
})

describe('properties no note has', () => {
  it('warns at the position of the name, with the closest property', () => {
    const parsed = parseBase(`filters: 'einwohnr > 100000 && note["regon"] != null'
formulas:
  x: '[1, 2].map(value + index).length + gibtsnicht'
views:
  - type: table
    filters: 'favorit'
`)
    const { problems } = evaluateView(parsed.base, 0, records, context)
    expect(problems.map(({ message, hint, line, column }) => ({ message, hint, line, column }))).toEqual([
      {
        message: 'No note has the property "einwohnr"',
        hint: 'Did you mean "einwohner"? Properties are the keys of the notes\' front matter.',
        line: 1,
        column: 11,
      },
      { message: 'No note has the property "regon"', hint: expect.stringContaining('"region"'), line: 1, column: 37 },
      { message: 'No note has the property "gibtsnicht"', hint: expect.stringContaining('check the spelling'), line: 3, column: 42 },
    ])
  })
})
