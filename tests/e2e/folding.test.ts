/**
 * Folding in the reading view (src/client/folding.ts, tests/fixtures/folding-vault): headings and list items with
 * nested lists fold and unfold by click and by Enter and Space; a folded heading inside a folded section stays folded;
 * a link, the sidebar and a hash change to an anchor in a folded section unfold it; printing unfolds everything; the
 * arrows show on hover with a mouse and always on touch; `theme.folding: false` shows none. Screenshots at 375 and
 * 1280 px in light and dark mode, with a section and a list folded, go to artifacts/.
 */
import { cpSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../integration/helpers.js'
import { CHROMIUM_ARGS, DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

const VAULT = 'tests/fixtures/folding-vault'
const FOLD_SECTION = 'Abschnitt auf- oder zuklappen'
const FOLD_LIST = 'Unterpunkte auf- oder zuklappen'
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

let browser: Browser
let served: ServedSite

beforeAll(async () => {
  served = await buildAndServe(VAULT)
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

async function visit(site: ServedSite, options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, options)
  await opened.page.goto(`${site.baseUrl}/`)
  await opened.page.waitForLoadState('networkidle')
  return opened
}

const content = (page: Page) => page.locator('[data-content]')
const headingToggle = (page: Page, id: string) => page.locator(`[data-content] h2#${id}, [data-content] h3#${id}`).getByRole('button')
const itemToggle = (page: Page, text: string) => content(page).locator('li', { hasText: text }).last().locator(':scope > .fold-toggle')
/** The element whose whole text is `text`. */
const paragraph = (page: Page, text: string) => content(page).getByText(text, { exact: true })

async function expectShown(locators: Locator[], shown: boolean): Promise<void> {
  for (const locator of locators) expect(await locator.isVisible(), await locator.evaluate((e) => e.textContent)).toBe(shown)
}

describe('folding headings and lists', () => {
  it('puts a button beside every heading with content and every item with a nested list', async () => {
    const { page, errors } = await visit(served)
    const sections = content(page).getByRole('button', { name: FOLD_SECTION })
    const lists = content(page).getByRole('button', { name: FOLD_LIST })
    await sections.first().waitFor({ state: 'attached' })
    // Anleitung, Vorbereitung, Durchführung, Wartung, Wartung im Detail, Aufgaben, Schluss; not 'Leer' nor the footnotes
    expect(await sections.count()).toBe(7)
    expect(await content(page).locator('h2#leer .fold-toggle, [data-footnotes] .fold-toggle').count()).toBe(0)
    // Material, Werkzeug, Termin vereinbaren
    expect(await lists.count()).toBe(3)
    for (const toggle of await content(page).locator('.fold-toggle').all()) {
      expect(await toggle.getAttribute('aria-expanded')).toBe('true')
      expect(await toggle.evaluate((b) => b.tagName)).toBe('BUTTON')
    }
    // the heading keeps its anchor and its text
    expect(await page.locator('h2#anleitung a.header-anchor').getAttribute('href')).toBe('#anleitung')
    expect(await page.locator('h2#anleitung').textContent()).toBe('Anleitung')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('folds a section up to the next heading of its level and shows it again', async () => {
    const { page, errors } = await visit(served)
    const inside = [
      paragraph(page, 'Erster Absatz der Anleitung.'),
      page.locator('h3#vorbereitung'),
      paragraph(page, 'Schrauben'),
      page.locator('h3#durchführung'),
    ]
    const after = [page.locator('h2#wartung'), paragraph(page, 'Einmal im Jahr prüfen.')]
    const toggle = headingToggle(page, 'anleitung')
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await expectShown(inside, false)
    await expectShown([page.locator('h2#anleitung'), ...after], true)
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await expectShown([...inside, ...after], true)

    // a folded h3 stays folded while its h2 folds and unfolds around it
    await headingToggle(page, 'vorbereitung').click()
    await toggle.click()
    await toggle.click()
    await expectShown([paragraph(page, 'Werkzeug und Material bereitlegen.')], false)
    await expectShown([page.locator('h3#vorbereitung'), page.locator('h3#durchführung')], true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('folds the nested list of an item and nothing else', async () => {
    const { page, errors } = await visit(served)
    const toggle = itemToggle(page, 'Material')
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await expectShown([paragraph(page, 'Schrauben'), paragraph(page, 'Dübel')], false)
    await expectShown(
      [content(page).locator('li', { hasText: 'Material' }).last(), paragraph(page, 'Bohrmaschine'), paragraph(page, 'Zeit')],
      true,
    )
    await toggle.click()
    await expectShown([paragraph(page, 'Schrauben'), paragraph(page, 'Dübel')], true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('folds and unfolds with Enter and Space, and the focused arrow is visible', async () => {
    const { page, errors } = await visit(served)
    const toggle = headingToggle(page, 'wartung')
    await toggle.focus()
    // a mouse page shows the arrows on hover only: a keyboard focus shows one too
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    expect(await toggle.evaluate((b) => b === document.activeElement && getComputedStyle(b).opacity)).toBe('1')
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await expectShown([paragraph(page, 'Einmal im Jahr prüfen.')], false)
    await page.keyboard.press('Space')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await expectShown([paragraph(page, 'Einmal im Jahr prüfen.')], true)

    const list = itemToggle(page, 'Termin vereinbaren')
    await list.focus()
    await page.keyboard.press('Space')
    await expectShown([paragraph(page, 'Kalender prüfen')], false)
    await page.keyboard.press('Enter')
    await expectShown([paragraph(page, 'Kalender prüfen')], true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('unfolds a section when a link, the sidebar or the address leads to an anchor inside it', async () => {
    const { page, errors } = await visit(served)
    const target = page.locator('h3#wartung-im-detail')
    const inViewport = () => target.evaluate((h) => h.getBoundingClientRect().top >= 0 && h.getBoundingClientRect().top < innerHeight)

    // a link in the text
    await headingToggle(page, 'wartung').click()
    await expectShown([target], false)
    await content(page).getByRole('link', { name: 'Wartung im Detail' }).click()
    await expectShown([target, paragraph(page, 'Einmal im Jahr prüfen.')], true)
    expect(await headingToggle(page, 'wartung').getAttribute('aria-expanded')).toBe('true')
    expect(await inViewport()).toBe(true)

    // the sidebar
    await page.evaluate(() => scrollTo(0, 0))
    await headingToggle(page, 'anleitung').click()
    await page.locator('.sidebar a[href="#durchführung"]').click()
    await expectShown([page.locator('h3#durchführung')], true)
    expect(await headingToggle(page, 'anleitung').getAttribute('aria-expanded')).toBe('true')

    // a changed hash, as the back button or a typed address makes it
    await page.evaluate(() => scrollTo(0, 0))
    await headingToggle(page, 'wartung-im-detail').click()
    await headingToggle(page, 'wartung').click()
    await expectShown([target], false)
    await page.evaluate(() => (location.hash = '#filter-reinigen'))
    await page.evaluate(() => (location.hash = '#wartung-im-detail'))
    await target.waitFor({ state: 'visible' })
    // the target itself is shown; its own fold is left as the reader set it
    expect(await headingToggle(page, 'wartung-im-detail').getAttribute('aria-expanded')).toBe('false')
    await expect.poll(inViewport).toBe(true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('unfolds everything before printing, and paper shows folded parts anyway', async () => {
    const { page, errors } = await visit(served)
    await headingToggle(page, 'anleitung').click()
    await itemToggle(page, 'Termin vereinbaren').click()
    await page.emulateMedia({ media: 'print' })
    await expectShown([paragraph(page, 'Erster Absatz der Anleitung.'), paragraph(page, 'Kalender prüfen')], true)
    await page.emulateMedia({ media: 'screen' })
    await expectShown([paragraph(page, 'Erster Absatz der Anleitung.')], false)
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')))
    await expectShown([paragraph(page, 'Erster Absatz der Anleitung.'), paragraph(page, 'Kalender prüfen')], true)
    expect(await content(page).locator('.fold-toggle[aria-expanded="false"]').count()).toBe(0)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('shows the arrows on hover with a mouse and always on a touch screen', async () => {
    const { page } = await visit(served)
    const toggle = headingToggle(page, 'anleitung')
    const opacity = () => toggle.evaluate((b) => Number(getComputedStyle(b).opacity))
    await page.mouse.move(1, 500)
    expect(await opacity()).toBe(0)
    await page.locator('h2#anleitung').hover()
    expect(await opacity()).toBe(1)
    // a folded one stays in sight
    await toggle.click()
    await page.mouse.move(1, 500)
    expect(await opacity()).toBe(1)
    await page.context().close()

    // a touch screen (no hover, a coarse pointer): always there, faint
    const touch = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--blink-settings=primaryHoverType=1,availableHoverTypes=1,primaryPointerType=2,availablePointerTypes=2'],
    })
    try {
      const phone = await touch.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
      await phone.goto(`${served.baseUrl}/`)
      await phone.waitForLoadState('networkidle')
      expect(await phone.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true)
      const faint = await headingToggle(phone, 'wartung').evaluate((b) => Number(getComputedStyle(b).opacity))
      expect(faint).toBeGreaterThan(0.2)
      expect(faint).toBeLessThan(1)
      await headingToggle(phone, 'wartung').tap()
      await expectShown([paragraph(phone, 'Einmal im Jahr prüfen.')], false)
      await keepScreenshot(phone, 'folding-375-touch')
    } finally {
      await touch.close()
    }
  })

  it('has no serious accessibility findings with a section folded', async () => {
    const { page } = await visit(served)
    await headingToggle(page, 'anleitung').click()
    await itemToggle(page, 'Termin vereinbaren').click()
    await page.addScriptTag({ path: axePath })
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: Document): Promise<{ violations: { id: string; impact: string }[] }> } }).axe
      const { violations } = await axe.run(document)
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
    })
    expect(violations).toEqual([])
    await page.context().close()
  })

  const viewports = [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const
  for (const [width, viewport] of viewports) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`looks right at ${width} px in ${scheme} mode with a section and a list folded`, async () => {
        const { page, errors } = await visit(served, { viewport, colorScheme: scheme })
        await headingToggle(page, 'wartung').click()
        await itemToggle(page, 'Material').click()
        await page.locator('h2#anleitung').hover()
        // every arrow within the page's width
        const outside = await content(page)
          .locator('.fold-toggle')
          .evaluateAll((toggles) => toggles.filter((t) => t.getBoundingClientRect().left < 0).map((t) => t.parentElement!.textContent))
        expect(outside).toEqual([])
        await keepScreenshot(page, `folding-${width}-${scheme}`)
        expect(errors).toEqual([])
        await page.context().close()
      })
    }
  }
})

describe('theme.folding: false', () => {
  let off: ServedSite
  beforeAll(async () => {
    const root = join(tempDir('wikigen-folding-off-'), 'vault')
    cpSync(VAULT, root, { recursive: true })
    writeFileSync(join(root, 'wikigen.config.ts'), "export default { site: { title: 'Faltprobe' }, theme: { folding: false } }\n")
    off = await buildAndServe(root)
  })
  afterAll(() => off?.close())

  it('shows no fold buttons and loads no folding code', async () => {
    const { page, errors } = await visit(off)
    const chunks: string[] = []
    page.on('request', (r) => chunks.push(r.url()))
    await page.reload()
    await page.waitForLoadState('networkidle')
    expect(await page.locator('.fold-toggle').count()).toBe(0)
    expect(chunks.filter((url) => url.includes('folding'))).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })
})
