import { describe, expect, it } from 'vitest'
import { pageNameOf } from '../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../src/compiler/paths.js'
import { compile } from '../page-fixtures.js'

describe('pageNameOf', () => {
  it.each([
    ['Odoo/Odoo Hosting.md', 'Odoo Hosting', 'odoo-hosting'],
    ['Unternehmen/Wirkungsräume.md', 'Wirkungsräume', 'wirkungsräume'],
    ['Team/Rolle Geschäftsführer:in.md', 'Rolle Geschäftsführer:in', 'rolle-geschäftsführer_in'],
    ['index.md', '', ''],
    ['README.md', '', ''],
    ['Odoo/README.md', 'Odoo', 'odoo'],
    ['Odoo/index.md', 'Odoo', 'odoo'],
  ])('%s is page %j at slug %j', (path, name, slug) => {
    expect(pageNameOf(toSourcePath(path))).toEqual({ name, slug })
  })
})

describe('parsePage', () => {
  it('takes the title from front matter, else the first h1, else the file name', () => {
    expect(compile('A/Datei.md', '---\ntitle: Aus Front Matter\n---\n# Überschrift\n').title).toBe('Aus Front Matter')
    expect(compile('A/Datei.md', 'Text\n\n# Überschrift\n').title).toBe('Überschrift')
    expect(compile('A/Datei Name.md', '## Nur h2\n').title).toBe('Datei Name')
  })

  it('builds the header tree of levels 2 and 3 with nested children, like the spec Header entity', () => {
    const page = compile('A.md', '# T\n\n### Früh\n\n## Eins\n\n### Eins-A\n\n#### Tief\n\n### Eins-B\n\n## Eins\n\n> ## Zitiert\n')
    expect(page.headers).toEqual([
      { level: 3, title: 'Früh', slug: 'früh', link: '#früh', children: [] },
      {
        level: 2,
        title: 'Eins',
        slug: 'eins',
        link: '#eins',
        children: [
          { level: 3, title: 'Eins-A', slug: 'eins-a', link: '#eins-a', children: [] },
          { level: 3, title: 'Eins-B', slug: 'eins-b', link: '#eins-b', children: [] },
        ],
      },
      { level: 2, title: 'Eins', slug: 'eins-1', link: '#eins-1', children: [] },
    ])
    // headings nested in block quotes get ids but stay out of the tree
    expect(page.anchors.map((a) => a.slug)).toContain('zitiert')
  })

  it('records every wikilink form with its position, and none inside code', () => {
    const page = compile(
      'A.md',
      'x [[Seite]] [[Seite|Text]] [[Seite#Kopf]] [[Seite#Kopf|Text]] [[#Hier]]\n\n`[[Code]]`\n\n```\n[[Block]]\n```\n\n![[bild.png|300]] ![[Andere]]\n',
    )
    expect(
      page.links.map(({ kind, syntax, target, anchor, labelHtml, line, column }) => ({
        kind,
        syntax,
        target,
        anchor,
        labelHtml,
        line,
        column,
      })),
    ).toEqual([
      { kind: 'link', syntax: 'wiki', target: 'Seite', anchor: undefined, labelHtml: 'Seite', line: 1, column: 3 },
      { kind: 'link', syntax: 'wiki', target: 'Seite', anchor: undefined, labelHtml: 'Text', line: 1, column: 13 },
      { kind: 'link', syntax: 'wiki', target: 'Seite', anchor: 'Kopf', labelHtml: 'Seite &gt; Kopf', line: 1, column: 28 },
      { kind: 'link', syntax: 'wiki', target: 'Seite', anchor: 'Kopf', labelHtml: 'Text', line: 1, column: 43 },
      { kind: 'link', syntax: 'wiki', target: '', anchor: 'Hier', labelHtml: 'Hier', line: 1, column: 63 },
      { kind: 'image', syntax: 'wiki', target: 'bild.png', anchor: undefined, labelHtml: undefined, line: 9, column: 1 },
      { kind: 'embed', syntax: 'wiki', target: 'Andere', anchor: undefined, labelHtml: undefined, line: 9, column: 19 },
    ])
    expect(page.links[5]).toMatchObject({ width: '300', alt: 'bild' })
    expect(page.html).toContain('<code>[[Code]]</code>')
  })

  it('escapes wikilink labels', () => {
    expect(compile('A.md', '[[Seite|<script>alert(1)</script>]]').links[0].labelHtml).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('marks external links with target, rel and an icon, and leaves mail links in place', () => {
    const { html } = compile('A.md', '[Odoo](https://odoo.com) [Mail](mailto:a@talwerk.example)')
    expect(html).toContain(
      '<a href="https://odoo.com" class="external" target="_blank" rel="noopener noreferrer">Odoo<span class="external-link-icon">',
    )
    expect(html).toContain('<a href="mailto:a@talwerk.example" class="external">Mail</a>')
  })

  it('warns about diagrams over the size limit and unclosed containers', () => {
    const big = `\`\`\`mermaid\nflowchart LR\n${'  A --> B\n'.repeat(6000)}\`\`\`\n\n::: tip\nNie geschlossen\n`
    const page = compile('A.md', big)
    expect(page.diagnostics.map((d) => [d.code, d.line])).toEqual(
      [
        ['unclosed-container', 6005],
        ['diagram-too-large', 1],
      ].sort((a, b) => (a[0] < b[0] ? 1 : -1)),
    )
    expect(page.hasDiagram).toBe(true)
  })
})
