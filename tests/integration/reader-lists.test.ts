/**
 * What a reader finds at a page's end and on the generated lists: each linking page once in "Verlinkt von", property
 * names as the config gives them, tag pages in one column while they are short, and the page of all tags.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

async function buildSite(files: Record<string, string>, config: UserConfig = {}) {
  const work = tempDir()
  const root = join(work, 'wiki')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  const out = join(work, 'site')
  const result = await build({ root, out, config })
  return { result, read: (file: string) => readFileSync(join(out, file), 'utf8'), out }
}

const backlinksOf = (html: string) =>
  [...(/<nav class="backlinks"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/<li><a href="([^"]*)">([^<]*)<\/a><\/li>/g)].map(
    ([, href, text]) => `${text} → ${href}`,
  )

describe('backlinks', () => {
  it('lists a page once however often and by whichever name it links, and tells pages of one title apart', async () => {
    const { result, read } = await buildSite({
      'index.md': '# Start\n\n[[Server]]\n',
      'Server.md': '---\naliases: [Host]\n---\n# Server\n\n## Dienste\n\nText.\n',
      // by name, by alias, twice, to a heading, embedded, from its front matter and with a markdown link
      'Betrieb.md':
        '---\nverwandt: "[[Server]]"\nsiehe: ["[[Host]]"]\n---\n# Betrieb\n\n[[Server]], [[Host]], [[server]], [[Server#Dienste|Dienste]], [Server](Server.md)\n\n![[Server#Dienste]]\n',
      'Kunden/Notizen.md': '# Notizen\n\n[[Server]]\n',
      'Projekte/Notizen.md': '# Notizen\n\n[[Host]] [[Server]]\n',
    })
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(backlinksOf(read('server.html'))).toEqual([
      'Betrieb → /betrieb.html',
      'Notizen (Kunden) → /notizen.html',
      'Notizen (Projekte) → /projekte-notizen.html',
      'Start → /',
    ])
    // a page of its own title among others keeps its plain title
    expect(backlinksOf(read('betrieb.html'))).toEqual([])
  })
})

describe('property names', () => {
  const FILES = {
    'index.md': '# Start\n',
    'Plan.md': '---\nowner: Anna\nstatus: offen\nintern: ja\n---\n# Plan\n\nText.\n',
    'Liste.md': '# Liste\n\n```base\nviews:\n  - type: table\n    name: Alle\n    order: [file.name, owner, note.status]\n```\n',
  }
  const termsOf = (html: string) => [...html.matchAll(/<dt>([^<]*)<\/dt>/g)].map(([, term]) => term)
  const columnsOf = (html: string) => [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map(([, name]) => name)

  it('shows the raw keys by default', async () => {
    const { read } = await buildSite(FILES)
    expect(termsOf(read('plan.html'))).toEqual(['owner', 'status', 'intern'])
    expect(columnsOf(read('liste.html'))).toEqual(['Name', 'owner', 'status'])
  })

  it("shows the names theme.properties gives, in pages and in bases' columns, and hides the keys set to false", async () => {
    const { result, read } = await buildSite(FILES, { theme: { properties: { owner: 'Verantwortlich', status: 'Stand', intern: false } } })
    expect(result.diagnostics).toEqual([])
    const plan = read('plan.html')
    expect(termsOf(plan)).toEqual(['Verantwortlich', 'Stand'])
    expect(plan).toContain('data-property="owner"')
    expect(plan).not.toContain('data-property="intern"')
    expect(columnsOf(read('liste.html'))).toEqual(['Name', 'Verantwortlich', 'Stand'])
  })

  it("lets a base's own displayName win", async () => {
    const { read } = await buildSite(
      { ...FILES, 'Liste.md': FILES['Liste.md'].replace('```base\n', '```base\nproperties:\n  owner:\n    displayName: Zuständig\n') },
      { theme: { properties: { owner: 'Verantwortlich' } } },
    )
    expect(columnsOf(read('liste.html'))).toEqual(['Name', 'Zuständig', 'status'])
  })
})

describe('tag pages', () => {
  const tagged = (n: number, tag: string) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`${tag}/Seite ${tag} ${i + 1}.md`, `---\ntags: [${tag}]\n---\n# Seite ${tag} ${i + 1}\n`]),
    )

  it('keeps a tag page of fewer than six pages in one column, and lists every tag with its count at /tags.html', async () => {
    const { result, read } = await buildSite({
      'index.md': '# Start\n',
      ...tagged(2, 'kurz'),
      ...tagged(6, 'lang'),
      'Tief.md': '# Tief\n\n#kurz/tiefer\n',
    })
    expect(result.diagnostics).toEqual([])
    expect(read('tags/kurz.html')).toContain('<ul class="tag-page-list">')
    expect(read('tags/lang.html')).toContain('<ul class="tag-page-list list-columns">')
    // each tag page leads to the page of all tags
    expect(read('tags/kurz.html')).toContain('<p class="all-tags-link"><a href="/tags.html">Alle Tags</a></p>')
    const all = read('tags.html')
    expect(all).toContain('<title>Alle Tags | ')
    expect(all).toContain('<h1 class="page-title">Alle Tags</h1>')
    const entries = [...all.matchAll(/<li><a class="tag" href="([^"]*)">#([^<]*)<\/a> <span class="tag-count">([^<]*)<\/span><\/li>/g)]
    expect(entries.map(([, href, tag, count]) => `${tag} ${href} ${count}`)).toEqual([
      'kurz /tags/kurz.html 3 Seiten',
      'kurz/tiefer /tags/kurz/tiefer.html 1 Seite',
      'lang /tags/lang.html 6 Seiten',
    ])
  })

  it('speaks the site language on the page of all tags', async () => {
    const { read } = await buildSite({ 'index.md': '# Start\n', ...tagged(1, 'eins') }, { site: { lang: 'en' } })
    expect(read('tags.html')).toContain('<h1 class="page-title">All tags</h1>')
    expect(read('tags.html')).toContain('<span class="tag-count">1 page</span>')
    expect(read('tags/eins.html')).toContain('<a href="/tags.html">All tags</a>')
  })

  it('leaves /tags.html to a page of the site that has its URL, and then links no tag page to it', async () => {
    const { result, read } = await buildSite({
      'index.md': '# Start\n',
      'Tags.md': '# Schlagworte\n\nEigene Seite.\n',
      ...tagged(1, 'eins'),
    })
    expect(result.diagnostics).toEqual([])
    expect(read('tags.html')).toContain('Eigene Seite.')
    expect(read('tags/eins.html')).not.toContain('all-tags-link')
  })

  it('makes no page of all tags for a site without tags', async () => {
    const { out } = await buildSite({ 'index.md': '# Start\n' })
    expect(() => readFileSync(join(out, 'tags.html'))).toThrow()
  })
})
