import { describe, expect, it } from 'vitest'
import { parseBase } from '../../../../../src/compiler/parse/bases/parse.js'

const EXAMPLE = `filters:
  and:
    - file.inFolder("Kunden")
    - 'status != "archiviert"'
formulas:
  label: 'title + " (" + kunde + ")"'
  preis_chf: 'if(preis > 100, preis * 1.081, preis)'
properties:
  status: { displayName: Status }
  formula.label: { displayName: Bezeichnung }
views:
  - type: table
    name: Alle
    filters: { or: ['section == "guide"', 'file.hasTag("howto")'] }
    order: [file.name, status, formula.label, website]
    sort: [{ property: file.mtime, direction: DESC }]
    groupBy: { property: status, direction: ASC }
    limit: 20
  - type: cards
    name: Karten
`

describe('parseBase', () => {
  it('reads filters, formulas, properties and views without problems', () => {
    const { base, problems } = parseBase(EXAMPLE)
    expect(problems).toEqual([])
    expect(base.filters).toMatchObject({
      kind: 'and',
      filters: [
        { kind: 'expression', expression: { source: 'file.inFolder("Kunden")', line: 3, column: 7 } },
        { kind: 'expression', expression: { source: 'status != "archiviert"', line: 4, column: 7 } },
      ],
    })
    expect(base.formulas.map((f) => f.name)).toEqual(['label', 'preis_chf'])
    expect(base.properties).toEqual([
      { id: 'status', displayName: 'Status' },
      { id: 'formula.label', displayName: 'Bezeichnung' },
    ])
    expect(base.views).toHaveLength(2)
    expect(base.views[0]).toMatchObject({
      type: 'table',
      name: 'Alle',
      filters: { kind: 'or', filters: [{ kind: 'expression' }, { kind: 'expression' }] },
      order: ['file.name', 'status', 'formula.label', 'website'],
      sort: [{ property: 'file.mtime', direction: 'DESC' }],
      groupBy: { property: 'status', direction: 'ASC' },
      limit: 20,
      line: 12,
      column: 5,
    })
    expect(base.views[1]).toMatchObject({ type: 'cards', name: 'Karten', order: [], sort: [] })
  })

  it('is plain data that survives JSON and structured clone', () => {
    const { base } = parseBase(EXAMPLE)
    expect(JSON.parse(JSON.stringify(base))).toEqual(base)
    expect(structuredClone(base)).toEqual(base)
  })

  it('reads a single expression and nested and/or/not', () => {
    expect(parseBase('filters: status == "aktiv"').base.filters).toMatchObject({ kind: 'expression' })
    const { base, problems } = parseBase(`filters:
  or:
    - file.hasTag("tag")
    - and:
        - file.hasTag("book")
        - file.hasLink("Textbook")
    - not:
        - file.inFolder("Archiv")
`)
    expect(problems).toEqual([])
    expect(base.filters).toMatchObject({
      kind: 'or',
      filters: [{ kind: 'expression' }, { kind: 'and', filters: [{}, {}] }, { kind: 'not', filters: [{ kind: 'expression' }] }],
    })
  })

  it('reports a syntax error at its line and column in a .base file', () => {
    const { base, problems } = parseBase('views:\n  - type: table\n    filters: status == == "x"\n')
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "column": 24,
          "hint": "Put a value, a property name or a function call here.",
          "line": 3,
          "message": "Unexpected "=="",
        },
      ]
    `)
    expect(base.views[0].filters).toEqual({ kind: 'invalid', line: 3, column: 14 })
  })

  it('counts the quote of a quoted expression, and escapes inside it', () => {
    // column of "?" : 5 spaces, 'filters: ' and the quote before the expression
    const single = parseBase(`filters: 'name == ''x'' ? 1'`).problems[0]
    expect(single).toMatchObject({ message: 'Unexpected character "?"', line: 1, column: 25 })
    const double = parseBase(`filters: "name == \\"x\\" ? 1"`).problems[0]
    expect(double).toMatchObject({ message: 'Unexpected character "?"', line: 1, column: 25 })
  })

  it('adds the origin of a base code block to every position', () => {
    const { problems } = parseBase('filters:\n  and:\n    - \'status = "x"\'\n', { line: 10, column: 3 })
    expect(problems).toEqual([{ message: 'Unexpected character "="', hint: 'Compare with "==".', line: 12, column: 3 + 6 + 1 + 7 }])
  })

  it('reports malformed YAML with its position, and matches no note', () => {
    const { base, problems } = parseBase('views:\n  - type: table\n    order: [file.name\n', { line: 5, column: 1 })
    expect(problems).toHaveLength(1)
    expect(problems[0].message).toMatch(/^Malformed YAML in base: /)
    expect(problems[0].line).toBeGreaterThanOrEqual(7)
    expect(base.filters?.kind).toBe('invalid')
  })

  it('reports a key written twice in one map at the second, and uses that one', () => {
    const { base, problems } = parseBase('formulas:\n  preis: "1"\n  preis: "2"\n')
    expect(problems).toEqual([
      expect.objectContaining({ message: 'Key "preis" appears twice in this map; the later one is used', line: 3, column: 3 }),
    ])
    expect(base.formulas.map((formula) => formula.name)).toEqual(['preis'])
  })

  it('reports an unknown function where it is written', () => {
    const { base, problems } = parseBase('filters: file.hasTagg("x") || foo(1)\n')
    expect(problems).toEqual([expect.objectContaining({ message: 'Unknown function "hasTagg"', line: 1, column: 15 })])
    expect(base.filters?.kind).toBe('invalid')
  })

  it('leaves out a view of an unknown type and keeps the others', () => {
    const { base, problems } = parseBase('views:\n  - type: kanban\n    name: Brett\n  - type: list\n    name: Liste\n')
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "column": 11,
          "hint": "Use one of table, cards, list, map.",
          "line": 2,
          "message": "View type "kanban" is not supported; the view is left out",
        },
      ]
    `)
    expect(base.views.map((view) => view.name)).toEqual(['Liste'])
  })

  it('reports a cycle of formulas once per formula and gives them no value', () => {
    const { base, problems } = parseBase("formulas:\n  a: 'formula.b + 1'\n  b: 'formula.a'\n  c: 'formula.a'\n")
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([
      '2:6 Formula "a" depends on itself: a → b → a',
      '3:6 Formula "b" depends on itself: a → b → a',
    ])
    expect(base.formulas.map((f) => f.expression.ast === null)).toEqual([true, true, false])
  })

  it('reports a formula used but never defined', () => {
    const { problems } = parseBase("formulas:\n  a: 'formula.x'\nviews:\n  - type: table\n    order: [formula.y]\n")
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual(['2:15 Unknown formula "x"', '5:13 Unknown formula "y"'])
  })

  it('reports a bad limit and keeps the view', () => {
    const { base, problems } = parseBase('views:\n  - type: table\n    limit: viele\n')
    expect(problems[0]).toMatchObject({ message: '"limit" must be a whole number above 0, got "viele"', line: 3, column: 12 })
    expect(base.views[0].limit).toBeUndefined()
  })

  it('reads an empty base as a base of all notes', () => {
    expect(parseBase('')).toEqual({ base: { formulas: [], properties: [], views: [] }, problems: [] })
  })

  it('reports an unquoted leading "!", which YAML reads as a tag', () => {
    const { base, problems } = parseBase('filters:\n  and:\n    - !draft\n')
    expect(problems).toMatchObject([{ message: 'YAML reads "!draft" as a tag, not as part of the expression', line: 3, column: 7 }])
    expect(base.filters).toMatchObject({ kind: 'and', filters: [{ kind: 'invalid' }] })
  })

  it('points into a block scalar', () => {
    const { problems } = parseBase('filters: |\n  status ==\n    "x" ]\n')
    expect(problems[0]).toMatchObject({ message: 'Unexpected "]"', line: 3, column: 9 })
  })

  it('reads the row height and column widths of a table, as the app writes them and as its menu names them', () => {
    const { base, problems } = parseBase(`views:
  - type: table
    rowHeight: extra
    columnSize:
      file.name: 240
      note.status: 96
  - type: table
    rowHeight: Extra tall
  - type: table
    rowHeight: medium
`)
    expect(problems).toEqual([])
    expect(base.views.map((view) => view.rowHeight)).toEqual(['extra', 'extra', 'medium'])
    expect(base.views[0].columnSize).toEqual({ 'file.name': 240, 'note.status': 96 })
    expect(JSON.parse(JSON.stringify(base))).toEqual(base)
  })

  it('reads the markers, indent and separator of a list', () => {
    const { base, problems } = parseBase(`views:
  - type: list
    markers: number
    indentProperties: true
  - type: list
    markers: bullets
    separator: " / "
  - type: list
    markers: none
    indentProperties: false
`)
    expect(problems).toEqual([])
    expect(base.views.map(({ markers, indentProperties, separator }) => ({ markers, indentProperties, separator }))).toEqual([
      { markers: 'numbers', indentProperties: true, separator: undefined },
      { markers: 'bullets', indentProperties: undefined, separator: ' / ' },
      { markers: 'none', indentProperties: false, separator: undefined },
    ])
  })

  it('reports display settings it cannot read, at their place, and keeps the view', () => {
    const { base, problems } = parseBase(`views:
  - type: table
    name: Alle
    rowHeight: huge
    columnSize:
      status: wide
      ort: 120
  - type: list
    markers: stars
    indentProperties: maybe
    separator: [1, 2]
`)
    expect(base.views.map((view) => view.name)).toEqual(['Alle', ''])
    expect(base.views[0].columnSize).toEqual({ ort: 120 })
    expect(base.views[0].rowHeight).toBeUndefined()
    expect(problems.map((p) => `${p.line}:${p.column} ${p.message}`)).toEqual([
      '4:16 "rowHeight" must be short, medium, tall or extra',
      '6:15 The width of "status" must be a number of pixels from 20 to 2000',
      '9:14 "markers" must be bullets, numbers or none',
      '10:23 "indentProperties" must be true or false',
      '11:16 "separator" must be text',
    ])
  })
})
