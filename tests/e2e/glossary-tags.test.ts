/**
 * The glossary and the tag pages in the browser, at phone and desktop width in both colour modes: the sidebar keeps
 * its active heading in view without moving the page, phones get a bar of the letters that jumps to each, a short tag
 * page stays in one column, and the page of all tags lists every tag with its count.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const MODES = [
  ['light', DESKTOP],
  ['dark', DESKTOP],
  ['light', PHONE],
  ['dark', PHONE],
] as const

/** Whether the sidebar's active heading link lies inside the sidebar's visible box. */
const activeInSidebarView = (page: Page) =>
  page.evaluate(() => {
    const sidebar = document.querySelector('.sidebar')!.getBoundingClientRect()
    const link = document.querySelector('.sidebar a[href^="#"].active')
    if (!link) return undefined
    const box = link.getBoundingClientRect()
    return { text: link.textContent, inView: box.top >= sidebar.top && box.bottom <= sidebar.bottom }
  })

describe('the glossary', () => {
  it('scrolls the active sidebar item into view on load and as the reader scrolls, without moving the page', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(browser, { viewport: DESKTOP, colorScheme })
      await page.goto(`${baseUrl}/glossary.html#zahlungsziel`)
      await page.waitForLoadState('networkidle')
      // the glossary's sidebar is taller than the screen: its last entry is out of view until revealed
      expect(await page.evaluate(() => document.querySelector('.sidebar')!.scrollHeight > innerHeight)).toBe(true)
      await expect.poll(() => activeInSidebarView(page)).toEqual({ text: 'Zahlungsziel', inView: true })
      expect(await page.evaluate(() => document.querySelector('.sidebar')!.scrollTop)).toBeGreaterThan(0)

      // the reader scrolls back up to B: after the spy's delay, B's entry is marked and shown, the page stays put
      const y = await page.evaluate(() => {
        const top = document.getElementById('buchungssatz')!.getBoundingClientRect().top + scrollY
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
        scrollTo(0, top - padding)
        return scrollY
      })
      await expect.poll(() => activeInSidebarView(page), { timeout: 3000 }).toEqual({ text: 'Buchungssatz', inView: true })
      expect(await page.evaluate(() => scrollY)).toBe(y)
      // the bar of letters is for phones: the sidebar lists the letters here
      expect(await page.getByRole('navigation', { name: 'Buchstaben' }).isVisible()).toBe(false)
      await keepScreenshot(page, `glossary-desktop-${colorScheme}`)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })

  it('shows a bar of the letters on a phone that jumps to each letter', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(browser, { viewport: PHONE, colorScheme })
      await page.goto(`${baseUrl}/glossary.html`)
      const bar = page.getByRole('navigation', { name: 'Buchstaben' })
      expect(await bar.isVisible()).toBe(true)
      const letters = await bar.getByRole('link').allTextContents()
      // the letters present, A to Z: no Q, X or Y in this glossary
      expect(letters[0]).toBe('A')
      expect(letters.at(-1)).toBe('Z')
      expect(letters).not.toContain('Q')
      // the bar fits the phone's width and each letter is large enough to tap
      const boxes = await bar.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON()))
      for (const box of boxes) {
        expect(box.right).toBeLessThanOrEqual(PHONE.width)
        expect(box.width).toBeGreaterThanOrEqual(24)
        expect(box.height).toBeGreaterThanOrEqual(24)
      }
      await keepScreenshot(page, `glossary-phone-${colorScheme}`)

      await bar.getByRole('link', { name: 'Z', exact: true }).click()
      await page.waitForURL(`${baseUrl}/glossary.html#z`)
      // the letter's heading lands right below the navbar
      await expect
        .poll(() => page.evaluate(() => Math.round(document.getElementById('z')!.getBoundingClientRect().top)), { timeout: 3000 })
        .toBeGreaterThanOrEqual(0)
      const top = await page.evaluate(() => document.getElementById('z')!.getBoundingClientRect().top)
      expect(top).toBeLessThan(PHONE.height / 2)
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })
})

describe('tag pages', () => {
  it.each(MODES)(
    'keeps a tag page with few entries in one column and spreads six over two, in %s mode at %o',
    async (colorScheme, viewport) => {
      const { page, errors } = await openPage(browser, { viewport, colorScheme })
      const columnsOf = async (path: string) => {
        await page.goto(`${baseUrl}${path}`)
        const lefts = await page
          .locator('.tag-page-list li')
          .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)))
        return new Set(lefts).size
      }
      expect(await columnsOf('/tags/lager.html')).toBe(1)
      // six entries: two columns where the width allows (two 16rem columns do not fit a phone)
      expect(await columnsOf('/tags/buchhaltung.html')).toBe(viewport === DESKTOP ? 2 : 1)
      expect(errors).toEqual([])
      await page.context().close()
    },
  )

  it.each(MODES)(
    "leads from a tag page to 'Alle Tags', which lists every tag with its count, in %s mode at %o",
    async (colorScheme, viewport) => {
      const { page, errors } = await openPage(browser, { viewport, colorScheme })
      await page.goto(`${baseUrl}/tags/lager.html`)
      await page.getByRole('link', { name: 'Alle Tags' }).click()
      await page.waitForURL(`${baseUrl}/tags.html`)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Alle Tags')
      expect(await page.title()).toMatch(/^Alle Tags \| /)
      const entries = await page.locator('.tag-index li').allTextContents()
      expect(entries).toEqual(['#abbau 1 Seite', '#buchhaltung 6 Seiten', '#lager 2 Seiten', '#lager/eingang 1 Seite'])
      const box = await page.locator('.tag-index').boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true)
      await keepScreenshot(page, `all-tags-${viewport === PHONE ? 'phone' : 'desktop'}-${colorScheme}`)
      await page.getByRole('link', { name: '#lager/eingang' }).click()
      await page.waitForURL(`${baseUrl}/tags/lager/eingang.html`)
      expect(await page.locator('.tag-page-list').getByRole('link').allTextContents()).toEqual(['Wareneingang'])
      expect(errors).toEqual([])
      await page.context().close()
    },
  )
})
