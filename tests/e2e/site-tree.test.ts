/**
 * The site tree (`theme.sidebar: 'tree'`, tests/fixtures/sites/tree) in the browser, at 375 and 1280 px in both colour
 * modes: the sections are groups that open and close, the page's group is open and the page marked, the page's
 * headings stand in a column on the right at 1280 px, Previous/Next follow the section, the home page's features
 * lead to their sections' lists, grouped by kind, and the navbar's Glossar (`/glossary`) is marked on
 * /glossary.html, in the bar and in the phone menu. axe (experimental rules included) finds nothing serious; the
 * tree is kept as a screenshot at each width and mode.
 */
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage as openContext } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser
let served: ServedSite

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/sites/tree')
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

/** A page with its script errors and failed loads collected, less Chromium's own /favicon.ico (the vault has no icon). */
async function openPage(options: Parameters<typeof openContext>[1]) {
  const { page } = await openContext(browser, options)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
  })
  return { page, errors }
}

/** axe's serious and critical findings, its experimental rules included. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>
          getRules(tags: string[]): { ruleId: string }[]
        }
      }
    ).axe
    const experimental = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))
    const { violations } = await axe.run(document, { resultTypes: ['violations'], rules: experimental })
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

describe('the site tree', () => {
  for (const [width, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    const phone = viewport === PHONE
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`opens and closes sections, marks the page and moves its headings to the right at ${width} px, ${colorScheme}`, async () => {
        const { page, errors } = await openPage({ viewport, colorScheme })
        await page.goto(`${served.baseUrl}/wartung.html`)
        const sidebar = page.locator('#sidebar')
        if (phone) {
          await page.getByRole('button', { name: 'Seitenleiste umschalten' }).click()
          await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().left)).toBe(0)
        }
        const tree = sidebar.getByRole('navigation').last()
        // the page's section is open, the page marked, the other sections closed
        const current = tree.locator('[aria-current="page"]')
        expect(await current.textContent()).toBe('Wartung')
        expect(await current.isVisible()).toBe(true)
        expect(await current.evaluate((a) => a.closest('details')?.querySelector('summary')?.textContent)).toBe('Betrieb')
        expect(await current.evaluate((a) => getComputedStyle(a).fontWeight)).toBe('650')
        const handbuch = tree.locator('details').filter({ has: page.locator('summary', { hasText: 'Handbuch' }) })
        const anmelden = handbuch.getByRole('link', { name: 'Anmelden' })
        expect(await anmelden.isVisible()).toBe(false)
        await keepScreenshot(page, `site-tree-${width}-${colorScheme}`)

        // a section opens and closes on its name, by pointer and by keyboard
        await handbuch.locator('summary').click()
        expect(await anmelden.isVisible()).toBe(true)
        expect(await tree.getByRole('link', { name: 'Übersicht' }).nth(1).getAttribute('href')).toBe('/sections/handbuch.html')
        await handbuch.locator('summary').press('Enter')
        expect(await anmelden.isVisible()).toBe(false)
        // a folder's group holds its subfolders, closed
        const notizen = tree.locator('details').filter({ has: page.locator('summary', { hasText: 'Notizen' }) })
        await notizen.locator('summary').first().click()
        expect(await notizen.getByRole('link', { name: 'Notizen' }).isVisible()).toBe(true)
        expect(await notizen.getByRole('link', { name: 'Alte Abläufe' }).isVisible()).toBe(false)

        // the page's headings: a column on the right at 1280 px, none on a phone (the tree is in the menu there)
        const outline = page.getByRole('complementary', { name: 'Auf dieser Seite' })
        if (phone) expect(await outline.isVisible()).toBe(false)
        else {
          const box = (await outline.boundingBox())!
          const content = (await page.locator('main .theme-default-content').boundingBox())!
          const aside = (await sidebar.boundingBox())!
          // sidebar, content and outline side by side
          expect(content.x).toBeGreaterThanOrEqual(aside.x + aside.width)
          expect(box.x).toBeGreaterThanOrEqual(content.x + content.width)
          expect(box.x + box.width).toBeLessThanOrEqual(1280)
          expect(await outline.getByRole('link').allTextContents()).toEqual(['Vorbereitung', 'Durchführung'])
        }
        expect(await axeViolations(page)).toEqual([])

        // Next follows the section: Wartung (order 2) → Notfall; the tree follows the page shown
        if (phone) await page.getByRole('button', { name: 'Seitenleiste umschalten' }).click()
        await page
          .locator('.page-nav')
          .getByRole('link', { name: /Notfall/ })
          .click()
        await page.waitForURL(`${served.baseUrl}/notfall.html`)
        await expect.poll(() => page.locator('#sidebar [aria-current="page"]').textContent()).toBe('Notfall')
        expect(errors).toEqual([])
        await page.context().close()
      })

      it(`marks Glossar on /glossary.html in the navbar and the phone menu at ${width} px, ${colorScheme}`, async () => {
        const { page, errors } = await openPage({ viewport, colorScheme })
        await page.goto(`${served.baseUrl}/`)
        // the features lead to their sections' lists, grouped by kind with each page's description
        await page.locator('.features').getByRole('link', { name: 'Betrieb' }).click()
        await page.waitForURL(`${served.baseUrl}/sections/betrieb.html`)
        const content = page.locator('main [data-content]')
        expect(await content.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Anleitung', 'Referenz', 'Weitere Seiten'])
        expect(await content.locator('.section-page-description').first().textContent()).toBe(
          'Wie die nächtliche Sicherung läuft und wie man sie prüft.',
        )
        // by its address: in a closed phone menu the link is hidden, and no role query finds it
        const glossar = (scope: string) => page.locator(`${scope} a[href="/glossary"]`)
        const scope = phone ? '.sidebar-navbar' : '.navbar-items'
        expect(await glossar(scope).getAttribute('aria-current')).toBeNull()

        // by the router from the section's list, and on a fresh load
        if (phone) await page.getByRole('button', { name: 'Seitenleiste umschalten' }).click()
        await glossar(scope).click()
        await page.waitForURL(/\/glossary(\.html)?$/)
        for (const fresh of [false, true]) {
          if (fresh) await page.goto(`${served.baseUrl}/glossary.html`)
          if (phone) {
            await page.getByRole('button', { name: 'Seitenleiste umschalten' }).click()
            await expect.poll(() => page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().left)).toBe(0)
          }
          expect(await glossar(scope).getAttribute('aria-current')).toBe('page')
          expect(await glossar(scope).getAttribute('class')).toBe('active')
          expect(await glossar(scope).isVisible()).toBe(true)
          if (phone) await keepScreenshot(page, `site-tree-glossary-menu-${width}-${colorScheme}`)
          else await keepScreenshot(page, `site-tree-glossary-${width}-${colorScheme}`)
          if (phone) await page.getByRole('button', { name: 'Seitenleiste umschalten' }).click()
        }
        // Home is not marked there
        expect(await page.locator(`${scope} a[href="/"]`).getAttribute('aria-current')).toBeNull()
        expect(errors).toEqual([])
        await page.context().close()
      })
    }
  }
})
