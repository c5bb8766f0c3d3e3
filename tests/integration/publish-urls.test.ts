/**
 * A vault moved from Obsidian Publish keeps the URLs Publish gave its notes (`/Folder+Name/Note+Name`, aliases with
 * folder paths, permalinks as written) as redirects that static hosts and `wikigen serve` answer, and the navigation
 * order and hidden items of its site-options.json in the folder sidebar. Real folders, real builds, a real server.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/cli/serve.js'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { repoRoot, tempDir } from './helpers.js'

async function buildVault(files: Record<string, string>, config?: UserConfig) {
  const root = join(tempDir('wikigen-publish-urls-'), 'vault')
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  const out = join(root, '..', 'site')
  const { diagnostics } = await build({ root, out, cacheDir: false, clientDir: join(repoRoot, 'lib/client'), config })
  return {
    out,
    diagnostics,
    read: (path: string) => readFileSync(join(out, path), 'utf8'),
    has: (path: string) => existsSync(join(out, path)),
  }
}

const servers: Server[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))))

/** Serves `dir` with `wikigen serve`'s handler; returns a raw GET (paths reach the server exactly as written). */
async function serve(dir: string) {
  const server = await startServer({ dir, port: 0, host: '127.0.0.1' })
  servers.push(server)
  const port = (server.address() as AddressInfo).port
  return (path: string) =>
    new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path }, (res) => {
        let body = ''
        res.on('data', (chunk) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }))
      })
        .on('error', reject)
        .end()
    })
}

const VAULT = {
  'site-options.json': JSON.stringify({
    siteName: 'Teamhandbuch',
    showNavigation: true,
    navigationOrdering: [
      'Zweiter Ordner',
      'Erster Ordner',
      'Erster Ordner/Zweite Notiz.md',
      'Erster Ordner/Erste Notiz.md',
      'Willkommen.md',
    ],
    navigationHiddenItems: ['Archiv', 'Geheimnotiz.md'],
  }),
  'Willkommen.md': '# Willkommen\n\nDie Startseite des Teams.\n',
  'Home.md': '# Home\n\nDie Startseite.\n',
  'Erster Ordner/Erste Notiz.md': '# Erste Notiz\n\nText.\n',
  'Erster Ordner/Zweite Notiz.md': '---\naliases:\n  - Alter Ordner/Frühere Notiz\n---\n# Zweite Notiz\n\nText.\n',
  'Zweiter Ordner/Über & unter.md': '# Über & unter\n\nSonderzeichen im Namen.\n',
  'Zweiter Ordner/Kurz.md': '---\npermalink: Team/Kurz\n---\n# Kurz\n\nMit Permalink.\n',
  'Archiv/Alt.md': '# Alt\n\nArchiviert.\n',
  'Geheimnotiz.md': '# Geheimnotiz\n\nNicht in der Navigation.\n',
  'glossar.md': '# Glossar\n\nSchon unter /glossar erreichbar.\n',
}

describe('a vault moved from Obsidian Publish', () => {
  it('redirects every note’s Publish URL to its page, as files and in the host files', async () => {
    const { out, read, has, diagnostics } = await buildVault(VAULT)
    expect(diagnostics).toEqual([])
    const redirects = read('_redirects')
    expect(redirects).toContain('/Erster+Ordner/Erste+Notiz /erste-notiz.html 301')
    expect(redirects).toContain('/Erster%20Ordner/Erste%20Notiz /erste-notiz.html 301')
    expect(redirects).toContain('/Zweiter+Ordner/%C3%9Cber+%26+unter /%C3%BCber-unter.html 301')
    // the home page's note, an alias with a folder path, a permalink as Publish wrote it
    expect(redirects).toContain('/Home / 301')
    expect(redirects).toContain('/Alter+Ordner/Fr%C3%BChere+Notiz /zweite-notiz.html 301')
    expect(redirects).toContain('/Team/Kurz /team/kurz.html 301')
    // the forwarding page a static host answers the path without extension with
    expect(read('Erster+Ordner/Erste+Notiz.html')).toContain('url=/erste-notiz.html')
    expect(has('Erster Ordner/Erste Notiz.html')).toBe(false) // the spelling with spaces: host files only
    expect(read('redirects.nginx.map')).toContain('"/Erster Ordner/Erste Notiz" "/erste-notiz.html";')
    // a note whose Publish URL is its page's URL without extension needs none
    expect(redirects).not.toMatch(/^\/glossar /m)
    expect(read('glossar.html')).toContain('Schon unter')

    const get = await serve(out)
    for (const path of ['/Erster+Ordner/Erste+Notiz', '/Erster%20Ordner/Erste%20Notiz', '/Erster%2BOrdner/Erste%2BNotiz']) {
      const res = await get(path)
      expect([path, res.status, res.location]).toEqual([path, 301, '/erste-notiz.html'])
    }
    expect((await get('/Zweiter+Ordner/%C3%9Cber+%26+unter')).location).toBe('/%C3%BCber-unter.html')
    // `&` as written, and the umlaut decomposed (NFD) as macOS spells names
    expect((await get('/Zweiter+Ordner/%C3%9Cber+&+unter')).location).toBe('/%C3%BCber-unter.html')
    expect((await get('/Zweiter+Ordner/U%CC%88ber+%26+unter')).location).toBe('/%C3%BCber-unter.html')
    expect((await get('/Alter+Ordner/Fr%C3%BChere+Notiz')).location).toBe('/zweite-notiz.html')
    expect((await get('/glossar')).status).toBe(200)
  })

  it('answers the Publish URL from its forwarding page where only files are written', async () => {
    const { out, has, diagnostics } = await buildVault(VAULT, { redirectMode: 'files' })
    expect(diagnostics).toEqual([])
    expect(has('_redirects')).toBe(false)
    const res = await (await serve(out))('/Erster+Ordner/Zweite+Notiz')
    expect(res.status).toBe(200)
    expect(res.body).toContain('url=/zweite-notiz.html')
  })

  it('lets a Publish URL yield without a word to pages, files and other redirects', async () => {
    const { read, has, diagnostics } = await buildVault(
      {
        'publish.css': 'body { color: teal; }\n',
        // Publish's URL of "Seite.md" is /Seite: a config redirect from there wins
        'Seite.md': '# Seite\n\nText.\n',
        'Ziel.md': '# Ziel\n\nText.\n',
        // its forwarding page would be Anleitung.html, which a case-insensitive disk would write over anleitung.html
        'Anleitung.md': '---\npermalink: anleitung\n---\n# Anleitung\n\nText.\n',
        // the folder note's alias names the URL of the other page's note: the note keeps it
        'Mappe/Mappe.md': '---\naliases:\n  - Seite\n  - Ziel\n---\n# Mappe\n\nText.\n',
      },
      { redirects: [{ from: '/Seite', to: 'Ziel' }] },
    )
    expect(diagnostics).toEqual([])
    const redirects = read('_redirects')
    expect(redirects).toContain('/Seite /ziel.html 301')
    expect(redirects).not.toContain('/Seite /seite.html')
    expect(redirects).toContain('/Ziel /ziel.html 301')
    expect(redirects).not.toContain('/Ziel /mappe.html')
    expect(redirects).toContain('/Mappe/Mappe /mappe.html 301')
    expect(read('anleitung.html')).toContain('<h1')
    expect(has('Anleitung.html')).toBe(false)
    expect(redirects).toContain('/Anleitung /anleitung.html 301')
  })

  it('makes no Publish redirects for a vault without Publish settings, nor when the config says no', async () => {
    const plain = await buildVault({ 'Ein Ordner/Eine Notiz.md': '# Eine Notiz\n\nText.\n' })
    expect(plain.read('_redirects')).not.toContain('+')
    expect(plain.has('Ein Ordner/Eine Notiz.html')).toBe(false)
    const off = await buildVault(
      { 'publish.css': '', 'Ein Ordner/Eine Notiz.md': '# Eine Notiz\n\nText.\n' },
      { redirectPublishUrls: false },
    )
    expect(off.read('_redirects')).not.toContain('Eine+Notiz')
    const on = await buildVault({ 'Ein Ordner/Eine Notiz.md': '# Eine Notiz\n\nText.\n' }, { redirectPublishUrls: true })
    expect(on.read('_redirects')).toContain('/Ein+Ordner/Eine+Notiz /eine-notiz.html 301')
  })

  it('orders the folder sidebar as Publish’s navigation and leaves its hidden items out', async () => {
    const { read } = await buildVault(VAULT)
    const sidebarOf = (file: string) => {
      const nav = /<aside class="sidebar"[^>]*>[\s\S]*?<\/aside>/.exec(read(file))?.[0] ?? ''
      return [...nav.slice(nav.indexOf('</nav>') + 6).matchAll(/<a class="sidebar-item( active)?" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
        ([, , href, text]) => `${text} ${href}`,
      )
    }
    // showNavigation: the folder sidebar; the listed items first, in Publish's order; Archiv and Geheimnotiz hidden
    expect(sidebarOf('erste-notiz.html')).toEqual([
      'Zweiter Ordner /team/kurz.html',
      'Erster Ordner /zweite-notiz.html',
      'Zweite Notiz /zweite-notiz.html',
      'Erste Notiz /erste-notiz.html',
      'Willkommen /willkommen.html',
      'Glossar /glossar.html',
    ])
    // hidden items stay published
    expect(read('geheimnotiz.html')).toContain('Nicht in der Navigation.')
    expect(read('alt.html')).toContain('Archiviert.')
    // without showNavigation the sidebar stays the heading sidebar, the default
    const { read: readDefault } = await buildVault({
      'site-options.json': JSON.stringify({ navigationOrdering: ['B.md', 'A.md'] }),
      'A.md': '# A\n\n## Abschnitt\n\nText.\n',
      'B.md': '# B\n\nText.\n',
    })
    expect(readDefault('a.html')).not.toContain('href="/b.html"')
    expect(readDefault('a.html')).toContain('href="#abschnitt"')
    // the config's sidebar wins over Publish's showNavigation
    const { read: readHeading } = await buildVault(VAULT, { theme: { sidebar: 'heading' } })
    expect(readHeading('erste-notiz.html')).not.toContain('href="/willkommen.html"')
  })
})
