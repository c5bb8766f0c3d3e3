/**
 * Math as readers get it: the math fixture built with `--base /docs/` and served under the site's
 * Content-Security-Policy, as a company serves a wiki next to other things. Formulas are drawn with KaTeX's fonts and
 * positioned by the site's math rules (no style attribute would pass the policy); a wide formula scrolls in its own
 * box on a phone; a page without math loads nothing of KaTeX; client navigation brings KaTeX's stylesheet before the
 * page with math is shown; screen readers get MathML. Screenshots at 375 and 1280 px, light and dark, go to artifacts/.
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const repo = join(import.meta.dirname, '../..')
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const BASE = '/docs/'

let browser: Browser
let server: Server | undefined
let dir: string | undefined
let origin = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikigen-math-'))
  const site = join(dir, 'site')
  execFileSync(
    process.execPath,
    [join(repo, 'bin/wikigen.js'), 'build', '--root', 'tests/fixtures/sites/math', '--out', site, '--base', BASE, '--no-cache'],
    { cwd: repo, env: { ...process.env, CI: '1' }, stdio: 'pipe' },
  )
  server = await startServer({ dir: site, port: 0, host: '127.0.0.1', csp: true, base: BASE })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/**
 * Opens a page of the site and records its errors (messages, the policy's among them, and failed loads with their
 * path) and the paths it loaded. The browser's own request of /favicon.ico, which this site does not have, is no error.
 */
async function open(
  path: string,
  options: Parameters<typeof openPage>[1] = {},
): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const { page, errors: messages } = await openPage(browser, options)
  const failed: string[] = []
  const requests: string[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === origin) requests.push(url.pathname)
    if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`)
  })
  await page.goto(`${origin}${BASE}${path}`, { waitUntil: 'networkidle' })
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  return {
    page,
    requests,
    get errors() {
      return [...messages.filter((message) => !message.startsWith('Failed to load resource')), ...failed]
    },
  }
}

/** Where the parts of the first fraction of the display formula after `heading` are drawn. */
function fractionOf(page: Page, heading: string) {
  return page.evaluate((heading) => {
    const title = [...document.querySelectorAll('h2')].find((h) => h.textContent?.startsWith(heading))!
    const block = title.nextElementSibling!.querySelector('.katex-html')!
    const fraction = block.querySelector('.mfrac')!
    const [denominator, line, numerator] = [...fraction.querySelectorAll(':scope > .vlist-t > .vlist-r > .vlist > span')]
    const box = (element: Element) => element.getBoundingClientRect().toJSON() as DOMRect
    return {
      width: block.lastElementChild!.getBoundingClientRect().right - block.firstElementChild!.getBoundingClientRect().left,
      numerator: box(numerator.querySelector('.mord')!),
      line: box(line.querySelector('.frac-line')!),
      lineWidth: getComputedStyle(line.querySelector('.frac-line')!).borderBottomWidth,
      denominator: box(denominator.querySelector('.mord')!),
    }
  }, heading)
}

describe('formulas under the policy, below /docs/', () => {
  it("are drawn with KaTeX's fonts, each part where KaTeX put it", async () => {
    const { page, errors, requests } = await open('formeln.html')
    expect(errors).toEqual([])
    const loaded = await page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family))
    expect(loaded).toEqual(expect.arrayContaining(['KaTeX_Main', 'KaTeX_Math']))
    expect(requests.filter((path) => path.endsWith('.woff2')).every((path) => path.startsWith(`${BASE}_wikigen/assets/KaTeX_`))).toBe(true)
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.katex')!).fontFamily)).toMatch(/^KaTeX_Main/)

    const fraction = await fractionOf(page, 'Quadratische Gleichung')
    // the quadratic formula: a numerator above a fraction line above the denominator, about two lines of text high
    expect(fraction.numerator.bottom).toBeLessThanOrEqual(fraction.line.top + 1)
    expect(fraction.denominator.top).toBeGreaterThanOrEqual(fraction.line.bottom - 1)
    expect(fraction.lineWidth).not.toBe('0px')
    const drawn = fraction.denominator.bottom - fraction.numerator.top
    expect(drawn).toBeGreaterThan(30)
    expect(drawn).toBeLessThan(120)
    expect(fraction.width).toBeGreaterThan(150)
    expect(fraction.width).toBeLessThan(400)

    // the matrix: three rows of three, one above the other
    const rows = await page.evaluate(() => {
      const title = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Matrix')!
      const ones = [...title.nextElementSibling!.querySelectorAll('.katex-html .mord')].filter(
        (e) => e.textContent === '1' && e.children.length === 0,
      )
      return ones.map((e) => Math.round(e.getBoundingClientRect().top))
    })
    expect(rows).toHaveLength(3)
    expect(rows[0]).toBeLessThan(rows[1])
    expect(rows[1]).toBeLessThan(rows[2])
  })

  it('give screen readers MathML and hide the drawing from them', async () => {
    const { page } = await open('formeln.html')
    const counts = await page.evaluate(() => ({
      formulas: document.querySelectorAll('.katex').length,
      mathml: document.querySelectorAll('.katex > .katex-mathml > math').length,
      hidden: document.querySelectorAll('.katex > .katex-html[aria-hidden="true"]').length,
    }))
    expect(counts.formulas).toBeGreaterThan(12)
    expect(counts).toEqual({ formulas: counts.formulas, mathml: counts.formulas, hidden: counts.formulas })
    // the MathML is in the page but not seen
    const mathml = await page.locator('.katex-mathml').first().boundingBox()
    expect(mathml!.width * mathml!.height).toBeLessThanOrEqual(1)
  })

  it('pass axe, as far as the formulas are concerned', async () => {
    const { page } = await open('formeln.html', { bypassCSP: true })
    await page.addScriptTag({ path: axePath })
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
      ).axe
      const result = await axe.run(document)
      return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`))
    })
    expect(violations.filter((violation) => /katex|math/.test(violation))).toEqual([])
  })

  it('keep a wide formula in a box of its own on a phone, which the keyboard can scroll', async () => {
    const { page } = await open('formeln.html', { viewport: PHONE, isMobile: true, hasTouch: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const wide = page.locator('h2:has-text("Breite Formel") + .math-block > .katex-display')
    const { scrollWidth, clientWidth } = await wide.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }))
    expect(scrollWidth).toBeGreaterThan(clientWidth)
    await expect.poll(() => wide.getAttribute('tabindex')).toBe('0')
  })

  it('keep short formulas on the line of their punctuation', async () => {
    const { page } = await open('formel-mit-fehler.html', { viewport: { width: 420, height: 800 } })
    const [formula, glued] = await page.evaluate(() => {
      const wrapper = [...document.querySelectorAll('.math-nowrap')].at(-1)!
      const range = document.createRange()
      range.selectNodeContents(wrapper.lastChild!)
      return [wrapper.querySelector('.katex-base')!.getBoundingClientRect().bottom, range.getBoundingClientRect().bottom]
    })
    expect(Math.abs(formula - glued)).toBeLessThan(8)
  })
})

describe('pages and navigation', () => {
  it('load nothing of KaTeX on a page without math', async () => {
    const { page, requests, errors } = await open('kennzahlen.html')
    expect(errors).toEqual([])
    expect(requests.filter((path) => /katex|math-|\.woff2$/i.test(path))).toEqual([])
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1)
  })

  it("bring KaTeX's stylesheet before a page with math is shown", async () => {
    const { page, errors } = await open('kennzahlen.html')
    await page.evaluate(() => {
      document.addEventListener('wikigen:navigate', () => {
        const mathml = document.querySelector('.katex-mathml')
        ;(window as unknown as { mathAtSwap: string }).mathAtSwap = mathml ? getComputedStyle(mathml).position : 'none'
      })
    })
    await page.getByRole('link', { name: 'Home' }).first().click()
    await page.waitForURL(`${origin}${BASE}`)
    await page.getByRole('link', { name: 'Formeln', exact: true }).click()
    await page.waitForURL(/formeln\.html$/)
    await page.locator('.katex').first().waitFor()
    // KaTeX's stylesheet hides the MathML (it is for screen readers): applied when the page went in
    expect(await page.evaluate(() => (window as unknown as { mathAtSwap: string }).mathAtSwap)).toBe('absolute')
    expect(await page.locator('link[rel="stylesheet"][href*="/_wikigen/katex-"]').count()).toBe(1)
    expect(errors).toEqual([])
  })
})

describe('screenshots', () => {
  it.each([
    ['light', 'desktop', DESKTOP],
    ['dark', 'desktop', DESKTOP],
    ['light', 'phone', PHONE],
    ['dark', 'phone', PHONE],
  ] as const)('keeps the formulas page in %s mode on the %s', async (scheme, device, viewport) => {
    const phone = device === 'phone'
    const { page, errors } = await open('formeln.html', { viewport, colorScheme: scheme, isMobile: phone, hasTouch: phone })
    expect(await page.locator('html').getAttribute('data-theme')).toBe(scheme)
    // the formulas take the text's colour, which dark mode changes
    const [text, formula] = await page.evaluate(() => [
      getComputedStyle(document.querySelector('[data-content] p')!).color,
      getComputedStyle(document.querySelector('.katex')!).color,
    ])
    expect(formula).toBe(text)
    expect(errors).toEqual([])
    await keepScreenshot(page, `math-formeln-${scheme}-${device}`)
  })

  it('keeps the page of broken formulas', async () => {
    const { page } = await open('formel-mit-fehler.html', { viewport: PHONE, isMobile: true, hasTouch: true })
    await keepScreenshot(page, 'math-fehler-light-phone')
  })
})
