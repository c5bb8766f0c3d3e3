/**
 * The reader's controls, at 375 and 1 280 px in light and dark: task boxes named by their own text, the phone menu
 * holding the page while open (no scrolling behind it, the rest inert, focus inside and back on ☰), the site's name
 * never cut, the colour-mode switch announcing its state, the back-to-top button clear of the last line, and the skip
 * link landing on the main region.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
const TASKS = '/checkliste-serverumzug.html'
const MODES = ['light', 'dark'] as const
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function open(path: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark'): Promise<Page> {
  const { page } = await openPage(browser, { viewport, colorScheme, hasTouch: viewport.width < 720 })
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.classList.contains('js'))
  return page
}

/** Keeps what the window shows now (the open menu is fixed over the page: a full-page picture would lose it). */
const keepView = (page: Page, name: string) => page.screenshot({ path: join(import.meta.dirname, 'artifacts', `${name}.png`) })

/** Two frames: what the client lays out in an animation frame is done. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

describe('task list boxes', () => {
  for (const mode of MODES)
    for (const viewport of [PHONE, DESKTOP])
      it(`are named by their item's own text, link text included (${viewport.width} px, ${mode})`, async () => {
        const page = await open(TASKS, viewport, mode)
        const names = await page.locator('.task-list-item input[type="checkbox"]').evaluateAll((boxes) =>
          boxes.slice(0, 4).map((box) => {
            const ids = (box.getAttribute('aria-labelledby') ?? '').split(' ')
            return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
          }),
        )
        expect(names).toEqual([
          'Neue Adresse beim Anbieter und im Glossar eingetragen',
          'Zertifikat für die Domain (in neuem Fenster öffnen) erneuert',
          'Zertifikatskette geprüft',
          'Alte Maschine #abbau vorbereitet',
        ])
        // as the accessibility tree has it: the checkbox by its name, once
        await expect(
          page.getByRole('checkbox', { name: 'Neue Adresse beim Anbieter und im Glossar eingetragen', exact: true }).count(),
        ).resolves.toBe(1)
        await page.close()
      })
})

describe('the phone menu', () => {
  for (const mode of MODES)
    it(`holds the page while open: no scrolling behind it, the rest inert, focus inside and back on ☰ (${mode})`, async () => {
      const page = await open(TASKS, PHONE, mode)
      await page.evaluate(() => scrollTo(0, 600))
      await settle(page)
      const widthBefore = await page.evaluate(() => document.documentElement.clientWidth)
      const toggle = page.locator('.toggle-sidebar-button')
      await toggle.focus()
      await page.keyboard.press('Enter')
      await page.locator('.theme-container.sidebar-open .sidebar').waitFor()
      await page.waitForTimeout(300)
      await keepScreenshot(page, `reader-controls-phone-menu-${mode}`)
      await keepView(page, `reader-controls-phone-menu-view-${mode}`)

      // focus is in the menu; the page behind is inert, ☰ and the menu are not
      expect(await page.evaluate(() => document.activeElement?.closest('.sidebar') !== null)).toBe(true)
      const held = await page.evaluate(() => ({
        main: (document.querySelector('#main-content') as HTMLElement).closest('[inert]') !== null,
        brand: document.querySelector('.site-brand')?.closest('[inert]') !== null,
        skip: document.querySelector('.skip-link')?.closest('[inert]') !== null,
        toggle: document.querySelector('.toggle-sidebar-button')?.closest('[inert]') !== null,
        sidebar: document.querySelector('.sidebar')?.closest('[inert]') !== null,
      }))
      expect(held).toEqual({ main: true, brand: true, skip: true, toggle: false, sidebar: false })
      // Tab never leaves for the page behind
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab')
        const where = await page.evaluate(
          () => document.activeElement?.closest('.sidebar, .toggle-sidebar-button') !== null || document.activeElement === document.body,
        )
        expect(where).toBe(true)
      }
      // wheel and touch over the page do not move it
      await page.mouse.move(360, 500)
      await page.mouse.wheel(0, 800)
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Input.synthesizeScrollGesture', { x: 360, y: 600, yDistance: -400, speed: 2000, gestureSourceType: 'touch' })
      await page.waitForTimeout(300)
      expect(await page.evaluate(() => scrollY)).toBe(600)
      // no layout jump: the page keeps its width while held
      expect(await page.evaluate(() => document.documentElement.clientWidth)).toBe(widthBefore)

      // Escape closes it, gives the focus back to ☰ and the page back to the reader
      await page.keyboard.press('Escape')
      expect(await page.evaluate(() => document.activeElement?.classList.contains('toggle-sidebar-button'))).toBe(true)
      expect(await page.locator('[inert]').count()).toBe(0)
      await page.mouse.wheel(0, 300)
      await page.waitForFunction(() => scrollY > 600)

      // the mask closes it too, with the focus on ☰
      await toggle.click()
      await page.locator('.theme-container.sidebar-open').waitFor()
      await page.mouse.click(365, 400)
      await page.locator('.theme-container:not(.sidebar-open)').waitFor()
      expect(await page.evaluate(() => document.activeElement?.classList.contains('toggle-sidebar-button'))).toBe(true)
      expect(await page.locator('[inert]').count()).toBe(0)
      await page.close()
    })

  it('lets a link of the menu navigate, and the new page is not held', async () => {
    const page = await open(TASKS, PHONE, 'light')
    await page.locator('.toggle-sidebar-button').click()
    await page.locator('.sidebar .sidebar-navbar a', { hasText: 'Glossar' }).click()
    await page.waitForURL(/glossary/)
    await settle(page)
    expect(await page.locator('[inert]').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')
    await page.close()
  })
})

describe("the site's name", () => {
  /** Whether the name shows whole: nothing of it cut off or replaced by an ellipsis. */
  const nameWhole = (page: Page) =>
    page.evaluate(() => {
      const name = document.querySelector<HTMLElement>('.navbar .site-name')!
      const range = document.createRange()
      range.selectNodeContents(name)
      return name.scrollWidth <= name.clientWidth && range.getBoundingClientRect().width <= name.getBoundingClientRect().width + 0.5
    })

  for (const mode of MODES)
    it(`is never cut at 320, 360 and 960 px, nor while the search field has the focus at 720–1 000 px (${mode})`, async () => {
      const page = await open('/odoo-hosting.html', DESKTOP, mode)
      for (const width of [320, 340, 360, 375, 960, 1280]) {
        await page.setViewportSize({ width, height: 700 })
        await settle(page)
        // the fold runs once the resize has settled; on a busy machine that takes a few frames more
        await expect.poll(() => nameWhole(page), { message: `${width} px`, timeout: 3_000 }).toBe(true)
      }
      const field = page.locator('.navbar .search-input')
      for (let width = 720; width <= 1000; width += 40) {
        await page.setViewportSize({ width, height: 700 })
        await settle(page)
        await field.focus()
        // the field grows over 0.2 s; the links make room on the way
        await page.waitForTimeout(350)
        await settle(page)
        await expect.poll(() => nameWhole(page), { message: `${width} px, search focused`, timeout: 3_000 }).toBe(true)
        expect(await page.evaluate(() => document.querySelector('.navbar')!.scrollWidth <= innerWidth)).toBe(true)
        await field.blur()
        await page.waitForTimeout(350)
      }
      await page.close()
    })
})

describe('the colour-mode switch', () => {
  for (const mode of MODES)
    for (const viewport of [PHONE, DESKTOP])
      it(`announces whether the site is dark (${viewport.width} px, ${mode})`, async () => {
        const page = await open('/', viewport, mode)
        const toggle = page.getByRole('switch', { name: 'Dunkler Modus' })
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe(mode === 'dark' ? 'true' : 'false')
        await toggle.click()
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe(mode === 'dark' ? 'false' : 'true')
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode === 'dark' ? 'light' : 'dark')
        await keepView(page, `reader-controls-switch-${viewport.width}-${mode}`)
        // after a client navigation the new page's switch tells the same
        await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.sidebar a[href="/glossary"]')!.click())
        await page.waitForURL(/glossary/)
        await page.locator('main h1').first().waitFor()
        await expect(page.getByRole('switch', { name: 'Dunkler Modus' }).getAttribute('aria-checked')).resolves.toBe(
          mode === 'dark' ? 'false' : 'true',
        )
        await page.close()
      })
})

describe('the back-to-top button', () => {
  for (const mode of MODES)
    it(`covers nothing of the last line at the end of the page on a phone (${mode})`, async () => {
      const page = await open(TASKS, PHONE, mode)
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight))
      await page.locator('.back-to-top-button.show').waitFor()
      await settle(page)
      const overlap = await page.evaluate(() => {
        const button = document.querySelector('.back-to-top-button')!.getBoundingClientRect()
        // every line of text on the page, as the browser laid it out
        const walker = document.createTreeWalker(document.querySelector('.theme-container')!, NodeFilter.SHOW_TEXT)
        const hits: string[] = []
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || !(node.parentElement?.checkVisibility({ checkVisibilityCSS: true }) ?? false)) continue
          const range = document.createRange()
          range.selectNodeContents(node)
          for (const line of range.getClientRects()) {
            const across = Math.min(line.right, button.right) - Math.max(line.left, button.left)
            const down = Math.min(line.bottom, button.bottom) - Math.max(line.top, button.top)
            if (across > 0 && down > 0 && line.width > 0) hits.push(node.textContent.trim().slice(0, 40))
          }
        }
        return hits
      })
      expect(overlap).toEqual([])
      await keepScreenshot(page, `reader-controls-page-end-${mode}`)
      await page.close()
    })
})

describe('the skip link', () => {
  for (const mode of MODES)
    for (const viewport of [PHONE, DESKTOP])
      it(`moves the focus to the main region (${viewport.width} px, ${mode})`, async () => {
        const page = await open(TASKS, viewport, mode)
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.classList.contains('skip-link'))).toBe(true)
        await page.keyboard.press('Enter')
        await page.waitForFunction(() => document.activeElement?.id === 'main-content')
        // the next Tab goes on from the main region, not from the navbar
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.closest('#main-content') !== null)).toBe(true)
        await page.close()
      })
})

describe('the sidebar', () => {
  for (const mode of MODES)
    it(`draws a link's focus ring whole (1280 px, ${mode})`, async () => {
      const page = await open(TASKS, DESKTOP, mode)
      // Tab from the top of the page to the sidebar's first link, as a keyboard reader gets there
      for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.closest('.sidebar') !== null)); i++)
        await page.keyboard.press('Tab')
      const clipped = await page.evaluate(() => {
        const link = document.activeElement as HTMLElement
        const sidebar = link.closest('.sidebar') as HTMLElement
        const style = getComputedStyle(link)
        const ring = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)
        const box = link.getBoundingClientRect()
        const room = sidebar.getBoundingClientRect()
        return {
          focused: link.matches(':focus-visible'),
          inside:
            box.left - ring >= room.left + sidebar.clientLeft &&
            box.right + ring <= room.left + sidebar.clientLeft + sidebar.clientWidth &&
            box.top - ring >= room.top,
        }
      })
      expect(clipped).toEqual({ focused: true, inside: true })
      await keepScreenshot(page, `reader-controls-sidebar-focus-${mode}`)
      await page.close()
    })
})
