/**
 * Image zoom, diagrams (spec §2.1, §4, §7, §8, §9) and embedded files and web pages, on the reader fixture's Medien
 * pages: a text-only page (Medien Text), images (Medien Bilder), three diagrams (Medien Diagramme), one over 50 000
 * characters (Medien Grosses Diagramm), a broken one between two good ones (Medien Fehlerhaftes Diagramm), diagrams
 * that try to run script (Medien Diagramm Sicherheit), and a PDF, a video, a sound, a YouTube video and web pages as
 * cards (Medien Einbettungen).
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { labels } from '../../src/shared/labels.js'
import { DESKTOP, PHONE, holdRequests, hydrateIslands, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
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

/** The lazy chunks the page requested, by name without hash ('diagram-chunk', 'zoom-chunk', 'hydrate', …). */
function recordChunks(page: Page): string[] {
  const chunks: string[] = []
  page.on('request', (request) => {
    const file = /\/chunks\/([\w.-]+)$/.exec(new URL(request.url()).pathname)?.[1]
    if (file) chunks.push(file.replace(/(-[A-Z0-9]{8})+\.js$/, ''))
  })
  return chunks
}

/** Waits until the page is loaded, its islands hydrated, and the network quiet: whatever loads on its own has loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await hydrateIslands(page)
  await page.waitForLoadState('networkidle')
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms)

/** expect.poll with room for mermaid's first render on a busy machine (vitest's default gives up after 1 s). */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 })

/** A screenshot of the viewport: a full-page one resizes the window, which closes an open zoom. */
async function keepViewport(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(import.meta.dirname, 'artifacts', `${name}.png`) })
}

// ——— diagrams ———————————————————————————————————————————————————————————————————————————————————————————

/** The rendered diagrams, by their accessible name. */
/** A diagram without a title of its own: named after its heading ('Diagramm: Anmeldung'), or just 'Diagramm'. */
const untitled = new RegExp(`^${labels.diagram}(: |$)`)
const diagram = (page: Page, name: string | RegExp) => page.getByRole('img', { name, exact: typeof name === 'string' })

/** The lightness (0–1) of the fill of the first node drawn in the first diagram of the page. */
function firstNodeLightness(page: Page): Promise<number> {
  return page.evaluate(() => {
    const shape = document.querySelector('[data-content] svg .node rect, [data-content] svg .node path, [data-content] svg .node polygon')
    const [r, g, b] = (shape ? getComputedStyle(shape).fill : '').match(/\d+(\.\d+)?/g)?.map(Number) ?? [NaN, NaN, NaN]
    return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255
  })
}

describe('diagrams', () => {
  it('load the diagram library only on a page that has a diagram, also after a client navigation', async () => {
    const { page } = await openPage(browser)
    const chunks = recordChunks(page)
    await page.goto(`${baseUrl}/medien-text.html`)
    await settle(page)
    expect(chunks).not.toContain('diagram-chunk')

    await page.locator('[data-content]').getByRole('link', { name: 'Medien Diagramme' }).click()
    await page.waitForURL(`${baseUrl}/medien-diagramme.html`)
    await diagram(page, 'Ablauf einer Supportanfrage').waitFor()
    expect(chunks).toContain('diagram-chunk')
    // mermaid's own per-type code arrives in further chunks, only for the types on the page
    expect(chunks).toContain('flowDiagram')
    expect(chunks).toContain('sequenceDiagram')
    expect(chunks).not.toContain('ganttDiagram')
  })

  it('load the diagram library only when a diagram comes near the viewport', async () => {
    const { page } = await openPage(browser)
    const chunks = recordChunks(page)
    await page.goto(`${baseUrl}/medien-sp%C3%A4tes-diagramm.html`)
    await settle(page)
    expect(chunks).not.toContain('diagram-chunk')
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight))
    await page.locator('[data-diagram="mermaid"] svg[role="img"]').waitFor() // the drawing, not the placeholder
    expect(chunks).toContain('diagram-chunk')
  })

  for (const [name, viewport] of viewports) {
    it(`render each diagram to an SVG named by its title, in place of its source (${name})`, async () => {
      const { page, errors } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/medien-diagramme.html`)
      await diagram(page, 'Ablauf einer Supportanfrage').waitFor()
      await diagram(page, 'Projektphasen').waitFor()
      await diagram(page, untitled).waitFor()
      const svg = diagram(page, untitled)
      await expect(svg.getByText('Weiterleitung zur Anmeldung').count()).resolves.toBe(1)
      await expect(page.getByText('participant K as Keycloak').isVisible()).resolves.toBe(false)
      // a wide drawing keeps readable text and scrolls sideways in its frame; the frame and the page fit the window
      for (const frame of await page.locator('[data-content] [data-diagram="mermaid"]').all()) {
        expect((await frame.boundingBox())?.width).toBeLessThanOrEqual(viewport.width)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
      await keepScreenshot(page, `diagrams-${viewport.width}`)
    })
  }

  it('keep the source readable without JavaScript', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}/medien-diagramme.html`)
    await expect(page.getByText('Kunde -->|E-Mail| Support').isVisible()).resolves.toBe(true)
    await expect(page.getByRole('main').getByRole('img').count()).resolves.toBe(0)
  })

  it('render a block only once: a second mount leaves rendered diagrams alone', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/medien-diagramme.html`)
    const blocks = page.locator('[data-content] [data-diagram="mermaid"]')
    await eventually(() => blocks.and(page.locator('[data-processed="true"]')).count()).toBe(3)
    const idsBefore = await page.locator('[data-content] [data-diagram] > svg').evaluateAll((svgs) => svgs.map((s) => s.id))
    // mermaid draws every diagram in a scratch element it adds to <body>: count those from now on
    await page.evaluate(() => {
      const drawn: string[] = []
      Object.assign(window, { drawn })
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement && node.id) drawn.push(node.id)
      }).observe(document.body, { childList: true })
      document.dispatchEvent(new CustomEvent('wikigen:navigate'))
    })
    await pause(page, 1000) // time for a wrong second render to happen
    expect(await page.evaluate(() => (window as unknown as { drawn: string[] }).drawn)).toEqual([])
    expect(await page.locator('[data-content] [data-diagram] > svg').evaluateAll((svgs) => svgs.map((s) => s.id))).toEqual(idsBefore)

    // away and back: the page is new, so it renders again, once per block
    await page.getByRole('link', { name: 'Textseite' }).click()
    await page.waitForURL(`${baseUrl}/medien-text.html`)
    await page.goBack()
    await page.waitForURL(`${baseUrl}/medien-diagramme.html`)
    await eventually(() => blocks.and(page.locator('[data-processed="true"]')).count()).toBe(3)
    await pause(page, 500)
    for (const block of await blocks.all()) await expect(block.locator(':scope > svg').count()).resolves.toBe(1)
  })

  it('replace a diagram over 50 000 characters by "Maximum text size in diagram exceeded"', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}/medien-grosses-diagramm.html`)
    await diagram(page, untitled).getByText('Maximum text size in diagram exceeded').waitFor()
    await expect(page.getByText('knoten4[Station 4]').isVisible()).resolves.toBe(false)
  })

  for (const [name, viewport] of viewports) {
    it(`show a broken diagram's error and source in place, and still render the others (${name})`, async () => {
      const { page, errors } = await openPage(browser, { viewport })
      await page.goto(`${baseUrl}/medien-fehlerhaftes-diagramm.html`)
      await page.getByText(labels.diagramError).waitFor()
      await eventually(() => diagram(page, untitled).count()).toBe(2)
      await expect(diagram(page, untitled).first().getByText('Backlog').count()).resolves.toBe(1)
      await expect(diagram(page, untitled).last().getByText('Hallo Alice').count()).resolves.toBe(1)
      await expect(page.getByText('this is not mermaid {{{').isVisible()).resolves.toBe(true)
      expect(errors.some((e) => e.includes('Parse error'))).toBe(true)
      // mermaid's own error graphic is not left behind in the page
      await expect(page.getByText('Syntax error in text').count()).resolves.toBe(0)
      await keepScreenshot(page, `diagram-error-${viewport.width}`)
    })
  }

  it('run no script from a diagram: no handler, no callback, no javascript: link', async () => {
    const { page } = await openPage(browser)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    // the callback a `click A callback` line asks for: it must never be called
    await page.addInitScript(() => Object.assign(window, { callback: () => Object.assign(window, { __diagramInjected: 'callback' }) }))
    await page.goto(`${baseUrl}/medien-diagramm-sicherheit.html`)
    await eventually(() => diagram(page, untitled).count()).toBe(2)
    await page.getByText('Bild', { exact: true }).click()
    await page.getByText('Klick', { exact: true }).click()
    await pause(page, 500)
    expect(await page.evaluate(() => (window as unknown as { __diagramInjected?: string }).__diagramInjected)).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(page.url()).toBe(`${baseUrl}/medien-diagramm-sicherheit.html`)
    const unsafe = await page.evaluate(() => ({
      handlers: [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${element.tagName} ${a.name}`),
      ),
      scripts: document.querySelectorAll('[data-content] script').length,
      links: [...document.querySelectorAll('a')]
        .map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href') ?? '')
        .filter((href) => /^\s*javascript:/i.test(href)),
    }))
    expect(unsafe).toEqual({ handlers: [], scripts: 0, links: [] })
  })

  it("switch to mermaid's dark theme with the colour toggle", async () => {
    const { page } = await openPage(browser, { colorScheme: 'light' })
    await page.goto(`${baseUrl}/medien-diagramme.html`)
    await diagram(page, 'Ablauf einer Supportanfrage').waitFor()
    expect(await firstNodeLightness(page)).toBeGreaterThan(0.6)
    await page.getByRole('switch', { name: labels.darkMode }).click()
    await eventually(() => firstNodeLightness(page)).toBeLessThan(0.4)
    await eventually(() => diagram(page, /./).count()).toBe(3)
    await keepScreenshot(page, 'diagrams-dark')
    await page.getByRole('switch', { name: labels.darkMode }).click()
    await eventually(() => firstNodeLightness(page)).toBeGreaterThan(0.6)
  })

  it('follow the system colour scheme while the mode is auto', async () => {
    const { page } = await openPage(browser, { colorScheme: 'light' })
    await page.goto(`${baseUrl}/medien-diagramme.html`)
    await diagram(page, 'Ablauf einer Supportanfrage').waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await eventually(() => firstNodeLightness(page)).toBeLessThan(0.4)
  })
})

// ——— image zoom ——————————————————————————————————————————————————————————————————————————————————————————

/**
 * Where the zoom of the image with this alt text stands: 'open' while an enlarged copy of it is shown over the
 * page, 'moving' while it animates, 'closed' when only the image itself is left.
 */
function zoomState(page: Page, alt: string): Promise<'open' | 'moving' | 'closed'> {
  return page.evaluate((alt) => {
    const copies = [...document.querySelectorAll('img')].filter((image) => image.alt === alt)
    if (copies.some((image) => image.getAnimations().length > 0)) return 'moving'
    return copies.length > 1 ? 'open' : 'closed'
  }, alt)
}

/** Opens the page and waits until its images are zoomable (they show the zoom-in cursor). */
async function openImages(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/medien-bilder.html`)
  await eventually(() => page.getByAltText('Rechenzentrum Übersicht').evaluate((image) => getComputedStyle(image).cursor)).toBe('zoom-in')
}

/**
 * Makes the zoom's transitions last 1.5 s instead of 0.3 s, so that a test can act while a zoom is still opening even
 * on a busy machine.
 */
async function slowZoom(page: Page): Promise<void> {
  await page.addStyleTag({ content: 'img.medium-zoom-image { transition-duration: 1.5s !important; }' })
}

async function openZoom(page: Page, alt: string): Promise<void> {
  await page.getByAltText(alt).click()
  await eventually(() => zoomState(page, alt)).toBe('open')
}

describe('image zoom', () => {
  it('loads medium-zoom only on a page with a zoomable image, also after a client navigation', async () => {
    const { page } = await openPage(browser)
    const chunks = recordChunks(page)
    await page.goto(`${baseUrl}/medien-text.html`)
    await settle(page)
    expect(chunks).not.toContain('zoom-chunk')
    await page.locator('[data-content]').getByRole('link', { name: 'Medien Bilder' }).click()
    await page.waitForURL(`${baseUrl}/medien-bilder.html`)
    await eventually(() => page.getByAltText('Serverraum').evaluate((image) => getComputedStyle(image).cursor)).toBe('zoom-in')
    expect(chunks).toContain('zoom-chunk')
    await openZoom(page, 'Serverraum')
  })

  for (const [name, viewport] of viewports) {
    it(`opens an image on click and closes it on the next click (${name})`, async () => {
      const { page, errors } = await openPage(browser, { viewport })
      await openImages(page)
      const before = await page.getByAltText('Rechenzentrum Übersicht').boundingBox()
      await openZoom(page, 'Rechenzentrum Übersicht')
      const zoomed = await page.getByRole('img', { name: 'Rechenzentrum Übersicht' }).boundingBox()
      expect(zoomed?.width).toBeGreaterThan(before?.width ?? Infinity)
      await keepViewport(page, `zoom-open-${viewport.width}`)
      await page.mouse.click(viewport.width / 2, viewport.height / 2)
      await eventually(() => zoomState(page, 'Rechenzentrum Übersicht')).toBe('closed')
      await expect(page.getByRole('img', { name: 'Rechenzentrum Übersicht' }).isVisible()).resolves.toBe(true)
      expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
    })

    it(`closes the zoomed image on Escape (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await openImages(page)
      await openZoom(page, 'Serverraum')
      await page.keyboard.press('Escape')
      await eventually(() => zoomState(page, 'Serverraum')).toBe('closed')
    })
  }

  it('closes on an Escape pressed while the zoom is still opening', async () => {
    // medium-zoom alone ignores it during its opening transition, and the image stayed open
    const { page } = await openPage(browser)
    await openImages(page)
    await slowZoom(page)
    await page.evaluate(() => {
      window.addEventListener(
        'keyup',
        () => {
          const zoomed = document.querySelector('body > img.medium-zoom-image--opened')
          document.body.dataset.escapeDuring = zoomed && zoomed.getAnimations().length > 0 ? 'opening' : 'other'
        },
        { capture: true, once: true },
      )
    })
    await page.getByAltText('Serverraum').click()
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => document.body.dataset.escapeDuring)).toBe('opening')
    await eventually(() => zoomState(page, 'Serverraum')).toBe('closed')
  })

  it('closes when the page is scrolled more than 40 px while the zoom is still opening', async () => {
    const { page } = await openPage(browser)
    await openImages(page)
    await slowZoom(page)
    await page.getByAltText('Rechenzentrum Übersicht').click()
    const during = await page.evaluate(() => {
      window.scrollBy(0, 60)
      return document.querySelector('body > img.medium-zoom-image--opened')?.getAnimations().length ?? 0
    })
    expect(during).toBeGreaterThan(0) // the page was scrolled while the zoom was opening
    await eventually(() => zoomState(page, 'Rechenzentrum Übersicht')).toBe('closed')
  })

  it('opens and closes also for readers who prefer reduced motion', async () => {
    // medium-zoom finishes on the image's transitionend: a zoom without any transition would never close
    const { page } = await openPage(browser, { reducedMotion: 'reduce' })
    await openImages(page)
    await openZoom(page, 'Serverraum')
    await page.keyboard.press('Escape')
    await eventually(() => zoomState(page, 'Serverraum')).toBe('closed')
  })

  it('closes the zoomed image when the window is resized', async () => {
    const { page } = await openPage(browser)
    await openImages(page)
    await openZoom(page, 'Rechenzentrum Übersicht')
    await page.setViewportSize({ width: DESKTOP.width - 200, height: DESKTOP.height })
    await eventually(() => zoomState(page, 'Rechenzentrum Übersicht')).toBe('closed')
  })

  for (const [name, viewport] of viewports) {
    it(`closes the zoomed image after scrolling more than 40 px, not less (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      await openImages(page)
      await openZoom(page, 'Rechenzentrum Übersicht')
      await page.evaluate(() => window.scrollBy(0, 30))
      await pause(page, 500) // time for a wrong close to happen
      await expect(zoomState(page, 'Rechenzentrum Übersicht')).resolves.toBe('open')
      await page.evaluate(() => window.scrollBy(0, 20))
      await eventually(() => zoomState(page, 'Rechenzentrum Übersicht')).toBe('closed')
    })
  }

  it('leaves an image inside a link alone: a click follows the link', async () => {
    const { page } = await openPage(browser)
    await openImages(page)
    const linked = page.getByRole('link', { name: 'Logo mit Link' }).getByRole('img')
    expect(await linked.evaluate((image) => getComputedStyle(image).cursor)).not.toBe('zoom-in')
    await linked.click()
    await page.waitForURL(`${baseUrl}/medien-text.html`)
    await expect(page.getByAltText('Logo mit Link').count()).resolves.toBe(0)
  })

  it('warns when the larger zoom image of data-zoom-src cannot be loaded, zooms the image itself and leaves no broken image', async () => {
    const { page } = await openPage(browser)
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await openImages(page)
    await page.getByAltText('Karte der Standorte').scrollIntoViewIfNeeded()
    await page.getByAltText('Karte der Standorte').click()
    await eventually(() => warnings).toContainEqual(`Unable to reach the zoom image target ${baseUrl}/attachments/medien-karte-gross.svg`)
    await eventually(() => zoomState(page, 'Karte der Standorte')).toBe('open')
    const brokenShown = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('img')].filter(
            (image) => image.alt === 'Karte der Standorte' && image.complete && image.naturalWidth === 0 && image.checkVisibility(),
          ).length,
      )
    expect(await brokenShown()).toBe(0)
    await page.keyboard.press('Escape')
    // closed means one copy left: the failed larger image is not left behind over the page
    await eventually(() => zoomState(page, 'Karte der Standorte')).toBe('closed')
  })

  it('works under a Content-Security-Policy that forbids inline styles', async () => {
    const { page } = await openPage(browser)
    await page.route(`${baseUrl}/medien-bilder.html`, async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "style-src 'self'" } })
    })
    await page.addInitScript(() => {
      const blocked: string[] = []
      Object.assign(window, { blocked })
      document.addEventListener('securitypolicyviolation', (event) => blocked.push(`${event.violatedDirective} ${event.sourceFile}`))
    })
    await openImages(page)
    await openZoom(page, 'Rechenzentrum Übersicht')
    await page.keyboard.press('Escape')
    await eventually(() => zoomState(page, 'Rechenzentrum Übersicht')).toBe('closed')
    const blocked = await page.evaluate(() => (window as unknown as { blocked: string[] }).blocked)
    expect(blocked.filter((violation) => violation.startsWith('style-src-elem'))).toEqual([])
  })
})

// ——— embedded files and web pages ———————————————————————————————————————————————————————————————————————

/**
 * The reader fixture's Medien Einbettungen page: a two-page PDF (written byte by byte, tests/fixtures/media-files.ts),
 * medien-rundgang.mp4 (1.5 s of a canvas, recorded by Chromium's MediaRecorder, 480 × 270), a WAV tone, a YouTube
 * video, a post on X and a Wikipedia article.
 */
const EMBEDS = '/medien-einbettungen.html'
/** YouTube's and Google's hosts: nothing may be asked of them before the reader plays a video. */
const YOUTUBE_OR_GOOGLE =
  /(^|\.)(youtube\.com|youtu\.be|ytimg\.com|googlevideo\.com|google\.com|googleapis\.com|gstatic\.com|doubleclick\.net)$/
/** The hosts of the cards: nothing may be asked of them at all. */
const CARD_HOSTS = /(^|\.)(x\.com|twitter\.com|twimg\.com|wikipedia\.org|wikimedia\.org)$/
const PLAYER = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&start=42'

/**
 * Every request the page and its frames make, by URL; those that leave the test server are aborted (there is no
 * network here), after being recorded.
 */
async function recordRequests(page: Page): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort())
  return requests
}

const hostsOf = (urls: string[], hosts: RegExp) => urls.filter((url) => /^https?:/.test(url) && hosts.test(new URL(url).hostname))

/**
 * Waits until the page is loaded and its islands hydrated. Not until the network is quiet: the video keeps its
 * connection open while it buffers.
 */
async function settleEmbeds(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await hydrateIslands(page)
  await pause(page, 300)
}

/** The YouTube placeholder's link, a button once the player code arrived. */
const playButton = (page: Page) => page.getByRole('button', { name: /Einführung in den Rundgang/ })

describe('embedded files and web pages', () => {
  it('load the YouTube player code only on a page with a YouTube video', async () => {
    const { page } = await openPage(browser)
    const chunks = recordChunks(page)
    await page.goto(`${baseUrl}/medien-text.html`)
    await settle(page)
    await page.goto(`${baseUrl}/medien-bilder.html`)
    await settle(page)
    expect(chunks).not.toContain('youtube-chunk')
    await page.goto(`${baseUrl}${EMBEDS}`)
    await playButton(page).waitFor()
    expect(chunks).toContain('youtube-chunk')
  })

  it('ask nothing of YouTube or Google before play, and play from youtube-nocookie.com on a click', async () => {
    const { page } = await openPage(browser)
    const requests = await recordRequests(page)
    await page.goto(`${baseUrl}${EMBEDS}`)
    await settleEmbeds(page)
    const placeholder = page.locator('[data-content] .youtube')
    await placeholder.scrollIntoViewIfNeeded()
    await placeholder.hover()
    await pause(page, 300) // time for anything the pointer would start
    expect(hostsOf(requests, YOUTUBE_OR_GOOGLE)).toEqual([])
    expect(hostsOf(requests, /youtube-nocookie\.com$/)).toEqual([])
    await expect(placeholder.locator('img, iframe').count()).resolves.toBe(0)
    // the link names the video and says where it plays
    await expect(playButton(page).textContent()).resolves.toBe(
      'Einführung in den Rundgangyoutube.com/watch?v=M7lc1UVf-VE&t=42YouTube wird erst beim Abspielen geladen.',
    )

    const before = await placeholder.boundingBox()
    await playButton(page).click()
    const frame = placeholder.locator('iframe')
    await frame.waitFor({ state: 'attached' })
    expect(await frame.getAttribute('src')).toBe(PLAYER)
    expect(await frame.getAttribute('title')).toBe('Einführung in den Rundgang')
    await eventually(() => requests.includes(PLAYER)).toBe(true)
    // only the player itself was asked for (and refused here, there is no network), in the box the placeholder had
    expect(hostsOf(requests, YOUTUBE_OR_GOOGLE)).toEqual([])
    expect(await placeholder.boundingBox()).toEqual(before)
    expect(page.url().replace(/#.*$/, '')).toBe(`${baseUrl}${EMBEDS}`)
    expect(page.context().pages()).toHaveLength(1)
  })

  it('play a YouTube video from the keyboard: the player takes the focus', async () => {
    const { page } = await openPage(browser)
    await recordRequests(page)
    await page.goto(`${baseUrl}${EMBEDS}`)
    await playButton(page).focus()
    await page.keyboard.press(' ')
    await page.locator('[data-content] .youtube iframe').waitFor({ state: 'attached' })
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME')
    expect(await page.evaluate(() => window.scrollY > 0)).toBe(true) // the page did not jump to the top
  })

  it('leave a plain link to the video without JavaScript, and still ask YouTube for nothing', async () => {
    const { page } = await openPage(browser, { javaScriptEnabled: false })
    const requests = await recordRequests(page)
    await page.goto(`${baseUrl}${EMBEDS}`)
    await page.waitForLoadState('networkidle')
    const link = page.getByRole('link', { name: /Einführung in den Rundgang/ })
    expect(await link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42')
    expect(hostsOf(requests, YOUTUBE_OR_GOOGLE)).toEqual([])
  })

  for (const [name, viewport] of viewports) {
    it(`reserve the video's box before the video loads, and show the audio player (${name})`, async () => {
      const { page } = await openPage(browser, { viewport })
      const release = await holdRequests(page, /medien-rundgang\.mp4$/)
      await page.goto(`${baseUrl}${EMBEDS}`)
      const video = page.locator('[data-content] video')
      expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(0) // nothing of it loaded yet
      const box = await video.boundingBox()
      const column = await page.locator('[data-content]').evaluate((element) => element.clientWidth)
      // 400 × 225 as written (![[medien-rundgang.mp4|400]], 16:9 as the file's header says), narrower on a phone
      expect(box?.width).toBe(Math.min(400, column))
      expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 225) / 400)).toBeLessThan(1)
      expect(await video.evaluate((element: HTMLVideoElement) => [element.controls, element.preload])).toEqual([true, 'metadata'])
      release()
      await eventually(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0)
      expect(await video.boundingBox()).toEqual(box)
      const audio = page.locator('[data-content] audio')
      expect(await audio.getAttribute('aria-label')).toBe('Signalton der Anlage')
      expect(await audio.evaluate((element: HTMLAudioElement) => element.controls)).toBe(true)
      expect((await audio.boundingBox())?.height).toBeGreaterThan(20)
    })
  }

  it('show the PDF in a viewer at its page, with a visible link to open it', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}${EMBEDS}`)
    const viewer = page.locator('[data-content] iframe.pdf-frame')
    expect(await viewer.getAttribute('src')).toBe('/attachments/medien-handbuch.pdf#page=2')
    expect(await viewer.getAttribute('title')).toBe('medien-handbuch.pdf')
    expect((await viewer.boundingBox())?.height).toBeGreaterThan(300)
    const open = page.getByRole('link', { name: 'PDF öffnen: medien-handbuch.pdf' })
    await expect(open.isVisible()).resolves.toBe(true)
    expect(await open.getAttribute('href')).toBe('/attachments/medien-handbuch.pdf#page=2')
    const response = await page.request.get(`${baseUrl}/attachments/medien-handbuch.pdf`)
    expect([response.status(), response.headers()['content-type']]).toEqual([200, 'application/pdf'])
    expect((await response.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
  })

  it('show web pages as cards that link to them, asking their hosts for nothing', async () => {
    const { page } = await openPage(browser)
    const requests = await recordRequests(page)
    await page.goto(`${baseUrl}${EMBEDS}`)
    await settleEmbeds(page)
    const post = page.getByRole('link', { name: /Beitrag von @talwerk/ })
    expect(await post.getAttribute('href')).toBe('https://x.com/talwerk/status/1580548874246443010')
    expect(await post.getAttribute('target')).toBe('_blank')
    expect(await page.getByRole('link', { name: /Rechenzentrum/ }).getAttribute('href')).toBe('https://de.wikipedia.org/wiki/Rechenzentrum')
    expect(hostsOf(requests, CARD_HOSTS)).toEqual([])
  })

  it('size images as written, the size not in their alt text', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${baseUrl}${EMBEDS}`)
    const small = page.getByAltText('Logo klein')
    await small.scrollIntoViewIfNeeded()
    expect((await small.boundingBox())?.width).toBe(64)
    const sized = page.locator('[data-content] img[src$="medien-logo.svg"][height="40"]')
    expect(await sized.evaluate((image) => [image.getAttribute('width'), image.getAttribute('alt')])).toEqual(['120', ''])
  })

  for (const [name, viewport] of viewports) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`look right in ${colorScheme} mode (${name})`, async () => {
        const { page, errors } = await openPage(browser, { viewport, colorScheme })
        await recordRequests(page)
        await page.goto(`${baseUrl}${EMBEDS}`)
        await settleEmbeds(page)
        // lazy images load once they come near the viewport
        await page.evaluate(() => scrollTo(0, document.body.scrollHeight))
        await page.waitForFunction(() => [...document.images].every((image) => image.complete))
        // a video draws its first frame once it was on screen
        await page.locator('[data-content] video').scrollIntoViewIfNeeded()
        await pause(page, 1000)
        await page.evaluate(() => scrollTo(0, 0))
        await pause(page, 1500) // the PDF viewer draws its page
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
        for (const element of await page.locator('[data-content] :is(iframe, video, audio, .youtube, .link-card)').all()) {
          expect((await element.boundingBox())?.width).toBeLessThanOrEqual(viewport.width)
        }
        expect(errors).toEqual([])
        await keepScreenshot(page, `embeds-${viewport.width}-${colorScheme}`)
      })
    }
  }
})
