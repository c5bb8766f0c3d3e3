/**
 * A theme slot's browser module (config `theme.slots` with `client`): served under the recommended
 * Content-Security-Policy, it runs with the slot's element when a page loads and again after each client navigation,
 * after the cleanup of the page before, without a violation and without React.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { repoRoot, tempDir } from '../integration/helpers.js'
import { launch, openPage } from './browser.js'

const VAULT: Record<string, string> = {
  'wikigen.config.ts':
    "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({\n  site: { title: 'Insel' },\n  theme: { slots: { headerEnd: { component: 'slots/Zaehler.tsx', client: 'slots/zaehler.client.ts' } } },\n})\n",
  'index.md': '# Start\n\nWeiter zur [[Zweite Seite]].\n',
  'Zweite Seite.md': '# Zweite Seite\n\nZurück zum [[index|Start]].\n',
  'slots/Zaehler.tsx': 'export default ({ page }: { page: { title: string } }) => <output className="zaehler">{page.title}</output>\n',
  // counts its runs and cleanups on the window, and writes into the element the build rendered
  'slots/zaehler.client.ts': `const state = ((window as unknown as { slotState?: { runs: string[]; cleanups: number } }).slotState ??= { runs: [], cleanups: 0 })

export default function start(element: HTMLElement) {
  const output = element.querySelector('output')!
  state.runs.push(output.textContent ?? '')
  output.dataset.lebendig = String(state.runs.length)
  return () => {
    state.cleanups++
  }
}
`,
}

let browser: Browser
let server: Server
let baseUrl: string

beforeAll(async () => {
  const dir = tempDir('wikigen-e2e-slots-')
  const root = join(dir, 'insel')
  for (const [path, text] of Object.entries(VAULT)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const site = join(dir, 'site')
  execFileSync(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', site, '--no-cache'], {
    cwd: dir,
    env: { ...process.env, CI: '1' },
    stdio: 'pipe',
  })
  server = await startServer({ dir: site, port: 0, host: '127.0.0.1', csp: true })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

describe('a theme slot with a browser module', () => {
  it('runs on load and after each client navigation, cleaning up before the next, under the CSP', async () => {
    const { page, errors } = await openPage(browser)
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const missing: string[] = []
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url())
    })
    const react: string[] = []
    page.on('request', (request) => {
      if (/react|hydrate/i.test(request.url())) react.push(request.url())
    })
    await page.goto(`${baseUrl}/`)
    const counter = page.locator('.slot-headerEnd output')
    await expect.poll(() => counter.getAttribute('data-lebendig')).toBe('1')
    // the island needs no React: nothing of it loaded before the reader touches the page
    expect(react).toEqual([])
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))

    await page.locator('[data-content] a', { hasText: 'Zweite Seite' }).click()
    await page.waitForURL(`${baseUrl}/zweite-seite.html`)
    await expect.poll(() => counter.getAttribute('data-lebendig')).toBe('2')
    expect(await counter.textContent()).toBe('Zweite Seite')

    await page.locator('[data-content] a', { hasText: 'Start' }).click()
    await page.waitForURL(`${baseUrl}/`)
    await expect.poll(() => counter.getAttribute('data-lebendig')).toBe('3')

    const state = await page.evaluate(() => ({
      sameDocument: (window as unknown as { sameDocument?: boolean }).sameDocument,
      ...(window as unknown as { slotState: { runs: string[]; cleanups: number } }).slotState,
    }))
    // one document all along: the module ran after client navigations, once per page, each after the last cleanup
    expect(state).toEqual({ sameDocument: true, runs: ['Start', 'Zweite Seite', 'Start'], cleanups: 2 })
    expect(violations).toEqual([])
    // every file the pages asked for was there (Chromium's own favicon request, which the vault has none for, aside)
    expect(missing).toEqual([])
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([])
    await page.context().close()
  })
})
