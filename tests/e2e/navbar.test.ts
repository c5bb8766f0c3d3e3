/**
 * The navbar at every width, and its links on phones: nothing leaves the bar or lies on something else from 320 to
 * 1 440 px (links that do not fit move into "Mehr"), and on phones (≤ 719 px) the sidebar holds the navbar's links
 * above the page's headings, also on pages without headings, and closes on every navigation and on Escape.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Problems of the navbar as laid out now: controls outside the window, or on top of one another. */
function navbarProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // the overflow layout runs in an animation frame after a resize
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const selectors = [
      '.toggle-sidebar-button',
      '.site-brand',
      '.search-box',
      '.navbar-items > .navbar-item:not(.navbar-collapsed)',
      '.navbar-items > .island:not(.navbar-collapsed) > *',
      '.toggle-color-mode-button',
    ]
    const controls = selectors.flatMap((selector) => [...document.querySelectorAll<HTMLElement>(`.navbar ${selector}`)])
    const shown = controls
      .filter((element) => element.checkVisibility({ checkVisibilityCSS: true }) && element.getBoundingClientRect().width > 0)
      .map((element) => ({
        name: `${element.className || element.tagName} "${(element.textContent ?? '').trim().slice(0, 20)}"`,
        box: element.getBoundingClientRect(),
      }))
    const problems: string[] = []
    for (const { name, box } of shown) {
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push(`${name} leaves the window (${box.left}–${box.right})`)
    }
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i].box
        const b = shown[j].box
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left)
        const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
        if (overlap > 0.5 && vertical > 0.5) problems.push(`${shown[i].name} overlaps ${shown[j].name} by ${overlap.toFixed(1)} px`)
      }
    }
    // the site's name is never hidden under the search (it may be shortened with an ellipsis)
    const name = document.querySelector<HTMLElement>('.navbar .site-name')
    if (name) {
      const box = name.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + Math.min(box.width / 2, 20), box.top + box.height / 2)
      if (!hit || !(hit === name || name.contains(hit) || hit.contains(name))) problems.push('the site name is covered')
    }
    return problems
  })
}

describe('the navbar at every width', () => {
  it('keeps every control inside the window and apart from the others, 320 to 1 440 px in 40 px steps', async () => {
    const { page } = await openPage(browser)
    for (const path of ['/', '/odoo-hosting.html']) {
      await page.goto(`${baseUrl}${path}`)
      for (let width = 320; width <= 1440; width += 40) {
        await page.setViewportSize({ width, height: 700 })
        expect(await navbarProblems(page), `${path} at ${width} px`).toEqual([])
      }
    }
    await page.context().close()
  })

  it('moves the links that do not fit into "Mehr", which opens and lists them, and brings them back when there is room', async () => {
    const { page } = await openPage(browser, { viewport: { width: 760, height: 700 } })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    // a site name long enough to crowd the bar at this width
    await page.evaluate(() => {
      document.querySelector('.navbar .site-name')!.textContent = 'Testwiki der Musterfirma für alle Abteilungen'
      window.dispatchEvent(new Event('resize'))
    })
    await page.setViewportSize({ width: 761, height: 700 })
    expect(await navbarProblems(page)).toEqual([])
    const more = page.locator('.navbar-more')
    expect(await more.isVisible()).toBe(true)
    await more.locator('summary').click()
    const listed = await more.locator('.navbar-dropdown a').allTextContents()
    expect(listed.length).toBeGreaterThan(0)
    await keepScreenshot(page, 'navbar-more-760')
    await page.keyboard.press('Escape')
    expect(await more.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false)
    await page.setViewportSize({ width: 1440, height: 700 })
    expect(await navbarProblems(page)).toEqual([])
    await page.waitForFunction(() => document.querySelectorAll('.navbar-collapsed').length === 0)
    expect(await more.isVisible()).toBe(false)
    await page.context().close()
  })
})

describe('the search field', () => {
  it('shows a clear focus ring when the keyboard reaches it', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    await page.keyboard.press('/')
    const ring = await page.evaluate(() => {
      const input = document.activeElement as HTMLElement
      const style = getComputedStyle(input)
      return { focused: input.classList.contains('search-input'), style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    expect(ring).toEqual({ focused: true, style: 'solid', width: 2 })
    await page.context().close()
  })
})

describe('the sidebar on a phone', () => {
  const isOpen = (page: Page) => page.locator('.theme-container').evaluate((element) => element.classList.contains('sidebar-open'))

  it('holds the navbar links above the headings, and a tap on a heading closes it', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    const sidebar = page.locator('#sidebar')
    expect(await sidebar.isVisible()).toBe(false) // closed: neither seen nor reached by the keyboard
    const toggle = page.getByRole('button', { name: 'Seitenleiste umschalten' })
    await toggle.click()
    const links = await sidebar.getByRole('link').allTextContents()
    expect(links.slice(0, 4)).toEqual(['Home', 'Glossar', 'Odoo', expect.stringContaining('Extern')])
    expect(links).toEqual(expect.arrayContaining(['Varianten', 'On-Premise']))
    expect(links.indexOf('Home')).toBeLessThan(links.indexOf('Varianten'))
    await keepScreenshot(page, 'sidebar-navbar-phone')
    await sidebar.getByRole('link', { name: 'Varianten' }).click()
    await page.waitForURL(/#varianten$/)
    expect(await isOpen(page)).toBe(false)
    await page.context().close()
  })

  it('opens the navbar links on a page without headings, and Escape closes it with the focus back on the toggle', async () => {
    const { page } = await openPage(browser, { viewport: PHONE, colorScheme: 'dark' })
    await page.goto(`${baseUrl}/`)
    const toggle = page.getByRole('button', { name: 'Seitenleiste umschalten' })
    await toggle.click()
    expect(await isOpen(page)).toBe(true)
    const sidebar = page.locator('#sidebar')
    expect(await sidebar.isVisible()).toBe(true)
    expect(await sidebar.getByRole('link', { name: 'Glossar' }).isVisible()).toBe(true)
    await keepScreenshot(page, 'sidebar-home-phone-dark')
    await sidebar.getByRole('link', { name: 'Glossar' }).focus()
    await page.keyboard.press('Escape')
    expect(await isOpen(page)).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Seitenleiste umschalten')
    await page.context().close()
  })

  it('shows the site name beside the search icon at 320 and 360 px', async () => {
    const { page } = await openPage(browser, { viewport: { width: 320, height: 640 } })
    await page.goto(`${baseUrl}/odoo-hosting.html`)
    expect(await navbarProblems(page)).toEqual([])
    await page.setViewportSize({ width: 360, height: 640 })
    expect(await navbarProblems(page)).toEqual([])
    await page.context().close()
  })
})
