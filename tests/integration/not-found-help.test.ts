/**
 * What the build writes for the 404 page's help and the search pages (issue 28, items 8 and 9), on small vaults
 * built with the real build: the hidden 'Meinten Sie …' line the client fills in, in the site's language and with
 * the index under the base; the 404 page's own search box; labelled search landmarks; snippets without stray spaces.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/cli/load-config.js'
import { build } from '../../src/compiler/build.js'
import { closestPage } from '../../src/shared/search/closest-page.js'
import type { SearchIndexEntry } from '../../src/shared/search/index-entry.js'
import { tempDir } from './helpers.js'

async function buildVault(pages: Record<string, string>): Promise<string> {
  const root = join(tempDir('wikigen-not-found-'), 'wiki')
  mkdirSync(root)
  for (const [name, text] of Object.entries(pages)) writeFileSync(join(root, name), text)
  const out = join(root, '..', 'site')
  await build({ root, out, config: (await loadConfig(root)).config })
  return out
}

const PAGES = {
  'index.md': '# Start\n\nWillkommen.\n',
  'Odoo Hosting.md': '# Odoo Hosting\n\nWo Odoo läuft.\n',
  'Abwesenheiten.md':
    '# Abwesenheiten\n\nGründe sind [[#Ferien|Ferien]], [[#Krankheit|Krankheit]], *Weiterbildung*. Mehr im **Reglement**.\n\n## Ferien\n\nText.\n\n## Krankheit\n\nText.\n',
}

describe('the 404 page as built', () => {
  it('carries the hidden did-you-mean line and a search box of its own beside the spec message and link', async () => {
    const out = await buildVault(PAGES)
    const html = readFileSync(join(out, '404.html'), 'utf8')
    expect(html).toContain('There&#x27;s nothing here.')
    expect(html).toContain('Take me home')
    expect(html).toMatch(
      /<p class="not-found-suggestion" data-index="\/search-index.json" hidden="">Meinten Sie <a class="not-found-suggestion-link"><\/a>\?<\/p>/,
    )
    expect(html).toContain('id="page-search-input"')
    expect(html).toContain('role="search" aria-label="Seite finden"')
    expect(html).toContain('role="search" aria-label="Seitensuche"')
    // the index the client reads has the page a wrongly cased address meant
    const index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as SearchIndexEntry[]
    expect(closestPage('/Odoo-Hosting.html', index)?.path).toBe('/odoo-hosting.html')
  })

  it('speaks the site language and reads the index under the base', async () => {
    const out = await buildVault({
      ...PAGES,
      'wikigen.config.ts': "export default { site: { lang: 'en', base: '/wiki/' } }\n",
    })
    const html = readFileSync(join(out, '404.html'), 'utf8')
    expect(html).toContain('data-index="/wiki/search-index.json"')
    expect(html).toContain('Did you mean <a class="not-found-suggestion-link"></a>?')
    expect(html).toContain('aria-label="Find a page"')
    const index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as SearchIndexEntry[]
    expect(closestPage('/wiki/odoo-hostnig.html', index, '/wiki/')?.path).toBe('/wiki/odoo-hosting.html')
  })
})

describe('the full-text search page as built', () => {
  it('labels its form as a search landmark of its own, field and button first, and keeps punctuation attached in page texts', async () => {
    const out = await buildVault(PAGES)
    const html = readFileSync(join(out, 'suche.html'), 'utf8')
    expect(html).toContain('role="search" aria-label="Volltextsuche"')
    expect(html).toContain('role="search" aria-label="Seitensuche"')
    expect(html.indexOf('class="fulltext-submit"')).toBeGreaterThan(html.indexOf('id="fulltext-query"'))
    const texts = readdirSync(join(out, 'fulltext', 'p')).map((file) => readFileSync(join(out, 'fulltext', 'p', file), 'utf8'))
    const page = texts.find((text) => text.includes('"Abwesenheiten"'))
    expect(page).toContain('Gründe sind Ferien, Krankheit, Weiterbildung. Mehr im Reglement.')
  })
})
