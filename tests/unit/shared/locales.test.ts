import { describe, expect, it } from 'vitest'
import { fillLabel, labels as deCH } from '../../../src/shared/labels.js'
import { CLIENT_LABEL_KEYS, clientLabelsOf, LOCALES, localeOf, resolveLabels } from '../../../src/shared/locales.js'

describe('localeOf', () => {
  it.each([
    ['de-CH', 'de-CH'],
    ['de-ch', 'de-CH'],
    ['de_CH', 'de-CH'],
    ['de-LI', 'de-CH'],
    ['de-DE', 'de-DE'],
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['en-US', 'en'],
    // a language without a table of its own reads English
    ['fr', 'en'],
    ['', 'en'],
  ])('%j reads the %s table', (lang, name) => {
    expect(localeOf(lang).name).toBe(name)
  })

  it('names the search page in the language of the table', () => {
    expect([localeOf('de-CH'), localeOf('de-AT'), localeOf('en-GB')].map((l) => l.searchSlug)).toEqual(['suche', 'suche', 'search'])
  })
})

describe('the shipped tables', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort()

  it.each(Object.values(LOCALES).map((locale) => [locale.name, locale.labels] as const))(
    '%s has every text of de-CH, with the same placeholders',
    (_name, labels) => {
      expect(Object.keys(labels).sort()).toEqual(Object.keys(deCH).sort())
      for (const [key, value] of Object.entries(deCH)) {
        const own = labels[key as keyof typeof deCH]
        if (typeof value === 'string') {
          expect(typeof own, key).toBe('string')
          expect((own as string).trim(), key).not.toBe('')
          expect(placeholders(own as string), key).toEqual(placeholders(value))
        } else if (Array.isArray(value)) expect((own as string[]).length, key).toBeGreaterThan(0)
        else expect(Object.keys(own).sort(), key).toEqual(Object.keys(value).sort())
      }
    },
  )

  it('writes ß in de-DE where de-CH writes ss, and nothing else differs', () => {
    const { labels } = LOCALES['de-DE']
    expect([labels.footnotes, labels.diagramClose, labels.diagramZoomIn, labels.diagramOpen]).toEqual([
      'Fußnoten',
      'Schließen',
      'Vergrößern',
      'Diagramm vergrößern',
    ])
    for (const [key, value] of Object.entries(labels)) {
      if (typeof value !== 'string') continue
      expect(value.replace(/ß/g, 'ss'), key).toBe(deCH[key as keyof typeof deCH])
    }
    expect(Object.values(deCH).filter((v) => typeof v === 'string' && v.includes('ß'))).toEqual([])
  })

  it('has no German text left in the English table but what de-CH itself keeps English', () => {
    const english = LOCALES.en.labels
    const german = /[äöüß]|\b(und|oder|der|die|das|nicht|Seite|Diagramm|Suche)\b/i
    for (const [key, value] of Object.entries(english))
      for (const text of typeof value === 'string' ? [value] : Object.values(value)) expect(text, key).not.toMatch(german)
  })
})

describe('resolveLabels', () => {
  it("is the language's table when the config changes nothing", () => {
    expect(resolveLabels('de-CH')).toBe(deCH)
    expect(resolveLabels('en', {})).toBe(LOCALES.en.labels)
  })

  it('lays the config over the table, the title tables key by key, without changing the table', () => {
    const labels = resolveLabels('en', {
      searchPlaceholder: 'Search the handbook',
      calloutTitles: { tip: 'Good to know', recipe: 'Recipe' },
    })
    expect(labels.searchPlaceholder).toBe('Search the handbook')
    expect(labels.copied).toBe('Copied')
    expect(labels.calloutTitles).toMatchObject({ tip: 'Good to know', recipe: 'Recipe', warning: 'Warning' })
    expect(labels.containerTitles.tip).toBe('Tip')
    expect(LOCALES.en.labels.searchPlaceholder).toBe('Search')
    expect(LOCALES.en.labels.calloutTitles.tip).toBe('Tip')
  })
})

describe('clientLabelsOf', () => {
  it('gives the page every text the scripts show, in its language: the scripts carry none', () => {
    const own = clientLabelsOf(deCH)
    expect(Object.keys(own).sort()).toEqual([...CLIENT_LABEL_KEYS].sort())
    expect(own).toMatchObject({ copied: 'Kopiert', searchPlaceholder: 'Suche' })
  })

  it('gives the browser texts of another language, and only those the scripts show', () => {
    const own = clientLabelsOf(resolveLabels('en', { lastUpdated: 'Changed' }))
    expect(own).toMatchObject({ copied: 'Copied', backToTop: 'Back to top', searchPlaceholder: 'Search' })
    expect(Object.keys(own).every((key) => (CLIENT_LABEL_KEYS as readonly string[]).includes(key))).toBe(true)
    expect(own).not.toHaveProperty('lastUpdated')
  })

  it("carries a site's own text", () => {
    expect(clientLabelsOf(resolveLabels('de-CH', { copied: 'Kopiert!' }))).toMatchObject({
      copied: 'Kopiert!',
      copyCode: 'Kopiere den Code.',
    })
  })
})

describe('fillLabel', () => {
  it('fills the named places and leaves unknown ones as written', () => {
    expect(fillLabel(LOCALES.en.labels.fullTextHits, { count: 3, query: 'vpn' })).toBe('3 results for “vpn”')
    expect(fillLabel('{count} of {total}', { count: 1 })).toBe('1 of {total}')
  })
})
