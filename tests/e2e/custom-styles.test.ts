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
async function serveSite(styles: Record<string, string>): Promise<string> {
  const work = tempDir('wikigen-e2e-styles-')
  const root = join(work, 'wiki')
  mkdirSync(join(root, 'stil'), { recursive: true })
  writeFileSync(join(root, 'index.md'), '# Start\n\nWeiter zur [[Zweite Seite]].\n')
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
