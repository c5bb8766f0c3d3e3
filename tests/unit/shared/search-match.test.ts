import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMatcher, searchSuggestions, type SearchIndexEntry } from '../../../src/shared/search/match.js'

const header = (title: string, slug: string, children: SearchIndexEntry['headers'] = []) => ({
  level: 2,
  title,
  slug,
  link: `#${slug}`,
  children,
})
const entry = (title: string, path: string, headers: SearchIndexEntry['headers'] = [], pathLocale = '/'): SearchIndexEntry => ({
  title,
  headers,
  path,
  pathLocale,
  extraFields: [],
})

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

describe('the optimised matcher against the reference regular expression', () => {
  // characters that stress word boundaries, escaping, case folding and the ASCII/non-ASCII switch
  const alphabet = [
    'a',
    'b',
    'o',
    'A',
    'O',
    'k',
    'i',
    '1',
    '_',
    ' ',
    ' ',
    '-',
    '(',
    ')',
    '.',
    '+',
    '*',
    '?',
    '\\',
    '[',
    '|',
    '/',
    'ü',
    'Ü',
    'K',
    'İ',
    'ſ',
    '’',
    '\u00a0',
    '\t',
  ]
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }).map((chars) => chars.join(''))

  it('answers every query on every single-line text as VuePress 2 does with the flags "gi"', () => {
    fc.assert(
      fc.property(text, text, (query, title) => {
        expect(createMatcher(query)?.(title) ?? false).toBe(referenceMatches(query, title))
      }),
      { numRuns: 5000 },
    )
  })

  it('gives the suggestions of the reference over any index', () => {
    // headings nest two levels deep, as in the real index (h2 with h3 children)
    const leaf = fc.tuple(text, fc.nat(20)).map(([title, n]) => header(title, `h${n}`))
    const headers = fc.array(
      fc.tuple(text, fc.nat(20), fc.array(leaf, { maxLength: 3 })).map(([title, n, children]) => header(title, `h${n}`, children)),
      { maxLength: 4 },
    )
    const pageEntry = fc
      .tuple(text, headers, fc.nat(50), fc.constantFrom('/', '/', '/en/'))
      .map(([title, hs, n, locale]) => entry(title, `/p${n}.html`, hs, locale))
    fc.assert(
      fc.property(fc.array(pageEntry, { maxLength: 12 }), text, fc.integer({ min: 1, max: 10 }), (pages, query, max) => {
        expect(searchSuggestions(pages, query, { max })).toEqual(referenceSuggestions(pages, query, max))
      }),
      { numRuns: 2000 },
    )
  })

  it('prepares an index again when entries were appended', () => {
    const pages = [entry('Odoo', '/odoo.html')]
    expect(searchSuggestions(pages, 'nextcloud')).toEqual([])
    pages.push(entry('Nextcloud', '/nextcloud.html'))
    expect(searchSuggestions(pages, 'nextcloud')).toEqual([{ link: '/nextcloud.html', title: 'Nextcloud' }])
  })
})

/** VuePress 2's isQueryMatched (rc.130) with the flags 'gi' of rc.128 and the spec's trailing space (S1, S2). */
function referenceMatches(query: string, text: string): boolean {
  const normal = query.trim().toLowerCase()
  if (normal === '') return false
  const words = normal.split(/\s+/)
  if (/[^\x00-\x7F]/.test(normal)) return words.some((word) => text.toLowerCase().includes(word))
  const escape = (word: string) => word.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')
  const lastIsWhole = /\s$/.test(query)
  const lookaheads = words.map((word, i) =>
    i === words.length - 1 && !lastIsWhole ? `(?=.*\\b${escape(word)})` : `(?=.*\\b${escape(word)}\\b)`,
  )
  return new RegExp(`${lookaheads.join('')}.+`, 'gi').test(text)
}

/** VuePress 2's useSearchSuggestions (reference S5–S7): index order, title first, else headings depth-first. */
function referenceSuggestions(index: SearchIndexEntry[], query: string, max: number) {
  const out: { link: string; title: string; header?: string }[] = []
  if (query.trim() === '') return out
  const visit = (page: SearchIndexEntry, headers: SearchIndexEntry['headers']) => {
    for (const h of headers) {
      if (out.length >= max) return
      if (referenceMatches(query, h.title)) out.push({ link: `${page.path}#${h.slug}`, title: page.title, header: h.title })
      visit(page, h.children)
    }
  }
  for (const page of index) {
    if (out.length >= max) break
    if (page.pathLocale !== '/') continue
    if (referenceMatches(query, [page.title, ...page.extraFields].join(' '))) out.push({ link: page.path, title: page.title })
    else visit(page, page.headers)
  }
  return out
}
