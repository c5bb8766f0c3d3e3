/**
 * Every function of Obsidian's Bases function reference, one by one, with the examples of the help page where it has
 * them: global functions, then those of any value, dates, text, numbers, lists, links, files, objects and regular
 * expressions, and the arithmetic of dates and durations.
 */
import { describe, expect, it } from 'vitest'
import type { BaseRecord } from '../../../../../src/compiler/parse/bases/record.js'
import {
  DateValue,
  DurationValue,
  EvaluationError,
  FileValue,
  HtmlValue,
  IconValue,
  ImageValue,
  LinkValue,
  createScope,
  evaluate,
  formatDate,
  parseExpression,
  type ExpressionContext,
  type Value,
} from '../../../../../src/compiler/parse/bases/expression.js'

const NOW = Date.UTC(2024, 4, 15, 8, 30) // Wednesday 15.05.2024 10:30 in Zurich

const kunde: BaseRecord = {
  path: 'Kunden/Muster AG.md',
  title: 'Muster AG',
  href: '/kunden/muster-ag.html',
  tags: ['kunde/aktiv', 'projekt'],
  links: ['Kunden/Beispiel GmbH.md', 'Bilder/logo.png'],
  embeds: ['Bilder/logo.png'],
  backlinks: ['Projekte/Alpha.md'],
  mtime: Date.UTC(2024, 4, 1, 8, 0),
  ctime: Date.UTC(2023, 0, 1, 12, 0),
  size: 2048,
  properties: {
    preis: 120,
    faellig: '2024-05-20',
    termin: '2024-05-01T14:05:09',
    labels: ['b', 'a', 'b'],
    partner: '[[Beispiel GmbH]]',
    lang: 'de',
    file: 'eine Eigenschaft namens file',
    leer: '',
    erledigt: true,
  },
}
const beispiel: BaseRecord = {
  path: 'Kunden/Beispiel GmbH.md',
  title: 'Beispiel GmbH',
  href: '/kunden/beispiel-gmbh.html',
  tags: [],
  links: ['Kunden/Muster AG.md'],
  properties: { farbe: 'red' },
}
const records = new Map([kunde, beispiel].map((record) => [record.path, record]))
const names: Record<string, string> = { 'Beispiel GmbH': beispiel.path, 'Muster AG': kunde.path }

function context(extra: Partial<ExpressionContext> = {}): ExpressionContext {
  return {
    now: NOW,
    resolve: (target) => names[target.replace(/^\[\[|\]\]$/g, '')] ?? (records.has(target) ? target : undefined),
    record: (path) => records.get(path),
    ...extra,
  }
}

function run(source: string, extra: Partial<ExpressionContext> = {}): Value | EvaluationError {
  const parsed = parseExpression(source)
  if ('problem' in parsed) throw new Error(`${source}: ${parsed.problem.message}`)
  return evaluate(parsed.ast, createScope(kunde, context(extra)))
}

/** A value as plain data to compare: dates as ISO text, durations in ms, links, files and the rest by what they hold. */
function plain(value: Value | EvaluationError): unknown {
  if (value instanceof EvaluationError) return `error: ${value.message}`
  if (value instanceof DateValue) return formatDate(value, value.time ? 'YYYY-MM-DD[T]HH:mm:ss' : 'YYYY-MM-DD')
  if (value instanceof DurationValue) return { ms: value.total }
  if (value instanceof LinkValue) return { link: value.path ?? value.target, ...(value.display ? { display: value.display } : {}) }
  if (value instanceof FileValue) return { file: value.record.path }
  if (value instanceof ImageValue) return { image: value.target }
  if (value instanceof IconValue) return { icon: value.name }
  if (value instanceof HtmlValue) return { html: value.html }
  if (Array.isArray(value)) return value.map((item: Value) => plain(item))
  return value
}

function check(cases: [string, unknown][]) {
  it.each(cases)('%s → %j', (source, expected) => expect(plain(run(source))).toEqual(expected))
}

describe('global functions', () => {
  check([
    ['if(preis > 100, "teuer", "günstig")', 'teuer'],
    ['if(preis > 500, "teuer")', null],
    ['now()', '2024-05-15T10:30:00'],
    ['today()', '2024-05-15'],
    ['date("2025-01-01 12:00:00")', '2025-01-01T12:00:00'],
    ['date("2024-05-01")', '2024-05-01'],
    ['duration("1d")', { ms: 86_400_000 }],
    ['duration("5h") * 2', { ms: 36_000_000 }],
    ['now() + (duration("1d") * 2)', '2024-05-17T10:30:00'],
    ['number("3.4")', 3.4],
    ['number(true)', 1],
    ['number(date("1970-01-02"))', 86_400_000],
    ['list("value")', ['value']],
    ['list(labels)', ['b', 'a', 'b']],
    ['link("Beispiel GmbH")', { link: 'Kunden/Beispiel GmbH.md' }],
    ['link("Beispiel GmbH", "Partner")', { link: 'Kunden/Beispiel GmbH.md', display: 'Partner' }],
    ['file("Kunden/Beispiel GmbH.md")', { file: 'Kunden/Beispiel GmbH.md' }],
    ['file(link("[[Beispiel GmbH]]"))', { file: 'Kunden/Beispiel GmbH.md' }],
    ['file("Gibt es nicht.md")', null],
    ['image("https://example.com/logo.svg")', { image: 'https://example.com/logo.svg' }],
    ['image(partner)', { image: '[[Beispiel GmbH]]' }],
    ['icon("arrow-right")', { icon: 'arrow-right' }],
    ['html("<b>fett</b>")', { html: '<b>fett</b>' }],
    ['escapeHTML("<a href=\\"x\\">&</a>")', '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'],
    ['max(1, 5, 3)', 5],
    ['min(4, 2, 8)', 2],
  ])

  it('random() gives a number from 0 to below 1, from the context when it has one', () => {
    const value = run('random()')
    expect(typeof value === 'number' && value >= 0 && value < 1).toBe(true)
    expect(run('random()', { random: () => 0.25 })).toBe(0.25)
  })
})

describe('functions of any value', () => {
  check([
    ['1.isTruthy()', true],
    ['0.isTruthy()', false],
    ['"".isTruthy()', false],
    ['"example".isType("string")', true],
    ['true.isType("boolean")', true],
    ['preis.isType("number")', true],
    ['faellig.isType("date")', true],
    ['labels.isType("list")', true],
    ['{"a": 1}.isType("object")', true],
    ['file.isType("file")', true],
    ['link("x").isType("link")', true],
    ['(now() - faellig).isType("duration")', true],
    ['123.toString()', '123'],
    ['[1, 2].toString()', '1, 2'],
  ])
})

describe('dates', () => {
  check([
    ['termin.year', 2024],
    ['termin.month', 5],
    ['termin.day', 1],
    ['termin.hour', 14],
    ['termin.minute', 5],
    ['termin.second', 9],
    ['termin.millisecond', 0],
    ['termin.date()', '2024-05-01'],
    ['now().date().format("YYYY-MM-DD HH:mm:ss")', '2024-05-15 00:00:00'],
    ['faellig.format("YYYY-MM-DD")', '2024-05-20'], // a date of the front matter keeps its format
    ['faellig.format("DD.MM.YY")', '20.05.24'],
    ['faellig.format("dddd, D. MMMM YYYY")', 'Montag, 20. Mai 2024'],
    ['faellig.format("ddd Do MMM, [KW] W, Q. [Quartal], DDD. [Tag]")', 'Mo 20. Mai, KW 21, 2. Quartal, 141. Tag'],
    ['termin.format("h:mm A")', '2:05 PM'],
    ['termin.time()', '14:05:09'],
    ['now().time()', '10:30:00'],
    ['faellig.relative()', 'in 5 Tagen'],
    ['termin.relative()', 'vor 14 Tagen'],
    ['faellig.isEmpty()', false],
    ['date("2024-12-01") + "1M" + "4h" + "3m"', '2025-01-01T04:03:00'],
    ['faellig + "1d"', '2024-05-21'],
    ['faellig - "2w"', '2024-05-06'],
    ['date("2024-01-31") + "1 month"', '2024-02-29'],
    ['(now() + "1d") - now()', { ms: 86_400_000 }],
    ['(now() + "1d") - now() == 86400000', true],
    ['(faellig - today()).days', 5],
    ['(faellig - today()).hours', 120],
    ['(today() - faellig).days', -5],
    ['(now() - file.ctime).days.floor()', 499],
    ['(date("2024-05-15 10:00") - date("2024-05-15 09:30")).minutes', 30],
    ['file.mtime > now() - "1 week"', false],
    ['file.mtime > now() - "30 days"', true],
    ['faellig > today()', true],
    ['termin.contains("2024")', true], // a date is text to the text functions
  ])

  it('formats months and weekdays in the language of the site', () => {
    expect(plain(run('faellig.format("dddd, MMMM Do YYYY")', { locale: 'en' }))).toBe('Monday, May 20th 2024')
    expect(plain(run('faellig.relative()', { locale: 'en' }))).toBe('in 5 days')
    expect(plain(run('termin.relative()', { locale: 'en' }))).toBe('14 days ago')
  })
})

describe('text', () => {
  check([
    ['"hello".length', 5],
    ['"hello".contains("ell")', true],
    ['"hello".containsAll("h", "e")', true],
    ['"hello".containsAll("h", "x")', false],
    ['"hello".containsAny("x", "y", "e")', true],
    ['"hello".endsWith("lo")', true],
    ['"hello".startsWith("he")', true],
    ['"Hello world".isEmpty()', false],
    ['"".isEmpty()', true],
    ['leer.isEmpty()', true],
    ['gibtsnicht.isEmpty()', true],
    ['"ÄRGER".lower()', 'ärger'],
    ['"a:b:c:d".replace(":", "-")', 'a-b-c-d'],
    ['"a:b:c:d".replace(/:/, "-")', 'a-b:c:d'],
    ['"a:b:c:d".replace(/:/g, "-")', 'a-b-c-d'],
    ['"John Smith".replace(/(\\w+) (\\w+)/, "$2, $1")', 'Smith, John'],
    ['"123".repeat(2)', '123123'],
    ['"hello".reverse()', 'olleh'],
    ['"hello".slice(1, 4)', 'ell'],
    ['"hello".slice(1)', 'ello'],
    ['"a,b,c,d".split(",", 3)', ['a', 'b', 'c']],
    ['"a,b,c,d".split(/,/, 3)', ['a', 'b', 'c']],
    ['"a, b ,c".split(/\\s*,\\s*/)', ['a', 'b', 'c']],
    ['"hello world".title()', 'Hello World'],
    ['"  hi  ".trim()', 'hi'],
  ])
})

describe('numbers', () => {
  check([
    ['(-5).abs()', 5],
    ['(2.1).ceil()', 3],
    ['(2.9).floor()', 2],
    ['5.isEmpty()', false],
    ['(2.5).round()', 3],
    ['(2.3333).round(2)', 2.33],
    ['(3.14159).toFixed(2)', '3.14'],
    ['preis.toFixed(1)', '120.0'],
  ])
})

describe('lists', () => {
  check([
    ['[1,2,3].length', 3],
    ['[1,2,3].contains(2)', true],
    ['[1,2,3].containsAll(2,3)', true],
    ['[1,2,3].containsAny(3,4)', true],
    ['[1,2,3,4].filter(value > 2)', [3, 4]],
    ['[1,2,3,4].filter(index % 2 == 0)', [1, 3]],
    ['[1,[2,3]].flat()', [1, 2, 3]],
    ['[1,[2,[3,[4]]]].flat()', [1, 2, 3, 4]],
    ['[1,2,3].isEmpty()', false],
    ['[].isEmpty()', true],
    ['[1,2,3].join(",")', '1,2,3'],
    ['[1,2,3,4].map(value + 1)', [2, 3, 4, 5]],
    ['["a","b"].map(value + index)', ['a0', 'b1']],
    ['[1,2,3].reduce(acc + value, 0)', 6],
    ['[3, "x", 9, 4].filter(value.isType("number")).reduce(if(acc == null || value > acc, value, acc), null)', 9],
    ['[].reduce(acc + value, 0)', 0],
    ['[1,2,3].reverse()', [3, 2, 1]],
    ['[1,2,3,4].slice(1,3)', [2, 3]],
    ['[1,2,3,4].slice(2)', [3, 4]],
    ['[3, 1, 2].sort()', [1, 2, 3]],
    ['["c", "a", "b"].sort()', ['a', 'b', 'c']],
    ['[1,2,2,3].unique()', [1, 2, 3]],
    ['labels.unique().sort()', ['a', 'b']],
    ['[1, 2, 3, 4].map(value * 2).filter(value > 4).reduce(acc + value, 0)', 14],
    ['[[1, 2], [3]].map(value.map(value * 10))', [[10, 20], [30]]],
    ['[2, 4, 9].mean().round(3)', 5],
    ['[1, 2, 3, 4].median()', 2.5],
    ['[1, 2, 3].sum()', 6],
  ])

  it('fails with a position, not a crash, when filter gets no expression', () => {
    expect(plain(run('[1].filter()'))).toMatch(/^error: .filter\(\) needs an expression/)
  })
})

describe('links and files', () => {
  check([
    ['link("Beispiel GmbH").asFile()', { file: 'Kunden/Beispiel GmbH.md' }],
    ['partner.asFile().properties.farbe', 'red'],
    ['list(partner)[0].asFile().properties.farbe', 'red'],
    ['link("Beispiel GmbH").linksTo(file)', true],
    ['link("Beispiel GmbH").linksTo(link("Beispiel GmbH"))', false],
    ['file.asLink()', { link: 'Kunden/Muster AG.md' }],
    ['file.asLink("Kunde")', { link: 'Kunden/Muster AG.md', display: 'Kunde' }],
    ['file.hasLink("Beispiel GmbH")', true],
    ['file.hasLink(link("Beispiel GmbH"))', true],
    ['file.hasLink(file("Kunden/Beispiel GmbH.md"))', true],
    ['file.hasProperty("preis")', true],
    ['file.hasProperty("gewicht")', false],
    ['file.hasTag("kunde")', true], // nested tags count
    ['file.hasTag("lieferant", "projekt")', true],
    ['file.hasTag("kun")', false],
    ['file.inFolder("Kunden")', true],
    ['file.inFolder("Kund")', false],
  ])
})

describe('the 14 file fields', () => {
  check([
    ['file.name', 'Muster AG.md'],
    ['file.basename', 'Muster AG'],
    ['file.path', 'Kunden/Muster AG.md'],
    ['file.folder', 'Kunden'],
    ['file.ext', 'md'],
    ['file.size', 2048],
    ['file.ctime', '2023-01-01T13:00:00'],
    ['file.mtime', '2024-05-01T10:00:00'],
    ['file.properties.preis', 120],
    ['file.tags', ['kunde/aktiv', 'projekt']],
    ['file.links', [{ link: 'Kunden/Beispiel GmbH.md' }, { link: 'Bilder/logo.png' }]],
    ['file.backlinks', [{ link: 'Projekte/Alpha.md' }]],
    ['file.embeds', [{ link: 'Bilder/logo.png' }]],
    ['file.file', { file: 'Kunden/Muster AG.md' }],
  ])
})

describe('objects and regular expressions', () => {
  check([
    ['{}.isEmpty()', true],
    ['{"a": 1, "b": 2}.keys()', ['a', 'b']],
    ['{"a": 1, b: 2}.values()', [1, 2]],
    ['{"a": 1}.isEmpty()', false],
    ['{"a": {"b": 3}}.a.b', 3],
    ['{"a": 1}["a"]', 1],
    ['/abc/.matches("abcde")', true],
    ['/^abc$/i.matches("ABC")', true],
    ['/^\\d{4}-\\d{2}$/.matches("2024-05")', true],
    ['/x/.matches("abc")', false],
    ['preis / 2 / 3', 20], // division is still division
    ['(preis) / 4', 30],
  ])
})

describe('property names that are words of the language', () => {
  check([
    ['lang', 'de'],
    ['note.lang', 'de'],
    ['note["lang"]', 'de'],
    ['note.file', 'eine Eigenschaft namens file'],
    ['note["file"]', 'eine Eigenschaft namens file'],
    ['file.basename', 'Muster AG'],
  ])

  it('reaches the embedding note through this, and its file through this.file', () => {
    const self: BaseRecord = { ...beispiel, properties: { file: 'x', farbe: 'red' } }
    expect(plain(run('this.farbe', { self }))).toBe('red')
    expect(plain(run('this.file.name', { self }))).toBe('Beispiel GmbH.md')
    expect(plain(run('this["file"]', { self }))).toBe('x')
    expect(plain(run('partner == this', { self }))).toBe(true)
    expect(plain(run('file.hasLink(this.file)', { self }))).toBe(true)
  })
})

describe('mistakes in the new syntax', () => {
  it.each([
    ['/abc', /never closed/],
    ['/a(/', /Invalid regular expression/],
    ['/a/q', /Unknown regular expression flags/],
    ['/(a+)+$/', /could take very long/],
    ['/(a)\\1/', /could take very long/],
    ['{"a" 1}', /Expected ":"/],
    ['{1: 2}', /Expected a key/],
    ['random(1)', /takes 0 argument/],
  ])('%s is a problem with a position', (source, message) => {
    const parsed = parseExpression(source)
    expect('problem' in parsed && parsed.problem.message).toMatch(message)
  })

  it('keeps repeat() within the size a value may have', () => {
    expect(plain(run('"abc".repeat(100000)'))).toMatch(/^error: .*grows past/)
  })
})
