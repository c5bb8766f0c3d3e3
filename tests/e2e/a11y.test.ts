/**
 * Accessibility: axe-core, its experimental rules included, finds no serious or critical violation on the home page,
 * a content page, a page with a task list and wide code, a page with diagrams (drawn), the glossary, the 404 page, a page with breadcrumbs, the
 * full-text search page with results, a section's list, a tag page, the page of all tags and a page with embedded files and web pages (PDF, video, audio,
 * YouTube, cards), in light and dark mode, at desktop and phone width.
 */
import { createRequire } from 'node:module'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, keepScreenshot, launch, openPage } from './browser.js'

const baseUrl = inject('baseUrl')
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
let browser: Browser

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

interface Violation {
  id: string
  impact: string
  help: string
  nodes: { target: string[] }[]
}

describe.each([
  ['light', DESKTOP],
  ['dark', DESKTOP],
  ['light', PHONE],
  ['dark', PHONE],
] as const)('in %s mode at %o', (scheme, viewport) => {
  it.each([
    '/',
    '/odoo-hosting.html',
    '/wissensmanager_in.html',
    '/medien-diagramme.html',
    '/glossary.html',
    '/gibt-es-nicht.html',
    '/suchhilfe.html',
    '/suche.html?q=traktanden',
    '/sections/suche.html',
    '/medien-code.html',
    '/medien-einbettungen.html',
    '/tags.html',
    '/tags/buchhaltung.html',
  ])('%s has no serious or critical axe violation', async (path) => {
    const { page } = await openPage(browser, { colorScheme: scheme, viewport })
    const response = await page.goto(`${baseUrl}${path}`)
    // the page itself is checked, not the 404 page in its place
    expect(response?.status()).toBe(path === '/gibt-es-nicht.html' ? 404 : 200)
    await page.addScriptTag({ path: axePath })
    await page.waitForLoadState('networkidle')
    // diagrams are checked as drawn: 'beforeprint' draws every one, also those below the fold
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')))
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-diagram]')].every((block) => block.getAttribute('data-processed') === 'true'),
      undefined,
      { timeout: 120_000, polling: 250 },
    )
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(context: Document, options: object): Promise<{ violations: Violation[] }>
            getRules(tags: string[]): { ruleId: string }[]
          }
        }
      ).axe
      const experimental = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]))
      const result = await axe.run(document, { resultTypes: ['violations'], rules: experimental })
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))
    })
    expect(violations).toEqual([])
    // kept for a person to look at: every checked page at both widths in both modes
    const name =
      path
        .replace(/^\//, '')
        .replace(/\.html.*$/, '')
        .replace(/[^a-z0-9-]+/g, '-') || 'home'
    await keepScreenshot(page, `a11y-${name}-${viewport.width}-${scheme}`)
  })
})
