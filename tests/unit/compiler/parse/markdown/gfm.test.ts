import { describe, expect, it } from 'vitest'
import { compile } from '../../page-fixtures.js'

const body = (markdown: string) => compile('Seite.md', markdown).html

describe('GFM autolink literals', () => {
  it('links e-mail addresses in text, with the position check-links reports', () => {
    const page = compile('Seite.md', 'Zeile eins\nSchreiben Sie an support+it@talwerk.ch. Danke')
    expect(page.html).toContain('<a href="mailto:support+it@talwerk.ch" class="external">support+it@talwerk.ch</a>.')
    expect(page.externalLinks).toEqual([{ url: 'mailto:support+it@talwerk.ch', line: 2, column: 18 }])
  })

  it('links mailto: and xmpp: literals as a whole', () => {
    expect(body('mailto:info@talwerk.ch')).toContain('<a href="mailto:info@talwerk.ch" class="external">mailto:info@talwerk.ch</a>')
    expect(body('xmpp:chat@talwerk.ch/web')).toContain('<a href="xmpp:chat@talwerk.ch/web" class="external">xmpp:chat@talwerk.ch/web</a>')
  })

  it('links www. and http(s):// literals, trailing punctuation left outside', () => {
    const html = body('Siehe www.talwerk.ch/a_b, oder (https://localhost:8069/web).')
    expect(html).toContain('<a href="http://www.talwerk.ch/a_b" class="external"')
    expect(html).toContain('<a href="https://localhost:8069/web" class="external"')
    expect(html).toMatch(/<\/a>\)\.<\/p>/)
  })

  it('leaves addresses alone inside code, links and where the address is part of a word', () => {
    const html = body('`info@talwerk.ch` [info@talwerk.ch](https://talwerk.ch) ab_c@x wort@ende')
    expect(html).not.toContain('mailto:')
  })
})

describe('GFM tables', () => {
  it('parses tables with and without outer pipes, alignment and body rows', () => {
    const html = body('| A | B |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |\n\nx | y\n:-: | -\n5 | 6\n')
    expect(html.match(/<table>/g)).toHaveLength(2)
    expect(html).toContain('<th align="left">A</th>')
    expect(html).toContain('<td align="right">4</td>')
    expect(html).toContain('<th align="center">x</th>')
    expect(html).toContain('<td>6</td>')
  })

  it('parses a table inside a quote and a list item', () => {
    expect(body('> | a | b |\n> |---|---|\n> | 1 | 2 |\n')).toMatch(/<blockquote>\s*<table>/)
    expect(body('- Punkt\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n')).toMatch(/<li>[\s\S]*<table>/)
  })

  it('ends a table at a line without pipe-separated cells, and keeps pipes in prose as text', () => {
    const html = body('| a |\n| - |\n| 1 |\n\nText | mit Pipe\nund noch - eine Zeile\n\nKein | Kopf\n---\n')
    expect(html.match(/<table>/g)).toHaveLength(1)
    expect(html).toContain('<p>Text | mit Pipe\nund noch - eine Zeile</p>')
    expect(html).toContain('<h2 id="kein-kopf"')
  })
})
