/**
 * The local graph in the browser (tests/fixtures/sites/graph, turned on by its Obsidian Publish settings), served under
 * the recommended Content-Security-Policy: it fits the column on a phone and a desktop without sideways scrolling,
 * its labels are readable, its colours follow the colour mode, its nodes are links reached by Tab, and a click on one
 * opens that page. Screenshots at 375 and 1280 px in both colour modes are kept as artifacts.
 */
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

let browser: Browser
let served: ServedSite
let baseUrl: string
let closeCsp: () => Promise<void>

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/sites/graph')
  const server = await startServer({ dir: served.site, port: 0, host: '127.0.0.1', csp: true })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  closeCsp = () => new Promise((resolve) => server.close(() => resolve()))
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await closeCsp?.()
  await served?.close()
})

async function visit(path: string, options: BrowserContextOptions = {}) {
  const { page } = await openPage(browser, options)
  // script errors and failed loads, less Chromium's own request for /favicon.ico (the vault has no icon)
  const errors: string[] = []
  const violations: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
    if (message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  await page.goto(`${baseUrl}${path}`)
  await page.waitForLoadState('networkidle')
  return { page, errors, violations }
}

describe('the local graph', () => {
  for (const [name, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`fits the column and is readable at ${name} px, ${colorScheme}`, async () => {
        const { page, errors, violations } = await visit('/werkzeugkunde.html', { viewport, colorScheme })
        const graph = page.locator('.local-graph svg')
        await graph.scrollIntoViewIfNeeded()
        const facts = await page.evaluate(() => {
          const svg = document.querySelector('.local-graph svg')!
          const box = svg.getBoundingClientRect()
          const label = svg.querySelector('a.graph-node text')!
          const circle = svg.querySelector('a.graph-node circle')!
          return {
            left: box.left,
            right: box.right,
            scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
            labelPx: label.getBoundingClientRect().height,
            labelFill: getComputedStyle(label).fill,
            circleFill: getComputedStyle(circle).fill,
            background: getComputedStyle(document.body).backgroundColor,
          }
        })
        expect(facts.left).toBeGreaterThanOrEqual(0)
        expect(facts.right).toBeLessThanOrEqual(viewport.width)
        expect(facts.scrollsSideways).toBe(false)
        // the text of a label, drawn no smaller than about 10 px on a phone
        expect(facts.labelPx).toBeGreaterThanOrEqual(10)
        // colours from the stylesheet: light text on a dark page, dark text on a light one
        const lightness = (rgb: string) => {
          const [r, g, b] = rgb.match(/\d+/g)!.map(Number)
          return (r + g + b) / 3
        }
        if (colorScheme === 'dark') expect(lightness(facts.labelFill)).toBeGreaterThan(lightness(facts.background))
        else expect(lightness(facts.labelFill)).toBeLessThan(lightness(facts.background))
        expect(facts.circleFill).not.toBe('rgb(0, 0, 0)')
        await keepScreenshot(page, `graph-${name}-${colorScheme}`)
        await graph.screenshot({ path: `tests/e2e/artifacts/graph-only-${name}-${colorScheme}.png` })
        expect(violations).toEqual([])
        expect(errors).toEqual([])
      })
    }
  }

  it('opens the page of a node clicked, and reaches the nodes by Tab', async () => {
    const { page, errors } = await visit('/werkstattordnung.html')
    const node = page.locator('.local-graph a.graph-node', { has: page.locator('title', { hasText: 'Putzplan' }) })
    await node.focus()
    expect(await page.evaluate(() => document.activeElement?.closest('.local-graph') !== null)).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(/\.html$|^\/$/)
    await node.click()
    await page.waitForURL(`${baseUrl}/putzplan.html`)
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Putzplan')
    // the page opened has its own graph, with itself in the middle
    await expect.poll(() => page.locator('.local-graph .graph-current title').textContent()).toBe('Putzplan')
    expect(errors).toEqual([])
  })
})
