/**
 * The views of a base in the browser (tests/fixtures/bases-vault): on the base's own page and in a ```base block
 * they are tabs, the first shown; a click, the arrow keys or a link to a view's #hash opens another, and without
 * JavaScript every view stays on the page. Screenshots at phone and desktop width, light and dark, are kept.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

let browser: Browser
let served: ServedSite

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/bases-vault')
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** A page of the site with its script errors; the vault has no favicon, so the browser's request for one is no error. */
async function visit(path: string, options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; errors: string[] }> {
  const { page } = await openPage(browser, options)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text())
  })
  await page.goto(`${served.baseUrl}${path}`)
  await page.waitForLoadState('networkidle')
  return { page, errors }
}

/** The names of the visible panels' views. */
const shownViews = (page: Page) => page.locator('.base-views > [role="tabpanel"]:visible').evaluateAll((panels) => panels.map((p) => p.id))

describe('the views of a base as tabs', () => {
  for (const [width, viewport] of [
    ['1280', DESKTOP],
    ['375', PHONE],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`shows the first view, and the second after a click on its tab (${width} px, ${colorScheme})`, async () => {
        const { page, errors } = await visit('/orte.html', { viewport, colorScheme })
        const tabs = page.getByRole('tablist', { name: 'Ansichten' }).getByRole('tab')
        expect(await tabs.allInnerTexts()).toEqual(['Tabelle', 'Nach Grösse', 'Karten', 'Liste', 'Steckbriefe', 'Karte'])
        expect(await shownViews(page)).toEqual(['tabelle'])
        // the table's columns as wide as columnSize says (name 180 px, inhabitants 120 px), its rows tall
        const widths = await page
          .locator('#tabelle thead th')
          .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)))
        expect(widths[0]).toBeGreaterThanOrEqual(180)
        expect(widths[2]).toBeGreaterThanOrEqual(120)
        expect(widths[0]).toBeGreaterThan(widths[2])
        const rowHeight = await page
          .locator('#tabelle tbody tr')
          .first()
          .evaluate((row) => row.getBoundingClientRect().height)
        expect(rowHeight).toBeGreaterThanOrEqual(78)
        await keepScreenshot(page, `bases-tabs-${width}-${colorScheme}`)

        await tabs.nth(1).click()
        expect(await shownViews(page)).toEqual(['nach-grösse'])
        await expect(tabs.nth(1).getAttribute('aria-selected')).resolves.toBe('true')
        expect(await page.locator('#nach-grösse .base-group th').allInnerTexts()).toEqual(['gross 2', 'mittel 2'])
        await keepScreenshot(page, `bases-tabs-second-${width}-${colorScheme}`)
        expect(errors).toEqual([])
        await page.context().close()
      })
    }
  }

  it('moves between views with the arrow keys, and a link to a view opens its tab', async () => {
    const { page, errors } = await visit('/orte.html')
    await page.getByRole('tab', { name: 'Tabelle' }).focus()
    await page.keyboard.press('ArrowLeft')
    expect(await shownViews(page)).toEqual(['karte'])
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Karte')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await shownViews(page)).toEqual(['nach-grösse'])
    await page.goto(`${served.baseUrl}/orte.html#steckbriefe`)
    await page.waitForLoadState('networkidle')
    expect(await shownViews(page)).toEqual(['steckbriefe'])
    await page.evaluate(() => (location.hash = '#liste'))
    await page.waitForFunction(() => document.querySelector('#liste')?.classList.contains('active'))
    expect(await page.locator('#liste ol.base-list > li').count()).toBe(4)
    await keepScreenshot(page, 'bases-tabs-lists')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('keeps every view on the page without JavaScript, and switches the views of a base block', async () => {
    const { page } = await visit('/orte.html', { javaScriptEnabled: false })
    expect(await shownViews(page)).toEqual(['tabelle', 'nach-grösse', 'karten', 'liste', 'steckbriefe', 'karte'])
    await keepScreenshot(page, 'bases-tabs-no-script')
    await page.context().close()

    const block = await visit('/reiseplan.html', { viewport: PHONE })
    const panels = block.page.locator('.base-views > [role="tabpanel"]')
    await expect(panels.nth(0).isVisible()).resolves.toBe(true)
    await expect(panels.nth(1).isVisible()).resolves.toBe(false)
    await block.page.getByRole('tab', { name: 'Kurzliste' }).click()
    await expect(panels.nth(1).isVisible()).resolves.toBe(true)
    expect(await panels.nth(1).locator('li').allInnerTexts()).toEqual(['Bern, BE', 'Genf, GE', 'Luzern, LU', 'Zürich, ZH'])
    await keepScreenshot(block.page, 'bases-block-tabs-375')
    expect(block.errors).toEqual([])
    await block.page.context().close()
  })
})
