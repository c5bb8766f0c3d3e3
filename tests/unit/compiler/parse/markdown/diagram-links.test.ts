import { describe, expect, it } from 'vitest'
import { estimateDiagramSize, internalLinksOf } from '../../../../../src/compiler/parse/markdown/diagram/index.js'
import { compile } from '../../page-fixtures.js'

describe('internal links in mermaid flowcharts', () => {
  it('links the nodes of `class … internal-link` and `:::internal-link` to the notes their labels name', () => {
    const source = [
      'graph TD',
      '  A[Odoo Hosting] --> B["Backup & Restore"]',
      '  B --> C(Handbuch#Installation)',
      '  C --> D[Ohne Link]',
      '  D --> E[Einzeln]:::internal-link',
      '  class A,B,C internal-link;',
    ].join('\n')
    expect(internalLinksOf(source)).toEqual([
      { node: 'A', label: 'Odoo Hosting', target: 'Odoo Hosting', line: 5, column: 3 },
      { node: 'B', label: 'Backup & Restore', target: 'Backup & Restore', line: 5, column: 3 },
      { node: 'C', label: 'Handbuch#Installation', target: 'Handbuch', anchor: 'Installation', line: 5, column: 3 },
      { node: 'E', label: 'Einzeln', target: 'Einzeln', line: 4, column: 3 },
    ])
  })

  it('links a node without a label by its id, and nothing in other diagrams or without the class', () => {
    expect(internalLinksOf('flowchart LR\n  Biologie --> Chemie\n  class Biologie,Chemie internal-link')).toMatchObject([
      { node: 'Biologie', target: 'Biologie' },
      { node: 'Chemie', target: 'Chemie' },
    ])
    expect(internalLinksOf('flowchart LR\n  A --> B\n  class A wichtig')).toEqual([])
    expect(internalLinksOf('sequenceDiagram\n  A->>B: internal-link')).toEqual([])
    // a class statement before the node is defined does nothing, as in mermaid
    expect(internalLinksOf('graph TD\n  class A internal-link\n  A[Seite]')).toEqual([])
  })

  it('keeps the size estimate of the diagram', () => {
    const plain = 'graph TD\n  A[Odoo Hosting] --> B[Backup]'
    expect(estimateDiagramSize(`${plain}\n  class A,B internal-link;`)).toEqual(estimateDiagramSize(plain))
  })

  it('registers each link as a wiki link at its line and lists it after the diagram', () => {
    const page = compile('Seite.md', 'Text\n\n```mermaid\ngraph TD\n  A[Odoo Hosting] --> B[Backup]\n  class A,B internal-link\n```\n')
    expect(page.links.map((l) => [l.kind, l.syntax, l.target, l.line, l.column])).toEqual([
      ['link', 'wiki', 'Odoo Hosting', 6, 3],
      ['link', 'wiki', 'Backup', 6, 3],
    ])
    expect(page.html).toMatch(
      /<\/pre><\/div><ul class="diagram-links"><li data-diagram-node="A">\uE0000\uE001<\/li><li data-diagram-node="B">\uE0001\uE001<\/li><\/ul><\/div>$/,
    )
  })
})
