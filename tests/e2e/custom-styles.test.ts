/**
 * A site's own colours and fonts (theme.styles, docs/theming.md): its stylesheet sets the theme's CSS variables, and
 * what the reader sees is its brand colour and font, in light and in dark mode, while a site without one keeps the
 * theme's.
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
import { launch, openPage } from './browser.js'

let browser: Browser
const servers: Server[] = []

/** Builds a two-page wiki with the CLI, with `styles` as its own stylesheets, and serves it; returns its address. */
async function serveSite(styles: Record<string, string>, start = '# Start\n\nWeiter zur [[Zweite Seite]].\n'): Promise<string> {
  const work = tempDir('wikigen-e2e-styles-')
  const root = join(work, 'wiki')
  mkdirSync(join(root, 'stil'), { recursive: true })
  writeFileSync(join(root, 'index.md'), start)
  writeFileSync(join(root, 'Zweite Seite.md'), '# Zweite Seite\n\nText.\n')
  for (const [file, css] of Object.entries(styles)) writeFileSync(join(root, file), css)
  const names = Object.keys(styles).map((file) => `'${file}'`)
  writeFileSync(
    join(root, 'wikigen.config.ts'),
    `import { defineConfig } from 'wikigen'\n\nexport default defineConfig({ theme: { styles: [${names.join(', ')}] } })\n`,
  )
  execFileSync(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', join(work, 'site'), '--no-cache'], {
    cwd: work,
    env: { ...process.env, CI: '1' },
    stdio: 'pipe',
  })
  const server = await startServer({ dir: join(work, 'site'), port: 0, host: '127.0.0.1' })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The colour of the page's link in the text and the font of its body, as the browser computed them. */
function looks(page: Page): Promise<{ link: string; font: string }> {
  return page.evaluate(() => ({
    link: getComputedStyle(document.querySelector('[data-content] p a')!).color,
    font: getComputedStyle(document.body).fontFamily,
  }))
}

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

describe("a site's own stylesheet", () => {
  it("sets the brand colour and the font over the theme's, in light and dark mode", async () => {
    const url = await serveSite({
      'stil/firma.css': [
        ":root { --c-brand: #8a1538; --font-sans: 'Firma Sans', Georgia, serif; }",
        "html[data-theme='dark'] { --c-brand: #e07a93; }",
        '',
      ].join('\n'),
    })
    const light = await openPage(browser, { colorScheme: 'light' })
    const failed: string[] = []
    light.page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)))
    await light.page.goto(url)
    expect(await looks(light.page)).toEqual({ link: 'rgb(138, 21, 56)', font: '"Firma Sans", Georgia, serif' })
    // on the next page too, reached by the client router
    await light.page.locator('[data-content] p a').click()
    await light.page.getByRole('heading', { level: 1, name: 'Zweite Seite' }).waitFor()
    expect(await light.page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toBe('"Firma Sans", Georgia, serif')

    const dark = await openPage(browser, { colorScheme: 'dark' })
    dark.page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)))
    await dark.page.goto(url)
    expect(await dark.page.locator('html').getAttribute('data-theme')).toBe('dark')
    expect((await looks(dark.page)).link).toBe('rgb(224, 122, 147)')
    // every file the pages ask for is there; the one 404 Chromium may log is its own request for /favicon.ico (this
    // site has no icon), which pages never see
    expect(failed).toEqual([])
    expect([...light.errors, ...dark.errors].filter((e) => !e.includes('status of 404'))).toEqual([])
  })

  it("leaves the theme's colours where it sets nothing", async () => {
    const url = await serveSite({ 'stil/leer.css': '/* nichts */\n' })
    const { page } = await openPage(browser, { colorScheme: 'light' })
    await page.goto(url)
    const seen = await looks(page)
    expect(seen.link).toBe('rgb(15, 118, 110)')
    expect(seen.font).not.toContain('Firma Sans')
  })
})

describe('CSS written for Obsidian, and styled HTML of authors, under the Content-Security-Policy', () => {
  it("works unchanged: Obsidian's variables, .theme-dark/.theme-light, callout colours as red, green, blue", async () => {
    const url = await serveSite(
      {
        'publish.css': [
          '.theme-light .hinweis { color: rgb(1, 2, 3); }',
          '.theme-dark .hinweis { color: rgb(4, 5, 6); }',
          '.rahmen { border: 2px solid var(--background-modifier-border); background: var(--background-secondary); }',
          '.callout[data-callout="eigen"] { --callout-color: var(--color-purple-rgb); --callout-icon: lucide-monitor-check; }',
          '',
        ].join('\n'),
      },
      [
        '# Start',
        '',
        '<p class="hinweis">Hinweis</p>',
        '',
        '<div class="rahmen">Rahmen</div>',
        '',
        'Ein <span style="color: rgb(0, 128, 0); font-weight: 700; position: fixed">grünes</span> Wort.',
        '',
        '> [!eigen] Eigene Art',
        '> Text.',
        '',
      ].join('\n'),
    )
    for (const scheme of ['light', 'dark'] as const) {
      const { page, errors } = await openPage(browser, { colorScheme: scheme })
      await page.goto(url)
      const seen = await page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
        const green = document.querySelector('[data-content] span[class]')!
        return {
          root: document.documentElement.className,
          note: style('.hinweis').color,
          frame: style('.rahmen').backgroundColor,
          soft: getComputedStyle(document.documentElement).getPropertyValue('--c-bg-soft').trim(),
          green: [getComputedStyle(green).color, getComputedStyle(green).fontWeight, getComputedStyle(green).position],
          callout: style('.callout[data-callout="eigen"]').borderLeftColor,
          icon: getComputedStyle(document.querySelector('.callout[data-callout="eigen"] .callout-title')!, '::before').maskImage,
        }
      })
      expect(seen.root).toContain(`theme-${scheme}`)
      expect(seen.root).not.toContain(`theme-${scheme === 'light' ? 'dark' : 'light'}`)
      expect(seen.note).toBe(scheme === 'light' ? 'rgb(1, 2, 3)' : 'rgb(4, 5, 6)')
      // --background-secondary is the theme's soft background in either mode
      expect(seen.frame).not.toBe('rgba(0, 0, 0, 0)')
      expect(seen.soft).not.toBe('')
      // the author's style became classes of the site's sheet: colour and weight, but nothing laid over the page
      expect(seen.green).toEqual(['rgb(0, 128, 0)', '700', 'static'])
      expect(seen.callout).toBe(scheme === 'light' ? 'rgb(120, 82, 238)' : 'rgb(168, 130, 255)')
      // Obsidian's icon names are not the site's: the type keeps the note's icon rather than a filled square
      expect(seen.icon).toMatch(/^url\("data:image\/svg\+xml/)
      await page.screenshot({ path: join(repoRoot, `tests/e2e/artifacts/obsidian-css-${scheme}.png`) })
      expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
    }
  })
})
