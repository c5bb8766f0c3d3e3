import { describe, expect, it } from 'vitest'
import { evaluateView, type Cell, type ViewResult } from '../../../../../src/compiler/parse/bases/evaluate.js'
import type { BaseRecord } from '../../../../../src/compiler/parse/bases/record.js'
import { parseBase } from '../../../../../src/compiler/parse/bases/parse.js'
import { columnWidthClass, isSafeHref, renderView, renderViewTabs } from '../../../../../src/compiler/parse/bases/render.js'

function record(title: string): BaseRecord {
  return { path: `${title}.md`, title, href: `/${title.toLowerCase()}.html`, tags: [], links: [], properties: {} }
}

function row(title: string, ...cells: Cell[]) {
  return {
    record: record(title),
    cells: [{ kind: 'link', href: `/${title.toLowerCase()}.html`, text: title, internal: true } as Cell, ...cells],
  }
}

const columns = [
  { id: 'file.name', label: 'Name' },
  { id: 'status', label: 'Status' },
]

function view(extra: Partial<ViewResult> = {}): ViewResult {
  return {
    type: 'table',
    name: 'Alle',
    columns,
    groups: [{ rows: [row('Alpha', { kind: 'text', text: 'aktiv' }), row('Beta', { kind: 'empty' })] }],
    total: 2,
    ...extra,
  }
}

describe('renderView', () => {
  it('renders a table in a focusable, named region with a caption and count', () => {
    const html = renderView(view())
    expect(html).toContain('<p class="base-caption"><span class="base-name">Alle</span> <span class="base-count">2 Einträge</span></p>')
    expect(html).toContain('<div class="base-view base-table" tabindex="0" role="region" aria-label="Alle"><table>')
    expect(html).toContain('<thead><tr><th scope="col">Name</th><th scope="col">Status</th></tr></thead>')
    expect(html).toContain('<tbody><tr><td><a href="/alpha.html" class="internal">Alpha</a></td><td>aktiv</td></tr>')
  })

  it('gives each group its own tbody with a header row', () => {
    const html = renderView(
      view({
        groups: [
          { label: 'aktiv', rows: [row('Alpha', { kind: 'text', text: 'aktiv' })] },
          { label: 'neu', rows: [row('Beta', { kind: 'text', text: 'neu' })] },
        ],
      }),
    )
    expect(html.match(/<tbody>/g)).toHaveLength(2)
    expect(html).toContain('<tr class="base-group"><th scope="rowgroup" colspan="2">neu <span class="base-group-count">1</span></th></tr>')
  })

  it('shows "Keine Einträge" for an empty view', () => {
    const html = renderView(view({ groups: [{ rows: [] }], total: 0 }))
    expect(html).toContain('<span class="base-count">0 Einträge</span>')
    expect(html).toContain('<p class="base-empty">Keine Einträge</p>')
    expect(html).not.toContain('<table>')
  })

  it('counts one entry in the singular and says when a limit hides some', () => {
    expect(renderView(view({ groups: [{ rows: [row('Alpha', { kind: 'empty' })] }], total: 1 }))).toContain('1 Eintrag<')
    expect(renderView(view({ total: 143 }))).toContain('2 von 143 Einträgen')
  })

  it('renders cards with a title link and a line per non-empty property', () => {
    const html = renderView(view({ type: 'cards' }))
    expect(html).toContain(
      '<ul class="base-cards"><li class="base-card"><p class="base-card-title"><a href="/alpha.html" class="internal">Alpha</a></p>',
    )
    expect(html).toContain('<dl><div><dt>Status</dt><dd>aktiv</dd></div></dl></li>')
    expect(html).toContain('<li class="base-card"><p class="base-card-title"><a href="/beta.html" class="internal">Beta</a></p></li>')
  })

  it('renders a list of links with their values after them, after a comma unless the view names a separator', () => {
    const html = renderView(view({ type: 'list' }))
    expect(html).toContain(
      '<ul class="base-list"><li><a href="/alpha.html" class="internal">Alpha</a><span class="base-list-separator">, </span><span class="base-list-values"><span class="base-list-value" title="Status">aktiv</span></span></li>',
    )
    expect(html).toContain('<li><a href="/beta.html" class="internal">Beta</a></li>')
  })

  const threeColumns = [...columns, { id: 'ort', label: 'Ort' }]
  const listRows = [
    row('Alpha', { kind: 'text', text: 'aktiv' }, { kind: 'text', text: 'Bern' }),
    row('Beta', { kind: 'empty' }, { kind: 'text', text: '<Genf>' }),
  ]

  it('numbers a list, puts the separator between the values, and leaves markers out', () => {
    const numbered = renderView(
      view({ type: 'list', columns: threeColumns, groups: [{ rows: listRows }], settings: { markers: 'numbers', separator: ' | ' } }),
    )
    expect(numbered).toContain('<ol class="base-list"><li>')
    expect(numbered).toContain(
      '<span class="base-list-value" title="Status">aktiv</span><span class="base-list-separator"> | </span><span class="base-list-value" title="Ort">Bern</span>',
    )
    expect(numbered).toContain('<span class="base-list-value" title="Ort">&lt;Genf&gt;</span></span></li></ol>')
    const plain = renderView(view({ type: 'list', settings: { markers: 'none' } }))
    expect(plain).toContain('<ul class="base-list base-list-plain">')
  })

  it('indents the properties below each note, one per line with its name', () => {
    const html = renderView(
      view({ type: 'list', columns: threeColumns, groups: [{ rows: listRows }], settings: { indentProperties: true } }),
    )
    expect(html).toContain(
      '<ul class="base-list base-list-indented"><li><a href="/alpha.html" class="internal">Alpha</a><ul class="base-list-properties"><li><span class="base-list-label">Status</span> <span class="base-list-value">aktiv</span></li><li><span class="base-list-label">Ort</span> <span class="base-list-value">Bern</span></li></ul></li>',
    )
    expect(html).not.toContain('base-list-separator')
  })

  it('makes the first property the list item when the file name comes later', () => {
    const reordered = [{ id: 'ort', label: 'Ort' }, columns[0]]
    const html = renderView(
      view({
        type: 'list',
        columns: reordered,
        groups: [{ rows: [{ record: record('Alpha'), cells: [{ kind: 'text', text: 'Bern' }, listRows[0].cells[0]] }] }],
        total: 1,
      }),
    )
    expect(html).toContain(
      '<li>Bern<span class="base-list-separator">, </span><span class="base-list-values"><span class="base-list-value" title="Name"><a href="/alpha.html" class="internal">Alpha</a></span></span></li>',
    )
  })

  it('gives the table its row height and column widths as classes, never as style attributes', () => {
    const html = renderView(view({ settings: { rowHeight: 'tall', columnWidths: [undefined, 118] } }))
    expect(html).toContain('<table class="base-rows-tall base-sized"><colgroup><col><col class="base-w-120"></colgroup><thead>')
    expect(html).not.toContain('style')
    expect(renderView(view({ settings: { rowHeight: 'extra' } }))).toContain('<table class="base-rows-extra"><thead>')
    expect(renderView(view())).toContain('<table><thead>')
  })

  it.each([
    [20, 'base-w-60'],
    [69, 'base-w-60'],
    [71, 'base-w-80'],
    [164, 'base-w-150'],
    [166, 'base-w-180'],
    [5000, 'base-w-640'],
  ])('rounds a width of %i pixels to %s', (width, name) => {
    expect(columnWidthClass(width)).toBe(name)
  })

  it.each<[string, Cell, string]>([
    [
      'an external link',
      { kind: 'link', href: 'https://x.ch/?a=1&b=2', text: 'x.ch', internal: false },
      '<a href="https://x.ch/?a=1&amp;b=2" class="external" rel="noopener noreferrer">x.ch</a>',
    ],
    [
      'a list',
      {
        kind: 'list',
        items: [
          { kind: 'text', text: 'a' },
          { kind: 'text', text: 'b' },
        ],
      },
      '<span class="base-values"><span class="base-value">a</span><span class="base-value">b</span></span>',
    ],
    [
      'a date',
      { kind: 'date', iso: '2024-05-01T10:00', text: '01.05.2024, 10:00' },
      '<time datetime="2024-05-01T10:00">01.05.2024, 10:00</time>',
    ],
    ['a number', { kind: 'number', text: '12.5' }, '<span class="base-number">12.5</span>'],
    ['a checkbox', { kind: 'bool', value: true }, '<input type="checkbox" disabled checked aria-label="Ja">'],
    ['script as text', { kind: 'text', text: '<script>alert("x")</script>' }, '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
    ['a javascript: link as text', { kind: 'link', href: 'javascript:alert(1)', text: 'klick', internal: false }, '<td>klick</td>'],
    ['a protocol-relative link as text', { kind: 'link', href: '//evil.example', text: 'weg', internal: true }, '<td>weg</td>'],
  ])('renders %s', (_, cell, expected) => {
    const html = renderView(view({ groups: [{ rows: [row('Alpha', cell)] }], total: 1 }))
    expect(html).toContain(expected)
  })

  it('escapes names, labels and group titles', () => {
    const html = renderView(
      view({
        name: '<script>x</script>',
        columns: [columns[0], { id: 's', label: '"><img src=x onerror=alert(1)>' }],
        groups: [{ label: '<b>', rows: [row('Alpha', { kind: 'empty' })] }],
        total: 1,
      }),
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('aria-label="&lt;script&gt;x&lt;/script&gt;"')
  })

  it('names an unnamed view by its type', () => {
    const html = renderView(view({ name: '' }))
    expect(html).toContain('aria-label="Tabelle"')
    expect(html).not.toContain('base-name')
  })
})

describe('renderViewTabs', () => {
  it('makes one tab per view, the first selected, each tab controlling its panel', () => {
    const html = renderViewTabs(
      [
        { label: 'Alle', html: '<p>eins</p>' },
        { label: 'K"arten', html: '<p>zwei</p>' },
      ],
      (i) => `b-${i}`,
      'Ansichten',
    )
    expect(html).toBe(
      '<div class="tabs base-views"><div class="tabs-list" role="tablist" aria-label="Ansichten">' +
        '<button type="button" role="tab" id="b-0-tab" aria-controls="b-0" aria-selected="true" tabindex="0" data-tab="Alle">Alle</button>' +
        '<button type="button" role="tab" id="b-1-tab" aria-controls="b-1" aria-selected="false" tabindex="-1" data-tab="K&quot;arten">K&quot;arten</button></div>' +
        '<div class="tab-panel active" role="tabpanel" id="b-0" aria-labelledby="b-0-tab" tabindex="0"><p>eins</p></div>' +
        '<div class="tab-panel" role="tabpanel" id="b-1" aria-labelledby="b-1-tab" tabindex="0"><p>zwei</p></div></div>',
    )
  })
})

describe('parse, evaluate and render together', () => {
  it('escapes front matter that holds markup, and links [[…]] values', () => {
    const { base } = parseBase(
      "properties:\n  status: { displayName: '<i>Status</i>' }\nviews:\n  - type: cards\n    order: [file.name, status, kunde]\n",
    )
    const notes: BaseRecord[] = [
      { ...record('Alpha'), properties: { status: '<script>alert(1)</script>', kunde: '[[Beta]]' } },
      record('Beta'),
    ]
    const { view } = evaluateView(base, 0, notes, { now: 0, resolve: (target) => (target === 'Beta' ? 'Beta.md' : undefined) })
    const html = renderView(view)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<i>')
    expect(html).toContain('<dt>&lt;i&gt;Status&lt;/i&gt;</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt;</dd>')
    expect(html).toContain('<dd><a href="/beta.html" class="internal">Beta</a></dd>')
    expect(html).toContain('2 Einträge')
  })
})

describe('isSafeHref', () => {
  it.each([
    ['https://example.ch', true],
    ['http://example.ch', true],
    ['mailto:a@b.ch', true],
    ['/kunden/muster-ag.html', true],
    ['/seite%20mit%20leer.html#anker', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['relative.html', false],
    ['/a\nb', false],
  ])('%j → %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected)
  })
})
