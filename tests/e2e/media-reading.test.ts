/**
 * Reading wide content on phones and in dark mode, on the reader fixture's page Medien Breite Inhalte: an info graphic
 * 900 px wide opens in the diagrams' full-screen view at its natural size (src/client/image-viewer.ts), images are
 * dimmed a little in dark mode unless the author keeps them bright (`#no-dim`), code blocks and tables that scroll
 * sideways fade out at the side with more and are named keyboard stops (src/client/scroll-regions.ts), and the copy
 * button, hidden up to 419 px, shows again once the window is wider (a phone turned to landscape).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { labels } from '../../src/shared/labels.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
const PAGE = '/medien-breite-inhalte.html'
const WIDE = 'Infografik zum Umzug der Server'
const BRIGHT = 'Infografik in voller Helligkeit'
const SMALL = 'Blick in den Serverraum'
const viewports = [
  [375, PHONE],
  [1280, DESKTOP],
] as const
const schemes = ['light', 'dark'] as const
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function visit(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  const { page, errors } = await openPage(browser, { viewport, colorScheme })
  await page.goto(`${baseUrl}${PAGE}`)
  await page.waitForLoadState('networkidle')
  return { page, errors }
}

/** The content image with this alt text. */
const image = (page: Page, alt: string) => page.locator(`[data-content] img[alt="${alt}"]`)
const openButton = (page: Page, alt: string) => page.getByRole('button', { name: `${labels.imageOpen}: ${alt}`, exact: true })
const viewer = (page: Page, alt: string) => page.getByRole('dialog', { name: `${labels.imageViewer}: ${alt}`, exact: true })

describe('wide content on phones and in dark mode', () => {
  for (const [width, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`opens the wide image at its natural size, closes on Escape with focus back (${width} px, ${scheme})`, async () => {
        const { page, errors } = await visit(viewport, scheme)
        await image(page, WIDE).scrollIntoViewIfNeeded()
        const shown = await image(page, WIDE).evaluate((img: HTMLImageElement) => img.clientWidth)
        expect(shown).toBeLessThan(900)
        await expect.poll(() => openButton(page, WIDE).isVisible()).toBe(true)
        // the small photo fits: no button, and a click zooms it as before (medium-zoom), not in the view
        expect(await page.getByRole('button', { name: new RegExp(`${labels.imageOpen}: ${SMALL}`) }).count()).toBe(0)

        await image(page, WIDE).click()
        const dialog = viewer(page, WIDE)
        await dialog.waitFor()
        const copy = dialog.locator('img')
        await expect.poll(() => copy.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(900)
        const box = await copy.boundingBox()
        expect(box?.width).toBeCloseTo(900, 0)
        expect(box?.height).toBeCloseTo(420, 0)
        expect(await dialog.locator('output').textContent()).toBe('100 %')
        await page.screenshot({ path: `${import.meta.dirname}/artifacts/media-reading-viewer-${width}-${scheme}.png` })

        // it pans with the arrow keys and zooms with the buttons, as a diagram does
        await page.keyboard.press('ArrowRight')
        expect((await copy.boundingBox())?.x).toBeLessThan(box?.x ?? 0)
        await dialog.getByRole('button', { name: labels.diagramZoomIn }).click()
        expect(await dialog.locator('output').textContent()).toBe('125 %')

        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
          .toBe(`${labels.imageOpen}: ${WIDE}`)
        // the page is as it was: the image still in its place
        expect(await image(page, WIDE).evaluate((img: HTMLImageElement) => img.clientWidth)).toBe(shown)

        // the keyboard: the button opens it with Enter
        await openButton(page, WIDE).focus()
        await page.keyboard.press('Enter')
        await dialog.waitFor()
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })

        await image(page, SMALL).click()
        await page.locator('.medium-zoom-image--opened').waitFor()
        expect(await page.getByRole('dialog').count()).toBe(0)
        await page.keyboard.press('Escape')
        expect(errors).toEqual([])
        await page.context().close()
      })

      it(`dims images in dark mode only, never one marked no-dim (${width} px, ${scheme})`, async () => {
        const { page } = await visit(viewport, scheme)
        const filterOf = (alt: string) => image(page, alt).evaluate((img) => getComputedStyle(img).filter)
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme)
        expect(await filterOf(WIDE)).toBe(scheme === 'dark' ? 'brightness(0.9)' : 'none')
        expect(await filterOf(SMALL)).toBe(scheme === 'dark' ? 'brightness(0.9)' : 'none')
        expect(await filterOf(BRIGHT)).toBe('none')
        // an SVG drawing keeps its colours
        await page.goto(`${baseUrl}/medien-bilder.html`)
        expect(await image(page, 'Rechenzentrum Übersicht').evaluate((img) => getComputedStyle(img).filter)).toBe('none')
        await page.context().close()
      })

      it(`a wide code block and table fade at the side with more and are named tab stops; narrow ones are not (${width} px, ${scheme})`, async () => {
        const { page, errors } = await visit(viewport, scheme)
        const wideCode = page.getByRole('region', { name: labels.codeScrollRegion })
        await expect.poll(() => wideCode.count()).toBe(1)
        expect(await wideCode.textContent()).toContain('rsync')
        expect(await wideCode.getAttribute('tabindex')).toBe('0')
        expect(await wideCode.getAttribute('data-overflow')).toBe('end')
        expect(await wideCode.evaluate((pre) => getComputedStyle(pre).maskImage)).toContain('linear-gradient')
        const narrowCode = page.locator('[data-content] pre', { hasText: 'systemctl status wiki' })
        expect(await narrowCode.getAttribute('tabindex')).toBeNull()
        expect(await narrowCode.getAttribute('data-overflow')).toBeNull()
        expect(await narrowCode.evaluate((pre) => getComputedStyle(pre).maskImage)).toBe('none')

        // the table keeps being a table, with a name that says it scrolls
        const wideTable = page.getByRole('table', { name: labels.tableScrollRegion })
        expect(await wideTable.getAttribute('tabindex')).toBe('0')
        expect(await wideTable.getAttribute('data-overflow')).toBe('end')
        expect(await wideTable.evaluate((table) => getComputedStyle(table).maskImage)).toContain('linear-gradient')
        const narrowTable = page.locator('[data-content] table', { hasText: 'Zustand' })
        expect(await narrowTable.getAttribute('tabindex')).toBeNull()
        expect(await narrowTable.getAttribute('aria-label')).toBeNull()
        expect(await narrowTable.getAttribute('data-overflow')).toBeNull()

        // scrolled with the keyboard to its end, the fade moves to the start
        await wideCode.focus()
        await page.keyboard.press('End')
        for (let i = 0; i < 40 && (await wideCode.getAttribute('data-overflow')) !== 'start'; i++) await page.keyboard.press('ArrowRight')
        await expect.poll(() => wideCode.getAttribute('data-overflow')).toBe('start')
        await wideTable.scrollIntoViewIfNeeded()
        await keepScreenshot(page, `media-reading-blocks-${width}-${scheme}`)
        expect(errors).toEqual([])
        await page.context().close()
      })
    }
  }

  it('a window that grows from 375 to 812 px (a phone turned to landscape) shows the copy button; narrowed again, it hides', async () => {
    const { page, errors } = await visit(PHONE, 'light')
    // hidden, it has no role for getByRole to find
    const copy = page.locator('[data-content] pre', { hasText: 'systemctl status wiki' }).locator('xpath=..').locator('.copy-code-button')
    await copy.waitFor({ state: 'attached' })
    expect(await copy.getAttribute('aria-label')).toBe(labels.copyCode)
    expect(await copy.isVisible()).toBe(false)
    await page.setViewportSize({ width: 812, height: 375 })
    await expect.poll(() => copy.isVisible()).toBe(true)
    await copy.hover()
    await expect.poll(() => copy.evaluate((button) => getComputedStyle(button).opacity)).toBe('1')
    await keepScreenshot(page, 'media-reading-copy-812')
    await page.setViewportSize(PHONE)
    await expect.poll(() => copy.isVisible()).toBe(false)
    expect(errors).toEqual([])
    await page.context().close()
  })
})
