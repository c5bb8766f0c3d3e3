/**
 * Reading diagrams and tabs, on the fixture page /druck-diagramme.html (tests/fixtures/sites/reader/Drucken): each
 * diagram is named after its heading, a frame that scrolls sideways is a named region, the drawing takes the theme's
 * colours in light and dark mode, and without JavaScript each tab panel shows its tab's name. At 375 and 1280 px, in
 * both colour modes; screenshots land in tests/e2e/artifacts/.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { labels } from '../../src/shared/labels.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
const PAGE = '/druck-diagramme.html'
const viewports = [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const
const schemes = ['light', 'dark'] as const
/** mermaid renders in the browser; on a busy machine it takes its time. */
const DRAWN = { timeout: 60_000 }

let browser: Browser

beforeAll(async () => {
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
})

/** Opens the page in `scheme` and scrolls through it, so that every diagram is drawn. */
async function openDrawn(viewport: { width: number; height: number }, scheme: 'light' | 'dark'): Promise<Page> {
  const { page } = await openPage(browser, { viewport, colorScheme: scheme })
  await page.goto(`${baseUrl}${PAGE}`)
  for (const block of await page.locator('[data-content] [data-diagram="mermaid"]').all()) {
    await block.scrollIntoViewIfNeeded()
    await page.locator('[data-content] [data-diagram="mermaid"][data-processed="true"]').nth(0).waitFor(DRAWN)
  }
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-content] [data-diagram="mermaid"]')].every((b) => b.getAttribute('data-processed') === 'true'),
    undefined,
    { ...DRAWN, polling: 200 },
  )
  return page
}

/** The fill and stroke of the first node of the diagram named `name`, and the page's colours they should be. */
function nodeColours(page: Page, name: string) {
  return page.evaluate((name) => {
    const svg = [...document.querySelectorAll('[data-content] .diagram > svg')].find((s) => s.getAttribute('aria-label') === name)
    const shape = svg?.querySelector('.node rect, .node path, .node polygon')
    const probe = document.createElement('span')
    document.body.append(probe)
    const resolve = (variable: string) => {
      probe.style.color = `var(${variable})`
      return getComputedStyle(probe).color
    }
    const page = { fill: resolve('--c-tip-bg'), stroke: resolve('--c-brand') }
    probe.remove()
    return { fill: shape ? getComputedStyle(shape).fill : '', stroke: shape ? getComputedStyle(shape).stroke : '', page }
  }, name)
}

describe('reading diagrams', () => {
  for (const [size, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`names each diagram after its heading, and a frame that scrolls is a named region (${size}, ${scheme})`, async () => {
        const page = await openDrawn(viewport, scheme)
        // the diagrams have no title of their own: each takes the heading it stands under
        await expect(page.getByRole('img', { name: `${labels.diagram}: Freigabekette`, exact: true }).count()).resolves.toBe(1)
        await expect(page.getByRole('img', { name: `${labels.diagram}: Stationen`, exact: true }).count()).resolves.toBe(1)
        // twelve stations side by side are wider than the column at either width: the frame scrolls, is a tab stop
        // and a region with the diagram's name
        const region = page.getByRole('region', { name: `${labels.diagram}: Stationen`, exact: true })
        await expect(region.count()).resolves.toBe(1)
        await expect(region.getAttribute('tabindex')).resolves.toBe('0')
        await expect(region.evaluate((frame) => frame.scrollWidth > frame.clientWidth)).resolves.toBe(true)
        await region.focus()
        await page.keyboard.press('ArrowRight')
        await expect.poll(() => region.evaluate((frame) => frame.scrollLeft), DRAWN).toBeGreaterThan(0)
        // the tall one fits the column's width: no region, no tab stop
        const tall = page
          .locator('[data-content] .diagram')
          .filter({ has: page.getByRole('img', { name: `${labels.diagram}: Freigabekette` }) })
        await expect(tall.getAttribute('role')).resolves.toBeNull()

        const colours = await nodeColours(page, `${labels.diagram}: Freigabekette`)
        expect(colours.fill).toBe(colours.page.fill)
        expect(colours.stroke).toBe(colours.page.stroke)
        await region.scrollIntoViewIfNeeded()
        await keepScreenshot(page, `diagram-reading-${viewport.width}-${scheme}`)
        await page.context().close()
      })
    }
  }

  it('draws in the theme’s colours: the dark page’s nodes differ from the light page’s', async () => {
    const light = await openDrawn(DESKTOP, 'light')
    const dark = await openDrawn(DESKTOP, 'dark')
    const name = `${labels.diagram}: Freigabekette`
    const [lightColours, darkColours] = [await nodeColours(light, name), await nodeColours(dark, name)]
    expect(darkColours.fill).not.toBe(lightColours.fill)
    expect(darkColours.fill).toBe(darkColours.page.fill)
    expect(lightColours.fill).toBe(lightColours.page.fill)
    await light.context().close()
    await dark.context().close()
  })
})

describe('tabs without JavaScript', () => {
  for (const [size, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`shows each panel under its tab's name (${size}, ${scheme})`, async () => {
        const { page } = await openPage(browser, { viewport, colorScheme: scheme, javaScriptEnabled: false })
        await page.goto(`${baseUrl}${PAGE}`)
        const group = page.locator('[data-content] .tabs[data-tabs-id="druck-os"]')
        const panels = group.locator(':scope > [role="tabpanel"]')
        await expect(panels.count()).resolves.toBe(2)
        for (const [i, name] of ['Linux', 'Windows'].entries()) {
          const title = panels.nth(i).locator(':scope > .tab-panel-name')
          await expect(title.isVisible()).resolves.toBe(true)
          await expect(title.textContent()).resolves.toBe(name)
          // the name stands above the panel's text
          const [titleBox, textBox] = [await title.boundingBox(), await panels.nth(i).locator(':scope > p').nth(1).boundingBox()]
          expect(titleBox!.y).toBeLessThan(textBox!.y)
        }
        await group.scrollIntoViewIfNeeded()
        await keepScreenshot(page, `tabs-no-js-${viewport.width}-${scheme}`)
        await page.context().close()
      })
    }
  }

  it('hides the names once the script runs: the tab list names the one panel shown', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}${PAGE}`)
    const group = page.locator('[data-content] .tabs[data-tabs-id="druck-os"]')
    await expect(group.locator('.tab-panel-name').first().isVisible()).resolves.toBe(false)
    await expect(group.locator('[role="tabpanel"]:visible').count()).resolves.toBe(1)
    await page.context().close()
  })
})
