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

  it('records each heading with the part of the body up to the next heading of its level', () => {
    const { html, fragments } = page('## Eins\n\nA\n\n### Unter\n\nB\n\n## Zwei\n\nC\n')
    const section = fragments.find((f) => f.id === 'eins')!
    expect('start' in section && html.slice(section.start, section.end)).toMatch(/^<h2 id="eins"[\s\S]*<p>B<\/p>\n$/)
  })
})
