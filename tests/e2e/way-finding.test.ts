/**
 * Way-finding in the browser: breadcrumbs above the page lead back through its section, and the section badge opens
 * the list of the section's pages, at desktop and phone width.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('way-finding', () => {
  it('leads from a page through its breadcrumbs and section badge to the list of the section', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto(`${baseUrl}/suchhilfe.html`)
    const crumbs = page.getByRole('navigation', { name: 'Pfad' })
    // where the page stands, not the page again: its title is right below
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual(['Home', 'Suche'])
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Suchhilfe')
    await page.locator('.page-badges').getByRole('link', { name: 'Suche' }).click()
    await page.waitForURL(`${baseUrl}/sections/suche.html`)
    const listed = await page.locator('.section-page-list').getByRole('link').allTextContents()
    expect(listed).toContain('Suchhilfe')
    expect(listed).toContain('Wartung Mailserver')
    await page.goBack()
    await page.waitForURL(`${baseUrl}/suchhilfe.html`)
    await crumbs.getByRole('link', { name: 'Home' }).click()
    await page.waitForURL(`${baseUrl}/`)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('keeps the breadcrumbs readable on a phone, in both colour modes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openPage(browser, { viewport: PHONE, colorScheme })
      await page.goto(`${baseUrl}/suchhilfe.html`)
      const box = await page.getByRole('navigation', { name: 'Pfad' }).boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true)
      await keepScreenshot(page, `breadcrumbs-phone-${colorScheme}`)
      await page.context().close()
    }
  })
})
