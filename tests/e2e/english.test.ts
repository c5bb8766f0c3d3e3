/**
 * An English site in the browser (tests/fixtures/sites/english, committed into a repository of its own so that its
 * "last updated" time is fixed): the search box before and after it hydrates, the copy button, back to top, the 404
 * page, the full-text search page and the meta footer all speak English, without a script error.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { committedCopy } from '../integration/helpers.js'
import { keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

let browser: Browser
let served: ServedSite
let baseUrl: string

beforeAll(async () => {
  served = await buildAndServe(committedCopy('english', '2026-03-14T07:05:00Z'))
  baseUrl = served.baseUrl
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** A page of the site and its script errors, less the browser's line for /favicon.ico (the site has no icon). */
async function visit(path: string, options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; errors: () => string[] }> {
  const opened = await openPage(browser, options)
  const missing: string[] = []
  opened.page.on('response', (response) => {
    if (response.status() === 404) missing.push(new URL(response.url()).pathname)
  })
  await opened.page.goto(`${baseUrl}${path}`)
  const onlyIcon = () => missing.every((p) => p === '/favicon.ico')
  return { page: opened.page, errors: () => opened.errors.filter((e) => !(e.startsWith('Failed to load resource') && onlyIcon())) }
}

describe('an English site', () => {
  it('has a search box called "Search", also once it has hydrated', async () => {
    const { page, errors } = await visit('/getting-started.html')
    const box = page.getByRole('combobox', { name: 'Search' })
    expect(await box.getAttribute('placeholder')).toBe('Search')
    await box.focus()
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await box.fill('rel')
    const list = page.getByRole('listbox', { name: 'Search suggestions' })
    await list.waitFor()
    expect((await list.getByRole('option').allTextContents()).some((text) => text.includes('Release process'))).toBe(true)
    expect(await box.getAttribute('placeholder')).toBe('Search')
    expect(await page.getByRole('link', { name: /Search full text/ }).count()).toBe(1)
    // hydrating with other texts than the server rendered would be reported as an error
    expect(errors()).toEqual([])
  })

  it('copies code and says "Copied"', async () => {
    const { page, errors } = await visit('/getting-started.html', { permissions: ['clipboard-read', 'clipboard-write'] })
    const button = page.getByRole('button', { name: 'Copy code' })
    await button.click()
    expect(await button.getAttribute('data-copied')).toBe('Copied')
    await expect.poll(() => button.evaluate((b) => b.classList.contains('copied'))).toBe(true)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('sudo apt install git')
    expect(errors()).toEqual([])
  })

  it('offers "Back to top" once the reader has scrolled', async () => {
    const { page } = await visit('/release-process.html', { viewport: { width: 1280, height: 500 } })
    const button = page.getByRole('button', { name: 'Back to top' })
    await page.evaluate(() => scrollTo(0, 600))
    await button.waitFor({ state: 'visible' })
    await button.click()
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
  })

  it('shows when the page was last updated, in the site time zone, and the site’s own changelog title', async () => {
    const { page } = await visit('/getting-started.html')
    expect(await page.locator('.last-updated').textContent()).toBe('Last updated: 3/14/2026, 3:05 AM EDT')
    expect(await page.locator('.contributors').textContent()).toBe('Contributors: Sam Writer')
    expect(await page.locator('.changelog-header').textContent()).toBe('History of this page')
    expect(await page.getByRole('link', { name: 'Edit this page' }).count()).toBe(1)
    await keepScreenshot(page, 'english-getting-started')
  })

  it('shows an English 404 page', async () => {
    const { page } = await visit('/no-such-page.html')
    const message = await page.getByRole('blockquote').textContent()
    expect([
      "There's nothing here.",
      'How did we get here?',
      "That's a Four-Oh-Four.",
      "Looks like we've got some broken links.",
    ]).toContain(message)
    expect(await page.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/')
  })

  it('searches the full text at /search.html and counts the results in English', async () => {
    const { page, errors } = await visit('/search.html?q=release')
    expect(await page.title()).toBe('Search | Handbook')
    const status = page.locator('.fulltext-status')
    await status.locator('xpath=.').filter({ hasText: 'for' }).waitFor()
    expect(await status.textContent()).toMatch(/^\d+ results? for “release”/)
    expect(await page.getByRole('button', { name: 'Search' }).count()).toBe(1)
    const none = await visit('/search.html?q=zzzzqx')
    const empty = none.page.locator('.fulltext-status')
    await empty.locator('xpath=.').filter({ hasText: 'No results' }).waitFor()
    expect(await empty.textContent()).toMatch(/^No results for “zzzzqx”\./)
    expect(errors()).toEqual([])
  })

  it('draws its diagram with English texts around it', async () => {
    const { page, errors } = await visit('/release-process.html')
    const diagram = page.locator('.diagram svg[aria-label]:not(.diagram-placeholder)').first()
    await diagram.waitFor()
    // drawn by the client, named with the page's text (and its heading) for a diagram without a title of its own
    expect(await diagram.getAttribute('aria-label')).toMatch(/^Diagram(: |$)/)
    expect(errors()).toEqual([])
  })
})
