/**
 * Reader-facing states of the theme (spec §4, §9): colour mode, mobile sidebar, tab groups, copy buttons,
 * navbar dropdowns, the 404 page.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { tempDir } from '../integration/helpers.js'
import { buildAndServe } from './served-site.js'
import { DESKTOP, PHONE, holdRequests, hydrateIslands, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key)
const theme = (page: Page) => page.locator('html').getAttribute('data-theme')

describe('colour mode', () => {
  it('follows the system at first and stores "auto"', async () => {
    const { page } = await openPage(browser, { colorScheme: 'dark' })
    await page.goto(`${baseUrl}/odoo.html`)
    expect(await theme(page)).toBe('dark')
    expect(await storage(page, 'vuepress-color-scheme')).toBe('auto')
  })

  it("opens a site in its own default colour mode (theme.colorMode, or Obsidian Publish's defaultTheme) until the reader chooses", async () => {
    const vault = join(tempDir('wikigen-dark-site-'), 'vault')
    mkdirSync(vault, { recursive: true })
    writeFileSync(join(vault, 'index.md'), '# Start\n\nText.\n')
    writeFileSync(join(vault, 'site-options.json'), JSON.stringify({ defaultTheme: 'dark' }))
    const served = await buildAndServe(vault)
    try {
      const { page } = await openPage(browser, { colorScheme: 'light' })
      await page.goto(`${served.baseUrl}/`)
      expect(await theme(page)).toBe('dark')
      expect(await storage(page, 'vuepress-color-scheme')).toBe('dark')
      await page.getByRole('switch', { name: 'Dunkler Modus' }).click()
      await page.reload()
      expect(await theme(page)).toBe('light')
    } finally {
      await served.close()
    }
  })

  it('switches with the toggle, remembers the choice, and resets to auto when the choice equals the system', async () => {
    const { page } = await openPage(browser, { colorScheme: 'light' })
    await page.goto(`${baseUrl}/odoo.html`)
    const toggle = page.getByRole('switch', { name: 'Dunkler Modus' })
    await toggle.click()
    expect(await theme(page)).toBe('dark')
    expect(await storage(page, 'vuepress-color-scheme')).toBe('dark')
    await page.reload()
    expect(await theme(page)).toBe('dark') // applied before paint by the head script
    await keepScreenshot(page, 'odoo-dark-desktop')
    await page.getByRole('switch', { name: 'Dunkler Modus' }).click()
    expect(await theme(page)).toBe('light')
    expect(await storage(page, 'vuepress-color-scheme')).toBe('auto')
  })

  it('shows the dark hero image in dark mode only', async () => {
    const { page } = await openPage(browser, { colorScheme: 'dark' })
    await page.goto(`${baseUrl}/`)
    const images = page.getByRole('img', { name: 'Testwiki Logo' })
    expect(await images.count()).toBeGreaterThan(0)
    const visible = await images.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length)
    expect(visible).toBe(1)
  })
})

describe('sidebar on a phone', () => {
  const sidebarOpen = (page: Page) => page.locator('.theme-container').evaluate((e) => e.classList.contains('sidebar-open'))

  it('opens with the toggle and closes on a click on the mask', async () => {
    const { page } = await openPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    const sidebar = page.locator('#sidebar')
    expect(await sidebar.isVisible()).toBe(false) // closed: moved out of view, and hidden from keyboard and screen readers
    expect(await sidebar.boundingBox().then((b) => (b ? b.x + b.width : 0))).toBeLessThanOrEqual(1)
    const toggle = page.getByRole('button', { name: 'Seitenleiste umschalten' })
    await toggle.click()
    expect(await sidebarOpen(page)).toBe(true)
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await keepScreenshot(page, 'sidebar-open-phone')
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2)
    expect(await sidebarOpen(page)).toBe(false)
  })

  it('opens on a swipe right from the left edge and closes on a swipe left of more than 40 px', async () => {
    const { page } = await openPage(browser, { viewport: PHONE, hasTouch: true, isMobile: true })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    const swipe = (from: number, to: number) =>
      page.evaluate(
        ([x0, x1]) => {
          const touch = (x: number) => new Touch({ identifier: 1, target: document.body, clientX: x, clientY: 300 })
          document.dispatchEvent(new TouchEvent('touchstart', { changedTouches: [touch(x0)], touches: [touch(x0)] }))
          document.dispatchEvent(new TouchEvent('touchend', { changedTouches: [touch(x1)], touches: [] }))
        },
        [from, to],
      )
    await swipe(200, 300) // starts too far from the edge
    expect(await sidebarOpen(page)).toBe(false)
    await swipe(20, 120)
    expect(await sidebarOpen(page)).toBe(true)
    await swipe(200, 170) // only 30 px
    expect(await sidebarOpen(page)).toBe(true)
    await swipe(200, 100)
    expect(await sidebarOpen(page)).toBe(false)
  })

  it('hides the navbar links behind the toggle and keeps the page readable', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await page.goto(`${baseUrl}/odoo.html`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await keepScreenshot(page, 'odoo-phone-light')
  })
})

describe('tab groups', () => {
  it('switch by click and arrow keys and remember the tab per group id across pages', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/odoo.html`)
    const macos = page.getByRole('tab', { name: 'macOS' })
    await macos.click()
    expect(await macos.getAttribute('aria-selected')).toBe('true')
    expect(await page.getByText('brew install postgresql').isVisible()).toBe(true)
    expect(await page.getByText('sudo apt install postgresql').isVisible()).toBe(false)
    expect(JSON.parse((await storage(page, 'VUEPRESS_TAB_STORE')) ?? '{}')).toEqual({ os: 'macOS' })
    await macos.press('ArrowRight') // wraps to the first tab
    expect(await page.getByRole('tab', { name: 'Linux' }).getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tab', { name: 'macOS' }).click()
    await page.reload()
    expect(await page.getByRole('tab', { name: 'macOS' }).getAttribute('aria-selected')).toBe('true')
  })
})

describe('copy buttons', () => {
  it('copy the code and say "Kopiert" for a while', async () => {
    const { page } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] })
    await page.goto(`${baseUrl}/odoo.html`)
    const button = page.getByRole('button', { name: 'Kopiere den Code.' }).first()
    await page.getByRole('tab', { name: 'Linux' }).click()
    await button.click()
    expect(await button.getAttribute('data-copied')).toBe('Kopiert')
    await expect.poll(() => button.evaluate((b) => b.classList.contains('copied'))).toBe(true)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('sudo apt install postgresql')
    await expect.poll(() => button.evaluate((b) => b.classList.contains('copied')), { timeout: 5000 }).toBe(false)
  })

  it('are not offered at 419 px or narrower', async () => {
    const { page } = await openPage(browser, { viewport: { width: 419, height: 800 } })
    await page.goto(`${baseUrl}/odoo.html`)
    expect(await page.getByRole('button', { name: 'Kopiere den Code.' }).count()).toBe(0)
  })
})

describe('navbar dropdown', () => {
  it('opens and closes by button and Escape once hydrated, with links inside', async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP })
    await page.goto(`${baseUrl}/odoo.html`)
    await hydrateIslands(page)
    const button = page.getByRole('button', { name: 'Mehr' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    await button.focus()
    await page.keyboard.press('Enter')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    expect(await page.getByRole('link', { name: 'Odoo', exact: true }).first().isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens on a tap that came before React, once React has arrived', async () => {
    const { page, errors } = await openPage(browser, { viewport: DESKTOP })
    const release = await holdRequests(page, /\/chunks\/hydrate-[\w]+\.js$/)
    await page.goto(`${baseUrl}/odoo.html`)
    const button = page.getByRole('button', { name: 'Mehr' })
    await button.click()
    expect(await page.locator('html[data-hydrated="true"]').count()).toBe(0)
    release()
    await expect.poll(() => button.getAttribute('aria-expanded'), { timeout: 20_000 }).toBe('true')
    expect(errors).toEqual([])
  })
})

describe('islands', () => {
  it('load React only when the reader reaches for the page, never for a reader who only reads', async () => {
    const { page } = await openPage(browser, { viewport: DESKTOP })
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await page.goto(`${baseUrl}/odoo.html`)
    await page.waitForLoadState('networkidle')
    // well past the moment the page is idle
    await page.waitForTimeout(2500)
    expect(requested.filter((path) => /\/hydrate-/.test(path))).toEqual([])
    expect(await page.locator('html[data-hydrated="true"]').count()).toBe(0)
    await hydrateIslands(page)
    expect(requested.filter((path) => /\/hydrate-/.test(path))).toHaveLength(1)
  })
})

describe('404 page', () => {
  it('shows one of the four messages once the client runs, and a link home', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/gibt-es-nicht`)
    const message = await page.getByRole('blockquote').textContent()
    expect([
      "There's nothing here.",
      'How did we get here?',
      "That's a Four-Oh-Four.",
      "Looks like we've got some broken links.",
    ]).toContain(message)
    await page.getByRole('link', { name: 'Take me home' }).click()
    await page.waitForURL(`${baseUrl}/`)
  })
})

describe('code blocks with marked lines and line numbers', () => {
  const lines = (page: Page, index: number) =>
    page
      .locator('div[class*="language-"]')
      .nth(index)
      .locator('.line')
      .evaluateAll((els) =>
        els.map((e) => ({ highlighted: e.classList.contains('highlighted'), number: getComputedStyle(e, '::before').content })),
      )

  it('mark the lines the fence names and number the lines, and the copy button copies only the code', async () => {
    const { page, errors } = await openPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] })
    await page.goto(`${baseUrl}/medien-code.html`)
    expect((await lines(page, 0)).map((l) => l.highlighted)).toEqual([false, true, false, true, true, false])
    const numbered = await lines(page, 1)
    expect(numbered.map((l) => l.number)).toEqual(['"1" / ""', '"2" / ""', '"3" / ""', '"4" / ""', '"5" / ""'])
    expect((await lines(page, 2)).map((l) => [l.number, l.highlighted])).toEqual([
      ['"41" / ""', false],
      ['"42" / ""', true],
      ['"43" / ""', false],
    ])
    const block = page.locator('div[class*="language-"]').nth(1)
    await block.hover()
    await block.getByRole('button', { name: 'Kopiere den Code.' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'wiki.talwerk.example {\n  @intern remote_ip 10.0.0.0/8\n' +
        '  reverse_proxy @intern localhost:8080 # nur intern, die Zeile ist absichtlich so lang, dass der Block seitwärts rollt\n' +
        '  encode gzip\n}',
    )
    // a console session is copied without its prompt
    const session = page.locator('div.language-console')
    await session.hover()
    await session.getByRole('button', { name: 'Kopiere den Code.' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('sudo systemctl reload caddy')
    await keepScreenshot(page, 'code-light-desktop')
    // for a look at the numbers while a long line is scrolled sideways
    await block.locator('pre').evaluate((e) => e.scrollBy(300, 0))
    await block.screenshot({ path: join(import.meta.dirname, 'artifacts', 'code-scrolled.png') })
    expect(errors).toEqual([])
  })

  it('look right in dark mode and on a phone', async () => {
    for (const [name, options] of [
      ['code-dark-desktop', { colorScheme: 'dark' as const }],
      ['code-light-phone', { viewport: PHONE, isMobile: true, hasTouch: true }],
      ['code-dark-phone', { viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'dark' as const }],
    ] as const) {
      const { page } = await openPage(browser, options)
      await page.goto(`${baseUrl}/medien-code.html`)
      expect(await page.locator('.line.highlighted').count()).toBe(4)
      await keepScreenshot(page, name)
    }
  })
})
