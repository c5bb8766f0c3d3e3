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

describe('built pages without JavaScript', () => {
  it('read as complete pages: title, navigation, sidebar from headings, content and links', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    await expect(page.title()).resolves.toBe('Odoo Hosting | Testwiki')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Odoo Hosting')
    const sidebar = page.getByRole('complementary', { name: 'Auf dieser Seite' })
    expect(await sidebar.getByRole('link').allTextContents()).toEqual(['Odoo Hosting', 'Varianten', 'On-Premise'])
    expect(
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Glossar' }).getAttribute('href'),
    ).toBe('/glossary')
    await keepScreenshot(page, 'no-js-odoo-hosting')
  })

  it('follow a wikilink to a page with umlauts in its percent-encoded path', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}/`)
    await page.getByRole('link', { name: 'Wirkungsräume' }).click()
    await page.waitForURL(`${baseUrl}/wirkungsr%C3%A4ume.html`)
    expect(await page.getByRole('heading', { name: 'Operativer Raum' }).isVisible()).toBe(true)
  })

  it('keep old URLs alive: a legacy spelling lands on the clean route', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    const response = await page.goto(`${baseUrl}/wissensmanager:in.html`)
    expect(response?.status()).toBe(200)
    expect(page.url()).toBe(`${baseUrl}/wissensmanager_in.html`)
  })

  it('show the 404 page with its first message for unknown paths', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    const response = await page.goto(`${baseUrl}/gibt-es-nicht.html`)
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('blockquote').textContent()).toBe("There's nothing here.")
    expect(await page.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/')
  })

  it('show every tab panel at phone width, so no content is hidden without the client', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false, viewport: PHONE })
    await page.goto(`${baseUrl}/odoo.html`)
    expect(await page.getByRole('tabpanel').count()).toBe(2)
    expect(await page.getByText('brew install postgresql').isVisible()).toBe(true)
    await keepScreenshot(page, 'no-js-odoo-phone')
  })
})

describe('built pages with the client', () => {
  it('load without script errors and apply the colour mode before paint', async () => {
    const { page, errors } = await openPage(browser, { colorScheme: 'dark' })
    await page.goto(`${baseUrl}/odoo.html`)
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark')
    expect(errors).toEqual([])
  })
})
