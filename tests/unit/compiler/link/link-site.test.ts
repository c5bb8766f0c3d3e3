import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { createSearchIndex } from '../../../../src/compiler/emit/search-index.js'
import { substituteLinks } from '../../../../src/compiler/emit/substitute.js'
import { asset, compile } from '../page-fixtures.js'

const config = resolveConfig({ site: { title: 'Wiki' } })

function siteOf(pages: Record<string, string>, assets: string[] = [], base?: string) {
  const compiled = Object.entries(pages).map(([path, text]) => compile(path, text))
  const site = linkSite(compiled, assets.map(asset), base ? resolveConfig({}, { base }) : config)
  const html = (slug: string) => {
    const p = site.bySlug.get(slug)!
    const bodies = (hash: string) => compiled.find((c) => c.contentHash === hash)!.html
    return substituteLinks(bodies(p.page.contentHash), p.resolved, bodies)
  }
  return { site, html }
}

describe('linkSite: wikilinks', () => {
  const pages = {
    'index.md': '---\ntitle: Start\n---\n',
    'Odoo/Odoo Hosting.md': '## Varianten im Überblick\n\n## Preise\n',
    'Unternehmen/Wirkungsräume.md': '---\ntitle: Räume der Wirkung\n---\n## Operativer Raum\n',
    'Werkzeuge/Zellj.md': '---\ntitle: Zsh\n---\nText\n',
    'Werkzeuge/Zsh.md': 'Text\n',
  }

  it('resolves by file name, title and path, case-insensitively and NFC/NFD-safely', () => {
    const { html, site } = siteOf({
      ...pages,
      'A.md': '[[odoo hosting]] [[Räume der Wirkung]] [[Odoo/Odoo Hosting|Pfad]] [[Wirkungsra\u0308ume]] [[Zsh]] [[Zellj]]',
    })
    expect(site.diagnostics).toEqual([])
    expect(html('a')).toBe(
      '<p><a href="/odoo-hosting.html" class="wikilink">odoo hosting</a> ' +
        '<a href="/wirkungsr%C3%A4ume.html" class="wikilink">Räume der Wirkung</a> ' +
        '<a href="/odoo-hosting.html" class="wikilink">Pfad</a> ' +
        '<a href="/wirkungsr%C3%A4ume.html" class="wikilink">Wirkungsräume</a> ' +
        '<a href="/zsh.html" class="wikilink">Zsh</a> ' +
        '<a href="/zellj.html" class="wikilink">Zellj</a></p>',
    )
  })

  it('links headings by their text and same-page anchors by slug', () => {
    const { html, site } = siteOf({
      ...pages,
      'A.md': '## Hier\n\n[[Odoo Hosting#Varianten im Überblick|V]] [[Wirkungsräume#operativer raum]] [[#Hier]] [x](#hier)',
    })
    expect(site.diagnostics).toEqual([])
    expect(html('a')).toContain('<a href="/odoo-hosting.html#varianten-im-überblick" class="wikilink">V</a>')
    expect(html('a')).toContain('<a href="/wirkungsr%C3%A4ume.html#operativer-raum" class="wikilink">')
    expect(html('a')).toContain('<a href="#hier" class="wikilink">Hier</a> <a href="#hier">x</a>')
  })

  it('reports a missing page with file:line:col and a suggestion, and renders it as a marked span', () => {
    const { html, site } = siteOf({ ...pages, 'A.md': 'Text\n\nSiehe [[Odoo Hostng]].' })
    expect(site.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'dead-link',
        file: 'A.md',
        line: 3,
        column: 7,
        message: 'Link target "Odoo Hostng" does not exist',
        hint: 'Did you mean "Odoo Hosting"? A wiki link names a page by its file name (".md" may be left out), its title or an alias.',
        target: 'Odoo Hostng',
        suggestion: 'Odoo Hosting',
      },
    ])
    expect(html('a')).toContain('<span class="wikilink missing" title="Seite fehlt: Odoo Hostng">Odoo Hostng</span>')
  })

  it('reports a missing heading with a suggestion', () => {
    const { site } = siteOf({ ...pages, 'A.md': '[[Odoo Hosting#Preis]]' })
    expect(site.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['dead-anchor', 'Heading "Preis" does not exist on page "Odoo Hosting"', 'Did you mean "Preise"?'],
    ])
  })
})

describe('linkSite: markdown links and images', () => {
  it('rewrites .md links to routes and README.md to the folder index, relative to the page', () => {
    const { html, site } = siteOf({
      'Odoo/README.md': '# Odoo\n',
      'Odoo/Odoo Hosting.md': '## Preise\n',
      'Team/Lea.md': '[a](../Odoo/Odoo%20Hosting.md#preise) [b](../Odoo/README.md) [c](/glossary.html) [d](Lea.md)',
      'Glossary.md': '# Glossar\n',
    })
    expect(site.diagnostics).toEqual([])
    expect(html('lea')).toBe(
      '<p><a href="/odoo-hosting.html#preise">a</a> <a href="/odoo.html">b</a> <a href="/glossary.html">c</a> <a href="/lea.html">d</a></p>',
    )
  })

  it('finds images beside the page, in attachments, or by bare name, and reports missing ones', () => {
    const { html, site } = siteOf({ 'Odoo/Seite.md': '![[logo.svg]] ![[plan.png|320x200]] ![Bild](plan.png) ![[fehlt.png]]' }, [
      'attachments/logo.svg',
      'Odoo/plan.png',
    ])
    expect(html('seite')).toBe(
      '<p><img src="/attachments/logo.svg" alt="logo" loading="lazy" decoding="async"> ' +
        '<img src="/Odoo/plan.png" alt="plan" width="320" height="200" loading="lazy" decoding="async"> ' +
        '<img src="/Odoo/plan.png" alt="Bild" loading="lazy" decoding="async"> ' +
        '<span class="missing-image" title="fehlt.png">fehlt</span></p>',
    )
    expect(site.diagnostics.map((d) => [d.code, d.column])).toEqual([['missing-image', 55]])
  })

  it('resolves a target without ".md" (spaces as %20 or in <…>) exactly as the same wiki link', () => {
    const pages = {
      'Odoo/Odoo Hosting.md': '## Preise im Überblick\n',
      'Team/HR/FAQ.md': '# FAQ\n',
      'Kunden/Muster AG.md': '# Muster AG\n',
      'Odoo.sh.md': '# Odoo.sh\n',
    }
    const links = [
      '[a](Odoo%20Hosting)',
      '[b](odoo%20hosting#Preise%20im%20%C3%9Cberblick)',
      '[c](<Odoo Hosting#Preise im Überblick>)',
      '[d](HR/FAQ)',
      '[e](Kunden/Muster%20AG)',
      '[f](Odoo.sh)',
      '[g](../Odoo/Odoo%20Hosting)',
    ]
    const { html, site } = siteOf({ ...pages, 'Team/Lea.md': links.join(' ') })
    expect(site.diagnostics).toEqual([])
    const wiki = siteOf({
      ...pages,
      'Team/Lea.md': '[[Odoo Hosting]] [[odoo hosting#Preise im Überblick]] [[HR/FAQ]] [[Kunden/Muster AG]] [[Odoo.sh]]',
    })
    const hrefs = (text: string) => [...text.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
    expect(hrefs(html('lea'))).toEqual([
      '/odoo-hosting.html',
      '/odoo-hosting.html#preise-im-überblick',
      '/odoo-hosting.html#preise-im-überblick',
      '/faq.html',
      '/muster-ag.html',
      '/odoo.sh.html',
      '/odoo-hosting.html',
    ])
    const [a, b, , d, e, f] = hrefs(html('lea'))
    expect(hrefs(wiki.html('lea'))).toEqual([a, b, d, e, f])
  })

  it('reports a markdown link without ".md" to a missing page as a dead link, with the name to write', () => {
    const { site } = siteOf({ 'Odoo Hosting.md': '# Odoo Hosting\n', 'A.md': 'Text\n\n[x](Odoo%20Hostng#Preise) [y](Ordner/Fehlt)' })
    expect(site.diagnostics.map((d) => [d.code, d.line, d.column, d.target, d.suggestion])).toEqual([
      ['dead-link', 3, 1, 'Odoo Hostng', 'Odoo%20Hosting'],
      ['dead-link', 3, 27, 'Ordner/Fehlt', undefined],
    ])
  })

  it('applies the base path to every resolved link', () => {
    const { html } = siteOf({ 'A.md': '[[B]] [b](B.md)', 'B.md': 'x' }, [], '/wiki/')
    expect(html('a')).toBe('<p><a href="/wiki/b.html" class="wikilink">B</a> <a href="/wiki/b.html">b</a></p>')
  })
})

describe('linkSite: embeds', () => {
  it('embeds another page body, itself resolved', () => {
    const { html } = siteOf({ 'A.md': '![[B]]', 'B.md': 'B verlinkt [[C]]', 'C.md': 'c' })
    expect(html('a')).toBe(
      '<div class="embed" data-embed="/b.html"><p class="embed-title"><a href="/b.html">B</a></p><p>B verlinkt <a href="/c.html" class="wikilink">C</a></p></div>',
    )
  })

  it('cuts embed cycles with a diagnostic instead of hanging', () => {
    const { html, site } = siteOf({ 'A.md': '![[B]]', 'B.md': 'Text\n\n![[A]]', 'S.md': '![[S]]' })
    expect(site.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ['B.md', 'embed-cycle'],
      ['S.md', 'embed-cycle'],
    ])
    expect(html('a')).toContain('Eingebettete Seite bettet sich selbst ein: A')
    expect(html('s')).toBe('<p class="embed missing">Eingebettete Seite bettet sich selbst ein: S</p>')
  })
})

describe('linkSite: routes and redirects', () => {
  it('builds two pages that land on one slug, the later one under its folder name, and names both', () => {
    const { site } = siteOf({
      'A/Odoo.md': 'a',
      'B/odoo.md': 'b',
      'C/Wirkungsräume.md': 'c',
      'D/Wirkungsra\u0308ume.md': 'd',
      'E/Rolle:in.md': 'e',
      'F/Rolle*in.md': 'f',
    })
    expect(site.diagnostics.map((d) => `${d.severity}: ${d.message}`)).toEqual([
      'warning: "B/odoo.md" and "A/Odoo.md" would both be /odoo.html; "B/odoo.md" is at /b-odoo.html',
      'warning: "D/Wirkungsräume.md" and "C/Wirkungsräume.md" would both be /wirkungsräume.html; "D/Wirkungsräume.md" is at /d-wirkungsräume.html',
      'warning: "F/Rolle*in.md" and "E/Rolle:in.md" would both be /rolle_in.html; "F/Rolle*in.md" is at /f-rolle_in.html',
    ])
    expect(site.pages.map((p) => `${p.page.sourcePath} ${p.href}`)).toEqual([
      'A/Odoo.md /odoo.html',
      'B/odoo.md /b-odoo.html',
      'C/Wirkungsräume.md /wirkungsr%C3%A4ume.html',
      'D/Wirkungsräume.md /d-wirkungsr%C3%A4ume.html',
      'E/Rolle:in.md /rolle_in.html',
      'F/Rolle*in.md /f-rolle_in.html',
    ])
  })

  it('redirects legacy spellings and redirectFrom paths to the clean route', () => {
    const { site } = siteOf({ 'Team/Wissensmanager:in.md': '---\nredirectFrom: /alt/wissen.html\n---\n' })
    expect(site.redirects.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: '/alt/wissen.html', to: '/wissensmanager_in.html' },
      { from: '/wissensmanager*in.html', to: '/wissensmanager_in.html' },
      { from: '/wissensmanager-in.html', to: '/wissensmanager_in.html' },
      { from: '/wissensmanager/in.html', to: '/wissensmanager_in.html' },
      { from: '/wissensmanager:in.html', to: '/wissensmanager_in.html' },
      { from: '/wissensmanagerin.html', to: '/wissensmanager_in.html' },
    ])
  })

  it('takes redirectFrom paths as paths under the base, with or without it written', () => {
    const { site } = siteOf(
      { 'Odoo.md': '---\nredirectFrom: [/alt/odoo.html, alt/erp.html, /wiki/alt/crm.html, //fremd/odoo.html]\n---\n' },
      [],
      '/wiki/',
    )
    expect(site.redirects.map(({ from, to }) => `${from} ${to}`)).toEqual([
      '/wiki/alt/crm.html /wiki/odoo.html',
      '/wiki/alt/erp.html /wiki/odoo.html',
      '/wiki/alt/odoo.html /wiki/odoo.html',
    ])
    expect(site.diagnostics.map((d) => d.code)).toEqual(['bad-redirect'])
  })

  it('orders a series by its order field for prev/next, and lets front matter override', () => {
    const { site } = siteOf({
      'P/Zwei.md': '---\nseries: Phasen\norder: 2\n---\n',
      'P/Eins.md': '---\nseries: Phasen\norder: 1\n---\n',
      'P/Drei.md': '---\nseries: Phasen\norder: 3\nnext: Eins\nprev: false\n---\n',
    })
    const nav = (slug: string) => ({ prev: site.bySlug.get(slug)!.prev?.href, next: site.bySlug.get(slug)!.next?.href })
    expect(nav('eins')).toEqual({ prev: undefined, next: '/zwei.html' })
    expect(nav('zwei')).toEqual({ prev: '/eins.html', next: '/drei.html' })
    expect(nav('drei')).toEqual({ prev: undefined, next: '/eins.html' })
  })

  it('leads prev/next along the section, in its order then by title, where no series or front matter names them', () => {
    const { site } = siteOf({
      'index.md': '---\nhome: true\nsection: Betrieb\n---\n',
      'B/Wartung.md': '---\nsection: Betrieb\norder: 2\n---\n',
      'B/Sicherung.md': '---\nsection: Betrieb\norder: 1\n---\n',
      'B/Alarm 10.md': '---\nsection: Betrieb\n---\n',
      'B/Alarm 9.md': '---\nsection: Betrieb\n---\n',
      'B/Notfall.md': '---\nsection: Betrieb\nprev: false\n---\n',
      // a series keeps its own order, and is no step of its section's way
      'B/Phase.md': '---\nsection: Betrieb\nseries: Phasen\n---\n',
      'H/Anmelden.md': '---\nsection: Handbuch\n---\n',
      'Lose.md': 'Ohne Bereich\n',
    })
    const nav = (slug: string) => [site.bySlug.get(slug)!.prev?.href, site.bySlug.get(slug)!.next?.href]
    expect(nav('sicherung')).toEqual([undefined, '/wartung.html'])
    expect(nav('wartung')).toEqual(['/sicherung.html', '/alarm-9.html'])
    // numbers in titles count as numbers: 9 before 10
    expect(nav('alarm-9')).toEqual(['/wartung.html', '/alarm-10.html'])
    expect(nav('alarm-10')).toEqual(['/alarm-9.html', '/notfall.html'])
    expect(nav('notfall')).toEqual([undefined, undefined])
    expect(nav('phase')).toEqual([undefined, undefined])
    // alone in its section, without one, and the home page: no way
    expect(nav('anmelden')).toEqual([undefined, undefined])
    expect(nav('lose')).toEqual([undefined, undefined])
    expect(nav('')).toEqual([undefined, undefined])
  })
})

describe('search index', () => {
  it('has exactly the spec entry shape, home first', () => {
    const { site } = siteOf({ 'index.md': '---\ntitle: Wiki\n---\n', 'Wirkungsräume.md': '## Operativer Raum\n\n### Team\n' })
    expect(createSearchIndex(site)).toEqual([
      { title: 'Wiki', headers: [], path: '/', pathLocale: '/', extraFields: [] },
      {
        title: 'Wirkungsräume',
        headers: [
          {
            level: 2,
            title: 'Operativer Raum',
            slug: 'operativer-raum',
            link: '#operativer-raum',
            children: [{ level: 3, title: 'Team', slug: 'team', link: '#team', children: [] }],
          },
        ],
        path: '/wirkungsr%C3%A4ume.html',
        pathLocale: '/',
        extraFields: [],
      },
    ])
  })
})

describe('linkSite: anchors from a VuePress wiki', () => {
  it('finds headings by the diacritic-free anchors VuePress wrote, and links to the real anchor', () => {
    const { html, site } = siteOf({ 'A.md': '## Rückfragen\n', 'B.md': '[x](A.md#ruckfragen)' })
    expect(site.diagnostics).toEqual([])
    expect(html('b')).toBe('<p><a href="/a.html#rückfragen">x</a></p>')
  })
})

describe('linkSite: images', () => {
  it('sizes a wiki image from the size its asset record carries, without reading any file', () => {
    const compiled = [compile('Karte.md', '![[plan.png|300]] ![[plan.png]]\n')]
    const plan = { path: 'bilder/plan.png', absolute: '/gibt/es/nicht/plan.png', size: { width: 600, height: 400 } }
    const site = linkSite(compiled, [plan as ReturnType<typeof asset>], config)
    expect(site.pages[0].resolved).toEqual([
      { kind: 'image', syntax: 'wiki', src: '/bilder/plan.png', alt: 'plan', width: 300, height: 200 },
      { kind: 'image', syntax: 'wiki', src: '/bilder/plan.png', alt: 'plan', width: 600, height: 400 },
    ])
    const html = substituteLinks(compiled[0].html, site.pages[0].resolved, () => '')
    expect(html).toContain('<img src="/bilder/plan.png" alt="plan" width="300" height="200" loading="lazy" decoding="async">')
  })
})

describe('linkSite: wiki links to attachments', () => {
  it('links [[plan.pdf]] to the copy of the file, and a page named like a file to the page', () => {
    const { site, html } = siteOf(
      { 'index.md': '# Start\n\n[[plan.pdf]] [[Kontakt.vcf|Visitenkarte]] [[Odoo.sh]] [[fehlt.zip]]\n', 'Odoo.sh.md': '# Odoo.sh\n' },
      ['Anhänge/plan.pdf', 'Anhänge/Kontakt.vcf'],
    )
    expect(html('')).toContain('<a href="/Anh%C3%A4nge/plan.pdf" class="wikilink">plan.pdf</a>')
    expect(html('')).toContain('<a href="/Anh%C3%A4nge/Kontakt.vcf" class="wikilink">Visitenkarte</a>')
    expect(html('')).toContain('<a href="/odoo.sh.html" class="wikilink">Odoo.sh</a>')
    expect(site.diagnostics.map((d) => `${d.code} ${d.target}`)).toEqual(['dead-link fehlt.zip'])
  })
})

describe('linkSite: a canvas and a note of the same name', () => {
  const canvas = (nodes: object[]) => JSON.stringify({ nodes })
  const pair = {
    'index.md': '# Start\n\n[[Plan]] [[Plan#Zeitplan]] [[Plan.canvas]] [[Projekt/Plan.canvas|Zeichnung]]\n\n![[Plan.canvas]]\n',
    'Projekt/Plan.md': '# Plan\n\n## Zeitplan\n',
    'Projekt/Plan.canvas': canvas([{ id: 'a', type: 'text', x: 0, y: 0, width: 200, height: 60, text: 'Knoten' }]),
  }

  it('keeps the note at its URL and gives the canvas its file name as one, with no duplicate warning', () => {
    const { site, html } = siteOf(pair)
    expect(site.diagnostics).toEqual([])
    expect(site.pages.map((p) => [p.page.sourcePath, p.route])).toEqual([
      ['index.md', '/'],
      ['Projekt/Plan.canvas', '/plan.canvas.html'],
      ['Projekt/Plan.md', '/plan.html'],
    ])
    const start = html('')
    expect(start).toContain('<a href="/plan.html" class="wikilink">Plan</a>')
    expect(start).toContain('<a href="/plan.html#zeitplan" class="wikilink">')
    expect(start).toContain('<a href="/plan.canvas.html" class="wikilink">Plan.canvas</a>')
    expect(start).toContain('<a href="/plan.canvas.html" class="wikilink">Zeichnung</a>')
    expect(start).toContain('<div class="embed" data-embed="/plan.canvas.html">')
    // no redirect takes the note's URL for the canvas
    expect(site.redirects.filter((r) => r.to === '/plan.canvas.html').map((r) => r.from)).not.toContain('/plan.html')
  })

  it('pairs by the URL the names give, in one folder only; a canvas alone keeps its name as URL', () => {
    const { site, html } = siteOf({
      'index.md': '[[Ablauf]] [[Karte]]\n',
      'Team/ablauf.md': 'Notiz\n',
      'Team/Ablauf.canvas': canvas([]),
      'Karte.canvas': canvas([]),
      'Andere/Karte.md': 'Notiz\n',
    })
    const routes = Object.fromEntries(site.pages.map((p) => [p.page.sourcePath, p.route]))
    expect(routes['Team/ablauf.md']).toBe('/ablauf.html')
    expect(routes['Team/Ablauf.canvas']).toBe('/ablauf.canvas.html')
    // in other folders they are two pages of one name: the first keeps it, as for two notes
    expect(routes['Andere/Karte.md']).toBe('/karte.html')
    expect(routes['Karte.canvas']).toBe('/karte-2.html')
    expect(site.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(['duplicate-slug Karte.canvas'])
    // a name without extension is the note's, as in Obsidian
    expect(html('')).toBe('<p><a href="/ablauf.html" class="wikilink">Ablauf</a> <a href="/karte.html" class="wikilink">Karte</a></p>')
  })

  it('still finds a canvas by its name alone when no note has that name', () => {
    const { site, html } = siteOf({ 'index.md': '[[Karte]]\n', 'Karte.canvas': canvas([]) })
    expect(site.diagnostics).toEqual([])
    expect(html('')).toBe('<p><a href="/karte.html" class="wikilink">Karte</a></p>')
  })
})

describe('linkSite: canvas group backgrounds', () => {
  const group = (extra: object) =>
    JSON.stringify({ nodes: [{ id: 'g', type: 'group', x: 0, y: 0, width: 300, height: 200, background: 'Bilder/kachel.png', ...extra }] })
  const tile = { path: 'Bilder/kachel.png', absolute: '/gibt/es/nicht/kachel.png', size: { width: 24, height: 16 } }

  it('draws the published image behind the group, a repeated one in tiles of its own size', () => {
    for (const [style, expected] of [
      [
        'cover',
        /<image class="canvas-group-image" href="\/Bilder\/kachel.png" x="0" y="0" width="300" height="200" preserveAspectRatio="xMidYMid slice"\/>/,
      ],
      ['ratio', /<image class="canvas-group-image" href="\/Bilder\/kachel.png" [^>]*preserveAspectRatio="xMidYMid meet"\/>/],
      [
        'repeat',
        /<pattern id="canvas-tile-\w+" patternUnits="userSpaceOnUse" x="0" y="0" width="24" height="16"><image href="\/Bilder\/kachel.png" width="24" height="16"\/><\/pattern>/,
      ],
    ] as const) {
      const compiled = [compile('Plan.canvas', group({ backgroundStyle: style }))]
      const site = linkSite(compiled, [tile as ReturnType<typeof asset>], config)
      expect(site.diagnostics).toEqual([])
      expect(site.assets.map((a) => a.path)).toEqual(['Bilder/kachel.png'])
      expect(substituteLinks(compiled[0].html, site.pages[0].resolved, () => '')).toMatch(expected)
    }
  })

  it('reports a missing image once, at the group, and asks for no file', () => {
    const compiled = [compile('Plan.canvas', `\n  ${group({ backgroundStyle: 'repeat', background: 'Bilder/fehlt.png' })}`)]
    const site = linkSite(compiled, [], config)
    expect(site.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'missing-image Plan.canvas:2:13 Image "Bilder/fehlt.png" does not exist',
    ])
    const html = substituteLinks(compiled[0].html, site.pages[0].resolved, () => '')
    expect(html).toContain('<image href=""/>')
    expect(html).toMatch(/<pattern id="canvas-tile-\w+" patternUnits="userSpaceOnUse" x="0" y="0"><image/)
    expect(site.assets).toEqual([])
  })
})
