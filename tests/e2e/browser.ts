/**
 * Debian's Chromium driven by playwright-core, with the flags this machine needs; never a downloaded browser.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export const DESKTOP = { width: 1280, height: 900 }
export const PHONE = { width: 375, height: 740 }

/** A page with its console errors collected, so a test can assert there were none. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, ...options })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { page, errors }
}

/** Keeps a screenshot as a CI artifact (not compared against anything). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, 'artifacts')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

/**
 * Reaches for the page as a reader does, with the pointer over it, which loads React and hydrates the page's islands
 * (they hydrate on first contact only, src/client/islands.ts), and waits until they are.
 */
export async function hydrateIslands(page: Page): Promise<void> {
  // the navbar's corner: no list or menu ever opens under it, so the resting pointer selects nothing later
  await page.mouse.move(2, 2)
  await page.mouse.move(4, 4)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Holds back `page`'s requests whose URL matches `url` (a lazy chunk, a page) until the returned function is called. */
export async function holdRequests(page: Page, url: RegExp | string): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
