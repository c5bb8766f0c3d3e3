import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixtureSite, tempDir, wikigen } from './helpers.js'

describe('wikigen build (CLI)', () => {
  it('builds the fixture wiki into static pages, redirects, search index and sitemap', async () => {
    const out = join(tempDir(), 'site')
    const { code, stderr } = await wikigen(['build', '--root', fixtureSite('basic'), '--out', out, '--no-cache'])
    expect(stderr).toMatch(/✓ 6 pages in [\d.]+ s → /)
    expect(code).toBe(0)
    const files = readdirSync(out)
    expect(files).toEqual(
      expect.arrayContaining([
        'index.html',
        'odoo.html',
        'odoo-hosting.html',
        'wirkungsräume.html',
        'wissensmanager_in.html',
        'glossary.html',
        '404.html',
        'search-index.json',
        'sitemap.xml',
        '_redirects',
        'redirects.nginx.map',
        'wissensmanager-in.html',
        '_wikigen',
        'attachments',
      ]),
    )
    const page = readFileSync(join(out, 'odoo.html'), 'utf8')
    expect(page).toMatch(/^<!DOCTYPE html>\n<html lang="de-CH">/)
    expect(page).toContain('<title>Odoo | Testwiki</title>')
    expect(page).toContain('<a href="/odoo-hosting.html#varianten" class="wikilink">Odoo Hosting &gt; Varianten</a>')
    expect(page).toContain('<a href="/odoo-hosting.html">Hosting</a>')
    expect(page).toMatch(/<link rel="stylesheet" href="\/_wikigen\/style-\w+\.css">/)
    expect(page).toMatch(/<script type="module" src="\/_wikigen\/client-\w+\.js"><\/script>/)
    // the embed brings the other page's body along
    expect(readFileSync(join(out, 'wirkungsräume.html'), 'utf8')).toContain('<div class="embed" data-embed="/odoo-hosting.html">')
    expect(readFileSync(join(out, 'wissensmanager-in.html'), 'utf8')).toContain(
      '<meta http-equiv="refresh" content="0; url=/wissensmanager_in.html">',
    )
    // a legacy spelling with a character Windows and object stores refuse is kept by the host files only
    expect(existsSync(join(out, 'wissensmanager:in.html'))).toBe(false)
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/wissensmanager:in.html /wissensmanager_in.html 301\n')
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/alt/hosting.html /odoo-hosting.html 301\n')
    const index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8'))
    expect(index.map((e: { path: string }) => e.path)).toEqual([
      '/',
      '/glossary.html',
      '/odoo.html',
      '/odoo-hosting.html',
      '/wirkungsr%C3%A4ume.html',
      '/wissensmanager_in.html',
      '/404.html',
    ])
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('<loc>https://wiki.test.example/wirkungsr%C3%A4ume.html</loc>')
    const notFound = readFileSync(join(out, '404.html'), 'utf8')
    expect(notFound).toContain('There&#x27;s nothing here.')
    expect(notFound).toContain('Take me home')
  })

  it('builds the same with worker threads, byte for byte', async () => {
    const dir = tempDir()
    const [inline, threaded] = await Promise.all([
      wikigen(['build', '--root', fixtureSite('basic'), '--out', join(dir, 'a'), '--workers', '0', '--no-cache']),
      wikigen(['build', '--root', fixtureSite('basic'), '--out', join(dir, 'b'), '--workers', '2', '--no-cache']),
    ])
    expect([inline.code, threaded.code]).toEqual([0, 0])
    for (const file of ['index.html', 'odoo.html', 'wirkungsräume.html', 'search-index.json']) {
      expect(readFileSync(join(dir, 'b', file), 'utf8')).toBe(readFileSync(join(dir, 'a', file), 'utf8'))
    }
  })

  it('prints every problem as file:line:col with a hint, still builds the other pages, and exits 1 on errors', async () => {
    const out = join(tempDir(), 'site')
    const { code, stderr } = await wikigen(['build', '--root', fixtureSite('broken'), '--out', out, '--no-cache'])
    expect(code).toBe(1)
    expect(stderr).toContain('tests/fixtures/sites/broken/Kaputt.md:3:1  error  Malformed YAML front matter:')
    expect(stderr).toContain('tests/fixtures/sites/broken/Tot.md:1:7  warning  Link target "Gibtsnicht" does not exist  [dead-link]')
    expect(stderr).toMatch(/✗ 3 pages in [\d.]+ s · 1 error, 1 warning → /)
    expect(existsSync(join(out, 'gut.html'))).toBe(true)
  })

  it('fails on warnings with --strict', async () => {
    const root = tempDir()
    writeFileSync(join(root, 'A.md'), '[[Fehlt]]\n')
    const { code } = await wikigen([
      'build',
      '--root',
      root,
      '--out',
      join(root, '..', `${root.split('/').pop()}-out`),
      '--strict',
      '--no-cache',
    ])
    expect(code).toBe(1)
  })

  it('prints two notes of one name under --strict but does not fail on them, while a dead link beside them fails', async () => {
    const root = join(tempDir(), 'wiki')
    for (const folder of ['Kunden', 'Lieferanten']) mkdirSync(join(root, folder), { recursive: true })
    writeFileSync(join(root, 'index.md'), '# Start\n\n[[Kunden/Ablage]] und [[Lieferanten/Ablage]]\n')
    writeFileSync(join(root, 'Kunden/Ablage.md'), '# Ablage der Kunden\n')
    writeFileSync(join(root, 'Lieferanten/Ablage.md'), '# Ablage der Lieferanten\n')
    const out = join(root, '..', 'site')
    const strict = () => wikigen(['build', '--root', root, '--out', out, '--strict', '--no-cache'])
    const twoNames = await strict()
    expect(twoNames.stderr).toContain('"Lieferanten/Ablage.md" and "Kunden/Ablage.md" would both be /ablage.html')
    expect(twoNames.stderr).toContain('[duplicate-slug]')
    expect(twoNames.stderr).toContain('--strict does not fail on this warning')
    expect(twoNames.stderr).toMatch(/✓ 3 pages in [\d.]+ s · 1 warning → /)
    expect(twoNames.code).toBe(0)
    // both notes are published, each at its own URL, and the links lead by path
    const home = readFileSync(join(out, 'index.html'), 'utf8')
    expect(home).toContain('href="/ablage.html"')
    expect(home).toContain('href="/lieferanten-ablage.html"')

    writeFileSync(join(root, 'Kunden/Ablage.md'), '# Ablage der Kunden\n\nSiehe [[Archiv]].\n')
    const deadLink = await strict()
    expect(deadLink.stderr).toContain('[dead-link]')
    expect(deadLink.stderr).toMatch(/✗ 3 pages in [\d.]+ s · 2 warnings → /)
    expect(deadLink.code).toBe(1)
  })

  it('lists in --help the warnings --strict does not fail on', async () => {
    const { code, stdout } = await wikigen(['build', '--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('--strict fails on every warning but these, which it prints:')
    expect(stdout).toMatch(/^ {2}\[duplicate-slug\] {2}two notes of one name: /m)
    expect(stdout).toMatch(/^ {2}\[shallow-clone\] {2}a shallow clone: /m)
  })

  it('refuses a worker count beyond 64 before it starts anything', async () => {
    const { code, stderr } = await wikigen(['build', '--workers', '1000', '--out', join(tempDir(), 'site')])
    expect(code).toBe(1)
    expect(stderr).toContain("option '-w, --workers <n>' argument '1000' is invalid. expected a whole number from 0 to 64")
  })

  it('names the config file and the key of a misspelt key or a value of the wrong type, builds with the defaults, and exits 1', async () => {
    const root = join(tempDir(), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'Seite.md'), '# Seite\n')
    writeFileSync(
      join(root, 'wikigen.config.ts'),
      "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({\n  site: { title: 'Firmenwiki' },\n  theme: {\n    navbar: 'Home',\n    navBar: [],\n  },\n})\n",
    )
    const { code, stderr } = await wikigen(['build', '--root', root, '--out', join(root, '..', 'site'), '--no-cache'])
    expect(code).toBe(1)
    expect(stderr).toContain('wikigen.config.ts:6:5  error  "theme.navbar" should be a list  [bad-config]')
    expect(stderr).toContain('wikigen.config.ts:7:5  warning  Unknown key "theme.navBar"  [unknown-config-key]')
    expect(stderr).toContain('hint: Did you mean "navbar"? Check the spelling; docs/config.md lists every key.')
    expect(stderr).not.toMatch(/\n\s+at /)
    expect(readFileSync(join(root, '..', 'site', 'seite.html'), 'utf8')).toContain('Firmenwiki')
  })
})
