/**
 * The 404 page helps the reader on (issue 28, item 8): beside the spec's message and link it offers the page of the
 * site an address most likely meant ('Meinten Sie …', for another case or a typo) and a search box of its own; and
 * the search box in general (item 9): Ctrl/⌘+K focuses it beside 's' and '/', it says when no title matches, and a
 * polite live region announces the number of suggestions. At 375 and 1 280 px, light and dark.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, hydrateIslands, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const MESSAGES = ["There's nothing here.", 'How did we get here?', "That's a Four-Oh-Four.", "Looks like we've got some broken links."]

/** The 404 page's own search box, and the navbar's. */
const pageSearch = (page: Page) => page.getByRole('search', { name: 'Seite finden' })
const navbarSearch = (page: Page) => page.getByRole('search', { name: 'Seitensuche' })
const suggestion = (page: Page) => page.locator('.not-found-suggestion')
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')

/** Script errors on the page, except the browser's own request for /favicon.ico and the 404 answer itself. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('status of 404')) errors.push(m.text())
  })
  return errors
}

const widths = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const

describe.each(widths.flatMap(([width, viewport]) => (['light', 'dark'] as const).map((mode) => [width, viewport, mode] as const)))(
  'the 404 page at %s px, %s',
  (width, viewport, colorScheme) => {
    it('keeps the message and the link home, and offers the page a differently cased address meant', async () => {
      const { page } = await openPage(browser, { viewport, colorScheme })
      const errors = collectErrors(page)
      const response = await page.goto(`${baseUrl}/Odoo-Hosting.html`)
      expect(response?.status()).toBe(404)
      await expect.poll(() => suggestion(page).isVisible()).toBe(true)
      expect((await suggestion(page).textContent())?.replace(/\s+/g, ' ').trim()).toBe('Meinten Sie Odoo Hosting?')
      const link = suggestion(page).getByRole('link', { name: 'Odoo Hosting' })
      expect(await link.getAttribute('href')).toBe('/odoo-hosting.html')
      expect(MESSAGES).toContain(await page.getByRole('blockquote').textContent())
      await expect.poll(() => page.getByRole('link', { name: 'Take me home' }).isVisible()).toBe(true)
      // the page's own search box is there to see, full width on a phone too
      const field = pageSearch(page).getByRole('combobox')
      expect(await field.isVisible()).toBe(true)
      expect((await field.boundingBox())?.width).toBeGreaterThan(250)
      await keepScreenshot(page, `not-found-${width}-${colorScheme}`)
      await link.click()
      await page.waitForURL(`${baseUrl}/odoo-hosting.html`)
      await page.getByRole('heading', { name: 'Odoo Hosting', level: 1 }).waitFor()
      expect(errors).toEqual([])
    })

    it('finds a page from the 404 page with its own search box, which the hotkeys focus', async () => {
      const { page } = await openPage(browser, { viewport, colorScheme })
      const errors = collectErrors(page)
      await page.goto(`${baseUrl}/gibt-es-nicht.html`)
      await hydrateIslands(page)
      await page.keyboard.press('s')
      expect(await focusedId(page)).toBe('page-search-input')
      await page.keyboard.type('traktanden archiv')
      const options = pageSearch(page).getByRole('option')
      await expect.poll(() => options.count()).toBe(1)
      expect(await options.first().getAttribute('aria-label')).toBe('Traktanden Archiv')
      // no address close to this one: no suggestion line
      expect(await suggestion(page).isHidden()).toBe(true)
      await keepScreenshot(page, `not-found-search-${width}-${colorScheme}`)
      await page.keyboard.press('Enter')
      await page.waitForURL(`${baseUrl}/traktanden-archiv.html`)
      expect(errors).toEqual([])
    })
  },
)

describe('the 404 page', () => {
  it('offers the nearest page for a mistyped address and none for an address far from every page', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/odoo-hostnig.html`)
    await expect.poll(() => suggestion(page).isVisible()).toBe(true)
    expect(await suggestion(page).getByRole('link').getAttribute('href')).toBe('/odoo-hosting.html')
    await page.goto(`${baseUrl}/gibt-es-nicht.html`)
    await page.waitForLoadState('networkidle')
    expect(await suggestion(page).isHidden()).toBe(true)
  })

  it('offers the page also when the router shows the 404 page after a client navigation', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/navigation.html`)
    await page.evaluate(() => ((window as unknown as { wikigenMark: boolean }).wikigenMark = true))
    // a link to a wrongly cased address, as an old bookmark or another site might carry
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = '/ODOO.html'
      a.textContent = 'Alter Link'
      document.querySelector('[data-content]')?.append(a)
    })
    await page.getByRole('link', { name: 'Alter Link' }).click()
    await page.waitForURL(`${baseUrl}/ODOO.html`)
    await expect.poll(() => suggestion(page).isVisible()).toBe(true)
    expect(await suggestion(page).getByRole('link').getAttribute('href')).toBe('/odoo.html')
    // no reload happened
    expect(await page.evaluate(() => (window as unknown as { wikigenMark?: boolean }).wikigenMark)).toBe(true)
  })

  it('labels its two search landmarks apart', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/gibt-es-nicht.html`)
    expect(await page.getByRole('search').count()).toBe(2)
    expect(await navbarSearch(page).count()).toBe(1)
    expect(await pageSearch(page).count()).toBe(1)
  })
})

describe.each(widths.flatMap(([width, viewport]) => (['light', 'dark'] as const).map((mode) => [width, viewport, mode] as const)))(
  'the search box at %s px, %s',
  (width, viewport, colorScheme) => {
    it('opens with Ctrl+K and ⌘+K, before and after the islands hydrate', async () => {
      const { page } = await openPage(browser, { viewport, colorScheme })
      await page.goto(`${baseUrl}/odoo.html`)
      // before React: the early hotkeys focus the server-rendered field
      await page.keyboard.press('Control+k')
      expect(await focusedId(page)).toBe('search-input')
      await hydrateIslands(page)
      for (const key of ['Control+k', 'Meta+k', 'Control+K']) {
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
        await page.keyboard.press(key)
        expect([key, await focusedId(page)]).toEqual([key, 'search-input'])
      }
      // the field opens to its full width on a phone, as with 's'
      expect((await page.locator('#search-input').boundingBox())?.width).toBeGreaterThan(100)
    })

    it('says when no title matches, and announces the number of suggestions politely', async () => {
      const { page } = await openPage(browser, { viewport, colorScheme })
      const errors = collectErrors(page)
      await page.goto(`${baseUrl}/odoo.html`)
      await hydrateIslands(page)
      const box = navbarSearch(page)
      const status = box.getByRole('status')
      expect(await status.getAttribute('aria-live')).toBe('polite')
      await page.keyboard.press('Control+k')
      await page.keyboard.type('traktand')
      await expect.poll(() => status.textContent()).toBe('10 Vorschläge')
      await page.keyboard.type('en archiv')
      await expect.poll(() => status.textContent()).toBe('1 Vorschlag')
      await page.locator('#search-input').fill('gibtsnicht')
      await expect.poll(() => status.textContent()).toBe('Kein Titel passt zu „gibtsnicht“.')
      const empty = box.locator('.search-empty')
      expect(await empty.isVisible()).toBe(true)
      expect(await empty.textContent()).toBe('Kein Titel passt zu „gibtsnicht“.')
      // no listbox is open for it, and the full-text link is still offered below
      expect(await box.getByRole('combobox').getAttribute('aria-expanded')).toBe('false')
      expect(await box.locator('.fulltext-link a').isVisible()).toBe(true)
      await keepScreenshot(page, `search-no-match-${width}-${colorScheme}`)
      await page.locator('#search-input').fill('')
      await expect.poll(() => status.textContent()).toBe('')
      expect(await empty.count()).toBe(0)
      expect(errors).toEqual([])
    })
  },
)

describe.each(widths.flatMap(([width, viewport]) => (['light', 'dark'] as const).map((mode) => [width, viewport, mode] as const)))(
  'the full-text search page at %s px, %s',
  (width, viewport, colorScheme) => {
    it('keeps field and button on one line with the filters below, labels its two search landmarks apart, and shows snippets without stray spaces', async () => {
      const { page } = await openPage(browser, { viewport, colorScheme })
      const errors = collectErrors(page)
      await page.goto(`${baseUrl}/suche.html?q=weiterbildung`)
      await page.locator('.fulltext-status:not(:empty)').waitFor()
      const box = async (selector: string) => (await page.locator(selector).boundingBox())!
      const [field, button, filters] = [await box('.fulltext-query'), await box('.fulltext-submit'), await box('.fulltext-filters')]
      // one line: the button beside the field, as tall and at the right edge of the form
      expect(Math.abs(button.y + button.height / 2 - (field.y + field.height / 2))).toBeLessThan(3)
      expect(button.x).toBeGreaterThan(field.x + field.width)
      // the filters start a line of their own below, at the field's left edge
      expect(filters.y).toBeGreaterThanOrEqual(field.y + field.height)
      expect(Math.abs(filters.x - field.x)).toBeLessThan(1)
      expect(await page.getByRole('search').count()).toBe(2)
      expect(await page.getByRole('search', { name: 'Volltextsuche' }).count()).toBe(1)
      expect(await page.getByRole('search', { name: 'Seitensuche' }).count()).toBe(1)
      const snippet = page.locator('.fulltext-hit .fulltext-snippet').first()
      expect(await snippet.textContent()).toContain('Ferien, Krankheit, Weiterbildung.')
      expect(await snippet.textContent()).not.toMatch(/\s[,.;:!?]/)
      await keepScreenshot(page, `search-page-${width}-${colorScheme}`)
      expect(errors).toEqual([])
    })
  },
)
