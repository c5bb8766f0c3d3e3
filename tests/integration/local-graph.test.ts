/**
 * The local graph (theme.graph, or Obsidian Publish's showGraph): real folders, real builds. Each page shows the pages
 * linked with it as links of an SVG, the nearest 30 and a "+N" for the rest; off, no page shows anything; a warm
 * build draws a page again when only the links among its neighbours changed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { fixtureSite, repoRoot, tempDir } from './helpers.js'

const clientDir = join(repoRoot, 'lib/client')

async function buildSite(root: string, options: { cacheDir?: string | false; out?: string; config?: UserConfig } = {}) {
  const out = options.out ?? join(tempDir('wikigen-graph-'), 'site')
  const result = await build({ root, out, cacheDir: options.cacheDir ?? false, clientDir, config: options.config })
  return { ...result, read: (path: string) => readFileSync(join(out, path), 'utf8') }
}

/** The links of a page's graph, and the title of its page in the middle. */
function graphOf(html: string) {
  const svg = /<nav class="local-graph"[^>]*>.*?<\/nav>/s.exec(html)?.[0]
  if (!svg) return undefined
  return {
    svg,
    links: [...svg.matchAll(/<a class="graph-node" href="([^"]+)"><title>([^<]*)<\/title>/g)].map((m) => [m[1], m[2]]),
    current: /class="graph-node graph-current" aria-current="page"><title>([^<]*)</.exec(svg)?.[1],
    edges: [...svg.matchAll(/<line class="graph-edge"/g)].length,
  }
}

function vault(files: Record<string, string>): string {
  const root = join(tempDir('wikigen-graph-vault-'), 'vault')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return root
}

describe('the local graph', () => {
  it('shows the pages linked with a page as links, turned on by the vault’s Publish settings', async () => {
    const { read, diagnostics } = await buildSite(fixtureSite('graph'))
    expect(diagnostics).toEqual([])
    const graph = graphOf(read('werkstattordnung.html'))!
    expect(graph.current).toBe('Werkstattordnung')
    expect(graph.links).toEqual([
      ['/belegungsplan.html', 'Belegungsplan'],
      ['/putzplan.html', 'Putzplan'],
      ['/sicherheitsregeln-f%C3%BCr-maschinen-und-handwerkzeuge.html', 'Sicherheitsregeln für Maschinen und Handwerkzeuge'],
      ['/', 'Werkstatt-Wiki'],
      ['/werkzeugkunde.html', 'Werkzeugkunde'],
    ])
    // the page's five links, and those among its neighbours: the rules to the tools, the home page to the tools
    expect(graph.edges).toBe(7)
    expect(graph.svg).toContain('aria-label="Verknüpfungen"')
    expect(graph.svg).toContain('>Sicherheitsre…</text>')
    expect(graph.svg).not.toMatch(/style=|fill="|stroke="/)
    // a hub shows its 30 nearest neighbours and counts the other 7
    const hub = graphOf(read('werkzeugkunde.html'))!
    expect(hub.links).toHaveLength(30)
    expect(hub.links.map(([, title]) => title)).toEqual(expect.arrayContaining(['Werkstattordnung', 'Werkstatt-Wiki']))
    expect(hub.svg).toMatch(/<title>7 weitere Seiten: [^<]+<\/title>.*>\+7<\/text>/s)
    // a leaf shows its one neighbour; the generated pages show none
    expect(read('akkuschrauber.html')).toContain('local-graph')
    expect(read('404.html')).not.toContain('local-graph')
  })

  it('speaks the site’s language', async () => {
    const root = vault({
      'A.md': '# A\n\n' + Array.from({ length: 32 }, (_, i) => `[[N${i}]]`).join(' '),
      ...Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`N${i}.md`, `# N${i}\n`])),
    })
    const { read } = await buildSite(root, { config: { site: { lang: 'en' }, theme: { graph: true } } })
    const graph = graphOf(read('a.html'))!
    expect(graph.svg).toContain('aria-label="Local graph"')
    expect(graph.svg).toContain('2 more pages: ')
  })

  it('leaves every page as it was when off, also where the config turns off what the vault turns on', async () => {
    const files = { 'index.md': '# Start\n\n[[B]]\n', 'B.md': '# B\n\n[[index]]\n' }
    const plain = await buildSite(vault(files))
    const off = await buildSite(vault({ ...files, 'site-options.json': '{"showGraph": true}' }), { config: { theme: { graph: false } } })
    const on = await buildSite(vault({ ...files, 'site-options.json': '{"showGraph": true}' }))
    for (const page of ['index.html', 'b.html']) {
      expect(plain.read(page)).not.toContain('local-graph')
      expect(off.read(page)).toBe(plain.read(page))
      expect(on.read(page)).toContain('local-graph')
    }
  })

  it('draws a page again in a warm build when only the links among its neighbours changed', async () => {
    const root = vault({
      'A.md': '# A\n\n[[B]] [[C]]\n',
      'B.md': '# B\n\nText.\n',
      'C.md': '# C\n\nText.\n',
    })
    const work = tempDir('wikigen-graph-warm-')
    const options = { cacheDir: join(work, 'cache'), out: join(work, 'site'), config: { theme: { graph: true } } }
    const cold = await buildSite(root, options)
    expect(graphOf(cold.read('a.html'))!.edges).toBe(2)
    writeFileSync(join(root, 'B.md'), '# B\n\nSiehe [[C]].\n')
    const warm = await buildSite(root, options)
    // a.html's own text and links are the same; its graph gains the line from B to C
    expect(graphOf(warm.read('a.html'))!.edges).toBe(3)
    expect(warm.stats.renderedPages).toBeLessThan(cold.stats.renderedPages)
  })
})
