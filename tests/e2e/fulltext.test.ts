/**
 * Full-text search in the browser, on the reader fixture: the search box's link to it (outside the listbox, also
 * without suggestions), Enter without a chosen suggestion, the search page (results, marks, count announced, no
 * hits with a did-you-mean, back button, keyboard), and the same results as `wikigen search --full-text` for 200
 * queries.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileLoader } from '../../src/cli/search.js'
import { metaFile, pageFile, type FullTextMeta, type FullTextPage } from '../../src/shared/fulltext/format.js'
import { wikigen } from '../integration/helpers.js'
import { DESKTOP, hydrateIslands, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

let browser: Browser
let served: ServedSite
let baseUrl: string
let site: string

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/sites/reader')
  baseUrl = served.baseUrl
  site = served.site
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

async function visit(path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: DESKTOP })
  await opened.page.goto(`${baseUrl}${path}`)
  await opened.page.waitForLoadState('networkidle')
  return opened
}

/** The hrefs the search page lists for a query, once its status says it is done. */
async function pageHits(page: Page, query: string): Promise<string[]> {
  await page.goto(`${baseUrl}/suche.html?q=${encodeURIComponent(query)}`)
  await page.locator('.fulltext-status:not(:empty)').waitFor()
  return page.locator('.fulltext-results .fulltext-title').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
}

describe('full-text search in the browser', () => {
  it('ends the open dropdown with a link to the full text, outside the listbox, also without suggestions', async () => {
    const { page, errors } = await visit('/')
    const field = page.getByRole('combobox', { name: 'Suche' })
    await hydrateIslands(page)
    await field.fill('traktand')
    const link = page.locator('.fulltext-link a')
    await expect(link.textContent()).resolves.toBe('Im Volltext suchen: „traktand“')
    expect(await page.getByRole('listbox').locator('.fulltext-link').count()).toBe(0)
    await field.fill('zzqxq')
    await expect(link.textContent()).resolves.toBe('Im Volltext suchen: „zzqxq“')
    expect(await page.getByRole('option').count()).toBe(0)
    await field.fill('wartung')
    await link.click()
    await page.waitForURL(`${baseUrl}/suche.html?q=wartung`)
    await page.locator('.fulltext-hit').first().waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('lists ranked hits with the section heading, a snippet with the words marked, and the count in a live region', async () => {
    const { page, errors } = await visit('/suche.html?q=wartung')
    const status = page.locator('.fulltext-status')
    await status.locator('xpath=.').filter({ hasText: 'Treffer' }).waitFor()
    expect(await status.getAttribute('role')).toBe('status')
    expect(await status.textContent()).toMatch(/^\d+ Treffer für „wartung“/)
    const first = page.locator('.fulltext-hit').first()
    expect(await first.locator('mark').first().textContent()).toMatch(/wartung/i)
    expect(await page.locator('#fulltext-query').inputValue()).toBe('wartung')
    expect(errors).toEqual([])
    await keepScreenshot(page, 'fulltext-results')
    await page.context().close()
  })

  it('says when nothing matches and offers the closest words of the index', async () => {
    // seven letters allow one edit, so three are no match; the index's closest word is offered
    const { page } = await visit('/suche.html?q=mailsrv')
    const status = page.locator('.fulltext-status')
    await status.filter({ hasText: 'Keine Treffer' }).waitFor()
    expect(await status.textContent()).toContain('Keine Treffer für „mailsrv“')
    await status.getByRole('link').first().click()
    await page.waitForURL(/suche\.html\?q=(?!mailsrv)/)
    await page.locator('.fulltext-hit').first().waitFor()
    await page.context().close()
  })

  it('finds a long word with two typos and still offers the word it meant', async () => {
    const { page } = await visit('/suche.html?q=mailsrvr')
    await page.locator('.fulltext-hit').first().waitFor()
    const status = page.locator('.fulltext-status')
    expect(await status.getByRole('link').first().textContent()).toBe('mailserver')
    await page.context().close()
  })

  it('searches with Enter in its field, and the back button returns to the results', async () => {
    const { page } = await visit('/suche.html')
    await page.locator('#fulltext-query').fill('traktanden')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/suche.html?q=traktanden`)
    await page.locator('.fulltext-hit').first().waitFor()
    const first = await page.locator('.fulltext-title').first().getAttribute('href')
    await page.locator('.fulltext-title').first().click()
    await page.waitForURL((url) => url.pathname !== '/suche.html')
    expect(decodeURI(page.url())).toContain(decodeURI(first!.replace(/#.*$/, '')))
    await page.goBack()
    await page.waitForURL(`${baseUrl}/suche.html?q=traktanden`)
    await page.locator('.fulltext-hit').first().waitFor()
    await page.context().close()
  })

  it('gives the same results as `wikigen search --full-text` for 200 queries', async () => {
    const load = fileLoader(site)
    const meta = (await load(metaFile())) as FullTextMeta
    const pages = await Promise.all(
      meta.docs.flatMap((doc, n) => (doc ? [n] : [])).map(async (n) => (await load(pageFile(n))) as FullTextPage),
    )
    const vocabulary = [...new Set(pages.flatMap(({ title }) => title.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3))]
    const queries: string[] = []
    for (let i = 0; queries.length < 200; i++) {
      const word = vocabulary[i % vocabulary.length]
      const other = vocabulary[(i * 7 + 3) % vocabulary.length]
      const variant = i % 4
      queries.push(variant === 0 ? word : variant === 1 ? `${word} ${other}` : variant === 2 ? `${word.slice(0, -1)}x` : word.slice(0, 4))
    }
    const { page } = await visit('/suche.html')
    let compared = 0
    for (const query of queries) {
      const browserHits = await pageHits(page, query)
      const cli = await wikigen(['search', '--full-text', query, '--out', site, '--json'])
      const cliHits = (JSON.parse(cli.stdout) as { hits: { href: string }[] }).hits.map((hit) => hit.href)
      expect(browserHits, query).toEqual(cliHits)
      compared++
    }
    expect(compared).toBe(200)
    await page.context().close()
  }, 600_000)
})
