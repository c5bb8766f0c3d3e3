import { describe, expect, it } from 'vitest'
import { createHeadingSlugger, legacySlugsOf, slugifyHeading, slugifyPageName } from '../../../../src/compiler/parse/slugify.js'

describe('slugifyHeading', () => {
  it.each([
    // plain words are lower-cased and joined with hyphens
    ['Odoo Hosting', 'odoo-hosting'],
    // umlauts stay, so German anchors read as German
    ['Wirkungsräume', 'wirkungsräume'],
    ['Über uns', 'über-uns'],
    // a decomposed (NFD) umlaut gives the same anchor as the composed one
    ['Wirkungsra\u0308ume', 'wirkungsräume'],
    // punctuation between words becomes one hyphen
    ['Views, Actions und Menüs', 'views-actions-und-menüs'],
    ['XML, XPath und Snippets', 'xml-xpath-und-snippets'],
    ['Grösse & Masse', 'grösse-masse'],
    ['Odoo.sh', 'odoo-sh'],
    ['C++ / C#', 'c-c'],
    // quotes vanish without leaving a hyphen
    ["Don't panic!", 'dont-panic'],
    ['„Zitat“', 'zitat'],
    // digits stay, also at the start
    ['2020 Plan', '2020-plan'],
    ['Odoo 17 → 18', 'odoo-17-18'],
    // leading and trailing separators are trimmed
    ['  -- Mitte --  ', 'mitte'],
    // a heading of punctuation only still gets an id
    ['???', 'abschnitt'],
  ])('turns %j into %j', (text, slug) => {
    expect(slugifyHeading(text)).toBe(slug)
  })

  it('numbers duplicate headings of one page, h1 included', () => {
    const slug = createHeadingSlugger()
    expect(['Zsh', 'Zsh', 'zsh', 'Zsh 1'].map(slug)).toEqual(['zsh', 'zsh-1', 'zsh-2', 'zsh-1-1'])
  })
})

describe('slugifyPageName', () => {
  it.each([
    ['Odoo Hosting On-Premise', 'odoo-hosting-on-premise'],
    ['Wirkungsräume', 'wirkungsräume'],
    ['Odoo.sh', 'odoo.sh'],
    ['Phasen.base', 'phasen.base'],
    // gender markers and legacy characters become '_'
    ['Wissensmanager:in', 'wissensmanager_in'],
    ['Wissensmanager*in', 'wissensmanager_in'],
    ['Rolle Geschäftsführer:in', 'rolle-geschäftsführer_in'],
    ['50%', '50'],
    ['Preis=Wert', 'preis_wert'],
    // around spaces, the hyphen wins
    ['Forschung & Entwicklung', 'forschung-entwicklung'],
    ['Odoo 16, 17 und 18', 'odoo-16-17-und-18'],
    // other punctuation is dropped
    ['Odoo (Übersicht)', 'odoo-übersicht'],
    ["Lea's Notizen?", 'leas-notizen'],
    ['Ideen 💡', 'ideen'],
  ])('turns %j into %j', (name, slug) => {
    expect(slugifyPageName(name)).toBe(slug)
  })
})

describe('legacySlugsOf', () => {
  it('lists every old spelling of a gender-marked page name', () => {
    expect(legacySlugsOf('Wissensmanager:in').sort()).toEqual(
      ['wissensmanager*in', 'wissensmanager-in', 'wissensmanager/in', 'wissensmanager:in', 'wissensmanagerin'].sort(),
    )
  })

  it('keeps the special characters an old URL had and offers the hyphen form', () => {
    expect(legacySlugsOf('Forschung & Entwicklung')).toEqual(['forschung-&-entwicklung', 'forschung-_-entwicklung'])
    // the spellings VuePress-based pipelines served
    expect(legacySlugsOf('Marketing-Kommunikation & Verkauf')).toContain('marketing-kommunikation-_-verkauf')
    expect(legacySlugsOf("Let's Encrypt")).toContain('let-s-encrypt')
    expect(legacySlugsOf('Preis=Wert')).toEqual(['preis=wert', 'preis-wert'])
  })

  it('has nothing for names that are already clean', () => {
    expect(legacySlugsOf('Odoo Hosting')).toEqual([])
  })
})

describe('found by fuzzing', () => {
  it('composes a combining mark that a removed quote brought next to a letter', () => {
    // "o'\u0301o" loses the quote; the acute then belongs to the first o
    expect(slugifyPageName("o'\u0301o). 0*")).toBe(slugifyPageName(slugifyPageName("o'\u0301o). 0*")))
    expect(slugifyHeading("['A\\.ü'\u0301%-")).toBe(slugifyHeading(slugifyHeading("['A\\.ü'\u0301%-")))
  })
})
