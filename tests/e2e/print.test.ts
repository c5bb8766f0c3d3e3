/**
 * Printing a page (the print stylesheet, src/theme/styles/print.css): three pages of the real wiki, one with a wide
 * table, one with long code lines and one with a diagram, printed to PDF by Chromium and shot as PNG under print
 * media. The files land in tests/e2e/artifacts/ for a person to look at; the DOM under print media is checked for
 * what paper needs: no navigation, search or buttons, nothing cut at the right edge, external links with their URL,
 * headings kept with their text.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { launch, openPage } from './browser.js'

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

describe('printing a page', () => {
  it.each(PAGES)('prints $path to a PDF of its content', async ({ name, path, has }) => {
    const page = await openForPrint(path)
    expect(await page.locator(`[data-content] ${has}`).count()).toBeGreaterThan(0)
    const pdf = await page.pdf({ path: join(artifacts, `${name}.pdf`), format: 'A4', printBackground: true })
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    // text, fonts and drawings: far more than an empty page's few kilobytes
    expect(pdf.length).toBeGreaterThan(30_000)
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []
    expect(pages.length).toBeGreaterThan(0)
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
