import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { compile } from '../page-fixtures.js'

const WIKI = 'A wiki link names a page by its file name (".md" may be left out), its title or an alias.'
const MARKDOWN =
  'In a markdown link, write the page\'s name as in a wiki link, or the path of its file from this page (a space as %20 or the whole target in <…>), or the page\'s URL ending in ".html".'

/** The suggestion and hint of the one dead link on `Team/Lea.md`, whose text is `link`. */
function deadLink(link: string, base?: string): { suggestion?: string; hint?: string } {
  const pages = [
    compile('index.md', '# Start\n'),
    compile('Odoo/Odoo Hosting.md', '# Odoo Hosting\n'),
    compile('Kunden.base', 'views:\n  - type: table\n'),
    compile('Team/Lea.md', `${link}\n`),
  ]
  const site = linkSite(pages, [], base ? resolveConfig({}, { base }) : resolveConfig({}))
  const dead = site.diagnostics.filter((d) => d.code === 'dead-link')
  expect(dead).toHaveLength(1)
  return { suggestion: dead[0].suggestion, hint: dead[0].hint }
}

describe('deadLinkHintOf', () => {
  it.each([
    // a wiki link: a name, with or without ".md"
    ['[[Odoo Hostng]]', 'Odoo Hosting', WIKI],
    ['[[Odoo Hostng.md]]', 'Odoo Hosting', WIKI],
    // a markdown link without ".md" names a page as a wiki link does: the closest name is the fix
    ['[x](Odoo%20Hostng)', 'Odoo%20Hosting', MARKDOWN],
    ['[x](<Odoo Hostng>)', 'Odoo%20Hosting', MARKDOWN],
    // with ".md", a path from the page: the file's path is the fix
    ['[x](../Odoo/Odoo%20Hostng.md)', '../Odoo/Odoo%20Hosting.md', MARKDOWN],
    // written as a URL: the page's URL
    ['[x](/odoo-hostng.html)', '/odoo-hosting.html', MARKDOWN],
    ['[x](odoo-hostng.html)', '/odoo-hosting.html', MARKDOWN],
    // a base is linked by its name or URL: a markdown link to "Kunden.base" would be read as a file to copy
    ['[x](kundn)', 'Kunden', MARKDOWN],
    ['[x](/kundn.html)', '/kunden.html', MARKDOWN],
  ])('%s → "%s"', (link, suggestion, rule) => {
    expect(deadLink(link)).toEqual({ suggestion, hint: `Did you mean "${suggestion}"? ${rule}` })
  })

  it('suggests the URL under the base path', () => {
    expect(deadLink('[x](/wiki/odoo-hostng.html)', '/wiki/').suggestion).toBe('/wiki/odoo-hosting.html')
  })

  it('gives the rule alone when no page is close', () => {
    expect(deadLink('[x](weit/weg/nichts.md)')).toEqual({ suggestion: undefined, hint: MARKDOWN })
    expect(deadLink('[[Völlig anders]]')).toEqual({ suggestion: undefined, hint: WIKI })
  })
})
