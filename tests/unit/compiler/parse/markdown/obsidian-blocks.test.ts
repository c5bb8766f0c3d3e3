import { describe, expect, it } from 'vitest'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { decodeSource } from '../../../../../src/compiler/discover/load.js'
import type { SourcePath } from '../../../../../src/compiler/paths.js'

const page = (text: string) => parsePage(decodeSource('Seite.md' as SourcePath, new TextEncoder().encode(text), 'hash'))

describe('inline tags', () => {
  it('links #tag and #nested/tag in text, and leaves #123, C#, code, links and headings alone', () => {
    const { html, links } = page('# Titel #nicht\n\nText #projekt und (#kunde/muster), aber #123, C#, `#code` und [#link](x.md).\n')
    expect(links.filter((l) => l.kind === 'tag').map((l) => [l.target, l.line, l.column])).toEqual([
      ['projekt', 3, 6],
      ['kunde/muster', 3, 20],
    ])
    expect(html).toContain('#123, C#, <code>#code</code>')
    expect(html).toContain('Titel #nicht')
  })
})

describe('block ids', () => {
  it('hides the ^id marker and makes it the anchor of its paragraph, list item or the block before it', () => {
    const { html, anchors, fragments } = page('Absatz. ^absatz\n\n- eins\n- zwei ^zwei\n\n> Zitat\n\n^zitat\n')
    expect(html).toContain('<p id="^absatz">Absatz.</p>')
    expect(html).toContain('<li id="^zwei">zwei</li>')
    expect(html).toContain('<blockquote id="^zitat">')
    expect(html).not.toContain('^zitat</p>')
    expect(anchors.map((a) => a.slug)).toEqual(['^absatz', '^zwei', '^zitat'])
    expect(fragments.map((f) => f.id)).toEqual(['^absatz', '^zwei', '^zitat'])
  })

  it('names a callout, a table, a quote and a list item, on the line after them or at their end', () => {
    const { html, anchors, fragments } = page(
      [
        '> [!warning] Achtung',
        '> Nie auf der Produktion testen. ^achtung',
        '',
        '> [!tip] Nur ein Titel ^titel',
        '',
        '> [!faq]- Eingeklappt',
        '> Antwort',
        '^faq',
        '',
        '> Ein Zitat',
        '^zitat',
        '',
        '| A | B |',
        '| - | - |',
        '| 1 | 2 |',
        '^preise',
        '',
        '- eins',
        '- zwei ^zwei',
        '',
        '^liste',
        '',
      ].join('\n'),
    )
    expect(html).toContain('<div class="callout" data-callout="warning" id="^achtung"><p class="callout-title">Achtung</p>')
    expect(html).toContain('<p>Nie auf der Produktion testen.</p>')
    expect(html).toContain('<div class="callout" data-callout="tip" id="^titel"><p class="callout-title">Nur ein Titel</p></div>')
    expect(html).toContain('<details class="callout" data-callout="faq" id="^faq">')
    expect(html).toContain('<blockquote id="^zitat">\n<p>Ein Zitat</p>')
    // the '^preise' line is no row of the table
    expect(html).toContain('<table id="^preise">')
    expect(html.match(/<tr>/g)).toHaveLength(2)
    expect(html).toContain('<ul id="^liste">\n<li>eins</li>\n<li id="^zwei">zwei</li>')
    expect(html).not.toMatch(/\^(achtung|titel|faq|zitat|preise|zwei|liste)[^"]/)
    const ids = ['^achtung', '^titel', '^faq', '^zitat', '^preise', '^zwei', '^liste']
    expect(anchors.map((a) => a.slug)).toEqual(ids)
    expect(fragments.map((f) => f.id).sort()).toEqual([...ids].sort())
    // each block is embedded whole: the callout with its title, the item as a list of one
    const embedded = (id: string) => {
      const fragment = fragments.find((f) => f.id === id)!
      return 'html' in fragment ? fragment.html : html.slice(fragment.start, fragment.end)
    }
    expect(embedded('^achtung')).toMatch(/^<div class="callout" data-callout="warning" id="\^achtung">[\s\S]*<\/div><\/div>$/)
    expect(embedded('^preise')).toMatch(/^<table id="\^preise">[\s\S]*<\/table>$/)
    expect(embedded('^zwei')).toBe('<ul><li id="^zwei">zwei</li></ul>')
  })

  it('leaves a table row that holds more than an id alone', () => {
    const { html, anchors } = page('| A | B |\n| - | - |\n| ^x | 2 |\n')
    expect(anchors).toEqual([])
    expect(html).toContain('<td>^x</td>')
  })

  it('records each heading with the part of the body up to the next heading of its level', () => {
    const { html, fragments } = page('## Eins\n\nA\n\n### Unter\n\nB\n\n## Zwei\n\nC\n')
    const section = fragments.find((f) => f.id === 'eins')!
    expect('start' in section && html.slice(section.start, section.end)).toMatch(/^<h2 id="eins"[\s\S]*<p>B<\/p>\n$/)
  })
})
