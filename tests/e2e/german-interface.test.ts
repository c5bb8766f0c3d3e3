/**
 * A de-CH site in the browser (tests/fixtures/sites/deutsch): what the scripts add once they run (the search box's
 * answers, the toolbars and full-screen views of diagrams and canvases, the copy buttons, the 404 page's help, the
 * full-text results) is German too. The built files are scanned in tests/integration/i18n-de-ch.test.ts; this scans
 * the live page, its text and the names of its controls, for every English text of the interface (from the tables).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { committedCopy } from '../integration/helpers.js'
import { englishIn, englishTexts } from '../integration/interface-texts.js'
import { hydrateIslands, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

let browser: Browser
let served: ServedSite
const words = englishTexts()

beforeAll(async () => {
  served = await buildAndServe(committedCopy('deutsch', '2026-03-14T07:05:00Z'))
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** What the reader sees and hears of the page as it is now: its text and the names, titles and hints of its elements. */
async function liveTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, document.body.innerText]
    for (const element of document.querySelectorAll('*'))
      for (const name of ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)
        if (value) texts.push(value)
      }
    return texts
  })
}

async function visit(path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser)
  await opened.page.goto(`${served.baseUrl}${path}`)
  await hydrateIslands(opened.page)
  return opened
}

describe('a de-CH site in the browser', () => {
  it('shows no English text of the interface on a page with callouts, a diagram, code, media and properties, nor in the diagram viewer', async () => {
    const { page } = await visit('/einstieg.html')
    const block = page.locator('[data-content] [data-diagram="mermaid"]').first()
    await block.scrollIntoViewIfNeeded()
    const drawing = block.locator('svg[role="img"]')
    await drawing.waitFor()
    await page.locator('[data-content] .language-bash pre').hover()
    const found = englishIn('page', await liveTexts(page), words)
    await drawing.click({ position: { x: 20, y: 20 } })
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    found.push(...englishIn('diagram viewer', await liveTexts(page), words))
    expect(found).toEqual([])
  })

  it('shows no English text of the interface on a canvas, nor in its full-screen view', async () => {
    const { page } = await visit('/projektplan.html')
    await page.locator('.canvas-toolbar').waitFor()
    const found = englishIn('canvas', await liveTexts(page), words)
    await page.locator('.canvas-toolbar').getByRole('button', { name: 'Zeichenfläche in Vollansicht' }).click()
    await page.getByRole('dialog', { name: 'Zeichenfläche in Vollansicht: Projektplan.canvas' }).waitFor()
    found.push(...englishIn('canvas viewer', await liveTexts(page), words))
    expect(found).toEqual([])
  })

  it('answers in the search box in German, with and without suggestions', async () => {
    const { page } = await visit('/umzug.html')
    const box = page.locator('#search-input')
    await box.fill('Serverraum')
    await page.locator('#search-suggestions [role="option"]').first().waitFor()
    const found = englishIn('suggestions', await liveTexts(page), words)
    await box.fill('zzqqxx')
    await expect.poll(() => page.locator('.search-box [role="status"]').textContent()).toContain('Kein Titel passt zu')
    found.push(...englishIn('no suggestions', await liveTexts(page), words))
    expect(found).toEqual([])
  })

  it('shows full-text results, a base and the 404 page without English texts of the interface (but the spec’s 404 texts)', async () => {
    const found: string[] = []
    const results = await visit('/suche.html?q=Notausgnag')
    await results.page.locator('.fulltext-status').filter({ hasText: 'Treffer' }).waitFor()
    found.push(...englishIn('full text', await liveTexts(results.page), words))
    const base = await visit('/%C3%BCbersicht.html')
    found.push(...englishIn('base', await liveTexts(base.page), words))
    const missing = await visit('/serverraume.html')
    await missing.page.locator('.not-found-suggestion:not([hidden])').waitFor()
    const texts = await liveTexts(missing.page)
    // the spec's 404 message and link are English on every site (spec §8); the table writes them the same in both
    expect(texts.join('\n')).toContain('Take me home')
    found.push(...englishIn('404', texts, words))
    expect(found).toEqual([])
  })
})
