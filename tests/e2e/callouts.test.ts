/**
 * Obsidian's markdown in the browser, on a small vault of its own (tests/fixtures/obsidian-markdown): every callout
 * type with its colour and icon, readable titles, foldable callouts opened and closed by click and keyboard, nested
 * callouts; task statuses; a block link that scrolls to its callout; a flowchart node that links to a note. Each page
 * is checked by axe, at 375 and 1280 px in light and dark mode, and kept as a screenshot.
 */
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'
import { buildAndServe, type ServedSite } from './served-site.js'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser
let served: ServedSite

beforeAll(async () => {
  served = await buildAndServe('tests/fixtures/obsidian-markdown')
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await served?.close()
})

async function visit(path: string, options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, options)
  await opened.page.goto(`${served.baseUrl}${path}`)
  await opened.page.waitForLoadState('networkidle')
  return opened
}

/** axe's serious and critical findings on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> }
      }
    ).axe
    const { violations } = await axe.run(document)
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      )
  })
}

/** Per callout: its type, whether its icon is drawn, its background and the contrast of its title on it. */
function calloutLooks(page: Page) {
  return page.locator('[data-content] .callout').evaluateAll((callouts) => {
    const rgb = (color: string) => {
      // computed colours come as rgb(…) or, from color-mix, as color(srgb r g b)
      const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color)
      if (srgb) return srgb.slice(1, 4).map((v) => Number(v) * 255)
      return (/rgba?\(([\d.]+), ([\d.]+), ([\d.]+)/.exec(color) ?? []).slice(1, 4).map(Number)
    }
    const luminance = (color: string) => {
      const [r, g, b] = rgb(color).map((v) => {
        const c = v / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    return callouts.map((callout) => {
      const title = callout.querySelector(':scope > .callout-title')!
      const icon = getComputedStyle(title, '::before')
      const background = getComputedStyle(callout).backgroundColor
      const [light, dark] = [luminance(getComputedStyle(title).color), luminance(background)].sort((a, b) => b - a)
      return {
        type: callout.getAttribute('data-callout'),
        icon: icon.maskImage !== 'none' && parseFloat(icon.width) >= 16,
        background,
        contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 10) / 10,
      }
    })
  })
}

const viewports = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const
const schemes = ['light', 'dark'] as const

describe('callouts', () => {
  for (const [width, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`shows every type in its colour with an icon and a readable title (${width} px, ${scheme})`, async () => {
        const { page, errors } = await visit('/hinweise.html', { viewport, colorScheme: scheme })
        const looks = await calloutLooks(page)
        expect(looks.length).toBeGreaterThanOrEqual(34)
        expect(looks.every((look) => look.icon)).toBe(true)
        for (const look of looks) expect(look.contrast, `title of ${look.type}`).toBeGreaterThanOrEqual(4.5)
        // an alias looks like its type, the types differ, a type of its own looks like a note
        const background = (type: string) => looks.find((look) => look.type === type)!.background
        expect(background('faq')).toBe(background('question'))
        expect(background('tldr')).toBe(background('abstract'))
        expect(background('rezept')).toBe(background('note'))
        expect(new Set(['note', 'abstract', 'success', 'question', 'warning', 'danger', 'example', 'quote'].map(background)).size).toBe(8)
        // nothing wider than the phone
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
        expect(await axeViolations(page)).toEqual([])
        expect(errors).toEqual([])
        await keepScreenshot(page, `callouts-${width}-${scheme}`)
        await page.context().close()
      })
    }
  }

  it('opens and closes a foldable callout by click and by keyboard; "+" starts open', async () => {
    const { page } = await visit('/hinweise.html')
    const closed = page.locator('details.callout', { hasText: 'Ist das eingeklappt?' })
    const answer = closed.getByText('der Inhalt erscheint erst nach einem Klick')
    const open = page.locator('details.callout', { hasText: 'Ist das offen?' })
    await expect(answer.isVisible()).resolves.toBe(false)
    await expect(open.getByText('der Inhalt ist sichtbar').isVisible()).resolves.toBe(true)
    // the chevron turns with the state
    const chevron = (details: typeof open) =>
      details.locator('summary').evaluate((summary) => getComputedStyle(summary, '::after').transform)
    expect(await chevron(closed)).toBe('none')
    expect(await chevron(open)).not.toBe('none')

    await closed.locator('summary').click()
    await expect(answer.isVisible()).resolves.toBe(true)
    await closed.locator('summary').click()
    await expect(answer.isVisible()).resolves.toBe(false)

    // by keyboard: the title is the next tab stop after the section's heading, with a visible focus ring; Enter and
    // Space toggle it
    const summary = closed.locator('summary')
    await page.locator('#einklappbar a').focus()
    await page.keyboard.press('Tab')
    await expect(summary.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).resolves.toBe(true)
    expect(await summary.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid')
    await page.keyboard.press('Enter')
    await expect(answer.isVisible()).resolves.toBe(true)
    await page.keyboard.press('Space')
    await expect(answer.isVisible()).resolves.toBe(false)
    await page.keyboard.press('Enter')
    await keepScreenshot(page, 'callouts-foldable-opened')
    await page.context().close()
  })

  it('nests callouts, each in its own colour', async () => {
    const { page } = await visit('/hinweise.html')
    const outer = page.locator('.callout[data-callout="question"]', { hasText: 'Lassen sich Callouts verschachteln?' })
    const inner = outer.locator('.callout[data-callout="todo"]')
    const innermost = inner.locator('.callout[data-callout="example"]')
    await expect(innermost.getByText('Auch über mehrere Ebenen.').isVisible()).resolves.toBe(true)
    const colours = await Promise.all([outer, inner, innermost].map((box) => box.evaluate((el) => getComputedStyle(el).borderLeftColor)))
    expect(new Set(colours).size).toBe(3)
    // each sits inside the one around it
    const [a, b, c] = await Promise.all([outer, inner, innermost].map((box) => box.boundingBox()))
    expect(b!.x).toBeGreaterThan(a!.x)
    expect(c!.x).toBeGreaterThan(b!.x)
    expect(c!.x + c!.width).toBeLessThanOrEqual(a!.x + a!.width)
    await page.context().close()
  })

  it('scrolls a block link to its callout', async () => {
    const { page } = await visit('/verweise.html')
    await page.getByRole('link', { name: 'Hinweise > ^notfall' }).click()
    await page.waitForURL(/hinweise\.html#\^notfall$/)
    const callout = page.locator('[data-content] .callout[id="^notfall"]')
    await page.waitForFunction(() => {
      const box = document.getElementById('^notfall')?.getBoundingClientRect()
      return box !== undefined && box.top >= 0 && box.bottom <= innerHeight
    })
    await expect(callout.getByText('Pikettdienst').isVisible()).resolves.toBe(true)
    await page.context().close()
  })
})

describe('task statuses', () => {
  for (const [width, viewport] of viewports) {
    for (const scheme of schemes) {
      it(`draws each status as a checkbox of its own, never as [?] text (${width} px, ${scheme})`, async () => {
        const { page, errors } = await visit('/aufgaben.html', { viewport, colorScheme: scheme })
        const list = page.locator('[data-content] ul').first()
        expect(await list.innerText()).not.toMatch(/\[.\]/)
        const boxes = await page.getByRole('checkbox').evaluateAll((inputs) =>
          inputs.map((input) => {
            const style = getComputedStyle(input)
            return {
              // named by the item's own text (aria-labelledby)
              name: document.getElementById(input.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? null,
              status: input.closest('li')?.getAttribute('data-task') ?? ' ',
              checked: (input as HTMLInputElement).checked,
              visible: input.getBoundingClientRect().width >= 14,
              sign: style.maskImage,
              color: style.backgroundColor,
            }
          }),
        )
        expect(boxes.map((box) => [box.status, box.checked, box.name])).toEqual([
          [' ', false, 'Offene Aufgabe'],
          ['x', true, 'Erledigte Aufgabe'],
          ['-', true, 'Abgesagte Aufgabe'],
          ['/', true, 'Angefangene Aufgabe'],
          ['>', true, 'Verschobene Aufgabe'],
          ['<', true, 'Geplante Aufgabe'],
          ['!', true, 'Wichtige Aufgabe'],
          ['?', true, 'Unklare Aufgabe'],
          ['*', true, 'Markierte Aufgabe'],
          ['k', true, 'Aufgabe mit eigenem Zeichen'],
          [' ', false, 'Aufgabe mit Unteraufgaben'],
          ['x', true, 'Unteraufgabe erledigt'],
          [' ', false, 'Unteraufgabe offen'],
        ])
        expect(boxes.every((box) => box.visible)).toBe(true)
        // the known statuses have signs of their own; an unknown character is ticked like x
        const sign = (status: string) => boxes.find((box) => box.status === status)!.sign
        expect(new Set(['x', ' ', '-', '/', '>', '<', '!', '?', '*'].map(sign)).size).toBe(9)
        expect(sign('k')).toBe(sign('x'))
        // nested tasks have their own look, not their parent's
        expect(boxes[11].sign).toBe(sign('x'))
        expect(boxes[12].sign).toBe(sign(' '))
        // a cancelled task is struck through, the others are not
        const decoration = (name: string) =>
          page
            .locator('li', { has: page.getByRole('checkbox', { name, exact: true }) })
            .first()
            .evaluate((li) => getComputedStyle(li).textDecorationLine)
        expect(await decoration('Abgesagte Aufgabe')).toBe('line-through')
        expect(await decoration('Wichtige Aufgabe')).toBe('none')
        expect(await axeViolations(page)).toEqual([])
        expect(errors).toEqual([])
        await keepScreenshot(page, `tasks-${width}-${scheme}`)
        await page.context().close()
      })
    }
  }
})

describe('links in a flowchart', () => {
  it('makes the linked nodes links to their notes, and leaves a node whose note is missing a node', async () => {
    const { page, errors } = await visit('/ablauf.html')
    const diagram = page.locator('[data-content] [data-diagram="mermaid"][data-processed="true"]')
    await diagram.waitFor()
    const links = diagram.locator('svg a')
    await expect(links.count()).resolves.toBe(3)
    await expect(diagram.locator('svg').getAttribute('role')).resolves.toBe('group')
    // the list after the diagram is for readers without JavaScript
    await expect(page.locator('.diagram-links').isVisible()).resolves.toBe(false)
    await keepScreenshot(page, 'diagram-links')
    await diagram.locator('svg a', { hasText: 'Meine Notiz' }).click()
    await page.waitForURL(/\/meine-notiz\.html$/)
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Meine Notiz')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
