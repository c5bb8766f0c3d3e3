/**
 * Way-finding beyond the page: the section badge links to the list of the section's pages, breadcrumbs lead from
 * the home page through the section or the folders (to their folder notes), and where the sidebar shows the site's
 * navigation, the page's own headings are listed on the right.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

function site(files: Record<string, string>) {
  const work = tempDir()
  const root = join(work, 'wiki')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return { root, out: join(work, 'site') }
}

const FILES = {
  'index.md': '# Start\n\n[[Backup]] [[Server]] [[Odoo]] [[Module]] [[Notiz]]\n',
  'Hosting/Backup.md': '---\nsection: Hosting\nkind: Erklärung\n---\n# Backup\n\n## Aufbewahrung\n\nText.\n',
  'Hosting/Server.md': '---\nsection: Hosting\n---\n# Server\n\nText.\n',
  'Odoo/Odoo.md': '# Odoo\n\nDer Ordner Odoo.\n',
  'Odoo/Apps/Module.md': '# Module\n\n## Liste\n\nText.\n',
  'Notiz.md': '# Notiz\n\nText.\n',
}

const crumbsOf = (html: string) =>
  [
    ...(/<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(
      /<li>(?:<a href="([^"]*)">([^<]*)<\/a>|<span[^>]*>([^<]*)<\/span>)<\/li>/g,
    ),
  ].map(([, href, linked, plain]) => (href ? `${linked} → ${href}` : plain))

/** A section page's groups: each kind's heading, then its pages' titles and, after ' – ', their descriptions. */
const sectionListOf = (html: string) =>
  [...html.matchAll(/<h2 id="[^"]*">([^<]*)<\/h2><ul class="section-page-list">(.*?)<\/ul>/g)].map(([, kind, items]) => [
    kind,
    ...[...items.matchAll(/<li><a href="[^"]*">([^<]*)<\/a>(?:<p class="section-page-description">([^<]*)<\/p>)?<\/li>/g)].map(
      ([, title, description]) => (description ? `${title} – ${description}` : title),
    ),
  ])

/** The page's own sidebar as lines: groups as '▸ Name' (open: '▾ Name'), their items indented, the page marked. */
function treeOf(html: string): string[] {
  const aside = /<aside class="sidebar"[^>]*>[\s\S]*?<\/aside>/.exec(html)?.[0] ?? ''
  const nav = aside.slice(aside.indexOf('</nav>') + 6)
  const lines: string[] = []
  let depth = 0
  for (const [tag, open, summary, active, href, current, text] of nav.matchAll(
    /<details class="sidebar-group"( open="")?><summary>([^<]*)<\/summary>|<a class="sidebar-item( active)?" href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>|<\/details>/g,
  )) {
    if (tag === '</details>') depth--
    else if (summary !== undefined) lines.push(`${'  '.repeat(depth++)}${open ? '▾' : '▸'} ${summary}`)
    else lines.push(`${'  '.repeat(depth)}${text} ${href}${active && current ? ' (current)' : ''}`)
  }
  return lines
}

describe('way-finding', () => {
  it('links the section badge to a list of the section, and leads breadcrumbs through section or folders', async () => {
    const { root, out } = site({ ...FILES, 'Odoo/Anleitungen.md': '---\nsection: Anleitungen\n---\n# Anleitungen\n\nText.\n' })
    const result = await build({ root, out })
    expect(result.diagnostics).toEqual([])
    const page = (file: string) => readFileSync(join(out, file), 'utf8')

    expect(page('backup.html')).toContain('<a class="badge section" href="/sections/hosting.html">Hosting</a>')
    // the trail says where the page stands; its title, right below, is not repeated
    expect(crumbsOf(page('backup.html'))).toEqual(['Home → /', 'Hosting → /sections/hosting.html'])
    const list = page('sections/hosting.html')
    expect(list).toContain('<title>Bereich Hosting | ')
    // grouped by kind, pages without one last
    expect(sectionListOf(list)).toEqual([
      ['Erklärung', 'Backup'],
      ['Weitere Seiten', 'Server'],
    ])

    // folders lead to their folder notes; a folder without one is plain text
    expect(crumbsOf(page('module.html'))).toEqual(['Home → /', 'Odoo → /odoo.html', 'Apps'])
    expect(/<nav class="breadcrumbs"[\s\S]*?<\/nav>/.exec(page('module.html'))?.[0]).not.toContain('aria-current')
    // the folder note itself is the folder, and a page at the root has no folder: Home alone is no trail
    for (const file of ['odoo.html', 'notiz.html', 'index.html']) expect(page(file)).not.toContain('class="breadcrumbs"')
    // a section named like the page would repeat its title, and Home alone is left
    expect(page('anleitungen.html')).not.toContain('class="breadcrumbs"')
    // the heading sidebar lists the headings already: no outline beside it
    expect(page('backup.html')).not.toContain('class="page-outline"')
  })

  it("lists the page's headings on the right where the sidebar shows the site's navigation", async () => {
    const { root, out } = site(FILES)
    await build({ root, out, config: { theme: { sidebar: { '/': [{ text: 'Hosting', children: ['/backup.html', '/server.html'] }] } } } })
    const html = readFileSync(join(out, 'backup.html'), 'utf8')
    expect(html).toContain('class="theme-container has-outline"')
    const outline = /<aside class="page-outline" aria-label="Auf dieser Seite">([\s\S]*?)<\/aside>/.exec(html)?.[1] ?? ''
    expect(outline).toContain('<a href="#aufbewahrung">Aufbewahrung</a>')
    // the sidebar itself is the site's navigation then
    expect(html).toContain('<aside class="sidebar" id="sidebar" aria-label="Navigation">')
  })

  it("shows the content's folders as a tree opened along the way to the page, with 'folders'", async () => {
    const { root, out } = site(FILES)
    const result = await build({ root, out, config: { theme: { sidebar: 'folders' } } })
    expect(result.diagnostics).toEqual([])
    const sidebarOf = (file: string) => {
      const html = readFileSync(join(out, file), 'utf8')
      const nav = /<aside class="sidebar"[^>]*>[\s\S]*?<\/aside>/.exec(html)?.[0] ?? ''
      const pageNav = nav.slice(nav.indexOf('</nav>') + 6)
      return [
        ...pageNav.matchAll(
          /<a class="sidebar-item( active)?" href="([^"]*)"[^>]*>([^<]*)<\/a>|<span class="sidebar-item sidebar-group-title">([^<]*)<\/span>/g,
        ),
      ].map(([, active, href, text, plain]) => plain ?? `${text} ${href}${active ? ' (active)' : ''}`)
    }
    // folders first, then pages; Hosting has no folder note: it leads to its first page
    expect(sidebarOf('notiz.html')).toEqual(['Hosting /backup.html', 'Odoo /odoo.html', 'Notiz /notiz.html (active)'])
    // along the way to Module: Odoo opens on Apps, Apps on Module
    expect(sidebarOf('module.html')).toEqual([
      'Hosting /backup.html',
      'Odoo /odoo.html',
      'Apps /module.html',
      'Module /module.html (active)',
      'Notiz /notiz.html',
    ])
    expect(sidebarOf('backup.html')).toEqual([
      'Hosting /backup.html',
      'Backup /backup.html (active)',
      'Server /server.html',
      'Odoo /odoo.html',
      'Notiz /notiz.html',
    ])
    // with the headings on the right instead
    expect(readFileSync(join(out, 'backup.html'), 'utf8')).toContain('class="page-outline"')
  })

  const TREE = {
    'index.md':
      '---\nhome: true\nfeatures:\n  - title: Betrieb\n    details: Server.\n  - title: Für alle\n    section: Handbuch\n    details: Erste Schritte.\n  - title: Sonstiges\n    details: Kein Bereich.\n---\n# Start\n',
    'Glossary.md': '# Glossar\n\n## Backup\n\nKopie.\n',
    'Betrieb/Wartung.md':
      '---\nsection: Betrieb\nkind: Anleitung\norder: 2\ndescription: Der Dienstagabend.\n---\n# Wartung\n\n## Ablauf\n\nText.\n',
    'Betrieb/Sicherung.md': '---\nsection: Betrieb\nkind: Anleitung\norder: 1\ndescription: Jede Nacht.\n---\n# Sicherung\n',
    'Betrieb/Grenzwerte.md': '---\nsection: Betrieb\nkind: Referenz\n---\n# Grenzwerte\n',
    'Betrieb/Notfall.md': '---\nsection: Betrieb\n---\n# Notfall\n',
    // a page of the section Handbuch in another folder: sections win over folders
    'Allgemein/Anmelden.md': '---\nsection: Handbuch\nkind: Anleitung\n---\n# Anmelden\n',
    // no section: under the folders, the folder note leading its group; a folder named like a section joins it
    'Notizen/Notizen.md': '# Notizen\n',
    'Notizen/Ideen.md': '# Ideen\n',
    'Notizen/Archiv/Alt.md': '# Alt\n',
    'Betrieb/Entwurf.md': '# Entwurf\n',
    'Impressum.md': '# Impressum\n',
  }

  it("shows the site's sections as a tree with 'tree': the page's group open, the page marked", async () => {
    const { root, out } = site(TREE)
    const result = await build({ root, out, config: { theme: { sidebar: 'tree', navbar: [{ text: 'Glossar', link: '/glossary' }] } } })
    expect(result.diagnostics).toEqual([])
    const page = (file: string) => readFileSync(join(out, file), 'utf8')
    expect(treeOf(page('wartung.html'))).toEqual([
      '▾ Betrieb',
      '  Übersicht /sections/betrieb.html',
      '  Sicherung /sicherung.html',
      '  Wartung /wartung.html (current)',
      '  Grenzwerte /grenzwerte.html',
      '  Notfall /notfall.html',
      '  Entwurf /entwurf.html',
      '▸ Handbuch',
      '  Übersicht /sections/handbuch.html',
      '  Anmelden /anmelden.html',
      '▸ Notizen',
      '  Notizen /notizen.html',
      '  Ideen /ideen.html',
      '  ▸ Archiv',
      '    Alt /alt.html',
      'Glossar /glossary.html',
      'Impressum /impressum.html',
    ])
    // a page deep in the folders opens every group on its way
    expect(treeOf(page('alt.html')).filter((line) => /[▾▸]|current/.test(line))).toEqual([
      '▸ Betrieb',
      '▸ Handbuch',
      '▾ Notizen',
      '  ▾ Archiv',
      '    Alt /alt.html (current)',
    ])
    // a page at the top opens none
    expect(treeOf(page('impressum.html')).filter((line) => line.includes('▾'))).toEqual([])
    // the page's headings move to the right-hand column
    expect(page('wartung.html')).toContain('class="theme-container has-outline"')
    expect(page('wartung.html')).toContain('<aside class="page-outline" aria-label="Auf dieser Seite">')

    // the section's list shows the tree too, its own entry marked, and its kinds on the right
    const list = page('sections/betrieb.html')
    expect(treeOf(list).slice(0, 2)).toEqual(['▾ Betrieb', '  Übersicht /sections/betrieb.html (current)'])
    expect(sectionListOf(list)).toEqual([
      ['Anleitung', 'Sicherung – Jede Nacht.', 'Wartung – Der Dienstagabend.'],
      ['Referenz', 'Grenzwerte'],
      ['Weitere Seiten', 'Notfall'],
    ])
    expect(list).toContain('<a href="#referenz">Referenz</a>')

    // prev/next along the section's order, as the tree lists it
    expect(page('wartung.html')).toMatch(
      /class="page-nav-link prev" href="\/sicherung.html"[\s\S]*class="page-nav-link next" href="\/grenzwerte.html"/,
    )
    expect(page('notfall.html')).not.toContain('class="page-nav-link next"')

    // the home page's features lead to their sections, by title or as `section` names it
    const features = [...page('index.html').matchAll(/<div class="feature"><h2>(?:<a href="([^"]*)">)?([^<]*)/g)].map(
      ([, href, title]) => `${title}${href ? ` → ${href}` : ''}`,
    )
    expect(features).toEqual(['Betrieb → /sections/betrieb.html', 'Für alle → /sections/handbuch.html', 'Sonstiges'])

    // the navbar's '/glossary' is the page /glossary.html: marked there, in the bar and in the phone menu
    const marked = page('glossary.html').match(/<a href="\/glossary" class="active" aria-current="page">Glossar<\/a>/g)
    expect(marked).toHaveLength(2)
    expect(page('wartung.html')).not.toContain('<a href="/glossary" class="active"')
  })

  it('keeps the heading sidebar by default, with section lists grouped by kind all the same', async () => {
    const { root, out } = site(TREE)
    await build({ root, out })
    const html = readFileSync(join(out, 'wartung.html'), 'utf8')
    expect(html).not.toContain('<details class="sidebar-group"')
    expect(html).not.toContain('class="page-outline"')
    expect(sectionListOf(readFileSync(join(out, 'sections/handbuch.html'), 'utf8'))).toEqual([['Anleitung', 'Anmelden']])
  })
})
