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
    const items = /<ul class="section-page-list">(.*?)<\/ul>/.exec(list)?.[1] ?? ''
    expect([...items.matchAll(/<li><a href="([^"]*)">([^<]*)<\/a><\/li>/g)].map((m) => m[2])).toEqual(['Backup', 'Server'])

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
})
