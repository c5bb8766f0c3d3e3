/**
 * Canvases in the browser (tests/fixtures/canvas-vault, served under the recommended Content-Security-Policy): a
 * canvas much wider than the column is fitted to it on a phone and a desktop, with no sideways scrolling of the page,
 * also without JavaScript; the keyboard zooms it in the page and in the full-screen view, and the text grows; its
 * web-page cards and background images ask no other site for anything; its code loads on canvas pages only; the
 * buttons speak the site's language. Screenshots at 375 and 1280 px in both colour modes are kept as artifacts.
 */
import { cpSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'
import { tempDir } from '../integration/helpers.js'

let browser: Browser
let served: ServedSite
let english: ServedSite
let baseUrl: string
let closeCsp: () => Promise<void>

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/canvas-vault')
  // the same site behind the policy of docs/SECURITY.md: nothing the canvas does may need an exception
  const server = await startServer({ dir: served.site, port: 0, host: '127.0.0.1', csp: true })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeCsp = () => new Promise((resolve) => server.close(() => resolve()))
  const copy = join(tempDir('wikigen-canvas-en-'), 'vault')
  cpSync('tests/fixtures/canvas-vault', copy, { recursive: true })
  writeFileSync(join(copy, 'wikigen.config.ts'), "export default { site: { lang: 'en', title: 'Project wiki' } }\n")
  english = await buildAndServe(copy)
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await closeCsp?.()
  await served?.close()
  await english?.close()
})

const CANVAS_PAGE = '/plan.canvas.html'
/** The canvas's width at its natural size (its viewBox), in px. */
const NATURAL_WIDTH = 1980

interface Visit {
  page: Page
  /** Script errors and failed loads. */
  errors: string[]
  /** Every URL the page asked for. */
  requests: string[]
  violations: () => Promise<string[]>
}

async function visit(path: string, options: BrowserContextOptions = {}, site = baseUrl): Promise<Visit> {
  const { page } = await openPage(browser, options)
  // script errors and failed loads, less Chromium's own request for /favicon.ico (the vault has no icon)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
  })
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  await page.goto(`${site}${path}`)
  await page.waitForLoadState('networkidle')
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
  return { page, errors, requests, violations }
}

/** Where the canvas is drawn, its frame and the page's column, and whether the page scrolls sideways. */
function layout(page: Page) {
  return page.evaluate(() => {
    const figure = document.querySelector<HTMLElement>('[data-content] figure.canvas')!
    const frame = figure.querySelector<HTMLElement>('.canvas-scroll')!
    const svg = frame.querySelector('svg')!
    const content = document.querySelector<HTMLElement>('[data-content]')!
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect()
      return { left: rect.left, right: rect.right, width: rect.width, height: rect.height }
    }
    return {
      svg: box(svg),
      frame: { ...box(frame), scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth, scrollLeft: frame.scrollLeft },
      column: box(content),
      pageScrollsSideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    }
  })
}

/** The height of a line of node text as shown, in px: how large the reader sees it. */
function shownTextHeight(page: Page, text = 'Kundenportal'): Promise<number> {
  return page
    .locator('.canvas-node-content strong', { hasText: text })
    .first()
    .evaluate((el) => el.getBoundingClientRect().height)
}

describe('a canvas wider than the column', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`is fitted to the column at ${viewport.width} px, all of it at a glance, the page not scrolling sideways`, async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, errors, violations } = await visit(CANVAS_PAGE, { viewport, colorScheme })
        await page.locator('.canvas-toolbar').waitFor()
        const shown = await layout(page)
        expect(shown.pageScrollsSideways).toBe(false)
        expect(shown.svg.width).toBeLessThan(NATURAL_WIDTH / 1.8)
        expect(shown.svg.left).toBeGreaterThanOrEqual(shown.column.left - 0.5)
        expect(shown.svg.right).toBeLessThanOrEqual(shown.column.right + 0.5)
        // the whole drawing is in the frame: nothing to scroll to
        expect(shown.frame.scrollWidth).toBeLessThanOrEqual(shown.frame.clientWidth)
        expect(shown.svg.height).toBeLessThanOrEqual(shown.frame.height)
        expect(errors).toEqual([])
        expect(await violations()).toEqual([])
        await keepScreenshot(page, `canvas-${name}-${viewport.width}-${colorScheme}`)
        await page.context().close()
      }
    })
  }

  it('is fitted without JavaScript too, with no buttons', async () => {
    const { page } = await visit(CANVAS_PAGE, { viewport: PHONE, javaScriptEnabled: false })
    const shown = await layout(page)
    expect(shown.pageScrollsSideways).toBe(false)
    expect(shown.svg.width).toBeLessThanOrEqual(shown.column.width + 0.5)
    expect(shown.svg.width).toBeGreaterThan(200)
    expect(await page.locator('.canvas-toolbar').count()).toBe(0)
    await keepScreenshot(page, 'canvas-phone-375-no-script')
    await page.context().close()
  })
})

describe('zooming a canvas with the keyboard', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`zooms in the page with + and -, pans with the arrow keys, and shows it all again with 0 (${name})`, async () => {
      const { page, errors } = await visit(CANVAS_PAGE, { viewport })
      await page.locator('.canvas-toolbar').waitFor()
      // reached by Tab like any control: first the buttons, then the canvas itself
      let focused = ''
      for (let i = 0; i < 40 && focused !== 'canvas-scroll'; i++) {
        await page.keyboard.press('Tab')
        focused = await page.evaluate(() => document.activeElement?.className ?? '')
      }
      expect(focused).toBe('canvas-scroll')
      const fitted = await layout(page)
      const small = await shownTextHeight(page)
      await page.keyboard.press('+')
      await page.keyboard.press('+')
      const zoomed = await layout(page)
      expect(zoomed.svg.width).toBeCloseTo(fitted.svg.width * 1.25 * 1.25, 0)
      expect(await shownTextHeight(page)).toBeGreaterThan(small * 1.5)
      // the frame keeps the column's width and scrolls; the page still does not
      expect(zoomed.frame.width).toBeCloseTo(fitted.frame.width, 0)
      expect(zoomed.frame.scrollWidth).toBeGreaterThan(zoomed.frame.clientWidth)
      expect(zoomed.pageScrollsSideways).toBe(false)
      const before = zoomed.frame.scrollLeft
      await page.keyboard.press('ArrowRight')
      await expect.poll(async () => (await layout(page)).frame.scrollLeft).toBeGreaterThan(before)
      await page.keyboard.press('-')
      expect((await layout(page)).svg.width).toBeCloseTo(fitted.svg.width * 1.25, 0)
      await page.keyboard.press('0')
      expect((await layout(page)).svg.width).toBeCloseTo(fitted.svg.width, 0)
      // the buttons do the same, by keyboard too
      await page.getByRole('button', { name: 'Vergrössern' }).focus()
      await page.keyboard.press('Enter')
      expect((await layout(page)).svg.width).toBeCloseTo(fitted.svg.width * 1.25, 0)
      await page.getByRole('button', { name: 'Ganze Zeichenfläche zeigen' }).press('Enter')
      expect((await layout(page)).svg.width).toBeCloseTo(fitted.svg.width, 0)
      expect(errors).toEqual([])
      await page.context().close()
    })
  }

  it('pans a zoomed canvas by dragging with the mouse; Ctrl+wheel zooms, the wheel alone scrolls the page', async () => {
    const { page, errors } = await visit(CANVAS_PAGE, { viewport: { width: 1280, height: 500 } })
    await page.locator('.canvas-toolbar').waitFor()
    const zoomIn = page.locator('.canvas-toolbar button').nth(1)
    await zoomIn.click()
    await zoomIn.click()
    const frame = page.locator('.canvas-scroll')
    const box = (await frame.boundingBox())!
    const before = await layout(page)
    // the drag starts on a web-page card: letting go after it is no click on the link
    const card = (await page.locator('a.canvas-link-card', { hasText: 'example.org' }).boundingBox())!
    expect(card.x).toBeGreaterThan(box.x)
    await page.mouse.move(card.x + 40, card.y + card.height / 2)
    await page.mouse.down()
    await page.mouse.move(card.x - 60, card.y + card.height / 2, { steps: 5 })
    await page.mouse.up()
    expect((await layout(page)).frame.scrollLeft).toBeCloseTo(before.frame.scrollLeft + 100, 0)
    expect(page.context().pages()).toHaveLength(1)
    await page.mouse.move(box.x + 300, box.y + 150)
    await page.keyboard.down('Control')
    await page.mouse.wheel(0, -100)
    await page.keyboard.up('Control')
    expect((await layout(page)).svg.width).toBeGreaterThan(before.svg.width * 1.2)
    await page.mouse.wheel(0, 150)
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('opens full screen with Enter, readable at once, zooms there, and gives the focus back on Escape', async () => {
    const { page, errors, violations } = await visit(CANVAS_PAGE, { viewport: PHONE })
    await page.locator('.canvas-toolbar').waitFor()
    const fitted = await shownTextHeight(page)
    await page.locator('.canvas-scroll').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Zeichenfläche in Vollansicht: Plan.canvas' })
    await dialog.waitFor()
    const opened = await shownTextHeight(page)
    // fitted to a phone the text is tiny; full screen opens with it readable (12 px type and up)
    expect(opened).toBeGreaterThan(fitted * 3)
    const text = await page
      .locator('.canvas-viewer-stage .canvas-node-content p')
      .first()
      .evaluate((p) => {
        const svg = p.closest('svg')!
        return (parseFloat(getComputedStyle(p).fontSize) * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width
      })
    expect(text).toBeGreaterThanOrEqual(12)
    await page.keyboard.press('+')
    expect(await shownTextHeight(page)).toBeCloseTo(opened * 1.25, 0)
    await keepScreenshot(page, 'canvas-phone-375-full-screen')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('canvas-scroll')
    // back in the page as it was: fitted
    expect(await shownTextHeight(page)).toBeCloseTo(fitted, 0)
    expect(await page.locator('.canvas-scroll > svg').count()).toBe(1)
    expect(errors).toEqual([])
    expect(await violations()).toEqual([])
    await page.context().close()
  })
})

describe('what a canvas shows', () => {
  it('draws web pages as cards that link out, and asks no other site for anything', async () => {
    const { page, requests } = await visit(CANVAS_PAGE)
    const card = page.locator('a.canvas-link-card', { hasText: 'example.org' })
    expect(await card.getAttribute('href')).toBe('https://example.org/docs/portal/start?sprache=de')
    expect(await card.getAttribute('target')).toBe('_blank')
    expect(await card.innerText()).toContain('https://example.org/docs/portal/start?sprache=de')
    expect(requests.filter((url) => !url.startsWith(baseUrl))).toEqual([])
    // the group backgrounds come from the site
    for (const image of ['Landschaft.png', 'Kachel.png', 'Logo.png']) expect(requests).toContain(`${baseUrl}/Anh%C3%A4nge/${image}`)
    await page.context().close()
  })

  it('loads the zoom code on pages with a canvas only', async () => {
    const chunk = /\/_wikigen\/chunks\/canvas-chunk-/
    const note = await visit('/plan.html')
    expect(note.requests.filter((url) => chunk.test(url))).toEqual([])
    await note.page.context().close()
    const canvas = await visit('/einbettung.html')
    await canvas.page.locator('.canvas-toolbar').waitFor()
    expect(canvas.requests.filter((url) => chunk.test(url))).toHaveLength(1)
    await canvas.page.context().close()
  })

  it("names its buttons in the site's language", async () => {
    const { page, errors } = await visit(CANVAS_PAGE, {}, english.baseUrl)
    await page.locator('.canvas-toolbar').waitFor()
    const names = await page.locator('.canvas-toolbar button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    expect(names).toEqual(['Zoom out', 'Zoom in', 'Show whole canvas', 'Canvas full screen'])
    const help = await page
      .locator('.canvas-scroll')
      .evaluate((frame) => document.getElementById(frame.getAttribute('aria-describedby')!)?.textContent)
    expect(help).toBe('+ and − zoom, 0 shows all of it, the arrow keys move it, Enter opens it full screen.')
    expect(errors).toEqual([])
    await page.context().close()
  })
})

describe('accessibility', () => {
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

  for (const viewport of [PHONE, DESKTOP]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no serious or critical axe violation, fitted and zoomed (${viewport.width} px, ${colorScheme})`, async () => {
        // axe is put into the page as a script of its own, which the policy would block: the site without it
        const { page } = await visit(CANVAS_PAGE, { viewport, colorScheme }, served.baseUrl)
        await page.locator('.canvas-toolbar').waitFor()
        await page.addScriptTag({ path: axePath })
        const check = () =>
          page.evaluate(async () => {
            const axe = (
              window as unknown as {
                axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> }
              }
            ).axe
            const { violations } = await axe.run(document)
            return violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map(
                (v) =>
                  `${v.id}: ${v.nodes
                    .slice(0, 3)
                    .map((n) => n.target.join(' '))
                    .join(', ')}`,
              )
          })
        expect(await check()).toEqual([])
        await page.locator('.canvas-scroll').press('+')
        await page.locator('.canvas-scroll').press('+')
        expect(await check()).toEqual([])
        await page.context().close()
      })
    }
  }
})
