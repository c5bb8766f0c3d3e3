/**
 * Client-side navigation and the scroll/keyboard behaviours around it (spec §2.1, §2.3, §4, §8, §9), on the
 * reader fixture's Navigation pages: a hub with many headings (Navigation), a series of three (Reise Start,
 * Reise Mitte, Reise Ziel) and an English page with its own head tags.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, holdRequests, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
const root = join(import.meta.dirname, '../..')
const viewports = [
  ['1280 px', DESKTOP],
  ['375 px', PHONE],
] as const
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Leaves a mark on the window: it survives client navigations and is gone after a full page load. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { navigationMarker: true }))
}

function hasMark(page: Page): Promise<boolean> {
  return page.evaluate(() => 'navigationMarker' in window)
}

/** Records the type of every 'wikigen:navigation-failure' in `window.navigationFailures` (set up before loading). */
async function recordFailures(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const failures: string[] = []
    Object.assign(window, { navigationFailures: failures })
    document.addEventListener('wikigen:navigation-failure', (event) => failures.push((event as CustomEvent<{ type: string }>).detail.type))
  })
  return () => page.evaluate(() => (window as unknown as { navigationFailures: string[] }).navigationFailures)
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

describe('client navigation', () => {
  for (const [name, viewport] of viewports) {
    it(`follows an internal link without a reload and takes title, language and head tags along (${name})`, async () => {
      const { page, errors } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/navigation.html`)
      await markWindow(page)
      await page.locator('[data-content]').getByRole('link', { name: 'English Page' }).click()
      await page.waitForURL(`${baseUrl}/english-page.html`)
      await page.getByRole('heading', { name: 'Details' }).waitFor()
      expect(await hasMark(page)).toBe(true)
      expect(await page.title()).toBe('English Page | Testwiki')
      expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('A page in English for navigation tests')
      expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBe('navigation, router')
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://wiki.test.example/english-page.html')
      const trail = await page.locator('head script[type="application/ld+json"]').allTextContents()
      expect(
        trail.map((json) => (JSON.parse(json) as { itemListElement: { name: string }[] }).itemListElement.map((item) => item.name)),
      ).toEqual([['Home', 'Navigation', 'English Page']])

      await page.getByRole('link', { name: 'overview' }).click()
      await page.waitForURL(`${baseUrl}/navigation.html`)
      expect(await page.title()).toBe('Navigation | Testwiki')
      expect(await page.locator('html').getAttribute('lang')).toBe('de-CH')
      // the first paragraph, where front matter has no description
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Diese Seite verbindet die Navigationstests.')
      expect(await page.locator('meta[name="keywords"]').count()).toBe(0)
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://wiki.test.example/navigation.html')
      // a folder note's trail is Home alone: no breadcrumbs for search engines
      expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(0)
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1)
      expect(await hasMark(page)).toBe(true)
      // the hub links to an unknown page on purpose; prefetching it gets a 404, which Chromium logs
      expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
    })
  }

  it('goes back and forward between client-navigated pages and restores the scroll position', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/navigation.html`)
    await markWindow(page)
    const link = page.getByRole('link', { name: 'ersten Reisestation' })
    await link.scrollIntoViewIfNeeded()
    const before = await scrollY(page)
    expect(before).toBeGreaterThan(1000)
    await link.click()
    await page.waitForURL(`${baseUrl}/reise-start.html`)
    expect(await scrollY(page)).toBe(0)

    await page.goBack({ waitUntil: 'commit' })
    await page.waitForURL(`${baseUrl}/navigation.html`, { waitUntil: 'commit' })
    await expect.poll(() => scrollY(page)).toBe(before)
    await page.goForward({ waitUntil: 'commit' })
    await page.waitForURL(`${baseUrl}/reise-start.html`, { waitUntil: 'commit' })
    await page.getByRole('heading', { name: 'Aufbruch' }).waitFor()
    await expect.poll(() => scrollY(page)).toBe(0)
    expect(await hasMark(page)).toBe(true)
  })

  for (const [name, viewport] of viewports) {
    it(`scrolls to the heading a link names and moves focus there (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/reise-start.html`)
      await page.getByRole('link', { name: 'fünften Abschnitt' }).click()
      await page.waitForURL(`${baseUrl}/navigation.html#abschnitt-5`)
      const heading = page.getByRole('heading', { name: 'Abschnitt 5', exact: true })
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(0)
      const box = await heading.boundingBox()
      // just below the fixed navbar, not hidden under it
      expect(box?.y).toBeLessThan(viewport.height / 3)
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('abschnitt-5')
    })
  }

  it('scrolls to the heading an anchor of the old VuePress site names, and shows its anchor now', async () => {
    const { page } = await openPage(browser)
    // VuePress stripped the umlaut: "Beschlüsse" was #beschlusse, it is #beschlüsse now
    await page.goto(`${baseUrl}/sitzungsprotokoll.html#beschlusse`)
    const heading = page.getByRole('heading', { name: 'Beschlüsse', exact: true })
    await expect.poll(async () => decodeURIComponent(await page.evaluate(() => location.hash))).toBe('#beschlüsse')
    // the heading sits far below the first screen: the page scrolled to bring it into view
    const box = await heading.boundingBox()
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0)
    expect(box?.y).toBeGreaterThan(0)
    expect(box?.y).toBeLessThan(DESKTOP.height - 40)
  })

  it('shows the progress bar only on the way to a path not visited yet', async () => {
    const { page } = await openPage(browser)
    await page.addInitScript(() => {
      const seen = { bars: 0 }
      Object.assign(window, { progressSeen: seen })
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          for (const node of mutation.addedNodes) if (node instanceof Element && node.getAttribute('role') === 'progressbar') seen.bars++
        }
      }).observe(document, { childList: true, subtree: true })
    })
    const bars = () => page.evaluate(() => (window as unknown as { progressSeen: { bars: number } }).progressSeen.bars)
    const barGone = () => page.getByRole('progressbar').waitFor({ state: 'detached' })
    await page.goto(`${baseUrl}/navigation.html`)
    await page.locator('[data-content]').getByRole('link', { name: 'Reise Start' }).click()
    await page.waitForURL(`${baseUrl}/reise-start.html`)
    expect(await bars()).toBe(1)
    await barGone()

    // the first page and the page just seen are visited: no bar, also with a hash
    await page.getByRole('link', { name: 'Übersicht' }).click()
    await page.waitForURL(`${baseUrl}/navigation.html`)
    await page.locator('[data-content]').getByRole('link', { name: 'Reise Start' }).click()
    await page.waitForURL(`${baseUrl}/reise-start.html`)
    await page.getByRole('link', { name: 'fünften Abschnitt' }).click()
    await page.waitForURL(`${baseUrl}/navigation.html#abschnitt-5`)
    expect(await bars()).toBe(1)
  })

  it('does nothing when a link leads to the page already shown', async () => {
    const { page } = await openPage(browser)
    const failures = await recordFailures(page)
    await page.goto(`${baseUrl}/reise-start.html`)
    const requests: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/reise-start.html')) requests.push(request.url())
    })
    const entries = await page.evaluate(() => history.length)
    await page.getByRole('complementary', { name: 'Auf dieser Seite' }).getByRole('link', { name: 'Reise Start' }).click()
    await expect.poll(failures).toEqual(['duplicated'])
    expect(await page.evaluate(() => history.length)).toBe(entries)
    expect(requests).toEqual([])
  })

  it('lands a link to a legacy URL on the clean page (HTTP redirect)', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/reise-ziel.html`)
    await markWindow(page)
    await page.getByRole('link', { name: 'Alte Übersicht' }).click()
    await page.waitForURL(`${baseUrl}/navigation.html`)
    await page.getByRole('heading', { name: 'Abschnitt 1', exact: true }).waitFor()
    expect(await hasMark(page)).toBe(true)
  })

  it('follows the static redirect page a host without redirects serves for a legacy URL', async () => {
    const { page } = await openPage(browser)
    const redirectPage = readFileSync(join(root, 'templates/redirect.html'), 'utf8')
      .replace(/\{\{to\}\}/g, '/navigation.html')
      .replace(/\{\{\w+\}\}/g, '')
    await page.route(`${baseUrl}/alt/navigation.html`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: redirectPage }),
    )
    await page.goto(`${baseUrl}/reise-ziel.html`)
    await markWindow(page)
    await page.getByRole('link', { name: 'Alte Übersicht' }).click()
    await page.waitForURL(`${baseUrl}/navigation.html`)
    await page.getByRole('heading', { name: 'Abschnitt 1', exact: true }).waitFor()
    expect(await hasMark(page)).toBe(true)
  })

  it('shows the 404 page for an unknown path without a reload', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/navigation.html`)
    await markWindow(page)
    await page.getByRole('link', { name: 'Unbekannte Seite' }).click()
    await page.waitForURL(`${baseUrl}/gibt-es-nicht.html`)
    await page.getByRole('link', { name: 'Take me home' }).waitFor()
    expect(await page.title()).toBe('404 | Testwiki')
    expect(await hasMark(page)).toBe(true)
  })

  it('falls back to a full page load when the page cannot be fetched', async () => {
    const { page } = await openPage(browser)
    // fail the router's fetch only; the browser's own page load still works
    await page.route(`${baseUrl}/reise-mitte.html`, (route) =>
      route.request().resourceType() === 'fetch' ? route.abort() : route.continue(),
    )
    await page.goto(`${baseUrl}/reise-start.html`)
    await markWindow(page)
    await page.getByRole('link', { name: 'Reise Mitte', exact: true }).click()
    await page.waitForURL(`${baseUrl}/reise-mitte.html`)
    await page.getByRole('heading', { name: 'Rast' }).waitFor()
    expect(await hasMark(page)).toBe(false)
  })

  it('aborts a navigation a before-navigate listener cancels', async () => {
    const { page } = await openPage(browser)
    const failures = await recordFailures(page)
    await page.goto(`${baseUrl}/navigation.html`)
    await page.evaluate(() => document.addEventListener('wikigen:before-navigate', (event) => event.preventDefault(), { once: true }))
    await page.locator('[data-content]').getByRole('link', { name: 'English Page' }).click()
    await expect.poll(failures).toEqual(['aborted'])
    expect(page.url()).toBe(`${baseUrl}/navigation.html`)
  })

  it('cancels a navigation that a newer one overtakes', async () => {
    const { page } = await openPage(browser)
    const failures = await recordFailures(page)
    const release = await holdRequests(page, `${baseUrl}/english-page.html`)
    await page.goto(`${baseUrl}/navigation.html`)
    await page.locator('[data-content]').getByRole('link', { name: 'English Page' }).click()
    await page.locator('[data-content]').getByRole('link', { name: 'Reise Start' }).click()
    await page.waitForURL(`${baseUrl}/reise-start.html`)
    await expect.poll(failures).toEqual(['cancelled'])
    release()
    await page.waitForResponse(`${baseUrl}/english-page.html`)
    await nextFrame(page)
    expect(page.url()).toBe(`${baseUrl}/reise-start.html`)
    expect(await page.getByRole('heading', { name: 'Aufbruch' }).isVisible()).toBe(true)
  })

  it('reports a navigation chunk that fails to load and still reaches the page with a full load', async () => {
    const { page } = await openPage(browser)
    const reported: string[] = []
    await page.exposeFunction('reportPreloadFailure', (message: string) => reported.push(message))
    await page.addInitScript(() => {
      addEventListener('wikigen:preloadError', (event) => {
        void (window as unknown as { reportPreloadFailure: (message: string) => Promise<void> }).reportPreloadFailure(
          String((event as Event & { payload: unknown }).payload),
        )
      })
    })
    await page.route(/\/chunks\/navigation-chunk-[\w-]+\.js$/, (route) => route.abort())
    await page.goto(`${baseUrl}/reise-start.html`)
    await markWindow(page)
    await page.getByRole('link', { name: 'Reise Mitte', exact: true }).click()
    await page.waitForURL(`${baseUrl}/reise-mitte.html`)
    await page.getByRole('heading', { name: 'Rast' }).waitFor()
    expect(await hasMark(page)).toBe(false)
    expect(reported.length).toBeGreaterThan(0)
  })
})

describe('preload helper', () => {
  /** src/client/preload.ts as a script exposing its exports on `window.wikigenPreload`. */
  async function addPreloadHelper(page: Page): Promise<void> {
    const bundle = await build({
      entryPoints: [join(root, 'src/client/preload.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'wikigenPreload',
      logLevel: 'silent',
    })
    await page.addScriptTag({ content: bundle.outputFiles[0].text })
  }

  it('fires a cancelable preload error event for a failed script and rethrows unless it was cancelled', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/odoo.html`)
    await addPreloadHelper(page)
    const outcome = await page.evaluate(async () => {
      const { preload, loadScript } = (window as unknown as { wikigenPreload: typeof import('../../src/client/preload.js') }).wikigenPreload
      const payloads: string[] = []
      let cancel = false
      addEventListener('wikigen:preloadError', (event) => {
        payloads.push(String(event.payload))
        if (cancel) event.preventDefault()
      })
      const uncancelled = await preload(() => loadScript('/_wikigen/missing-chunk.js', { module: true })).then(
        () => 'resolved',
        (error: Error) => `rejected: ${error.message}`,
      )
      cancel = true
      const cancelled = await preload(() => loadScript('/_wikigen/missing-chunk.js', { module: true })).then(
        (value) => `resolved: ${String(value)}`,
        () => 'rejected',
      )
      return { uncancelled, cancelled, payloads }
    })
    expect(outcome).toEqual({
      uncancelled: 'rejected: Unable to preload script /_wikigen/missing-chunk.js',
      cancelled: 'resolved: undefined',
      payloads: [
        'Error: Unable to preload script /_wikigen/missing-chunk.js',
        'Error: Unable to preload script /_wikigen/missing-chunk.js',
      ],
    })
  })

  it('rejects a stylesheet that fails with "Unable to preload CSS for …" and passes the CSP nonce on', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/odoo.html`)
    await page.evaluate(() => {
      const meta = document.createElement('meta')
      meta.setAttribute('property', 'csp-nonce')
      meta.content = 'r4nd0m'
      document.head.append(meta)
    })
    await addPreloadHelper(page)
    const outcome = await page.evaluate(async () => {
      const { loadStylesheet, cspNonce } = (window as unknown as { wikigenPreload: typeof import('../../src/client/preload.js') })
        .wikigenPreload
      const error = await loadStylesheet('/_wikigen/missing.css').then(
        () => '',
        (e: Error) => e.message,
      )
      const link = document.querySelector<HTMLLinkElement>('link[href="/_wikigen/missing.css"]')
      return { error, nonce: cspNonce(), linkNonce: link?.nonce }
    })
    expect(outcome).toEqual({ error: 'Unable to preload CSS for /_wikigen/missing.css', nonce: 'r4nd0m', linkNonce: 'r4nd0m' })
  })
})

describe('back to top', () => {
  for (const [name, viewport] of viewports) {
    it(`appears after scrolling more than 100 px and brings the reader back to the top (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/navigation.html`)
      const button = page.getByRole('button', { name: 'Zurück nach oben.' })
      expect(await button.isVisible()).toBe(false)
      await page.evaluate(() => scrollTo(0, 100))
      await nextFrame(page)
      expect(await button.isVisible()).toBe(false)
      await page.evaluate(() => scrollTo(0, 800))
      await button.waitFor({ state: 'visible' })
      await keepScreenshot(page, `back-to-top-${viewport.width}`)
      await button.click()
      await expect.poll(() => scrollY(page)).toBe(0)
      await button.waitFor({ state: 'hidden' })
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content')
    })
  }

  it('stays away on a page whose front matter says backToTop: false', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/ohne-knopf.html`)
    await page.evaluate(() => scrollTo(0, 800))
    await nextFrame(page)
    await nextFrame(page)
    expect(await page.getByRole('button', { name: 'Zurück nach oben.', includeHidden: true }).count()).toBe(0)
  })
})

describe('scroll-spy', () => {
  it('marks the sidebar link of the heading scrolled to and puts its hash into the URL', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/navigation.html`)
    const entries = await page.evaluate(() => history.length)
    const sidebar = page.getByRole('complementary', { name: 'Auf dieser Seite' })
    await page.getByRole('heading', { name: 'Abschnitt 4', exact: true }).evaluate((heading) => heading.scrollIntoView())
    await expect.poll(() => page.url()).toBe(`${baseUrl}/navigation.html#abschnitt-4`)
    expect(await sidebar.getByRole('link', { name: 'Abschnitt 4', exact: true }).getAttribute('aria-current')).toBe('location')
    expect(await sidebar.getByRole('link', { name: 'Abschnitt 3', exact: true }).getAttribute('aria-current')).toBe(null)

    await page.getByRole('heading', { name: 'Teil 6.2' }).evaluate((heading) => heading.scrollIntoView())
    await expect.poll(() => page.url()).toBe(`${baseUrl}/navigation.html#teil-6-2`)
    expect(await sidebar.getByRole('link', { name: 'Teil 6.2' }).getAttribute('aria-current')).toBe('location')
    expect(await sidebar.getByRole('link', { name: 'Abschnitt 4', exact: true }).getAttribute('aria-current')).toBe(null)

    await page.evaluate(() => scrollTo(0, 0))
    await expect.poll(() => page.url()).toBe(`${baseUrl}/navigation.html`)
    expect(await sidebar.locator('[aria-current="location"]').count()).toBe(0)
    // replaced, never pushed: Back still leaves the page
    expect(await page.evaluate(() => history.length)).toBe(entries)
  })
})

describe('previous/next keys', () => {
  for (const [name, viewport] of viewports) {
    it(`Alt+Right and Alt+Left follow the series' next and previous pages (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/reise-mitte.html`)
      await markWindow(page)
      await page.keyboard.press('Alt+ArrowRight')
      await page.waitForURL(`${baseUrl}/reise-ziel.html`)
      await page.getByRole('heading', { name: 'Ankunft' }).waitFor()

      // the last page has no next page: the key does nothing
      await page.keyboard.press('Alt+ArrowRight')
      await nextFrame(page)
      expect(page.url()).toBe(`${baseUrl}/reise-ziel.html`)

      await page.keyboard.press('Alt+ArrowLeft')
      await page.waitForURL(`${baseUrl}/reise-mitte.html`)
      expect(await hasMark(page)).toBe(true)

      // typing in the search field: the keys belong to the field
      await page.getByRole('combobox', { name: 'Suche' }).focus()
      await page.keyboard.press('Alt+ArrowRight')
      await nextFrame(page)
      expect(page.url()).toBe(`${baseUrl}/reise-mitte.html`)
    })
  }
})

describe('mobile sidebar', () => {
  it('closes after a navigation (375 px)', async () => {
    const { page } = await openPage(browser, { viewport: PHONE })
    await page.goto(`${baseUrl}/reise-start.html`)
    const toggle = page.getByRole('button', { name: 'Seitenleiste umschalten' })
    await toggle.click()
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Alt+ArrowRight')
    await page.waitForURL(`${baseUrl}/reise-mitte.html`)
    await page.getByRole('heading', { name: 'Rast' }).waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    const sidebar = page.locator('#sidebar')
    await expect
      .poll(async () => {
        const box = await sidebar.boundingBox()
        return box ? box.x + box.width : 0
      })
      .toBeLessThanOrEqual(0)
  })
})
