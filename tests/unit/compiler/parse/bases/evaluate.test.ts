import { describe, expect, it } from 'vitest'
import { evaluateView, type EvaluateContext, type ViewResult } from '../../../../../src/compiler/parse/bases/evaluate.js'
import type { BaseRecord } from '../../../../../src/compiler/parse/bases/record.js'
import { parseBase } from '../../../../../src/compiler/parse/bases/parse.js'

const NOW = Date.UTC(2024, 4, 15, 8, 30)

function note(path: string, properties: Record<string, unknown> = {}, extra: Partial<BaseRecord> = {}): BaseRecord {
  const name = path.replace(/^.*\//, '').replace(/\.md$/, '')
  return {
    path,
    title: name,
    href: `/${path.replace(/\.md$/, '').toLowerCase().replace(/ /g, '-')}.html`,
    tags: [],
    links: [],
    properties,
    ...extra,
  }
}

const records: BaseRecord[] = [
  note(
    'Kunden/Muster AG.md',
    { status: 'aktiv', preis: 200, kunde: '[[Beispiel GmbH|Beispiel]]', website: 'https://muster.ch' },
    { tags: ['kunde'], mtime: NOW - 86_400_000 },
  ),
  note('Kunden/Beispiel GmbH.md', { status: 'archiviert', preis: 50 }, { mtime: NOW - 3 * 86_400_000 }),
  note('Kunden/Kunde 10.md', { status: 'neu', preis: 80, seit: '2024-05-01' }, { mtime: NOW - 2 * 86_400_000 }),
  note('Kunden/Kunde 9.md', { status: 'aktiv', preis: 120, tags: ['a', 'b'] }, { tags: ['howto'] }),
  note('Anleitungen/Start.md', { section: 'guide' }, { links: ['Kunden/Muster AG.md'] }),
]

const byName = new Map(records.map((record) => [record.title, record.path]))
const context: EvaluateContext = {
  now: NOW,
  resolve: (target) =>
    byName.get(target.replace(/^\[\[|\]\]$/g, '').replace(/\|.*$/, '')) ?? (records.some((r) => r.path === target) ? target : undefined),
}

function run(yaml: string, extra: Partial<EvaluateContext> = {}, view?: number | string, input: readonly BaseRecord[] = records) {
  const parsed = parseBase(yaml)
  expect(parsed.problems).toEqual([])
  return evaluateView(parsed.base, view, input, { ...context, ...extra })
}

function names(view: ViewResult): string[] {
  return view.groups.flatMap((group) => group.rows.map((row) => row.record.title))
}

describe('evaluateView: filters', () => {
  it('shows every note by file name, German and numeric, when the base has no views', () => {
    const { view, problems } = run('')
    expect(problems).toEqual([])
    expect(names(view)).toEqual(['Beispiel GmbH', 'Kunde 9', 'Kunde 10', 'Muster AG', 'Start'])
    expect(view.columns).toEqual([{ id: 'file.name', label: 'Name' }])
    expect(view.total).toBe(5)
  })

  it('applies the global filters and the view filters together', () => {
    const { view } = run(`filters:
  and:
    - file.inFolder("Kunden")
    - 'status != "archiviert"'
views:
  - type: table
    filters: { or: ['preis > 150', 'file.hasTag("howto")'] }
`)
    expect(names(view)).toEqual(['Kunde 9', 'Muster AG'])
  })

  it('excludes the notes a not filter matches', () => {
    const { view } = run(`filters:
  not:
    - file.inFolder("Anleitungen")
    - 'status == "aktiv"'
`)
    expect(names(view)).toEqual(['Beispiel GmbH', 'Kunde 10'])
  })

  it('treats a filter that fails as false and reports it once, not once per note', () => {
    const { view, problems } = run('filters: preis.lower() == "x" || true\n')
    expect(names(view)).toEqual(['Start']) // preis is missing there, so .lower() is null
    expect(problems).toEqual([{ message: 'The number 200 has no function "lower"', hint: expect.any(String), line: 1, column: 16 }])
  })

  it('shows no note for a filter with an unknown function, and reports it', () => {
    const parsed = parseBase('filters: wer(status)\n')
    expect(parsed.problems).toMatchObject([{ message: 'Unknown function "wer"', line: 1, column: 10 }])
    const { view } = evaluateView(parsed.base, undefined, records, context)
    expect(view.total).toBe(0)
  })

  it('filters by links, and by the note that embeds the base', () => {
    expect(names(run('filters: file.hasLink("Muster AG")').view)).toEqual(['Start'])
    const self = note('Projekte/Alpha.md', { kunde: '[[Muster AG]]' })
    expect(names(run('filters: file.name == this.file.name || link(file.path) == this.kunde', { self }).view)).toEqual(['Muster AG'])
  })
})

describe('evaluateView: formulas, sort, groups, limit', () => {
  const yaml = `formulas:
  brutto: 'preis * 2'
  label: 'file.basename + " (" + formula.brutto + ")"'
properties:
  formula.label: { displayName: Bezeichnung }
  status: { displayName: Status }
views:
  - type: table
    name: Nach Preis
    filters: 'preis'
    order: [file.name, formula.label, note.status, preis]
    sort: [{ property: formula.brutto, direction: DESC }]
  - type: table
    name: Gruppen
    filters: 'file.inFolder("Kunden")'
    groupBy: { property: status, direction: ASC }
  - type: list
    name: Neueste
    sort: [{ property: file.mtime, direction: DESC }]
    limit: 2
`

  it('computes formulas that use each other and sorts by them', () => {
    const { view, problems } = run(yaml, {}, 'Nach Preis')
    expect(problems).toEqual([])
    expect(names(view)).toEqual(['Muster AG', 'Kunde 9', 'Kunde 10', 'Beispiel GmbH'])
    expect(view.columns).toEqual([
      { id: 'file.name', label: 'Name' },
      { id: 'formula.label', label: 'Bezeichnung' },
      { id: 'note.status', label: 'Status' },
      { id: 'preis', label: 'preis' },
    ])
    expect(view.groups[0].rows[0].cells).toEqual([
      { kind: 'link', href: '/kunden/muster-ag.html', text: 'Muster AG', internal: true },
      { kind: 'text', text: 'Muster AG (400)' },
      { kind: 'text', text: 'aktiv' },
      { kind: 'number', text: '200' },
    ])
  })

  it('groups by a property in its direction, notes without a value last', () => {
    const { view } = run(yaml, {}, 'Gruppen')
    expect(view.groups.map((group) => [group.label, group.rows.map((row) => row.record.title)])).toEqual([
      ['aktiv', ['Kunde 9', 'Muster AG']],
      ['archiviert', ['Beispiel GmbH']],
      ['neu', ['Kunde 10']],
    ])
    const all = run('views:\n  - type: table\n    groupBy: { property: status, direction: DESC }\n').view
    expect(all.groups.map((group) => group.label)).toEqual(['neu', 'archiviert', 'aktiv', 'Ohne Wert'])
  })

  it('sorts stably with empty values last and keeps the total before the limit', () => {
    const { view } = run(yaml, {}, 2)
    expect(view.type).toBe('list')
    expect(names(view)).toEqual(['Muster AG', 'Kunde 10'])
    expect(view.total).toBe(5)
    const ascending = run('views:\n  - type: table\n    sort: [{ property: file.mtime, direction: ASC }]\n').view
    expect(names(ascending)).toEqual(['Beispiel GmbH', 'Kunde 10', 'Muster AG', 'Kunde 9', 'Start'])
  })

  it('reports a missing view by name', () => {
    const { view, problems } = run(yaml, {}, 'Gibt es nicht')
    expect(view.total).toBe(0)
    expect(problems[0].message).toBe('The base has no view named "Gibt es nicht"')
  })

  it('reports a formula that fails once and shows the error in its cells', () => {
    const parsed = parseBase("formulas:\n  x: 'status * 2'\nviews:\n  - type: table\n    order: [formula.x]\n")
    const { view, problems } = evaluateView(parsed.base, 0, records, context)
    expect(problems).toEqual([
      { message: 'Cannot multiply text "archiviert" and the number 2', hint: expect.any(String), line: 2, column: 14 },
    ])
    // the notes whose status is text fail, the others have no status to multiply: empty
    expect(new Set(view.groups[0].rows.map((row) => row.cells[0].kind))).toEqual(new Set(['error', 'empty']))
    expect(view.groups[0].rows.find((row) => row.cells[0].kind === 'error')?.cells[0]).toEqual({ kind: 'error', text: 'Fehler' })
  })
})

describe('evaluateView: cells', () => {
  const yaml = 'views:\n  - type: table\n    order: [kunde, website, tags, seit, file.mtime, preis, file.size, fertig, mail, text, alt]\n'
  const sample = note(
    'Kunden/Zeta.md',
    {
      kunde: '[[Beispiel GmbH|Beispiel]]',
      website: 'https://zeta.ch/a?b=1',
      tags: ['a', '[[Muster AG]]'],
      seit: '2024-05-01',
      preis: 1234.5,
      fertig: true,
      mail: 'mailto:info@zeta.ch',
      text: '[[Fehlt]]',
      alt: 'javascript:alert(1)',
    },
    { mtime: Date.UTC(2024, 4, 1, 8, 5), size: 2048 },
  )

  it('formats values as Obsidian shows properties', () => {
    const { view } = run(yaml, {}, undefined, [...records, sample])
    const row = view.groups[0].rows.find((r) => r.record === sample)
    expect(row?.cells).toEqual([
      { kind: 'link', href: '/kunden/beispiel-gmbh.html', text: 'Beispiel', internal: true },
      { kind: 'link', href: 'https://zeta.ch/a?b=1', text: 'https://zeta.ch/a?b=1', internal: false },
      {
        kind: 'list',
        items: [
          { kind: 'text', text: 'a' },
          { kind: 'link', href: '/kunden/muster-ag.html', text: 'Muster AG', internal: true },
        ],
      },
      { kind: 'date', iso: '2024-05-01', text: '01.05.2024' },
      { kind: 'date', iso: '2024-05-01T10:05', text: '01.05.2024, 10:05' },
      { kind: 'number', text: '1234.5' },
      { kind: 'number', text: '2048' },
      { kind: 'bool', value: true },
      { kind: 'link', href: 'mailto:info@zeta.ch', text: 'info@zeta.ch', internal: false },
      { kind: 'text', text: 'Fehlt' }, // an unresolved link is text
      { kind: 'text', text: 'javascript:alert(1)' },
    ])
  })

  it('takes a date format and labels from the context', () => {
    const { view } = run(
      yaml,
      { formatDate: (iso) => `am ${iso}`, labels: { columns: { 'file.mtime': 'Modified' }, noValue: '-' } },
      undefined,
      [sample],
    )
    expect(view.columns.find((column) => column.id === 'file.mtime')?.label).toBe('Modified')
    expect(view.groups[0].rows[0].cells[3]).toEqual({ kind: 'date', iso: '2024-05-01', text: 'am 2024-05-01' })
  })

  it('gives German default labels to file properties', () => {
    const { view } = run('views:\n  - type: table\n    order: [file.name, file.mtime, file.folder, formula.x]\nformulas:\n  x: "1"\n')
    expect(view.columns.map((column) => column.label)).toEqual(['Name', 'Geändert', 'Ordner', 'x'])
  })

  it('is plain data', () => {
    const { view } = run(yaml, {}, undefined, [sample])
    expect(structuredClone(view)).toEqual(view)
  })
})

describe('evaluateView: scale', () => {
  it('evaluates 10 000 notes with links, tags and formulas', () => {
    const many: BaseRecord[] = []
    for (let i = 0; i < 10_000; i++) {
      many.push(
        note(
          `Notizen/${i % 10}/Notiz ${i}.md`,
          { nummer: i, status: i % 3 === 0 ? 'aktiv' : 'neu', partner: `[[Notiz ${(i + 1) % 10_000}]]` },
          { tags: [`gruppe/${i % 7}`], links: [`Notizen/${(i + 1) % 10}/Notiz ${(i + 1) % 10_000}.md`], mtime: NOW - i * 1000 },
        ),
      )
    }
    const paths = new Map(many.map((record) => [record.title, record.path]))
    let resolves = 0
    const parsed = parseBase(`filters:
  and:
    - file.inFolder("Notizen")
    - 'file.hasTag("gruppe")'
formulas:
  doppelt: 'nummer * 2'
  label: 'file.basename + " " + formula.doppelt'
views:
  - type: table
    filters: 'status == "aktiv" && file.hasLink(partner)'
    order: [file.name, formula.label, partner, file.mtime]
    sort: [{ property: formula.doppelt, direction: DESC }]
    groupBy: { property: status, direction: ASC }
`)
    expect(parsed.problems).toEqual([])
    const { view, problems } = evaluateView(parsed.base, 0, many, {
      now: NOW,
      resolve: (target) => {
        resolves++
        return paths.get(target.replace(/^\[\[|\]\]$/g, ''))
      },
    })
    expect(problems).toEqual([])
    expect(view.total).toBe(3334)
    expect(view.groups[0].rows[0].cells[1]).toEqual({ kind: 'text', text: 'Notiz 9999 19998' })
    expect(resolves).toBeLessThanOrEqual(10_000) // each distinct target once
  })
})
