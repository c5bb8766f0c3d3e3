/**
 * Readable diagrams (spec §1, §4, §9), on the real wiki in content/, built once for this file: diagram text is never
 * shown below 12 px; a wide diagram scrolls sideways in a focusable frame with a visible hint; a click or Enter
 * opens it full-screen with zoom and pan, Escape closes it and gives the focus back; while diagrams load, the page
 * shows placeholders of their size, so nothing moves (CLS) and back/forward lands where the reader was; dark-mode
 * labels have enough contrast; 'beforeprint' renders every diagram.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { labels } from '../../src/shared/labels.js'
import { DESKTOP, PHONE, holdRequests, keepScreenshot, launch, openPage } from './browser.js'

const root = join(import.meta.dirname, '../..')
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const viewports = [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const
const schemes = ['light', 'dark'] as const

let browser: Browser
let server: Server | undefined
let dir: string | undefined
let baseUrl = ''
/** Every page of the built wiki that has a diagram, as a path ('/gitlab-ci.html'). */
let diagramPages: string[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikigen-diagrams-'))
  const site = join(dir, 'site')
  execFileSync(process.execPath, [join(root, 'bin/wikigen.js'), 'build', '--root', join(root, 'content'), '--out', site, '--no-cache'], {
    env: { ...process.env, CI: '1' },
    stdio: 'ignore',
  })
  diagramPages = readdirSync(site, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && readFileSync(join(site, file), 'utf8').includes('data-diagram="mermaid"'))
    .map((file) => `/${encodeURI(file.split('\\').join('/'))}`)
    .sort()
  server = await startServer({ dir: site, port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const BLOCKS = '[data-content] [data-diagram="mermaid"]'

/** expect.poll with room for mermaid's renders on a busy machine. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 100 })

/** Renders every diagram of the page at once, as printing does, and waits until each is drawn (or failed). */
async function renderAll(page: Page): Promise<void> {
  await page.locator(BLOCKS).first().waitFor({ state: 'attached' })
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')))
  await eventually(() => page.locator(`${BLOCKS}:not([data-processed="true"])`).count()).toBe(0)
}

/** The smallest font size of any diagram text on the page, in CSS px as shown (the drawing's scale applied). */
function smallestShownText(page: Page): Promise<{ size: number; text: string; count: number }> {
  return page.evaluate((selector) => {
    let smallest = { size: Infinity, text: '', count: 0 }
    for (const block of document.querySelectorAll(selector)) {
      const svg = block.querySelector<SVGSVGElement>(':scope > svg')
      if (!svg) continue
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
      for (const element of svg.querySelectorAll('text, tspan, foreignObject *')) {
        const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
        if (!own) continue
        smallest.count += 1
        const size = parseFloat(getComputedStyle(element).fontSize) * scale
        if (size < smallest.size) smallest = { size, text: element.textContent?.trim() ?? '', count: smallest.count }
      }
    }
    return smallest
  }, BLOCKS)
}

describe('diagram text', () => {
  for (const [name, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`is at least 12 px on every diagram page of the wiki (${name}, ${scheme})`, { timeout: 900_000 }, async () => {
        expect(diagramPages.length).toBeGreaterThan(50)
        const { page, errors } = await openPage(browser, { viewport, colorScheme: scheme })
        const found: string[] = []
        let smallest = Infinity
        let texts = 0
        for (const path of diagramPages) {
          await page.goto(`${baseUrl}${path}`)
          await renderAll(page)
          const result = await smallestShownText(page)
          texts += result.count
          smallest = Math.min(smallest, result.size)
          if (result.size < 12) found.push(`${path}: "${result.text}" at ${result.size.toFixed(1)} px`)
        }
        console.info(
          `diagram text (${name}, ${scheme}): smallest ${smallest.toFixed(2)} px over ${texts} labels on ${diagramPages.length} pages`,
        )
        expect(texts).toBeGreaterThan(500)
        expect(found).toEqual([])
        expect(errors.filter((error) => !/favicon|ERR_NAME_NOT_RESOLVED/.test(error))).toEqual([])
        await page.context().close()
      })
    }
  }
})

/** The frame (scroll container) of the first diagram on the page, and its figure. */
const firstFrame = (page: Page) => page.locator(BLOCKS).first()

describe('a wide diagram', () => {
  for (const [name, viewport] of viewports) {
    it(`scrolls sideways in a focusable frame with a visible hint (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/gitlab-ci.html`)
      const frame = firstFrame(page)
      await frame.locator('svg[role="img"]').waitFor()
      const box = await frame.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }))
      expect(box.scroll).toBeGreaterThan(box.client + 100)
      // the page itself does not scroll sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      const hint = page.locator('[data-content] .diagram-figure').first().getByText(labels.diagramScrollHint)
      await expect(hint.isVisible()).resolves.toBe(true)
      // reached with the keyboard, and scrolled with it
      await frame.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await page.locator('[data-content] h2').first().focus()
      for (let i = 0; i < 20 && !(await frame.evaluate((element) => element === document.activeElement)); i++)
        await page.keyboard.press('Tab')
      expect(await frame.evaluate((element) => element === document.activeElement)).toBe(true)
      await page.keyboard.press('ArrowRight')
      await eventually(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
      // scrolled to the end, the hint of more to the right is gone from the right edge
      await frame.evaluate((element) => element.scrollTo({ left: element.scrollWidth }))
      await eventually(() => page.locator('[data-content] .diagram-figure').first().getAttribute('data-overflow')).toBe('start')
    })
  }
})

/** The transform of the drawing in the full-screen view: its scale and translation. */
function viewTransform(page: Page): Promise<{ scale: number; x: number; y: number }> {
  return page
    .getByRole('dialog')
    .locator('svg[role="img"]')
    .evaluate((svg) => {
      const matrix = new DOMMatrix(getComputedStyle(svg).transform)
      return { scale: matrix.a, x: matrix.e, y: matrix.f }
    })
}

describe('the full-screen view', () => {
  for (const [name, viewport] of viewports) {
    it(`opens on click, zooms and pans, and Escape closes it with the focus back (${name})`, async () => {
      const { page, errors } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/gitlab-ci.html`)
      const frame = firstFrame(page)
      const drawing = frame.locator('svg[role="img"]')
      await drawing.waitFor()
      const frameHeight = await frame.evaluate((element) => element.getBoundingClientRect().height)
      await drawing.click({ position: { x: 40, y: 20 } })
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      // the drawing itself moved over; the frame keeps its size meanwhile
      await eventually(() => dialog.locator('svg[role="img"]').count()).toBe(1)
      await eventually(() => frame.locator('svg[role="img"]').count()).toBe(0)
      expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(frameHeight)

      const start = await viewTransform(page)
      await dialog.getByRole('button', { name: labels.diagramZoomIn }).click()
      const zoomed = await viewTransform(page)
      expect(zoomed.scale).toBeCloseTo(start.scale * 1.25, 3)
      // the wheel zooms around the pointer
      const stage = dialog.locator('.diagram-viewer-stage')
      const stageBox = await stage.boundingBox()
      if (!stageBox) throw new Error('no stage')
      await page.mouse.move(stageBox.x + stageBox.width / 2, stageBox.y + stageBox.height / 2)
      await page.mouse.wheel(0, 200)
      await eventually(async () => (await viewTransform(page)).scale).toBeLessThan(zoomed.scale)
      // dragging pans
      const before = await viewTransform(page)
      await page.mouse.down()
      await page.mouse.move(stageBox.x + stageBox.width / 2 - 60, stageBox.y + stageBox.height / 2 + 30, { steps: 5 })
      await page.mouse.up()
      const dragged = await viewTransform(page)
      expect(dragged.x).toBeCloseTo(before.x - 60, 0)
      expect(dragged.y).toBeCloseTo(before.y + 30, 0)
      // and so do the arrow keys; + and - zoom
      await page.keyboard.press('ArrowLeft')
      expect((await viewTransform(page)).x).toBeGreaterThan(dragged.x)
      await page.keyboard.press('+')
      expect((await viewTransform(page)).scale).toBeGreaterThan(dragged.scale)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      // the drawing is back, and the focus on what opened the view (the frame, a tab stop since it scrolls)
      await eventually(() => frame.locator('svg[role="img"]').count()).toBe(1)
      expect(await frame.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(errors.filter((error) => !/favicon|ERR_NAME_NOT_RESOLVED/.test(error))).toEqual([])
    })

    it(`opens with Enter on the focused frame and with the open button (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/gitlab-ci.html`)
      const frame = firstFrame(page)
      await frame.locator('svg[role="img"]').waitFor()
      await frame.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog')
      await dialog.waitFor()
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
      await dialog.getByRole('button', { name: labels.diagramClose }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await frame.evaluate((element) => element === document.activeElement)).toBe(true)

      const open = page.locator('[data-content] .diagram-figure').first().getByRole('button', { name: labels.diagramOpen })
      await open.focus()
      await page.keyboard.press('Enter')
      await dialog.waitFor()
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await open.evaluate((element) => element === document.activeElement)).toBe(true)
    })
  }

  it('opens a diagram that fits readable at once, and a wide one on a phone never below 12 px', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await page.goto(`${baseUrl}/prozesse-infrastruktur.html`)
    const frame = firstFrame(page)
    // diagrams are drawn when they come near the viewport: the page's first one may sit further down
    await frame.scrollIntoViewIfNeeded()
    await frame.locator('svg[role="img"]').click({ position: { x: 30, y: 20 } })
    await page.getByRole('dialog').waitFor()
    const smallest = await page
      .getByRole('dialog')
      .locator('svg[role="img"]')
      .evaluate((svg) => {
        const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width
        const sizes = [...svg.querySelectorAll('foreignObject span, foreignObject p, text')].map(
          (element) => parseFloat(getComputedStyle(element).fontSize) * scale,
        )
        return Math.min(...sizes)
      })
    expect(smallest).toBeGreaterThanOrEqual(12)
    // of the viewport: a full-page screenshot would not show the view, which is fixed to it
    await page.screenshot({ path: join(import.meta.dirname, 'artifacts', 'diagram-viewer-375.png') })
  })
})

/** One layout shift the page had without input: its score, when, and which elements moved from where to where. */
interface Shift {
  value: number
  time: number
  sources: string[]
}

/**
 * Collects the page's layout shifts without recent input, from a buffered PerformanceObserver, and returns a reader
 * of its CLS as the metric defines it (web.dev, Lighthouse): the largest sum of shifts within one session window,
 * where a window ends after a second without a shift or after five seconds. The sources name the moved elements
 * with their rectangles, so a failure says what moved.
 */
async function observeShifts(page: Page): Promise<() => Promise<{ cls: number; sources: string[] }>> {
  await page.addInitScript(() => {
    const shifts: Shift[] = []
    Object.assign(window, { layoutShifts: shifts })
    const rect = (box: DOMRectReadOnly) => [box.x, box.y, box.width, box.height].map(Math.round).join(',')
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node
          const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node?.nodeName)
          return `${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`
        })
        shifts.push({ value: entry.value, time: entry.startTime, sources })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return async () => {
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts)
    let worst = { cls: 0, sources: [] as string[] }
    let session = { cls: 0, sources: [] as string[], start: -Infinity, last: -Infinity }
    for (const shift of shifts) {
      if (shift.time - session.last > 1000 || shift.time - session.start > 5000) {
        session = { cls: 0, sources: [], start: shift.time, last: shift.time }
      }
      session.cls += shift.value
      session.last = shift.time
      session.sources.push(...shift.sources.map((source) => `${source} at ${Math.round(shift.time)} ms`))
      if (session.cls > worst.cls) worst = { cls: session.cls, sources: [...session.sources] }
    }
    return worst
  }
}

/** Loads `path`, scrolls through it so every diagram renders, and returns its CLS with what moved. */
async function measureCls(
  viewport: { width: number; height: number },
  scheme: 'light' | 'dark',
  path: string,
): Promise<{ cls: number; report: string }> {
  const { page } = await openPage(browser, { viewport, colorScheme: scheme })
  try {
    const shifts = await observeShifts(page)
    await page.goto(`${baseUrl}${path}`)
    await scrollThrough(page)
    const { cls, sources } = await shifts()
    return { cls, report: `${cls.toFixed(4)} (${sources.join('; ')}) ${await diagramHeights(page)}` }
  } finally {
    await page.context().close()
  }
}

/** Each diagram frame's reserved height and the height it took, for a failure message. */
function diagramHeights(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.diagram')]
      .map((block) => `diagram reserved ${block.dataset.diagramReserved ?? '?'}, took ${Math.round(block.getBoundingClientRect().height)}`)
      .join('; '),
  )
}

/** Scrolls through the whole page in steps, so every diagram comes into view, renders and is seen. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = (await page.evaluate(() => innerHeight)) / 2
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => scrollTo(0, top), y)
    await page.waitForTimeout(150)
  }
  await eventually(() => page.locator(`${BLOCKS}:not([data-processed="true"])`).count()).toBe(0)
}

describe('while diagrams load', () => {
  for (const [name, viewport] of viewports) {
    it(`shows a placeholder of the drawing's size, not the source (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      // hold the renderer back, to look at the page before it arrives
      const release = await holdRequests(page, /diagram-chunk/)
      await page.goto(`${baseUrl}/gitlab-ci.html`)
      const frame = firstFrame(page)
      const placeholder = frame.locator('.diagram-placeholder')
      await expect(placeholder.isVisible()).resolves.toBe(true)
      // the source is there for screen readers only: clipped to nothing
      const source = await frame.locator('.diagram-source').boundingBox()
      expect((source?.width ?? 0) * (source?.height ?? 0)).toBeLessThanOrEqual(1)
      const waiting = await frame.evaluate((element) => element.getBoundingClientRect().height)
      release()
      await frame.locator('svg[role="img"]').waitFor()
      expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(waiting)
      await expect(placeholder.count()).resolves.toBe(0)
    })

    for (const scheme of schemes) {
      it(`moves nothing on diagram pages: CLS ≤ 0.02 (${name}, ${scheme})`, { timeout: 240_000 }, async () => {
        const worst: string[] = []
        let largest = 0
        for (const path of [
          '/gitlab-ci.html',
          '/team.html',
          '/vorgehensmodell.html',
          '/collabora.html',
          '/vorgehensmodell-klassisch.html',
          '/aufgabenfluss.html',
        ]) {
          // A page that moves does so on every load; a single load on a busy machine has once shown a shift no
          // second load repeated, so a page fails when two loads in a row move it (the first is printed).
          let measured = await measureCls(viewport, scheme, path)
          if (measured.cls > 0.02) {
            console.warn(`CLS ${path} (${name}, ${scheme}), first load: ${measured.report}`)
            measured = await measureCls(viewport, scheme, path)
          }
          largest = Math.max(largest, measured.cls)
          if (measured.cls > 0.02) worst.push(`${path}: ${measured.report}`)
        }
        console.info(`CLS (${name}, ${scheme}): largest ${largest.toFixed(4)}`)
        expect(worst).toEqual([])
      })
    }
  }
})

describe('back and forward', () => {
  for (const [name, viewport] of viewports) {
    it(`return to the exact scroll position on a page with diagrams (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/odoo-hosting.html`)
      await scrollThrough(page)
      // somewhere below both diagrams, not at a heading
      const target = await page.evaluate((selector) => {
        const last = [...document.querySelectorAll(selector)].at(-1) as HTMLElement
        return Math.round(last.getBoundingClientRect().bottom + scrollY + 137)
      }, BLOCKS)
      await page.evaluate((top) => scrollTo(0, top), target)
      await page.waitForTimeout(300)
      const before = await page.evaluate(() => Math.round(scrollY))
      expect(before).toBe(target)
      await page
        .locator('[data-content] a[href$=".html"]:not([href^="http"])')
        .first()
        .evaluate((link) => (link as HTMLAnchorElement).click())
      const pathname = () => page.evaluate(() => location.pathname)
      await eventually(pathname).not.toBe('/odoo-hosting.html')
      await page.waitForTimeout(300)
      await page.goBack()
      await eventually(pathname).toBe('/odoo-hosting.html')
      await eventually(() => page.evaluate(() => Math.round(scrollY))).toBe(before)
      // and it stays there while the diagrams render again
      await eventually(() => page.locator(`${BLOCKS}[data-processed="true"]`).count()).toBeGreaterThan(0)
      await page.waitForTimeout(1000)
      const after = await page.evaluate(() => Math.round(scrollY))
      console.info(`back/forward (${name}): left at ${before}, back at ${after}`)
      expect(after).toBe(before)
      await page.goForward()
      await page.goBack()
      await eventually(() => page.evaluate(() => Math.round(scrollY))).toBe(before)
      await page.waitForTimeout(1000)
      expect(await page.evaluate(() => Math.round(scrollY))).toBe(before)
    })
  }
})

describe('in dark mode', () => {
  it.each([
    '/aufgabenfluss.html',
    '/prozesse-nextcloud.html',
    '/wirkungsräume.html',
    '/grafana.html',
    '/kubernetes.html',
    '/mail.html',
    '/collabora.html',
    '/vorgehensmodell-klassisch.html',
    '/prozesse-hardware.html',
    '/n8n.html',
    '/backup.html',
  ])('%s has no axe color-contrast violation', async (path) => {
    const { page } = await openPage(browser, { colorScheme: 'dark' })
    await page.goto(`${baseUrl}${encodeURI(path)}`)
    await renderAll(page)
    await page.addScriptTag({ path: axePath })
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<{ violations: { nodes: { target: string[] }[] }[] }> }
        }
      ).axe
      const result = await axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] })
      return result.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')))
    })
    expect(violations).toEqual([])
  })
})

describe('printing', () => {
  it("renders every diagram on 'beforeprint', also those never scrolled to", async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/vorgehensmodell.html`)
    await firstFrame(page).locator('svg[role="img"]').waitFor()
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')))
    await eventually(() => page.locator(`${BLOCKS}:not([data-processed="true"])`).count()).toBe(0)
    await expect(page.locator(`${BLOCKS} > svg[role="img"]`).count()).resolves.toBe(await page.locator(BLOCKS).count())
  })
})

describe('screenshots', () => {
  for (const [name, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`of a diagram page are kept (${name}, ${scheme})`, async () => {
        const { page } = await openPage(browser, { viewport, colorScheme: scheme })
        await page.goto(`${baseUrl}/prozesse-nextcloud.html`)
        await renderAll(page)
        await keepScreenshot(page, `diagrams-content-${viewport.width}-${scheme}`)
      })
    }
  }
})
