/**
 * Pages written by an author who wants to run script in a reader's browser (issue: employees write, customers read).
 * Every payload would call `alert` and set a marker on `window`; the reader's browser must see neither, on load, on
 * a click of every link and with the pointer over every element. The same site built with `markdown.rawHtml:
 * 'trusted'` runs them, so the test knows its payloads work.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { repoRoot, tempDir } from '../integration/helpers.js'
import { launch, openPage } from './browser.js'

/** Each payload calls this: a dialog for the browser's events, and a mark the page keeps. */
const RUN = (name: string) => `window.__ran=(window.__ran||[]).concat('${name}');alert('${name}')`

const PAGES: Record<string, string> = {
  'index.md': [
    '# Start',
    '',
    `<script>${RUN('script-block')}</script>`,
    '',
    `Inline <script>${RUN('script-inline')}</script> and <img src="nope.png" onerror="${RUN('img-onerror')}"> and <b onmouseover="${RUN('mouseover')}">hover me</b>.`,
    '',
    `<iframe srcdoc="<script>parent.${RUN('srcdoc')}</script>"></iframe>`,
    '',
    `<a href="JaVaScRiPt:${RUN('html-link')}">HTML link</a> and [markdown link](javascript:${encodeURI(RUN('md-link'))}) and [[Zweite]]`,
    '',
    `<details open><summary>Mehr</summary><svg><animate onbegin="${RUN('svg')}" attributeName="x" dur="1s"/></svg></details>`,
    '',
    '```mermaid',
    "%%{init: {'themeCSS': '@import url(/leak-theme.css); .node rect { fill: url(/leak-fill.png) }', 'fontFamily': 'x;} svg { background: url(/leak-font.png) } a{'}}%%",
    'flowchart LR',
    '  A --> B',
    '```',
    '',
    `Fussnote[^1].`,
    '',
    `[^1]: Text <img src="x" onerror="${RUN('footnote')}">`,
    '',
  ].join('\n'),
  'Zweite.md': [
    '---',
    'head:',
    `  - [script, { src: "data:text/javascript,${RUN('head-script')}" }]`,
    `  - [meta, { http-equiv: refresh, content: "0;url=javascript:${RUN('refresh')}" }]`,
    '---',
    '# Zweite',
    '',
    'Text.',
  ].join('\n'),
  'Plan.canvas': JSON.stringify({
    nodes: [{ id: 'a', type: 'text', text: `Knoten <img src="x" onerror="${RUN('canvas')}">`, x: 0, y: 0, width: 300, height: 100 }],
    edges: [],
  }),
}

let browser: Browser
const servers: Server[] = []

/** Builds a wiki of `pages` with the CLI and the config `config` (if any) and serves it; returns its address. */
async function serveSite(rawHtml?: 'trusted', pages = PAGES, config?: string, csp = false): Promise<string> {
  const work = tempDir('wikigen-e2e-hostile-')
  const root = join(work, 'wiki')
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  if (rawHtml || config) {
    writeFileSync(join(root, 'wikigen.config.ts'), config ?? `export default { markdown: { rawHtml: '${rawHtml}' } }\n`)
  }
  execFileSync(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', join(work, 'site'), '--no-cache'], {
    cwd: work,
    env: { ...process.env, CI: '1' },
    stdio: 'pipe',
  })
  const server = await startServer({ dir: join(work, 'site'), port: 0, host: '127.0.0.1', csp })
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Adds the message of every dialog the page opens to `ran`, and dismisses it. */
function recordDialogs(page: Page, ran: Set<string>): void {
  page.on('dialog', (dialog) => {
    ran.add(dialog.message())
    void dialog.dismiss()
  })
}

/** The marks the payloads that ran left on the page's window. */
function marksOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __ran?: string[] }).__ran ?? [])
}

/** Visits each page as a curious reader: loads it, hovers and clicks every link of the content; returns what ran. */
async function visit(page: Page, baseUrl: string): Promise<string[]> {
  const ran = new Set<string>()
  // a diagram's theme options that load a file: what it asked for counts as run
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/leak-')) ran.add(path)
  })
  recordDialogs(page, ran)
  for (const path of ['/', '/zweite.html', '/plan.html']) {
    await page.goto(`${baseUrl}${path}`)
    await page.waitForTimeout(300)
    if (path === '/') {
      // the diagram is drawn (or has failed) once it is marked processed
      await page.evaluate(() => dispatchEvent(new Event('beforeprint')))
      await expect.poll(() => page.locator('[data-diagram="mermaid"]:not([data-processed="true"])').count(), { timeout: 30_000 }).toBe(0)
    }
    const content = page.locator('main')
    for (const element of await content.locator('a, b, img').all())
      await element.hover({ force: true, timeout: 1000 }).catch(() => undefined)
    for (const link of await content.getByRole('link', { name: /link/ }).all()) {
      await link.click({ timeout: 1000 }).catch(() => undefined)
      if (new URL(page.url()).pathname !== path) await page.goto(`${baseUrl}${path}`)
    }
    await page.waitForTimeout(300)
    for (const name of await marksOf(page)) ran.add(name)
  }
  return [...ran].sort()
}

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

describe('hostile content', () => {
  it("runs no author script in the reader's browser by default", async () => {
    const baseUrl = await serveSite()
    const { page } = await openPage(browser)
    expect(await visit(page, baseUrl)).toEqual([])
    // what wikis use stays: the details element and the wiki link inside the page
    await page.goto(baseUrl)
    await expect(page.locator('main details summary').textContent()).resolves.toBe('Mehr')
    await expect(page.getByRole('link', { name: 'Zweite' }).getAttribute('href')).resolves.toBe('/zweite.html')
    await page.context().close()
  })

  it("runs them with markdown.rawHtml: 'trusted', so the payloads above are real", async () => {
    const baseUrl = await serveSite('trusted')
    const { page } = await openPage(browser)
    const ran = await visit(page, baseUrl)
    for (const name of ['script-block', 'img-onerror', 'mouseover', 'html-link', 'footnote', 'canvas']) expect(ran).toContain(name)
    // a markdown link to javascript: and the front matter's head stay safe in every policy
    expect(ran).not.toContain('md-link')
    expect(ran).not.toContain('head-script')
    await page.context().close()
  })

  it("runs no script of an attachment under serve's policy, also with trusted HTML and published .js files", async () => {
    // the worst case an owner can configure: raw HTML as written and script files published
    const pages = {
      'index.md': '# Start\n\n<script src="/files/werkzeug.js"></script>\n\n[Bild](/files/bild.svg) [Seite](/files/seite.xhtml)\n',
      'public/files/werkzeug.js': RUN('js-file'),
      'public/files/bild.svg': `<svg xmlns="http://www.w3.org/2000/svg"><script>${RUN('svg-file')}</script></svg>`,
      'public/files/seite.xhtml': `<html xmlns="http://www.w3.org/1999/xhtml"><body><script>${RUN('xhtml-file')}</script></body></html>`,
    }
    const config = "export default { markdown: { rawHtml: 'trusted' }, activeFiles: ['public/files/**'] }\n"
    const ranOn = async (baseUrl: string, withPolicy: boolean) => {
      const { page } = await openPage(browser)
      // the control run takes serve's Content-Security-Policy headers away, and nothing else
      if (!withPolicy)
        await page.route('**/*', async (route) => {
          const response = await route.fetch()
          const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-security-policy'))
          await route.fulfill({ response, headers })
        })
      const ran = new Set<string>()
      recordDialogs(page, ran)
      for (const path of ['/', '/files/bild.svg', '/files/seite.xhtml']) {
        await page.goto(`${baseUrl}${path}`)
        await page.waitForTimeout(300)
        for (const name of await marksOf(page)) ran.add(name)
      }
      await page.context().close()
      return [...ran].sort()
    }
    const baseUrl = await serveSite(undefined, pages, config, true)
    expect(await ranOn(baseUrl, true)).toEqual([])
    // without the policy the same files run: the payloads are real
    expect(await ranOn(baseUrl, false)).toEqual(['js-file', 'svg-file', 'xhtml-file'])
  })
})
