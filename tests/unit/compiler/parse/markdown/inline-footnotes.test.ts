import { describe, expect, it } from 'vitest'
import { compile } from '../../page-fixtures.js'

const body = (markdown: string) => compile('Seite.md', markdown).html
/** The footnote section's items: their ids and text, in order. */
const notes = (html: string) =>
  [...html.matchAll(/<li id="user-content-fn-([^"]+)">\s*<p>([\s\S]*?) <a href="#user-content-fnref/g)].map((m) => [m[1], m[2]])
/** The numbers of the calls in the text, in order. */
const calls = (html: string) => [...html.matchAll(/data-footnote-ref[^>]*>(\d+)<\/a>/g)].map((m) => Number(m[1]))

describe('inline footnotes', () => {
  it('turns text^[note] into a footnote with its markup and links, numbered with [^1] footnotes in order', () => {
    const page = compile(
      'Seite.md',
      'Frist^[Ab **Datum**, siehe [[AGB]] und [Preise](Preise.md).] gilt[^a], netto^[Ohne MWST.].\n\n[^a]: Die A.\n',
    )
    expect(calls(page.html)).toEqual([1, 2, 3])
    expect(notes(page.html)).toEqual([
      ['inline-1', 'Ab <strong>Datum</strong>, siehe \uE0000\uE001 und <a href="\uE0001\uE001">Preise</a>.'],
      ['a', 'Die A.'],
      ['inline-2', 'Ohne MWST.'],
    ])
    // the links inside a note are links of the page, at their place in the file
    expect(page.links.map((l) => [l.target, l.line, l.column])).toEqual([
      ['AGB', 1, 28],
      ['Preise.md', 1, 40],
    ])
  })

  it('leaves ^[ without its ] as text, also in code and when escaped', () => {
    const html = body('Offen ^[ohne Ende, `^[code]` und \\^[nicht] hier.\n')
    expect(html).toBe('<p>Offen ^[ohne Ende, <code>^[code]</code> und ^[nicht] hier.</p>')
  })

  it('closes a note at the ] that matches it, brackets and links inside included', () => {
    const html = body('a ^[b [c] und [d](https://x.ch) e] f\n')
    expect(notes(html)).toEqual([
      [
        'inline-1',
        'b [c] und <a href="https://x.ch" class="external" target="_blank" rel="noopener noreferrer">d<span class="external-link-icon"><span class="sr-only"> (in neuem Fenster öffnen)</span></span></a> e',
      ],
    ])
    expect(html).toMatch(/^<p>a <sup>.*<\/sup> f<\/p>/)
  })

  it('takes another identifier when the page defines a footnote named like one', () => {
    const html = body('Eins^[innen] zwei[^inline-1].\n\n[^inline-1]: Vom Autor.\n')
    expect(notes(html)).toEqual([
      ['inline-2', 'innen'],
      ['inline-1', 'Vom Autor.'],
    ])
  })

  it('keeps a note out of the heading anchor and the page headers', () => {
    const page = compile('Seite.md', '## Preise^[Stand Mai]\n')
    expect(page.headers.map((h) => h.slug)).toEqual(['preise'])
    expect(notes(page.html)).toEqual([['inline-1', 'Stand Mai']])
  })

  it('reads at most 16 notes open at once; a further ^[ is text (nesting without end would cost quadratic time)', () => {
    const html = body(`${'^['.repeat(20)}x${']'.repeat(20)}\n`)
    expect(calls(html)).toHaveLength(16)
    // the innermost holds the rest as text, its brackets matched as brackets
    expect(notes(html).at(-1)![1]).toBe('^[^[^[^[x]]]]')
  })

  it('works in lists, quotes, tables and callouts', () => {
    const html = body('- Punkt^[eins]\n\n> Zitat^[zwei]\n\n| A |\n| - |\n| Zelle^[drei] |\n\n> [!note] Titel^[vier]\n> Text^[fünf]\n')
    expect(notes(html).map(([, text]) => text)).toEqual(['eins', 'zwei', 'drei', 'vier', 'fünf'])
  })
})
