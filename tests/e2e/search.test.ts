/**
 * The search box (spec §4 'Search box', §5, §9; reference S9–S11) as a reader uses it, at desktop and phone
 * width, against the fixture pages in tests/fixtures/sites/reader/Suche/.
 */
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, holdRequests, hydrateIslands, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface SearchPage {
  page: Page
  errors: string[]
  /** Requests for the search index so far. */
  indexRequests: Request[]
}

/** A page of the fixture wiki with its islands hydrated, counting the requests for the search index. */
async function openSearchPage(
  viewport: { width: number; height: number },
  path = '/odoo.html',
  colorScheme: 'light' | 'dark' = 'light',
): Promise<SearchPage> {
  const { page } = await openPage(browser, { viewport, colorScheme })
  const errors = collectErrors(page)
  const indexRequests: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/search-index.json') indexRequests.push(request)
  })
  await page.goto(`${baseUrl}${path}`)
  await hydrateIslands(page)
  return { page, errors, indexRequests }
}

/**
 * Script errors and failed loads on the page, except the browser's own request for /favicon.ico, which the
 * fixture wiki does not have (not a search matter).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text())
  })
  return errors
}

const searchField = (page: Page) => page.getByRole('combobox', { name: 'Suche' })
const suggestionList = (page: Page) => page.getByRole('listbox', { name: 'Suchvorschläge' })
const suggestions = (page: Page) => suggestionList(page).getByRole('option')

/** Types `query` into the focused search box and waits until the list shows `count` suggestions (or is closed for 0). */
async function search(page: Page, query: string, count?: number): Promise<string[]> {
  await searchField(page).fill(query)
  if (count === 0) await expect.poll(() => searchField(page).getAttribute('aria-expanded')).toBe('false')
  else await suggestions(page).first().waitFor()
  if (count !== undefined) await expect.poll(() => suggestions(page).count()).toBe(count)
  return optionNames(page)
}

/** The accessible names of the suggestions, as a screen reader announces them: "Title" or "Title, Heading". */
async function optionNames(page: Page): Promise<string[]> {
  if (!(await suggestionList(page).isVisible())) return []
  const snapshot = await suggestionList(page).ariaSnapshot()
  // lines like `- option "Name" [selected]`, YAML-quoted as a whole when the name holds a ':'
  return [...snapshot.matchAll(/^\s*- '?option "((?:[^"\\]|\\.)*)"/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string)
}

/** The positions of the suggestions marked aria-selected (the highlight): one, or none. */
async function selectedOptions(page: Page): Promise<number[]> {
  const options = await suggestions(page).all()
  const selected = await Promise.all(options.map((o) => o.getAttribute('aria-selected')))
  return selected.flatMap((s, i) => (s === 'true' ? [i] : []))
}

describe.each([
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
])('the search box at %s', (width, viewport) => {
  it('shows the placeholder "Suche" and takes focus with "s" and "/" from anywhere, without typing the key', async () => {
    const { page, errors } = await openSearchPage(viewport)
    const field = searchField(page)
    expect(await field.getAttribute('placeholder')).toBe('Suche')
    await page.keyboard.press('s')
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await field.inputValue()).toBe('')
    await field.blur()
    await page.keyboard.press('/')
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await field.inputValue()).toBe('')
    // inside the field, 's' and '/' are text
    await page.keyboard.type('s/')
    expect(await field.inputValue()).toBe('s/')
    expect(errors).toEqual([])
  })

  it('leaves the hotkeys alone while another text field has focus', async () => {
    const { page } = await openSearchPage(viewport)
    await page.evaluate(() => {
      const other = document.createElement('textarea')
      other.setAttribute('aria-label', 'Notiz')
      document.body.append(other)
    })
    await page.getByRole('textbox', { name: 'Notiz' }).focus()
    await page.keyboard.type('s/')
    expect(await page.getByRole('textbox', { name: 'Notiz' }).inputValue()).toBe('s/')
    expect(await searchField(page).evaluate((el) => el === document.activeElement)).toBe(false)
  })

  it('loads the index on the first focus, not with the page, and only once', async () => {
    const { page, indexRequests } = await openSearchPage(viewport)
    await page.waitForLoadState('networkidle')
    expect(indexRequests).toHaveLength(0)
    await searchField(page).focus()
    await expect.poll(() => indexRequests.length).toBe(1)
    await search(page, 'traktanden archiv', 1)
    await searchField(page).blur()
    await searchField(page).focus()
    await search(page, 'wartung planen', 1)
    expect(indexRequests).toHaveLength(1)
  })

  it('suggests a page by its title, once, and a heading of a page whose title does not match', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    expect(await search(page, 'traktanden archiv', 1)).toEqual(['Traktanden Archiv'])
    // the title matches, so the page's headings "Wartung planen" … are not suggested as well
    expect(await search(page, 'wartung mail', 1)).toEqual(['Wartung Mailserver'])
    expect(await search(page, 'wartung planen', 1)).toEqual(['Wartung Mailserver, Wartung planen'])
    // a trailing space makes the last word whole: "Varianten" of Odoo Hosting no longer matches
    expect(await search(page, 'varia ', 1)).toEqual(['Sitzungsprotokoll, Traktandum 12: Varia'])
    expect(await search(page, 'gibtsnicht', 0)).toEqual([])
  })

  it('shows at most 10 suggestions, in index order', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    const names = await search(page, 'traktand', 10)
    expect(names[0]).toBe('Sitzungsprotokoll, Traktanden')
    expect(names[9]).toBe('Sitzungsprotokoll, Traktandum 9: Termine')
  })

  it('moves the highlight with ArrowDown and ArrowUp and wraps at both ends', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    await search(page, 'traktand', 10)
    expect(await selectedOptions(page)).toEqual([0])
    await page.keyboard.press('ArrowUp')
    expect(await selectedOptions(page)).toEqual([9])
    await page.keyboard.press('ArrowDown')
    expect(await selectedOptions(page)).toEqual([0])
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await selectedOptions(page)).toEqual([2])
    // the caret did not move: the arrows belong to the list while it is shown
    expect(await searchField(page).evaluate((el) => (el as HTMLInputElement).selectionStart)).toBe('traktand'.length)
  })

  it('follows the pointer, highlights nothing once it leaves the list, and then Enter searches the full text', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    await search(page, 'traktand', 10)
    await suggestions(page).nth(3).hover()
    expect(await selectedOptions(page)).toEqual([3])
    await suggestions(page).nth(1).hover()
    expect(await selectedOptions(page)).toEqual([1])
    const box = await suggestionList(page).boundingBox()
    if (!box) throw new Error('the list is not visible')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 40)
    expect(await selectedOptions(page)).toEqual([])
    expect(await searchField(page).getAttribute('aria-activedescendant')).toBeNull()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/suche.html?q=traktand`)
  })

  it('opens the highlighted suggestion with Enter at its heading, then clears the query', async () => {
    const { page, errors } = await openSearchPage(viewport)
    await searchField(page).focus()
    await search(page, 'kalibrierung', 1)
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => decodeURI(url.pathname + url.hash) === '/wägeterminal-übersicht.html#kalibrierung-in-zürich')
    const heading = page.getByRole('heading', { name: 'Kalibrierung in Zürich' })
    await heading.waitFor()
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < innerHeight))
      .toBe(true)
    await expect.poll(() => searchField(page).inputValue()).toBe('')
    expect(await searchField(page).getAttribute('aria-expanded')).toBe('false')
    expect(errors).toEqual([])
  })

  it('opens a suggestion when the mouse button goes down on it', async () => {
    const { page, errors } = await openSearchPage(viewport)
    await searchField(page).focus()
    await search(page, 'wartung planen', 1)
    await suggestions(page).first().click()
    await page.waitForURL(`${baseUrl}/wartung-mailserver.html#wartung-planen`)
    await page.getByRole('heading', { name: 'Wartung planen' }).waitFor()
    await expect.poll(() => searchField(page).inputValue()).toBe('')
    expect(errors).toEqual([])
  })

  it('lets the browser follow the suggestion when no client router takes the click', async () => {
    const { page } = await openSearchPage(viewport)
    // a full page load forgets this mark; the router would keep it
    await page.evaluate(() => {
      Object.assign(window, { beforeNavigation: true })
      // the click still happens and is not prevented, but never reaches the router's listener on #app
      window.addEventListener('click', (event) => event.stopPropagation(), true)
    })
    await searchField(page).focus()
    await search(page, 'traktanden vorlage', 1)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/traktanden-vorlage.html`)
    await page.getByRole('heading', { level: 1, name: 'Traktanden Vorlage' }).waitFor()
    expect(await page.evaluate(() => 'beforeNavigation' in window)).toBe(false)
  })

  it('keeps the index across a client-side navigation', async () => {
    const { page, indexRequests } = await openSearchPage(viewport)
    await searchField(page).focus()
    await search(page, 'traktanden archiv', 1)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${baseUrl}/traktanden-archiv.html`)
    await page.getByRole('heading', { level: 1, name: 'Traktanden Archiv' }).waitFor()
    await hydrateIslands(page)
    await searchField(page).focus()
    expect(await search(page, 'wartung mail', 1)).toEqual(['Wartung Mailserver'])
    expect(indexRequests).toHaveLength(1)
  })

  it('treats "-" and "(" in a query as text', async () => {
    const { page, errors } = await openSearchPage(viewport)
    await searchField(page).focus()
    expect(await search(page, 'business-analyst', 1)).toEqual(['Rollen im Projekt, Business-Analyst(in)'])
    expect(await search(page, 'projektleiter(in', 1)).toEqual(['Rollen im Projekt, Projektleiter(in)'])
    expect(await search(page, 'system-engineer ', 1)).toEqual(['Rollen im Projekt, System-Engineer'])
    // but a word still starts at a word boundary: "leiter(in)" is inside "Projektleiter(in)"
    expect(await search(page, 'leiter(in)', 0)).toEqual([])
    expect(errors).toEqual([])
  })

  it('matches any word as a substring once the query has a non-ASCII character', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    // "xyzxyz" occurs nowhere, yet "zürich" alone is enough
    expect(await search(page, 'zürich xyzxyz')).toContain('Wägeterminal Übersicht, Kalibrierung in Zürich')
    // inside words, which an ASCII query never matches
    expect(await search(page, 'äge', 3)).toEqual([
      'Sitzungsprotokoll, Traktandum 10: Anträge',
      'Suchhilfe, Vorschläge',
      'Wägeterminal Übersicht',
    ])
    expect(await search(page, 'rmina', 0)).toEqual([])
  })

  it('shows suggestion text that looks like HTML as text', async () => {
    const { page } = await openSearchPage(viewport)
    await searchField(page).focus()
    expect(await search(page, 'hervorheben', 1)).toEqual(['Suchhilfe, Text mit <b>fett</b> hervorheben'])
    expect(await suggestionList(page).locator('b').count()).toBe(0)
  })

  it('is a combobox that controls a listbox of options, with its states', async () => {
    const { page } = await openSearchPage(viewport)
    const field = searchField(page)
    expect(await field.getAttribute('aria-expanded')).toBe('false')
    expect(await field.getAttribute('aria-autocomplete')).toBe('list')
    expect(await suggestionList(page).isVisible()).toBe(false)
    await field.focus()
    await search(page, 'traktand', 10)
    expect(await field.getAttribute('aria-expanded')).toBe('true')
    const listId = await suggestionList(page).getAttribute('id')
    expect(await field.getAttribute('aria-controls')).toBe(listId)
    const first = suggestions(page).first()
    expect(await first.getAttribute('aria-selected')).toBe('true')
    expect(await field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'))
    expect(await suggestions(page).nth(1).getAttribute('aria-selected')).toBe('false')
    // each option is a real link, so the router or the browser can follow it
    expect(await first.evaluate((el) => el.tagName === 'A' && el.getAttribute('href'))).toBe('/sitzungsprotokoll.html#traktanden')
    expect(await page.getByRole('option', { name: 'Sitzungsprotokoll, Traktanden', exact: true }).count()).toBe(1)
    // the list belongs to the focused field only
    await field.blur()
    expect(await field.getAttribute('aria-expanded')).toBe('false')
    expect(await suggestionList(page).isVisible()).toBe(false)
    await field.focus()
    expect(await suggestions(page).count()).toBe(10)
  })

  it('keeps what was typed before the page hydrated, and the focus', async () => {
    const { page } = await openPage(browser, { viewport })
    const errors = collectErrors(page)
    // hold React back until the reader has typed
    const release = await holdRequests(page, /\/chunks\/hydrate-[\w]+\.js$/)
    await page.goto(`${baseUrl}/odoo.html`)
    const field = searchField(page)
    await field.click()
    await page.keyboard.type('wartung pla')
    expect(await page.locator('html[data-hydrated="true"]').count()).toBe(0)
    release()
    await hydrateIslands(page)
    expect(await field.inputValue()).toBe('wartung pla')
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true)
    await suggestions(page).first().waitFor()
    expect(await optionNames(page)).toEqual(['Wartung Mailserver, Wartung planen'])
    await page.keyboard.type('nen')
    expect(await field.inputValue()).toBe('wartung planen')
    expect(errors).toEqual([])
  })
})

describe('the search box layout', () => {
  it('collapses to an icon at phone width, widens on focus, and fits its list in the screen', async () => {
    const { page } = await openSearchPage(PHONE)
    const field = searchField(page)
    const collapsed = await field.boundingBox()
    expect(collapsed?.width).toBeLessThan(48)
    await field.focus()
    await search(page, 'traktand', 10)
    await expect.poll(async () => (await field.boundingBox())?.width ?? 0).toBeGreaterThan(120)
    const list = await suggestionList(page).boundingBox()
    expect(list?.x).toBeGreaterThanOrEqual(0)
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
    await keepScreenshot(page, 'search-phone')
  })

  it('keeps the list inside the window at desktop width', async () => {
    const { page } = await openSearchPage(DESKTOP)
    await searchField(page).focus()
    await search(page, 'traktand', 10)
    const list = await suggestionList(page).boundingBox()
    expect(list?.x).toBeGreaterThanOrEqual(0)
    expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(DESKTOP.width)
    await keepScreenshot(page, 'search-desktop')
  })
})

/** What lies under the open suggestion list, as the eye sees it: the probe's findings for one width and mode. */
interface PanelProbe {
  /** The background of the element that paints behind the suggestions, as computed. */
  background: string
  /** Whether that element's (scrollable) box holds the whole list and the full-text row (false: the list hangs outside it). */
  coversList: boolean
  /** Points over the list where something outside the search panel shows: the nearest opaque layer is page, not panel. */
  showThrough: string[]
  /** The colour of a suggestion's text (the second: the first is highlighted in the brand colour). */
  text: string
}

/**
 * Probes the open dropdown the way a reader's eye meets it. For a grid of points over the list, the layers under each
 * point (elementsFromPoint, top first) are walked down to the first one with an opaque background: every layer above
 * it and that layer itself must belong to the search panel, or page text shows through the suggestions.
 */
function probePanel(page: Page): Promise<PanelProbe> {
  return suggestionList(page).evaluate((list) => {
    const isOpaque = (el: Element) => {
      const colour = getComputedStyle(el).backgroundColor
      const alpha = colour.match(/rgba?\([^)]*,\s*([\d.]+)\)$/)
      return colour !== 'transparent' && (colour.startsWith('rgb(') || (alpha !== null && Number(alpha[1]) === 1))
    }
    let painter: Element | null = list
    while (painter && !isOpaque(painter)) painter = painter.parentElement
    const panel = painter as HTMLElement
    const fullTextRow = panel.querySelector('.fulltext-link') ?? list
    // the panel's whole scrollable area: a long list scrolls inside the panel, which is not hanging outside it
    const box = panel.getBoundingClientRect()
    const top = box.top + panel.clientTop - panel.scrollTop
    const bottom = top + panel.scrollHeight
    const covers = [list, fullTextRow].every((el) => {
      const r = el.getBoundingClientRect()
      return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5
    })
    const rect = list.getBoundingClientRect()
    const showThrough: string[] = []
    for (let y = rect.top + 3; y < Math.min(rect.bottom, innerHeight); y += 9) {
      for (const fraction of [0.05, 0.3, 0.6, 0.95]) {
        const x = rect.left + rect.width * fraction
        const layers = document.elementsFromPoint(x, y)
        const opaque = layers.findIndex(isOpaque)
        const seen = opaque === -1 ? layers : layers.slice(0, opaque + 1)
        const stranger = seen.find((el) => !panel.contains(el))
        if (stranger) showThrough.push(`(${Math.round(x)}, ${Math.round(y)}): ${stranger.tagName.toLowerCase()}.${stranger.className}`)
      }
    }
    const second = list.querySelectorAll('[role="option"]')[1] ?? list
    return {
      background: getComputedStyle(panel).backgroundColor,
      coversList: covers,
      showThrough,
      text: getComputedStyle(second).color,
    }
  })
}

describe('the search suggestions panel', () => {
  const widths = [320, 375, 414, 719, 1280]
  const modes = ['light', 'dark'] as const
  const cases = widths.flatMap((width) => modes.map((mode) => ({ width, mode })))

  it.each(cases)('draws the list on an opaque panel with the full-text row below it at $width px, $mode', async ({ width, mode }) => {
    const { page, errors } = await openPage(browser, { viewport: { width, height: 740 }, colorScheme: mode, hasTouch: true })
    await page.goto(`${baseUrl}/odoo.html`)
    await hydrateIslands(page)
    await searchField(page).focus()
    await search(page, 'traktand', 10)

    const probe = await probePanel(page)
    expect(probe.coversList).toBe(true)
    expect(probe.showThrough).toEqual([])
    // the panel's own colour: light text on a dark panel in dark mode, dark on light in light mode
    if (mode === 'dark') {
      expect(luminance(probe.text)).toBeGreaterThan(0.5)
      expect(luminance(probe.background)).toBeLessThan(0.1)
    } else {
      expect(luminance(probe.text)).toBeLessThan(0.2)
      expect(luminance(probe.background)).toBeGreaterThan(0.8)
    }

    // the full-text row: never above a suggestion, inside the window without scrolling, and the topmost thing where a
    // finger lands
    const row = page.getByRole('link', { name: 'Im Volltext suchen: „traktand“' })
    const rowBox = await row.boundingBox()
    const firstBox = await suggestions(page).first().boundingBox()
    expect(rowBox).not.toBeNull()
    expect(rowBox!.y).toBeGreaterThanOrEqual(firstBox!.y + firstBox!.height - 0.5)
    expect(rowBox!.x).toBeGreaterThanOrEqual(0)
    expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(width)
    expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(740)
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? '', {
      x: rowBox!.x + rowBox!.width / 2,
      y: rowBox!.y + rowBox!.height / 2,
    })
    expect(hit).toBe('Im Volltext suchen: „traktand“')

    await keepScreenshot(page, `search-phone-${width}-${mode}`)
    await row.tap()
    await page.waitForURL(`${baseUrl}/suche.html?q=traktand`)
    expect(errors).toEqual([])
    await page.context().close()
  })
})

/** Relative luminance of an `rgb(r, g, b)` colour, 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
}
