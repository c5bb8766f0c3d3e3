import { describe, expect, it } from 'vitest'
import { excerpt, firstImageOf, summaryOf, SUMMARY_CHARS } from '../../../../src/compiler/parse/summary.js'
import { compile } from '../page-fixtures.js'

const summary = (markdown: string) => compile('Seite.md', markdown).summary

describe('summaryOf: the first paragraph as a description', () => {
  it('is the first paragraph with text, after headings, images, code blocks and lists of no paragraph', () => {
    expect(summary('# Titel\n\n![[bild.png]]\n\n```js\nlet x = 1\n```\n\n- Punkt\n\nDer erste Absatz.\n\nDer zweite.\n')).toBe(
      'Der erste Absatz.',
    )
  })

  it('is plain text: inline markup vanishes, link labels and tags stay, whitespace collapses', () => {
    expect(summary('Ein **fetter**, *schräger*\nund [[Ziel|verlinkter]] Satz mit [Web](https://example.org) und #tag.\n')).toBe(
      'Ein fetter, schräger und verlinkter Satz mit Web und #tag.',
    )
  })

  it('leaves out inline code, footnote calls, formulas and texts for screen readers only', () => {
    expect(summary('Starte `npm start` jetzt.[^1] Die Fläche $a^2$ zählt. Siehe https://example.org.\n\n[^1]: Fussnote.\n')).toBe(
      'Starte jetzt. Die Fläche zählt. Siehe https://example.org.',
    )
    expect(summary('Mehr auf [Beispiel](https://example.org).\n')).toBe('Mehr auf Beispiel.')
  })

  it('decodes character references', () => {
    expect(summary('Hammer & Zange für < 20 Franken, "gut".\n')).toBe('Hammer & Zange für < 20 Franken, "gut".')
  })

  it('cuts a long paragraph after a word, with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `Wort${i}`).join(' ')
    const text = summary(`${words}\n`)!
    expect(text.endsWith('…')).toBe(true)
    expect(text.length).toBeLessThanOrEqual(SUMMARY_CHARS + 1)
    expect(words.startsWith(text.slice(0, -1) + ' ')).toBe(true)
  })

  it('is absent without a paragraph of text, and with a front matter description', () => {
    expect(summary('# Nur Titel\n\n```\ncode\n```\n\n![[bild.png]]\n')).toBeUndefined()
    expect(summary('Nur[^1] Fussnoten.\n\n[^1]: Der Text der Fussnote.\n')).toBe('Nur Fussnoten.')
    expect(summary('[^1]\n\n[^1]: Die Fussnote allein.\n')).toBeUndefined()
    expect(summary('---\ndescription: Eigene Worte\n---\nDer Absatz.\n')).toBeUndefined()
  })

  it('takes a callout or quote when the page starts with one', () => {
    expect(summary('> [!note] Hinweis\n> Zuerst lesen.\n\nDanach.\n')).toBe('Zuerst lesen.')
    // the callout's title is its kind's name, no text of the page
    expect(summary('> [!tip]\n> Nur Inhalt.\n')).toBe('Nur Inhalt.')
    expect(summary('> Ein Zitat.\n')).toBe('Ein Zitat.')
  })

  it('skips elements nested inside a skipped one', () => {
    expect(summaryOf('<p>a <code>x <span>y</span> z</code> b<br>c</p>', [])).toBe('a b c')
    expect(summaryOf('<section data-footnotes><p>nur Fussnote</p></section>', [])).toBe('')
  })
})

describe('firstImageOf: the picture of a page without its own', () => {
  it('is the first image link of the body, not an embedded page', () => {
    const page = compile('Seite.md', '![[Andere Seite]]\n\nText\n\n![[plan.png]] und ![zwei](zwei.png)\n')
    expect(page.firstImage).toBe(page.links.findIndex((link) => link.kind === 'image' && link.target === 'plan.png'))
    const markdown = compile('Seite.md', 'Text ![Plan](bilder/plan.png)\n')
    expect(markdown.links[markdown.firstImage as number].target).toBe('bilder/plan.png')
  })

  it('is an image of the web by its address', () => {
    expect(compile('Seite.md', 'Text\n\n![Karte](https://example.org/k.png?a=1&b=2)\n').firstImage).toBe(
      'https://example.org/k.png?a=1&b=2',
    )
    expect(firstImageOf('<img src="data:image/png;base64,AA"><img src="/raw.png">', [])).toBeUndefined()
  })

  it('passes over SVG drawings, which link previews do not show', () => {
    const page = compile('Seite.md', '![[netz.svg]]\n\n![Logo](https://example.org/logo.svg?v=2)\n\n![[foto.jpg]]\n')
    expect(page.links[page.firstImage as number].target).toBe('foto.jpg')
    expect(compile('Seite.md', '![[netz.svg]]\n').firstImage).toBeUndefined()
  })

  it("is absent without images, and when front matter names the page's picture", () => {
    expect(compile('Seite.md', 'Nur Text.\n').firstImage).toBeUndefined()
    expect(compile('Seite.md', '---\ncover: titel.png\n---\n![[plan.png]]\n').firstImage).toBeUndefined()
  })
})

describe('excerpt', () => {
  it('keeps short text whole and cuts long text after a word', () => {
    expect(excerpt('  kurz   und  gut ', 20)).toBe('kurz und gut')
    expect(excerpt('eins zwei drei vier fünf', 12)).toBe('eins zwei…')
  })
})
