import { describe, expect, it } from 'vitest'
import type { BaseRecord } from '../../../../../src/compiler/parse/bases/record.js'
import {
  DateValue,
  EvaluationError,
  createScope,
  evaluate,
  parseDuration,
  parseExpression,
  type Expr,
  type ExpressionContext,
  type Value,
} from '../../../../../src/compiler/parse/bases/expression.js'

const NOW = Date.UTC(2024, 4, 15, 8, 30) // 15.05.2024 10:30 in Zurich

const muster: BaseRecord = {
  path: 'Kunden/Muster AG.md',
  title: 'Muster AG',
  href: '/kunden/muster-ag.html',
  tags: ['kunde/aktiv', 'Howto'],
  links: ['Kunden/Beispiel GmbH.md', 'Produkte/Hosting.md'],
  mtime: Date.UTC(2024, 4, 1, 8, 0),
  ctime: Date.UTC(2023, 0, 1, 12, 0),
  size: 1234,
  properties: {
    status: 'aktiv',
    preis: 120,
    titel: 'Muster',
    kunde: '[[Beispiel GmbH]]',
    seit: '2024-05-01',
    termin: '2024-05-01T10:00',
    labels: ['a', 'b'],
    'my key': 'mit Leerzeichen',
    adresse: { ort: 'Bern' },
    leer: '',
    fertig: false,
  },
}

const paths: Record<string, string> = {
  'Beispiel GmbH': 'Kunden/Beispiel GmbH.md',
  '[[Beispiel GmbH]]': 'Kunden/Beispiel GmbH.md',
  Hosting: 'Produkte/Hosting.md',
  'Muster AG': 'Kunden/Muster AG.md',
}

function context(extra: Partial<ExpressionContext> = {}): ExpressionContext {
  return { now: NOW, resolve: (target) => paths[target], ...extra }
}

function parse(source: string): Expr {
  const result = parseExpression(source)
  if ('problem' in result) throw new Error(`${source}: ${result.problem.message}`)
  return result.ast
}

function run(source: string, extra: Partial<ExpressionContext> = {}, record: BaseRecord = muster): Value | EvaluationError {
  return evaluate(parse(source), createScope(record, context(extra)))
}

function iso(value: Value | EvaluationError): string {
  if (!(value instanceof DateValue)) throw new Error(`not a date: ${String(value)}`)
  return new Date(value.ms).toISOString().slice(0, value.time ? 16 : 10)
}

describe('parseExpression', () => {
  it.each([
    // precedence: || below &&, comparisons below arithmetic, * below unary minus
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['7 % 4', 3],
    ['-2 * 3', -6],
    ['1 + 2 == 3', true],
    ['true || false && false', true],
    ['!false && false', false], // a leading ! covers the comparison, && stays looser
    ['!1 == 2', true],
    ['\'single\' + "double"', 'singledouble'],
    ['"a\\"b"', 'a"b'],
    ['[1, 2, 3].length', 3],
    ['null', null],
    ['.5 + 1.5e1', 15.5],
  ])('evaluates %s', (source, expected) => {
    expect(run(source)).toEqual(expected)
  })

  it.each([
    // the offending token's offset, 0-based
    ['status ==', 'The expression ends too early', 9],
    ['status = "a"', 'Unexpected character "="', 7],
    ['"offen', 'Text is never closed', 0],
    ['a b', 'Unexpected "b"', 2],
    ['foo(1)', 'Unknown function "foo"', 0],
    ['file.hasTagg("x")', 'Unknown function "hasTagg"', 5],
    ['if(1)', 'if() takes 2 or 3 argument(s), got 1', 0],
    ['(1 + 2', 'Expected ")" at the end', 6],
    ['', 'The expression is empty', 0],
  ])('reports %j as %j at column %i + 1', (source, message, offset) => {
    const result = parseExpression(source)
    expect(result).toMatchObject({ problem: { message, line: 1, column: offset + 1 } })
  })

  it('keeps the AST plain data that survives JSON', () => {
    const ast = parse('if(file.hasTag("a"), note["my key"], [1, -2])')
    expect(JSON.parse(JSON.stringify(ast))).toEqual(ast)
    expect(structuredClone(ast)).toEqual(ast)
  })

  it('does not overflow the stack on deep nesting', () => {
    const result = parseExpression('('.repeat(500) + '1' + ')'.repeat(500))
    expect(result).toMatchObject({ problem: { message: 'The expression is nested too deeply' } })
    expect(parseExpression('!'.repeat(3000) + 'x')).toMatchObject({ problem: { message: 'The expression is nested too deeply' } })
    expect(parseExpression('1+'.repeat(3000) + '1')).toMatchObject({
      problem: { message: 'The expression is longer than 4000 characters' },
    })
  })
})

describe('evaluate: properties', () => {
  it.each([
    ['status', 'aktiv'],
    ['note.status', 'aktiv'],
    ['note["my key"]', 'mit Leerzeichen'],
    ['adresse.ort', 'Bern'],
    ['labels[1]', 'b'],
    ['fehlt', null],
    ['fehlt.auch', null],
    ['file.name', 'Muster AG.md'],
    ['file.basename', 'Muster AG'],
    ['file.basename', 'Muster AG'],
    ['file.path', 'Kunden/Muster AG.md'],
    ['file.folder', 'Kunden'],
    ['file.ext', 'md'],
    ['file.size', 1234],
    ['file.tags', ['kunde/aktiv', 'Howto']],
  ])('reads %s', (source, expected) => {
    expect(run(source)).toEqual(expected)
  })

  it('reads file times as dates in the site time zone', () => {
    expect(iso(run('file.mtime'))).toBe('2024-05-01T10:00')
    expect(iso(run('file.ctime', { timeZone: 'UTC' }))).toBe('2023-01-01T12:00')
  })

  it('reads the embedding note through this', () => {
    const self: BaseRecord = { ...muster, path: 'Projekte/Alpha.md', properties: { kunde: 'Muster AG' } }
    expect(run('this.file.name', { self })).toBe('Alpha.md')
    expect(run('this.file.basename', { self })).toBe('Alpha')
    expect(run('this.kunde', { self })).toBe('Muster AG')
    expect(run('file.basename == this.kunde', { self })).toBe(true)
    expect(run('this.file.name')).toBe(null) // on the base's own page
  })

  it('computes formulas that use each other, and reports a cycle', () => {
    const formulas = new Map<string, Expr | null>([
      ['netto', parse('preis * 2')],
      ['brutto', parse('formula.netto + 10')],
      ['a', parse('formula.b')],
      ['b', parse('formula.a')],
    ])
    const failures: string[] = []
    const extra = { formulas, onFormulaError: (name: string, error: EvaluationError) => failures.push(`${name}: ${error.message}`) }
    expect(run('formula.brutto', extra)).toBe(250)
    expect(run('formula["netto"]', extra)).toBe(240)
    expect(run('formula.a', extra)).toBe(null)
    expect(failures).toEqual(['b: Formula "a" depends on itself (a → b → a)'])
  })
})

describe('evaluate: operators', () => {
  it.each([
    ['status == "aktiv"', true],
    ['status != "aktiv"', false],
    ['preis > 100', true],
    ['preis < 100', false],
    ['preis >= 120', true],
    ['preis <= 119', false],
    ['fehlt == null', true],
    ['fehlt == ""', false], // null is not the empty string
    ['leer == ""', true],
    ['fehlt > 1', false], // nothing orders against null
    ['"Äpfel" < "Birnen"', true], // German collation, not code points
    ['"10" == 10', true], // mixed types compare as text
    ['labels == ["a", "b"]', true],
    ['kunde == link("Beispiel GmbH")', true], // links compare by the note they point to
    ['titel + " (" + status + ")"', 'Muster (aktiv)'],
    ['"x" + fehlt', 'x'],
    ['preis * 2 / 4', 60],
    ['preis / 0', null],
    ['fehlt * 2', null],
    ['!fertig', true],
    ['fehlt || "Ersatz"', true],
  ])('%s → %j', (source, expected) => {
    expect(run(source)).toEqual(expected)
  })

  it('reports a failure with the position of the failing node', () => {
    const result = run('1 + labels * 2')
    expect(result).toBeInstanceOf(EvaluationError)
    expect(result).toMatchObject({ message: 'Cannot multiply a list and the number 2', line: 1, column: 12 })
  })

  it('reports calling an unknown method of a value', () => {
    expect(run('preis.lower()')).toMatchObject({ message: 'The number 120 has no function "lower"', column: 7 })
    expect(run('file.hasTag')).toMatchObject({ message: '"hasTag" is a function' })
  })
})

describe('evaluate: functions and methods', () => {
  it.each([
    ['if(preis > 100, "teuer", "günstig")', 'teuer'],
    ['if(preis > 1000, "teuer")', null],
    ['if(preis > 100, preis * 1.5, preis)', 180],
    ['number("12.5") + 1', 13.5],
    ['number(true)', 1],
    ['list("a")', ['a']],
    ['list(labels)', ['a', 'b']],
    ['list(fehlt)', []],
    ['min(3, 1, 2)', 1],
    ['max(3, fehlt, 7)', 7],
    ['max([1, 9], 4)', 9],
    ['status.contains("kti")', true],
    ['status.startsWith("ak")', true],
    ['status.endsWith("iv")', true],
    ['status.isEmpty()', false],
    ['leer.isEmpty()', true],
    ['fehlt.isEmpty()', true],
    ['"Straße".upper()', 'STRASSE'],
    ['"ÄB".lower()', 'äb'],
    ['status.length', 5],
    ['"  x ".trim()', 'x'],
    ['"a-b-c".replace("-", "+")', 'a+b+c'],
    ['labels.contains("b")', true],
    ['labels.contains("z")', false],
    ['labels.isEmpty()', false],
    ['labels.length', 2],
    ['labels.join(" / ")', 'a / b'],
    ['fertig.isTruthy()', false],
    ['status.isTruthy()', true],
    ['(2.345).toFixed(2)', '2.35'],
    ['fehlt.lower()', null], // methods on a missing property give null, not a failure
  ])('%s → %j', (source, expected) => {
    expect(run(source)).toEqual(expected)
  })

  it.each([
    ['file.hasTag("kunde")', true], // a parent tag matches its nested tags
    ['file.hasTag("#kunde/aktiv")', true],
    ['file.hasTag("HOWTO")', true],
    ['file.hasTag("kun")', false],
    ['file.hasTag("x", "howto")', true],
    ['file.inFolder("Kunden")', true],
    ['file.inFolder("Kunden/")', true],
    ['file.inFolder("Kund")', false],
    ['file.hasLink("Beispiel GmbH")', true],
    ['file.hasLink(link("Hosting"))', true],
    ['file.hasLink("[[Beispiel GmbH]]")', true],
    ['file.hasLink("Muster AG")', false],
    ['file.hasLink(kunde)', true],
  ])('%s → %j', (source, expected) => {
    expect(run(source)).toBe(expected)
  })

  it('finds notes in subfolders', () => {
    expect(run('file.inFolder("Kunden")', {}, { ...muster, path: 'Kunden/Archiv/Alt.md' })).toBe(true)
  })
})

describe('evaluate: dates', () => {
  it.each([
    ['date("2024-05-01") + "7d"', '2024-05-08'],
    ['date("2024-05-01") + "1 week"', '2024-05-08'],
    ['date("2024-01-31") + "1M"', '2024-02-29'],
    ['date("2024-05-01") + "1y"', '2025-05-01'],
    ['date("2024-05-01") - "2 days"', '2024-04-29'],
    ['seit + "1d"', '2024-05-02'], // front matter text that is a date
    ['date("2024-05-01T10:00") + "90m"', '2024-05-01T11:30'],
    ['today()', '2024-05-15'],
    ['now()', '2024-05-15T10:30'],
    ['date("2024-05-01T08:00:00Z")', '2024-05-01T10:00'], // an instant, shown in Zurich time
  ])('%s → %s', (source, expected) => {
    expect(iso(run(source))).toBe(expected)
  })

  it.each([
    ['number(date("2024-05-03") - date("2024-05-01"))', 2 * 86_400_000],
    ['date("2024-05-03") - date("2024-05-01") == 172800000', true],
    ['(date("2024-05-03") - date("2024-05-01")).days', 2],
    ['date("2024-05-01").year', 2024],
    ['date("2024-05-01").month', 5],
    ['date("2024-05-01").day', 1],
    ['date("2024-05-01T10:00").format("DD.MM.YYYY HH:mm")', '01.05.2024 10:00'],
    ['date("2024-05-01").format("D. MMMM YYYY")', '1. Mai 2024'],
    ['seit < termin', true], // two date texts order as dates
    ['seit == date("2024-05-01")', true],
    ['termin > date("2024-05-01")', true],
    ['seit < today()', true],
    ['file.mtime > now() - "30d"', true],
    ['file.mtime > now() - "1d"', false],
    ['"2024-5-1" < "2024-10-01"', false], // not dates: compared as text
  ])('%s → %j', (source, expected) => {
    expect(run(source)).toEqual(expected)
  })

  it('reports text that is no date', () => {
    expect(run('date("morgen")')).toMatchObject({ message: 'Cannot read text "morgen" as a date' })
  })

  it.each([
    ['7d', { months: 0, ms: 7 * 86_400_000 }],
    ['2M', { months: 2, ms: 0 }],
    ['30m', { months: 0, ms: 30 * 60_000 }],
    ['1 year 2 weeks', { months: 12, ms: 14 * 86_400_000 }],
  ])('reads the duration %s', (text, expected) => {
    expect(parseDuration(text)).toMatchObject(expected)
  })

  it('reads no duration from plain text', () => {
    expect(parseDuration('bald')).toBeUndefined()
    expect(parseDuration('7 Tage')).toBeUndefined()
  })
})
