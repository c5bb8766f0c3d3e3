/**
 * A wiki under a base path, as a company serves it next to other things on one host: the reader fixture built with
 * `--base /wiki/` and served with `wikigen serve --base /wiki/`, clicked through in the browser (client navigation and
 * full loads, search suggestions and the full-text page, an image with its zoom, a diagram, old URLs), and `wikigen
 * dev` with `site.base` in the config (styles, links, a live edit). Every request a page makes stays under /wiki/.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hydrateIslands, launch, openPage } from './browser.js'
import { startDev } from './dev-server.js'

const repo = join(import.meta.dirname, '../..')
let browser: Browser
let dir: string
let serve: ChildProcess | undefined
let dev: ChildProcess | undefined
/** The origin of `wikigen serve`, without a path. */
let origin: string

/** Starts `wikigen serve` as a user would and waits for the address it prints. */
async function startServe(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  // without the default Content-Security-Policy: these tests are about the base path, and csp.test.ts covers the
  // site under the policy (where mermaid's measuring styles are reported as blocked, harmlessly)
  const child = spawn(process.execPath, [join(repo, 'bin/wikigen.js'), 'serve', '--port', '0', '--no-csp', ...args], {
    env: { ...process.env, NO_COLOR: '1' },
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /served at (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.on('exit', (code) => reject(new Error(`wikigen serve exited with ${code}: ${output}`)))
  })
  return { child, url }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wikigen-e2e-base-'))
  execFileSync(
    process.execPath,
    [
      join(repo, 'bin/wikigen.js'),
      'build',
      '--root',
      'tests/fixtures/sites/reader',
      '--out',
      join(dir, 'site'),
      '--base',
      '/wiki/',
      '--no-cache',
    ],
    { cwd: repo, env: { ...process.env, CI: '1' }, stdio: 'pipe' },
  )
  const started = await startServe(['--dir', join(dir, 'site'), '--base', '/wiki/'])
  serve = started.child
  expect(started.url).toMatch(/\/wiki\/$/)
  origin = new URL(started.url).origin
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  serve?.kill()
  dev?.kill()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Every path the page asks the server for (documents, styles, scripts, chunks, data, images). */
function recordPaths(page: Page, server: string): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === server) paths.push(decodeURI(url.pathname))
  })
  return paths
}

/** The paths the server answered with an error status. */
function recordFailures(page: Page): string[] {
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${decodeURI(new URL(response.url()).pathname)}`)
  })
  return failed
}

/** True once the theme's stylesheet has reached the page: the body takes the theme's font, not the browser's. */
const styled = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).fontFamily !== 'Times New Roman' && document.styleSheets.length > 0)

async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { navigationMarker: true }))
}
const hasMark = (page: Page) => page.evaluate(() => 'navigationMarker' in window)

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 })

describe('a site built and served with --base /wiki/', () => {
  it('leads the bare host to the wiki and navigates under /wiki/ with the client router and with full loads', async () => {
    const { page, errors } = await openPage(browser)
    const paths = recordPaths(page, origin)
    await page.goto(`${origin}/`)
    expect(page.url()).toBe(`${origin}/wiki/`)
    expect(await styled(page)).toBe(true)
    await hydrateIslands(page)

    await page.goto(`${origin}/wiki/navigation.html`)
    await markWindow(page)
    await page.locator('[data-content]').getByRole('link', { name: 'English Page' }).click()
    await page.waitForURL(`${origin}/wiki/english-page.html`)
    await page.getByRole('heading', { name: 'Details' }).waitFor()
    expect(await hasMark(page)).toBe(true)
    expect(await page.title()).toBe('English Page | Testwiki')

    // the navbar's links carry the base too
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Glossar' }).click()
    await page.waitForURL(`${origin}/wiki/glossary`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await hasMark(page)).toBe(true)

    // a full load of a page met by the client router is the same page, styled
    await page.reload()
    expect(await hasMark(page)).toBe(false)
    expect(await styled(page)).toBe(true)
    await page.waitForLoadState('networkidle')
    // besides the bare host: only the hub's raw-HTML link to an unknown page (raw HTML passes through as written)
    expect(paths.filter((path) => path !== '/' && path !== '/gibt-es-nicht.html' && !path.startsWith('/wiki/'))).toEqual([])
    // the hub links to an unknown page on purpose; prefetching it gets a 404, which Chromium logs
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
  })

  it('answers an unknown path with the styled 404 page, under the base and outside it', async () => {
    for (const path of ['/wiki/gibt-es-nicht.html', '/gibt-es-nicht.html']) {
      const { page } = await openPage(browser)
      const response = await page.goto(`${origin}${path}`)
      expect(response?.status()).toBe(404)
      expect(await styled(page)).toBe(true)
      expect(await page.locator('a.site-brand').getAttribute('href')).toBe('/wiki/')
    }
  })

  it('suggests pages in the search box and finds them on the full-text page, with links under /wiki/', async () => {
    const { page, errors } = await openPage(browser)
    const paths = recordPaths(page, origin)
    await page.goto(`${origin}/wiki/`)
    await hydrateIslands(page)
    await page.getByRole('combobox', { name: 'Suche' }).fill('odoo hosting')
    const suggestion = page.getByRole('listbox', { name: 'Suchvorschläge' }).getByRole('option').first()
    await suggestion.waitFor()
    await suggestion.click()
    await page.waitForURL((url) => url.pathname === '/wiki/odoo-hosting.html')
    await page.getByRole('heading', { level: 1, name: 'Odoo Hosting' }).waitFor()

    await page.goto(`${origin}/wiki/suche.html?q=${encodeURIComponent('traktanden')}`)
    await page.locator('.fulltext-status:not(:empty)').waitFor()
    const hits = await page
      .locator('.fulltext-results .fulltext-title')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    expect(hits.length).toBeGreaterThan(0)
    for (const href of hits) expect(href).toMatch(/^\/wiki\/[^/]/)
    await page.locator('.fulltext-results .fulltext-title').first().click()
    await page.waitForURL((url) => url.pathname === hits[0].split('#')[0])
    expect(paths.some((path) => path.startsWith('/wiki/fulltext/'))).toBe(true)
    expect(paths.filter((path) => !path.startsWith('/wiki/'))).toEqual([])
    expect(errors).toEqual([])
  })

  it('shows images, opens the zoom and draws a diagram from the chunks under /wiki/', async () => {
    const { page, errors } = await openPage(browser)
    const paths = recordPaths(page, origin)
    const failed = recordFailures(page)
    await page.goto(`${origin}/wiki/medien-bilder.html`)
    const image = page.getByAltText('Rechenzentrum Übersicht')
    expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0)
    await eventually(() => image.evaluate((img) => getComputedStyle(img).cursor)).toBe('zoom-in')
    await image.click()
    await eventually(() =>
      page.evaluate(() => [...document.querySelectorAll('img')].filter((img) => img.alt === 'Rechenzentrum Übersicht').length),
    ).toBe(2)

    await page.goto(`${origin}/wiki/medien-diagramme.html`)
    await page.getByRole('img', { name: 'Ablauf einer Supportanfrage', exact: true }).waitFor({ timeout: 20_000 })
    expect(paths.some((path) => /^\/wiki\/_wikigen\/chunks\/diagram-chunk/.test(path))).toBe(true)
    expect(paths.some((path) => /^\/wiki\/_wikigen\/chunks\/zoom-chunk/.test(path))).toBe(true)
    // raw HTML is the author's and passes through as written: the fixture's <img src="/attachments/…"> leaves the base
    expect(paths.filter((path) => !path.startsWith('/wiki/'))).toEqual(['/attachments/medien-karte.svg'])
    expect(failed).toEqual(['404 /attachments/medien-karte.svg'])
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
  })

  it('leads the old URLs of redirectFrom and the config, written without the base, to their pages under /wiki/', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${origin}/wiki/alt/navigation.html`)
    expect(new URL(page.url()).pathname).toBe('/wiki/navigation.html')
    await page.getByRole('heading', { level: 1, name: 'Navigation' }).waitFor()
    await page.goto(`${origin}/wiki/alt/hosting.html`)
    expect(new URL(page.url()).pathname).toBe('/wiki/odoo-hosting.html')
    const redirects = readFileSync(join(dir, 'site/_redirects'), 'utf8')
    expect(redirects).toContain('/wiki/alt/navigation.html /wiki/navigation.html 301')
    expect(redirects).toContain('/wiki/alt/hosting.html /wiki/odoo-hosting.html 301')
  })
})

describe('wikigen dev with site.base in the config', () => {
  it('serves the styled site under the base, follows links and shows an edit without a reload', async () => {
    const root = join(dir, 'dev-wiki')
    cpSync(join(repo, 'tests/fixtures/sites/basic'), root, { recursive: true })
    const config = join(root, 'wikigen.config.ts')
    writeFileSync(config, readFileSync(config, 'utf8').replace("site: { title: 'Testwiki'", "site: { base: '/wiki/', title: 'Testwiki'"))
    const started = await startDev(root, dir)
    dev = started.dev
    expect(new URL(started.url).pathname).toBe('/wiki/')
    const server = new URL(started.url).origin

    const { page, errors } = await openPage(browser)
    const paths = recordPaths(page, server)
    const failed = recordFailures(page)
    await page.goto(`${server}/`)
    expect(page.url()).toBe(`${server}/wiki/`)
    expect(await styled(page)).toBe(true)
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Glossar' }).click()
    await page.waitForURL(`${server}/wiki/glossary`)
    await page.getByRole('heading', { level: 1 }).waitFor()

    await page.goto(`${server}/wiki/odoo.html`)
    await page.evaluate(() => Object.assign(window, { marker: 42 }))
    writeFileSync(
      join(root, 'Odoo/Odoo.md'),
      '---\nkind: Erklärung\nsection: Odoo\n---\nOdoo ist ein ERP.\n\nUnter /wiki/ frisch geschrieben.\n',
    )
    await page.getByText('Unter /wiki/ frisch geschrieben.').waitFor({ timeout: 20_000 })
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
    expect(paths.some((path) => path === '/wiki/__wikigen/events')).toBe(true)
    expect(paths.filter((path) => path !== '/' && !path.startsWith('/wiki/'))).toEqual([])
    expect(failed).toEqual([])
    expect(errors).toEqual([])
  })
})
