import { describe, expect, it } from 'vitest'
import { withNodeLinks } from '../../../src/client/diagram-links.js'

describe('withNodeLinks', () => {
  it('adds a click statement per linked node, opening the page in the same tab', () => {
    const source = 'graph TD\n  A[Odoo] --> B[Backup]\n  class A,B internal-link;\n'
    expect(
      withNodeLinks(source, [
        { node: 'A', href: '/odoo.html' },
        { node: 'B', href: '/backup.html#wiederherstellen' },
      ]),
    ).toBe(
      'graph TD\n  A[Odoo] --> B[Backup]\n  class A,B internal-link;\n' +
        'click A href "/odoo.html" _self\nclick B href "/backup.html#wiederherstellen" _self\n',
    )
  })

  it('leaves the source alone without links, and leaves out ids and addresses mermaid could not take', () => {
    expect(withNodeLinks('graph TD\n  A --> B', [])).toBe('graph TD\n  A --> B')
    expect(
      withNodeLinks('graph TD\n  A --> B', [
        { node: 'A B', href: '/a.html' },
        { node: 'B', href: '/b.html" onclick="x' },
        { node: 'node-1', href: '/gut.html' },
      ]),
    ).toBe('graph TD\n  A --> B\nclick node-1 href "/gut.html" _self\n')
  })
})
