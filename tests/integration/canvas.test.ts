/**
 * Canvases on real folders (tests/fixtures/canvas-vault and folders made here): a canvas beside a note of its name,
 * web-page cards, group background images published like other attachments, and a missing one reported.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { repoRoot, tempDir } from './helpers.js'

const root = join(repoRoot, 'tests/fixtures/canvas-vault')
let out: string
let result: BuildResult

beforeAll(async () => {
  out = join(tempDir('wikigen-canvas-'), 'site')
  const { config } = await loadConfig(root)
  result = await build({ root, out, config })
})

const html = (file: string) => readFileSync(join(out, file), 'utf8')
/** The page content, without navbar, sidebar and footer. */
const content = (file: string) => /<div data-content[\s\S]*<\/main>/.exec(html(file))?.[0] ?? ''

describe('a canvas and a note of the same name', () => {
  it('builds both without a warning: the note at its own URL, the canvas at its file name', () => {
    expect(result.diagnostics).toEqual([])
    expect(existsSync(join(out, 'plan.html'))).toBe(true)
    expect(existsSync(join(out, 'plan.canvas.html'))).toBe(true)
    expect(existsSync(join(out, 'plan-2.html'))).toBe(false)
    // the note keeps its anchors; the canvas page is the drawing
    expect(content('plan.html')).toContain('<h2 id="zeitplan" tabindex="-1">')
    expect(content('plan.html')).not.toContain('<figure class="canvas"')
    expect(content('plan.canvas.html')).toContain(
      '<figure class="canvas"><div class="canvas-scroll" tabindex="0" role="region" aria-label="Plan.canvas">',
    )
  })

  it('leads [[Plan]] to the note and [[Plan.canvas]] and ![[Plan.canvas]] to the canvas', () => {
    const start = content('index.html')
    expect(start).toContain('<a href="/plan.html" class="wikilink">Plan</a>')
    expect(start).toContain('<a href="/plan.html#zeitplan" class="wikilink">')
    expect(start).toContain('<a href="/plan.canvas.html" class="wikilink">Plan als Canvas</a>')
    const embedding = content('einbettung.html')
    expect(embedding).toContain('<div class="embed" data-embed="/plan.canvas.html">')
    expect(embedding).toContain('<svg class="canvas-svg" width="1980"')
    expect(embedding).toContain('<div class="embed" data-embed="/plan.html#budget">')
  })

  it('lists both in the search index, each under its own URL', () => {
    const index = readFileSync(join(out, 'search-index.json'), 'utf8')
    expect(index).toContain('"/plan.html"')
    expect(index).toContain('"/plan.canvas.html"')
  })
})

describe('web-page nodes', () => {
  it('are cards with host and address that link to the page and load nothing from it', () => {
    const page = content('plan.canvas.html')
    expect(page).toContain(
      '<a class="canvas-link-card external" href="https://example.org/docs/portal/start?sprache=de" target="_blank" rel="noopener noreferrer">' +
        '<span class="canvas-link-host">example.org</span><span class="canvas-link-url">https://example.org/docs/portal/start?sprache=de</span>',
    )
    expect(page).toContain('<span class="canvas-link-host">status.example.net</span>')
    // the other sites are named in the links' href only: no frame, image, icon or preview asks them for anything
    const attributes = [...html('plan.canvas.html').matchAll(/([\w-]+)="[^"]*example\.(?:org|net)[^"]*"/g)].map((m) => m[1])
    expect(attributes).toEqual(['href', 'href'])
    expect(page).not.toContain('<iframe')
  })
})

describe('group background images', () => {
  it('are published like other attachments and drawn behind their groups', () => {
    for (const file of ['Landschaft.png', 'Kachel.png', 'Logo.png']) expect(existsSync(join(out, 'Anhänge', file)), file).toBe(true)
    const page = content('plan.canvas.html')
    expect(page).toContain(
      '<image class="canvas-group-image" href="/Anh%C3%A4nge/Landschaft.png" x="-20" y="-40" width="620" height="520" preserveAspectRatio="xMidYMid slice"/>',
    )
    expect(page).toContain(
      '<image class="canvas-group-image" href="/Anh%C3%A4nge/Logo.png" x="1280" y="-40" width="600" height="520" preserveAspectRatio="xMidYMid meet"/>',
    )
    // Kachel.png is 24 × 24 px: its tiles have that size
    expect(page).toMatch(
      /<pattern id="canvas-tile-\w+" patternUnits="userSpaceOnUse" x="660" y="-40" width="24" height="24"><image href="\/Anh%C3%A4nge\/Kachel.png" width="24" height="24"\/><\/pattern>/,
    )
  })

  it('reports a missing image at its group and draws the canvas without it', async () => {
    const vault = join(tempDir('wikigen-canvas-missing-'), 'vault')
    mkdirSync(join(vault, 'Bilder'), { recursive: true })
    writeFileSync(join(vault, 'index.md'), '# Start\n\n![[Karte.canvas]]\n')
    writeFileSync(
      join(vault, 'Karte.canvas'),
      [
        '{"nodes": [',
        '  {"id": "g", "type": "group", "x": 0, "y": 0, "width": 400, "height": 300, "label": "Gebiet", "background": "Bilder/fehlt.png"},',
        '  {"id": "t", "type": "text", "x": 20, "y": 20, "width": 200, "height": 60, "text": "Noch da"}',
        ']}',
      ].join('\n'),
    )
    const site = join(tempDir('wikigen-canvas-missing-out-'), 'site')
    const built = await build({ root: vault, out: site, config: (await loadConfig(vault)).config })
    expect(built.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'warning missing-image Karte.canvas:2:3 Image "Bilder/fehlt.png" does not exist',
    ])
    const page = readFileSync(join(site, 'karte.html'), 'utf8')
    expect(page).toContain('<image class="canvas-group-image" href="" ')
    expect(page).toContain('>Gebiet</text>')
    expect(page).toContain('Noch da')
    expect(existsSync(join(site, 'Bilder'))).toBe(false)
  })
})
