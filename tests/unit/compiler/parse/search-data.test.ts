/**
 * The text the full-text index keeps of a page, which its result snippets show: words of inline elements (links,
 * emphasis, code) join the text around them as written, so punctuation after them stays attached; blocks still part
 * words.
 */
import { describe, expect, it } from 'vitest'
import { decodeSource } from '../../../../src/compiler/discover/load.js'
import { parsePage } from '../../../../src/compiler/parse/parse-page.js'
import { sectionsJsonOf } from '../../../../src/compiler/parse/search-data.js'
import type { SourcePath } from '../../../../src/compiler/paths.js'

/** The text of each section of a page written as `markdown`. */
function textOf(markdown: string): string[] {
  const { searchData } = parsePage(decodeSource('Seite.md' as SourcePath, new TextEncoder().encode(markdown), 'hash'))
  return (JSON.parse(sectionsJsonOf(searchData)) as [string, string, string][]).map(([, , text]) => text)
}

describe('full-text snippet text', () => {
  it('keeps a comma or period right after a wiki link attached to it', () => {
    expect(textOf('Abwesenheiten: [[Ferien]], [[Krankheit]], [[Militär|Militärdienst]].\n')).toEqual([
      'Abwesenheiten: Ferien, Krankheit, Militärdienst.',
    ])
  })

  it('keeps punctuation after emphasis, code, markdown links and highlights attached', () => {
    expect(textOf('Das ist *wichtig*, **sehr**; `npm ci`. Siehe [Handbuch](Handbuch.md), ==markiert==!\n')).toEqual([
      'Das ist wichtig, sehr; npm ci. Siehe Handbuch, markiert!',
    ])
  })

  it('does not glue words inside one word together or apart', () => {
    expect(textOf('Wartungs*fenster* und Ab**wesen**heit\n')).toEqual(['Wartungsfenster und Abwesenheit'])
  })

  it('still parts the words of separate blocks, list items, table cells and line breaks', () => {
    expect(textOf('Eins\n\n- Zwei\n- Drei\n\n| A | B |\n|---|---|\n| x | y |\n\nvier  \nfünf\n')).toEqual([
      'Eins Zwei Drei A B x y vier fünf',
    ])
  })

  it('keeps an inline tag as written', () => {
    expect(textOf('Thema #odoo, dann mehr.\n')).toEqual(['Thema #odoo, dann mehr.'])
  })

  it('collapses every run of whitespace, tabs, line ends and no-break spaces to one space', () => {
    expect(textOf('Wartung\tam  Montag\nund\u00a0Dienstag &nbsp; abends\n\n`a\t\tb`\n')).toEqual([
      'Wartung am Montag und Dienstag abends a b',
    ])
  })
})
