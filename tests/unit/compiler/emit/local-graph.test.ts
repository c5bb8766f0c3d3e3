import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { createLocalGraphs, GRAPH_NODE_CAP, graphLabelOf } from '../../../../src/compiler/emit/local-graph.js'
import { labels as deCH } from '../../../../src/shared/labels.js'
import { compile } from '../page-fixtures.js'

const config = resolveConfig({ site: { title: 'Wiki' } })

function graphsOf(pages: Record<string, string>) {
  const site = linkSite(
    Object.entries(pages).map(([path, text]) => compile(path, text)),
    [],
    config,
  )
  const graphOf = createLocalGraphs(site, () => deCH)
  return (slug: string) => graphOf(site.bySlug.get(slug)!)
}

const hrefs = (graph: ReturnType<ReturnType<typeof graphsOf>>) => graph!.nodes.map((n) => n.href ?? `(${n.title})`)

describe('the local graph of a page', () => {
  const pages = {
    'Plan.md': '# Plan\n\n[[Budget]] [[Team]] [[Plan]] [[Budget#Kosten]] [[Fehlt]]',
    'Budget.md': '# Budget\n\n## Kosten\n\nZum [[Plan]] und zum [[Team]].',
    'Team.md': '# Team\n\nText.',
    'Archiv.md': '---\nvorgänger: "[[Plan]]"\n---\n# Archiv\n',
    'Allein.md': '# Allein\n\nOhne Links.',
  }

  it('holds the page, the pages it links to and those linking to it (front matter too), each once', () => {
    const graph = graphsOf(pages)('plan')!
    // the page in the middle first, then its neighbours alphabetically: half on the right, half on the left
    expect(hrefs(graph)).toEqual(['(Plan)', '/archiv.html', '/budget.html', '/team.html'])
    expect(graph.nodes[0]).toMatchObject({ current: true, x: 0, y: 0, anchor: 'middle', label: 'Plan' })
    expect(graph.nodes.slice(1, 3).every((n) => n.x > 0 && n.anchor === 'start')).toBe(true)
    expect(graph.nodes[3].x).toBeLessThan(0)
    expect(graph.nodes[3].anchor).toBe('end')
    expect(graph.title).toBe('Verknüpfungen')
    expect(graph.more).toBeUndefined()
  })

  it('draws the links between the neighbours as well, once per pair', () => {
    const graph = graphsOf(pages)('plan')!
    const named = graph.edges.map(([a, b]) => [graph.nodes[a].title, graph.nodes[b].title].sort().join('–')).sort()
    expect(named).toEqual(['Archiv–Plan', 'Budget–Plan', 'Budget–Team', 'Plan–Team'])
  })

  it('is a leaf’s one neighbour, and nothing for a page linked with no other', () => {
    const graphOf = graphsOf(pages)
    expect(hrefs(graphOf('team'))).toEqual(['(Team)', '/budget.html', '/plan.html'])
    expect(graphOf('allein')).toBeUndefined()
  })

  it(`keeps the ${GRAPH_NODE_CAP} nearest neighbours and counts the others in a "+N" node`, () => {
    const many: Record<string, string> = { 'Mitte.md': '# Mitte\n\n[[Freund]]', 'Freund.md': '# Freund\n\n[[Mitte]]' }
    for (let i = 1; i <= 40; i++) many[`Notiz ${i}.md`] = `# Notiz ${i}\n\n[[Mitte]]${i <= 3 ? ' [[Freund]]' : ''}`
    const graph = graphsOf(many)('mitte')!
    expect(graph.nodes).toHaveLength(GRAPH_NODE_CAP + 1)
    // the page linked both ways first, then those with more links of their own
    expect(graph.nodes.map((n) => n.title)).toContain('Freund')
    for (const title of ['Notiz 1', 'Notiz 2', 'Notiz 3']) expect(graph.nodes.map((n) => n.title)).toContain(title)
    expect(graph.more).toMatchObject({ label: '+11' })
    expect(graph.more!.title).toMatch(/^11 weitere Seiten: Notiz \d+, /)
    expect(graph.more!.title).toMatch(/, …$/)
    expect(graph.more!.y).toBeGreaterThan(Math.max(...graph.nodes.map((n) => n.y)))
    // no two labels of one side share a row
    for (const side of ['start', 'end'] as const) {
      const rows = graph.nodes.filter((n) => n.anchor === side).map((n) => n.y)
      expect(new Set(rows).size).toBe(rows.length)
    }
    // the view box holds every node
    const [x, y, width, height] = graph.viewBox
    for (const n of graph.nodes) {
      expect(n.x).toBeGreaterThan(x)
      expect(n.x).toBeLessThan(x + width)
      expect(n.y).toBeGreaterThan(y)
      expect(n.y).toBeLessThan(y + height)
    }
  })

  it('is the same for the same site, whatever order the pages come in', () => {
    const forward = graphsOf(pages)('plan')
    const backward = graphsOf(Object.fromEntries(Object.entries(pages).reverse()))('plan')
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward))
  })

  it('cuts long titles for the label and keeps the whole one as tooltip', () => {
    expect(graphLabelOf('Kurz')).toBe('Kurz')
    expect(graphLabelOf('Sicherheitsregeln für Maschinen')).toBe('Sicherheitsre…')
    expect(Array.from(graphLabelOf('🚀'.repeat(20)))).toHaveLength(14)
    const graph = graphsOf({ 'A.md': '[[Ein sehr langer Titel einer Seite]]', 'Ein sehr langer Titel einer Seite.md': 'x' })('a')!
    expect(graph.nodes[1]).toMatchObject({ label: 'Ein sehr lang…', title: 'Ein sehr langer Titel einer Seite' })
  })
})
