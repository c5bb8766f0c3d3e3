/**
 * The authoring loop: `wikigen dev` serves the wiki, an edit on disk reaches the open browser without a reload,
 * a broken front matter shows an overlay while the last good page stays served.
 */
import type { ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepScreenshot, launch, openPage } from './browser.js'
import { startDev } from './dev-server.js'

const repo = join(import.meta.dirname, '../..')
let browser: Browser
let dev: ChildProcess
let url: string
let root: string

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wikigen-dev-'))
  root = join(dir, 'wiki')
  cpSync(join(repo, 'tests/fixtures/sites/basic'), root, { recursive: true })
  ;({ dev, url } = await startDev(root, dir))
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  dev?.kill()
})

describe('wikigen dev', () => {
  it('shows an edit in the open page without a reload, keeping the scroll position', async () => {
    const { page } = await openPage(browser, { viewport: { width: 1280, height: 400 } })
    await page.goto(`${url}odoo.html`)
    await page.evaluate(() => {
      ;(window as unknown as { marker: number }).marker = 42
      window.scrollTo(0, 200)
    })
    writeFileSync(
      join(root, 'Odoo/Odoo.md'),
      '---\nkind: Erklärung\n---\nOdoo ist ein ERP.\n\n## Module\n\nFrisch geschrieben: Lagerverwaltung.\n\n' + 'Absatz.\n\n'.repeat(60),
    )
    await page.getByText('Frisch geschrieben: Lagerverwaltung.').waitFor({ timeout: 10_000 })
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42)
    expect(await page.evaluate(() => window.scrollY)).toBe(200)
  })

  it('shows a front-matter error as an overlay, keeps the last good page and keeps answering', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${url}odoo.html`)
    writeFileSync(join(root, 'Odoo/Odoo.md'), '---\ntitle: [kaputt\n---\nKaputt.\n')
    const overlay = page.getByRole('alertdialog', { name: 'Fehler im Inhalt' })
    await overlay.waitFor({ timeout: 10_000 })
    expect(await overlay.textContent()).toContain('Odoo.md:3:1')
    expect(await overlay.textContent()).toContain('Malformed YAML front matter')
    await keepScreenshot(page, 'dev-overlay')
    const response = await fetch(`${url}odoo.html`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Frisch geschrieben')
    // fixing the file removes the overlay and shows the new text
    writeFileSync(join(root, 'Odoo/Odoo.md'), '---\ntitle: Odoo\n---\nWieder gut.\n')
    await page.getByText('Wieder gut.').waitFor({ timeout: 10_000 })
    expect(await overlay.count()).toBe(0)
  })

  it('picks up added and deleted pages', async () => {
    writeFileSync(join(root, 'Neue Seite.md'), '# Neu\n\nHallo.\n')
    await expect.poll(async () => (await fetch(`${url}neue-seite.html`)).status, { timeout: 10_000 }).toBe(200)
  })
})
