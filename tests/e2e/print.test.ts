/**
 * Printing a page (the print stylesheet, src/theme/styles/print.css): three pages of the real wiki, one with a wide
 * table, one with long code lines and one with a diagram, printed to PDF by Chromium and shot as PNG under print
 * media. The files land in tests/e2e/artifacts/ for a person to look at; the DOM under print media is checked for
 * what paper needs: no navigation, search or buttons, nothing cut at the right edge, external links with their URL,
 * headings kept with their text. The printed PDF is read back (pdf-pages.ts) to check that a heading never ends a page,
 * a diagram is never split and the page's footer prints on the first page, above the title, never alone. On the fixture site's page with a tall and a
 * wide diagram (/druck-diagramme.html): Ctrl+P on a fresh page draws every diagram before it prints, and a print
 * from the browser's menu before they are drawn shows a short line, never mermaid source.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { labels } from '../../src/shared/labels.js'
import { DESKTOP, PHONE, launch, openPage } from './browser.js'
import { printedPages } from './pdf-pages.js'

const root = join(import.meta.dirname, '../..')
const artifacts = join(import.meta.dirname, 'artifacts')
/** A4 at 96 dpi: what the printed page is as wide as, margins included. */
const A4 = { width: 794, height: 1123 }
/** Diagrams render in the browser; on a busy machine mermaid may take its time. */
const DIAGRAM_TIMEOUT = 120_000

const PAGES = [
  { name: 'print-wide-table', path: '/raci-matrix.html', has: 'table' },
  { name: 'print-long-code', path: '/docker.html', has: 'pre' },
  { name: 'print-diagram', path: '/kubernetes.html', has: '[data-diagram="mermaid"]' },
] as const

let browser: Browser
let server: Server | undefined
let dir: string | undefined
let baseUrl = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikigen-print-'))
  await promisify(execFile)(
    process.execPath,
    [join(root, 'bin/wikigen.js'), 'build', '--root', join(root, 'content'), '--out', join(dir, 'site'), '--no-cache'],
    { env: { ...process.env, CI: '1', NO_COLOR: '1' }, maxBuffer: 64 << 20 },
  )
  server = await startServer({ dir: join(dir, 'site'), port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launch()
  mkdirSync(artifacts, { recursive: true })
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Opens a page at A4 width, announces the printing as a browser does, and waits until its diagrams are drawn. */
async function openForPrint(path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await openPage(browser, { viewport: A4, colorScheme })
  await page.goto(`${baseUrl}${path}`)
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-content] [data-diagram="mermaid"]')].every(
        (block) => block.getAttribute('data-processed') === 'true',
      ),
    undefined,
    { timeout: DIAGRAM_TIMEOUT, polling: 250 },
  )
  return page
}

/**
 * Marks, for printedPages, each heading of the content and what follows it, each diagram's frame and its end, and
 * the page's footer with the content's end; only what prints (the page is under print media by then).
 */
const MARKS = `() => {
  const pairs = []
  const shown = (element) => element && element.checkVisibility()
  const content = document.querySelector('[data-content]')
  content.querySelectorAll('h2, h3, h4').forEach((heading, i) => {
    let next = heading.nextElementSibling
    while (next && !shown(next)) next = next.nextElementSibling
    // a table or list is marked at its first cell or item (a table element itself gets no place in the PDF)
    const first = next && !next.matches('p, pre, blockquote, h2, h3, h4, h5') ? [...next.querySelectorAll('p, li, th, td, pre')].find(shown) || next : next
    if (shown(heading) && first) pairs.push(['heading-' + i, heading], ['heading-' + i + '-next', first])
  })
  content.querySelectorAll('.diagram').forEach((frame, i) => {
    if (!shown(frame)) return
    const end = document.createElement('span')
    end.style.cssText = 'display:block;height:0'
    frame.append(end)
    pairs.push(['diagram-' + i, frame], ['diagram-' + i + '-end', end])
  })
  const meta = document.querySelector('.page-meta')
  if (shown(meta)) {
    const end = document.createElement('span')
    end.style.cssText = 'display:block;height:0'
    content.append(end)
    pairs.push(['footer', meta], ['last', end])
  }
  return pairs
}`

/** Pairs of marks that must land on one page: a heading and what follows it, a diagram's start and end. */
function splitPairs(at: Record<string, number>): string[] {
  const split: string[] = []
  for (const mark of Object.keys(at)) {
    const partner =
      mark.endsWith('-next') || mark.endsWith('-end')
        ? undefined
        : mark.startsWith('heading-')
          ? `${mark}-next`
          : mark.startsWith('diagram-')
            ? `${mark}-end`
            : undefined
    if (partner && at[partner] !== at[mark]) split.push(`${mark} on page ${at[mark]}, ${partner} on page ${at[partner]}`)
  }
  return split
}

describe('printing a page', () => {
  it.each(PAGES)('prints $path to a PDF of its content: no heading ends a page, no diagram is split', async ({ name, path, has }) => {
    const page = await openForPrint(path)
    expect(await page.locator(`[data-content] ${has}`).count()).toBeGreaterThan(0)
    await page.emulateMedia({ media: 'print' })
    const printed = await printedPages(page, MARKS, join(artifacts, `${name}.pdf`))
    const { pdf } = printed
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // text, fonts and drawings: far more than an empty page's few kilobytes
    expect(pdf.length).toBeGreaterThan(30_000)
    expect(printed.pages).toBeGreaterThan(0)
    expect(Object.keys(printed.at).some((mark) => mark.startsWith('heading-'))).toBe(true)
    // the footer is checked on its own below
    expect(splitPairs(printed.at)).toEqual([])
    await page.context().close()
  })

  // The footer (last updated, contributors) prints as a line above the title: at the end it stood alone on the last
  // page of /docker.html, whose content ends at a page's foot, and no break rule kept it with the content's end.
  it.each(PAGES)('prints the footer of $path on its first page, above the title, never alone', async ({ path }) => {
    const page = await openForPrint(path)
    await page.emulateMedia({ media: 'print' })
    const printed = await printedPages(page, MARKS)
    expect(printed.at.footer).toBe(0)
    expect(printed.top.footer).toBeGreaterThan(printed.top['heading-0'])
    await page.context().close()
  })

  it.each(PAGES)('lays out $path for paper: no screen parts, nothing cut, links with their URL', async ({ name, path }) => {
    const page = await openForPrint(path)
    await page.emulateMedia({ media: 'print' })
    await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true })

    const layout = await page.evaluate(() => {
      const display = (element: Element) => getComputedStyle(element).display
      const screenParts = [
        ...document.querySelectorAll('header, aside, [role="search"], .page-nav'),
        ...document.querySelectorAll('button:not([role="tab"])'),
      ]
      const searchField = document.querySelector('input[type="search"]')
      const content = document.querySelector('[data-content]')!.getBoundingClientRect()
      const wide = [...document.querySelectorAll('[data-content] pre, [data-content] table, [data-content] div[class*="language-"]')]
        .map((element) => {
          const box = element.getBoundingClientRect()
          return {
            what: `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 40)}`,
            overflow: element.scrollWidth - element.clientWidth,
            beyondContent: box.right - content.right,
          }
        })
        .filter((item) => item.overflow > 1 || item.beyondContent > 1)
      const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-content] a[href]')].map((a) => ({
        href: a.getAttribute('href')!,
        after: getComputedStyle(a, '::after').content,
      }))
      const headings = [...document.querySelectorAll('.theme-default-content h1, [data-content] h2, [data-content] h3')].map(
        (h) => getComputedStyle(h).breakAfter,
      )
      return {
        shown: screenParts.filter((element) => display(element) !== 'none').map((element) => element.outerHTML.slice(0, 80)),
        screenParts: screenParts.length,
        searchFieldShown: searchField?.checkVisibility() ?? false,
        wide,
        links,
        headings,
      }
    })

    // navbar, sidebar, search box and every button (the copy buttons too) are left out
    expect(layout.screenParts).toBeGreaterThan(3)
    expect(layout.shown).toEqual([])
    expect(layout.searchFieldShown).toBe(false)
    // tables and code wrap within the content's width instead of being cut at the paper's edge
    expect(layout.wide).toEqual([])
    // an external link shows its URL after its text; a link inside the wiki does not
    for (const link of layout.links) {
      if (/^https?:/.test(link.href)) expect(link.after, link.href).toMatch(/attr\(href\)|\(https?:/)
      else expect(link.after, link.href).toMatch(/^(none|normal)$/)
    }
    // headings stay with the text that follows them
    expect(layout.headings.length).toBeGreaterThan(0)
    expect(new Set(layout.headings)).toEqual(new Set(['avoid']))
    await page.context().close()
  })

  it('prints a diagram drawn in dark mode in light colours: dark text in light boxes', async () => {
    const page = await openForPrint('/kubernetes.html', 'dark')
    const node = page.locator('[data-content] .diagram > svg .node').first()
    const brightness = async () => {
      const png = (await node.screenshot()).toString('base64')
      // the mean luminance of the node's box, from 0 (black) to 1 (white), measured on the pixels drawn
      return page.evaluate(async (data) => {
        const image = new Image()
        image.src = `data:image/png;base64,${data}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        const pixels = context.getImageData(0, 0, image.width, image.height).data
        let sum = 0
        for (let i = 0; i < pixels.length; i += 4) sum += (0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2]) / 255
        return sum / (pixels.length / 4)
      }, png)
    }
    // on screen the dark theme draws dark boxes
    expect(await brightness()).toBeLessThan(0.4)
    await page.emulateMedia({ media: 'print' })
    expect(await brightness()).toBeGreaterThan(0.6)
    await page.context().close()
  })

  it('shows the URL of an external link after its text on paper', async () => {
    const page = await openForPrint('/kubernetes.html')
    await page.emulateMedia({ media: 'print' })
    const external = page.locator('[data-content] a[href^="https://"]').first()
    const href = await external.getAttribute('href')
    const after = await external.evaluate((a) => getComputedStyle(a, '::after').content)
    expect(after).toMatch(/attr\(href\)|\(https?:/)
    expect(href).toMatch(/^https:\/\//)
    // and on screen it does not
    await page.emulateMedia({ media: 'screen' })
    expect(await external.evaluate((a) => getComputedStyle(a, '::after').content)).toMatch(/^(none|normal)$/)
    await page.context().close()
  })
})

describe('printing right after load (the fixture site)', () => {
  const fixtureUrl = inject('baseUrl')
  const PRINT_PAGE = '/druck-diagramme.html'
  const BLOCKS = '[data-content] [data-diagram="mermaid"]'

  for (const viewport of [DESKTOP, PHONE]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`Ctrl+P on a fresh page draws every diagram, then prints them whole, each on one page (${viewport.width} px, ${scheme})`, async () => {
        const { page } = await openPage(browser, { viewport, colorScheme: scheme })
        // the print dialog cannot be driven: window.print records what the page holds when it is called
        await page.addInitScript(() => {
          const calls: { drawn: number; blocks: number }[] = []
          Object.assign(window, { printCalls: calls })
          window.print = () => {
            const blocks = [...document.querySelectorAll('[data-content] [data-diagram="mermaid"]')]
            calls.push({ blocks: blocks.length, drawn: blocks.filter((block) => block.querySelector(':scope > svg[role="img"]')).length })
          }
        })
        await page.goto(`${fixtureUrl}${PRINT_PAGE}`)
        await page.locator('[data-content] h2').first().waitFor()
        // the diagrams below the first screen are not drawn yet: they wait until they come near
        const undrawn = await page.locator(`${BLOCKS}:not([data-processed="true"])`).count()
        expect(undrawn).toBeGreaterThan(0)
        await page.keyboard.press(process.platform === 'darwin' ? 'Meta+p' : 'Control+p')
        await page.waitForFunction(() => (window as unknown as { printCalls: unknown[] }).printCalls.length > 0, undefined, {
          timeout: DIAGRAM_TIMEOUT,
          polling: 250,
        })
        const calls = await page.evaluate(() => (window as unknown as { printCalls: { drawn: number; blocks: number }[] }).printCalls)
        expect(calls).toEqual([{ blocks: 2, drawn: 2 }])

        await page.emulateMedia({ media: 'print' })
        // on paper: the drawings, never their source
        await expect(page.locator(`${BLOCKS} > .diagram-source:visible`).count()).resolves.toBe(0)
        await expect(page.locator(`${BLOCKS} > svg[role="img"]:visible`).count()).resolves.toBe(2)
        const printed = await printedPages(page, MARKS, join(artifacts, `print-fresh-${viewport.width}-${scheme}.pdf`))
        expect(printed.pages).toBeGreaterThan(1)
        // both diagrams print whole; the tall one (16 steps) is scaled to fit a page
        expect(printed.at['diagram-0']).toBeDefined()
        expect(printed.at['diagram-1']).toBeDefined()
        expect(splitPairs(printed.at)).toEqual([])
        const tall = await page
          .locator(`${BLOCKS} > svg[role="img"]`)
          .first()
          .evaluate((svg) => {
            const box = svg.getBoundingClientRect()
            return { height: box.height, natural: (svg as SVGSVGElement).viewBox.baseVal.height }
          })
        // A4 inside the print margins is 263 mm high (994 px at 96 dpi)
        expect(tall.natural).toBeGreaterThan(994)
        expect(tall.height).toBeLessThanOrEqual(994)
        await page.setViewportSize(A4)
        await page.screenshot({ path: join(artifacts, `print-fresh-${viewport.width}-${scheme}.png`), fullPage: true })
        await page.context().close()
      })
    }
  }

  it("prints a short line, not mermaid source, for a diagram not drawn yet (the browser menu's print)", async () => {
    // a low window: the wide diagram further down is far from it and stays undrawn
    const { page } = await openPage(browser, { viewport: { width: A4.width, height: 400 } })
    await page.goto(`${fixtureUrl}${PRINT_PAGE}`)
    const wide = page.locator(BLOCKS).nth(1)
    await wide.and(page.locator('[data-print-note]')).waitFor({ state: 'attached' })
    await page.emulateMedia({ media: 'print' })
    const shown = await wide.evaluate((block) => ({
      drawn: block.getAttribute('data-processed'),
      source: block.querySelector(':scope > .diagram-source')!.checkVisibility(),
      note: getComputedStyle(block, '::before').content,
    }))
    expect(shown).toEqual({ drawn: null, source: false, note: JSON.stringify(labels.diagramNotPrinted) })
    await wide.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(artifacts, 'print-menu-undrawn.png') })
    await page.context().close()
  })

  it('prints the source of a diagram without JavaScript, and each tab panel under its name', async () => {
    const { page } = await openPage(browser, { viewport: A4, javaScriptEnabled: false })
    await page.goto(`${fixtureUrl}${PRINT_PAGE}`)
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator(`${BLOCKS} > .diagram-source:visible`).count()).resolves.toBe(2)
    await expect(page.locator('[data-content] .tab-panel-name:visible').allTextContents()).resolves.toEqual(['Linux', 'Windows'])
    await page.context().close()
  })
})
