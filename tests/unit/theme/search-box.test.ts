import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { labels } from '../../../src/shared/labels.js'
import { LabelsContext } from '../../../src/theme/labels-context.js'
import { SearchBox } from '../../../src/theme/SearchBox.js'
import { SearchSuggestion, suggestionLabel } from '../../../src/theme/SearchSuggestion.js'

describe('SearchBox on the server', () => {
  // the site's texts come from the app's provider, as on a page (de-CH here)
  const html = renderToString(
    createElement(LabelsContext.Provider, { value: labels }, createElement(SearchBox, { indexHref: '/search-index.json', locale: '/' })),
  )

  it('renders a closed combobox with the placeholder "Suche" that controls an empty, hidden listbox', () => {
    expect(html).toContain('role="combobox"')
    expect(html).toContain('placeholder="Suche"')
    expect(html).toContain('aria-expanded="false"')
    expect(html).toContain('aria-controls="search-suggestions"')
    expect(html).toMatch(/<ul id="search-suggestions"[^>]* role="listbox" aria-label="Suchvorschläge" hidden=""><\/ul>/)
    expect(html).not.toContain('aria-activedescendant')
  })
})

describe('SearchSuggestion', () => {
  it.each([
    [{ link: '/odoo.html', title: 'Odoo' }, 'Odoo'],
    [{ link: '/odoo.html#module', title: 'Odoo', header: 'Module' }, 'Odoo, Module'],
    [{ link: '/#navigation', title: '', header: 'Navigation' }, '/, Navigation'], // a page without a title shows its path
    [{ link: '/w%C3%A4ge.html#a', title: '', header: 'A' }, '/wäge.html, A'],
    [{ link: '/%E0%A4%A.html', title: '' }, '/%E0%A4%A.html'], // a malformed path stays as it is
  ])('labels %j as %j', (suggestion, label) => {
    expect(suggestionLabel(suggestion)).toBe(label)
  })

  it('renders text that looks like HTML as text', () => {
    const html = renderToString(
      createElement(SearchSuggestion, { suggestion: { link: '/a.html#b', title: '<i>A</i>', header: '<b>fett</b>' } }),
    )
    expect(html).toContain('&lt;i&gt;A&lt;/i&gt;')
    expect(html).toContain('&lt;b&gt;fett&lt;/b&gt;')
    expect(html).not.toContain('<b>')
  })
})
