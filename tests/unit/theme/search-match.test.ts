import { describe, expect, it } from 'vitest'
import { createMatcher, searchSuggestions, type SearchIndexEntry } from '../../../src/theme/search/match.js'

const header = (title: string, slug: string, children: SearchIndexEntry['headers'] = []) => ({ level: 2, title, slug, link: `#${slug}`, children })
const entry = (title: string, path: string, headers: SearchIndexEntry['headers'] = [], pathLocale = '/'): SearchIndexEntry => ({ title, headers, path, pathLocale, extraFields: [] })

describe('createMatcher', () => {
  it.each([
    // [query, title, matches] — ASCII: every word at a word boundary, last word may be a prefix
    ['odoo', 'Odoo Hosting', true],
    ['od', 'Odoo Hosting', true],
    ['hosting odoo', 'Odoo Hosting', true], // order does not matter
    ['odo hosting', 'Odoo Hosting', false], // non-last words are whole words
    ['doo', 'Odoo Hosting', false], // no match inside a word
    ['  ODOO  ', 'Odoo Hosting', true], // trimmed and case-insensitive
    ['od ', 'Odoo Hosting', false], // a trailing space as typed makes the last word whole
    ['odoo ', 'Odoo Hosting', true],
    ['on-premise', 'Odoo Hosting On-Premise', true], // '-' is text, never a RegExp error
    ['on-pre', 'Odoo Hosting On-Premise', true],
    ['c++', 'C++ Guide', true],
    ['(odoo', 'Hosting (Odoo)', false], // JS word boundary before '(' needs a word character to its left
    ['a\\b', 'a\\b', true], // a backslash is text too
    ['*', 'Stern * Text', false],
    ['.net', 'ASP.NET', true],
    ['rich', 'Zürich', true], // an umlaut is not a word character for \b
    // non-ASCII: any word as a substring
    ['zür xyz', 'Zürich', true],
    ['räume', 'Wirkungsräume', true],
    ['über', 'Übersicht', true],
    ['ünbekannt', 'Übersicht', false],
  ])('%j against %j → %s', (query, title, expected) => {
    expect(createMatcher(query)!(title)).toBe(expected)
  })

  it('gives no matcher for an empty query', () => {
    expect(createMatcher('   ')).toBeUndefined()
  })
})

describe('searchSuggestions', () => {
  const index = [
    entry('Wiki Talwerk', '/'),
    entry('Odoo Hosting', '/odoo-hosting.html', [header('Varianten', 'varianten', [header('Odoo On-Premise', 'odoo-on-premise')])]),
    entry('Nextcloud', '/nextcloud.html', [header('Odoo Anbindung', 'odoo-anbindung'), header('Clients', 'clients')]),
    entry('', '/404.html'),
    entry('Odoo English', '/en/odoo.html', [], '/en/'),
  ]

  it('gives one suggestion for a title match and searches headings, depth-first, of the other pages', () => {
    expect(searchSuggestions(index, 'odoo')).toEqual([
      { link: '/odoo-hosting.html', title: 'Odoo Hosting' },
      { link: '/nextcloud.html#odoo-anbindung', title: 'Nextcloud', header: 'Odoo Anbindung' },
    ])
    expect(searchSuggestions(index, 'on-premise')).toEqual([
      { link: '/odoo-hosting.html#odoo-on-premise', title: 'Odoo Hosting', header: 'Odoo On-Premise' },
    ])
  })

  it('never returns more than the maximum', () => {
    const many = Array.from({ length: 30 }, (_, i) => entry(`Seite ${i}`, `/s${i}.html`, [header('Seite', 'seite')]))
    expect(searchSuggestions(many, 'seite')).toHaveLength(10)
    expect(searchSuggestions(many, 'seite', { max: 3 })).toHaveLength(3)
  })

  it('only searches the current locale and never matches an empty title', () => {
    expect(searchSuggestions(index, 'english')).toEqual([])
    expect(searchSuggestions(index, 'english', { locale: '/en/' })).toEqual([{ link: '/en/odoo.html', title: 'Odoo English' }])
  })
})
