/**
 * The page preview on hover (theme.hoverPreview, src/client/hover-preview.ts): a link in the text to another page
 * shows that page's title and start, a link to a heading its section; Escape, leaving and scrolling close it; links
 * elsewhere, files and anchors of the page itself get none; a site with `hoverPreview: false` and a phone load
 * nothing. Served with the recommended Content-Security-Policy, which allows no style attributes.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { repoRoot, tempDir } from '../integration/helpers.js'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

let browser: Browser
const servers: Server[] = []

const START = [
  '# Start',
  '',
  'Lies zuerst [[Ziel]], dann [[Ziel#Zweiter Abschnitt|den zweiten Abschnitt]].',
  '',
  'Ausserdem: [eine fremde Seite](https://example.com/), [[plan.pdf|der Plan]] und [[#Unten|weiter unten]].',
  '',
  ...Array.from({ length: 12 }, (_, i) => `Absatz ${i + 1} mit etwas Text, damit die Seite scrollen kann.\n`),
  '## Unten',
  '',
  'Ende der Startseite.',
  '',
].join('\n')

const ZIEL = [
  '# Ziel',
  '',
  'Einleitung des Ziels mit **fettem** Wort.',
  '',
  '```mermaid',
  'graph LR',
  '  A --> B',
  '```',
  '',
  '## Zweiter Abschnitt',
  '',
  'Inhalt des zweiten Abschnitts.',
  '',
  '### Unterabschnitt',
  '',
  'Noch mehr zum zweiten Abschnitt.',
  '',
  '## Dritter Abschnitt',
  '',
  'Dieser Abschnitt gehört nicht mehr dazu.',
  '',
  ...Array.from({ length: 20 }, (_, i) => `Zeile ${i + 1} des dritten Abschnitts.\n`),
].join('\n')

/** Builds the two-page wiki with the CLI (`config` as its wikigen.config.ts) and serves it with the CSP. */
async function serveSite(config?: string): Promise<string> {
  const work = tempDir('wikigen-e2e-preview-')
  const root = join(work, 'wiki')
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, 'index.md'), START)
  writeFileSync(join(root, 'Ziel.md'), ZIEL)
  writeFileSync(join(root, 'plan.pdf'), '%PDF-1.4\n')
  if (config) writeFileSync(join(root, 'wikigen.config.ts'), config)
  execFileSync(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', join(work, 'site'), '--no-cache'], {
    cwd: work,
    env: { ...process.env, CI: '1' },
    stdio: 'pipe',
  })
  const server = await startServer({ dir: join(work, 'site'), port: 0, host: '127.0.0.1', csp: true })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let site: string

beforeAll(async () => {
  browser = await launch()
  site = await serveSite()
})
afterAll(async () => {
  await browser?.close()
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

const preview = (page: Page) => page.locator('.hover-preview')
const link = (page: Page, name: string | RegExp) => page.locator('[data-content]').getByRole('link', { name, exact: true })

/** Rests the pointer on a link, as a reader does: it comes from elsewhere and stops on it. */
async function hover(page: Page, name: string | RegExp): Promise<void> {
  const box = (await link(page, name).boundingBox())!
  await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 3 })
}

/** Waits long enough for a preview that would open, then tells whether one is there. */
async function noPreviewAfterWaiting(page: Page): Promise<boolean> {
  await page.waitForTimeout(900)
  return (await preview(page).count()) === 0
}

describe('the page preview on hover', () => {
  it("shows the linked page's title and start after a moment, names it for screen readers, and closes on Escape", async () => {
    const { page, errors } = await openPage(browser, { colorScheme: 'light' })
    const fetches: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/ziel.html') fetches.push(request.url())
    })
    await page.goto(`${site}/`)
    await hover(page, 'Ziel')
    // not at once: a pointer passing over a link opens nothing
    await page.waitForTimeout(150)
    expect(await preview(page).count()).toBe(0)
    const card = preview(page)
    await card.waitFor({ state: 'visible' })
    expect(await card.getAttribute('role')).toBe('tooltip')
    expect(await card.locator('.hover-preview-title').textContent()).toBe('Ziel')
    expect(await card.textContent()).toContain('Einleitung des Ziels mit fettem Wort.')
    expect(await card.textContent()).toContain('Inhalt des zweiten Abschnitts.')
    // the copy runs no diagram and doubles no id of the page
    expect(await card.locator('[data-diagram], [id]:not(.hover-preview)').count()).toBe(0)
    expect(await link(page, 'Ziel').getAttribute('aria-describedby')).toBe(await card.getAttribute('id'))
    // the focus stays where it was
    expect(await page.evaluate(() => document.activeElement?.closest('.hover-preview'))).toBeNull()
    const box = (await card.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(400)
    expect(box.height).toBeLessThanOrEqual(300)
    await keepScreenshot(page, 'hover-preview-light-desktop')

    await page.keyboard.press('Escape')
    await card.waitFor({ state: 'detached' })
    expect(await link(page, 'Ziel').getAttribute('aria-describedby')).toBeNull()
    // resting on the link does not open it again
    expect(await noPreviewAfterWaiting(page)).toBe(true)
    // leaving it and coming back does
    await page.mouse.move(900, 700, { steps: 2 })
    await hover(page, 'Ziel')
    await card.waitFor({ state: 'visible' })

    // the page was fetched once, for the router's prefetch and the preview together
    await hover(page, 'den zweiten Abschnitt')
    await card.waitFor({ state: 'visible' })
    expect(fetches).toHaveLength(1)
    // no CSP violation, no failed chunk (the browser's own request for /favicon.ico finds none in this wiki)
    expect(errors.filter((error) => !error.includes('404'))).toEqual([])
  })

  it('shows the section a link to a heading names, up to the next heading of its level', async () => {
    const { page } = await openPage(browser, { colorScheme: 'dark' })
    await page.goto(`${site}/`)
    await hover(page, 'den zweiten Abschnitt')
    const card = preview(page)
    await card.waitFor({ state: 'visible' })
    const text = (await card.locator('.hover-preview-body').textContent()) ?? ''
    expect(text).toContain('Zweiter Abschnitt')
    expect(text).toContain('Noch mehr zum zweiten Abschnitt.')
    expect(text).not.toContain('Einleitung des Ziels')
    expect(text).not.toContain('Dieser Abschnitt gehört nicht mehr dazu.')
    await keepScreenshot(page, 'hover-preview-dark-desktop')
  })

  it('stays open while the pointer moves into it and scrolls it, and closes once the pointer left both', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${site}/`)
    await hover(page, 'Ziel')
    const card = preview(page)
    await card.waitFor({ state: 'visible' })
    const box = (await card.boundingBox())!
    await page.mouse.move(box.x + 40, box.y + 60, { steps: 4 })
    await page.mouse.wheel(0, 200)
    await page.waitForTimeout(500)
    expect(await card.isVisible()).toBe(true)
    expect(await card.evaluate((e) => e.scrollTop)).toBeGreaterThan(0)
    // the page itself did not scroll under it
    expect(await page.evaluate(() => scrollY)).toBe(0)
    await page.mouse.move(box.x + box.width + 200, box.y + box.height + 100, { steps: 4 })
    await card.waitFor({ state: 'detached' })
  })

  it('previews the pages of the backlinks list too, and goes when a click navigates', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${site}/ziel.html`)
    // the diagram above the backlinks changes the page's height when it is drawn, and the browser's scroll anchoring
    // then scrolls, which closes a card (as it should): hover once it is drawn and the page stands still
    await page.locator('[data-diagram="mermaid"][data-processed="true"] svg').waitFor({ timeout: 30_000 })
    const backlink = page.locator('.backlinks').getByRole('link', { name: 'Start' })
    await backlink.scrollIntoViewIfNeeded()
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = -1
          const check = () => (scrollY === last ? resolve() : ((last = scrollY), setTimeout(check, 100)))
          check()
        }),
    )
    const box = (await backlink.boundingBox())!
    await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 3 })
    const card = preview(page)
    await card.waitFor({ state: 'visible' })
    expect(await card.textContent()).toContain('Lies zuerst Ziel')
    await backlink.click()
    await page.waitForURL(`${site}/`)
    expect(await preview(page).count()).toBe(0)
  })

  it('closes when the page scrolls', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${site}/`)
    await hover(page, 'Ziel')
    await preview(page).waitFor({ state: 'visible' })
    await page.evaluate(() => scrollBy(0, 120))
    await preview(page).waitFor({ state: 'detached' })
  })

  it('opens for a link the keyboard focused, and closes when the focus moves on', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${site}/`)
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      if (await link(page, 'Ziel').evaluate((e) => e === document.activeElement)) break
    }
    const card = preview(page)
    await card.waitFor({ state: 'visible' })
    expect(await card.textContent()).toContain('Einleitung des Ziels')
    await page.keyboard.press('Tab')
    await expect.poll(() => link(page, 'den zweiten Abschnitt').evaluate((e) => e === document.activeElement)).toBe(true)
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Inhalt des zweiten Abschnitts.')
    expect(await card.textContent()).not.toContain('Einleitung des Ziels')
  })

  it('shows nothing for links to other sites, to files and to a heading of the same page', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${site}/`)
    // the link to another site is named with its note that it opens a new window
    for (const name of [/^eine fremde Seite/, 'der Plan', 'weiter unten']) {
      await hover(page, name)
      expect(await noPreviewAfterWaiting(page)).toBe(true)
    }
  })

  it('shows nothing when the page cannot be fetched', async () => {
    const { page } = await openPage(browser)
    await page.route('**/ziel.html', (route) => route.abort())
    await page.goto(`${site}/`)
    await hover(page, 'Ziel')
    expect(await noPreviewAfterWaiting(page)).toBe(true)
  })

  it('loads nothing on a phone, which has no pointer that hovers', async () => {
    const { page } = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true })
    const chunks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('hover-preview-chunk')) chunks.push(request.url())
    })
    await page.goto(`${site}/`)
    await link(page, 'Ziel').tap()
    await page.waitForURL(/ziel\.html$/)
    expect(await noPreviewAfterWaiting(page)).toBe(true)
    expect(chunks).toEqual([])
  })
})

describe('a site with hoverPreview: false', () => {
  it('shows no preview and loads none of its code', async () => {
    const off = await serveSite('export default { theme: { hoverPreview: false } }\n')
    const { page } = await openPage(browser, { viewport: DESKTOP })
    const chunks: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('hover-preview-chunk')) chunks.push(request.url())
    })
    await page.goto(`${off}/`)
    await hover(page, 'Ziel')
    expect(await noPreviewAfterWaiting(page)).toBe(true)
    expect(chunks).toEqual([])
  })
})
