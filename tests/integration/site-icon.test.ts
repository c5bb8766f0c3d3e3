/**
 * The site's small icon at the root (spec §1: a head tag for a small site icon at the root): the build publishes
 * it as /favicon.<ext> whatever its folder in the vault, and every page's head names it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="14" fill="#0f766e"/></svg>\n'
// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0])

async function buildVault(config: UserConfig, files: Record<string, string | Buffer>) {
  const root = join(tempDir('wikigen-icon-'), 'wiki')
  const pages = { 'index.md': '# Start\n\n[[Odoo]]\n', 'Odoo/Odoo.md': '# Odoo\n\nText.\n', ...files }
  for (const [path, contents] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), contents)
  }
  const out = join(root, '..', 'site')
  const result = await build({ root, out, config })
  const htmlFiles = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
  return { result, out, root, htmlFiles, html: (file: string) => readFileSync(join(out, file), 'utf8') }
}

/** The icon links of a page's head. */
const iconLinks = (html: string) => (html.split('</head>')[0].match(/<link rel="(?:shortcut )?icon"[^>]*>/g) ?? []) as string[]

describe('the site icon', () => {
  it("is the logo, copied to the root from its folder and named in every page's head", async () => {
    const { result, out, root, htmlFiles, html } = await buildVault({ theme: { logo: 'logo.svg' } }, { 'attachments/logo.svg': SVG })
    expect(result.diagnostics).toEqual([])
    expect(readFileSync(join(out, 'favicon.svg'))).toEqual(readFileSync(join(root, 'attachments/logo.svg')))
    // every page, those the build makes itself too
    expect(htmlFiles).toEqual(expect.arrayContaining(['index.html', 'odoo.html', '404.html', 'glossary.html']))
    for (const file of htmlFiles)
      expect(iconLinks(html(file)), file).toEqual(['<link rel="icon" href="/favicon.svg" type="image/svg+xml">'])
    // the logo stays where the navbar shows it
    expect(existsSync(join(out, 'attachments/logo.svg'))).toBe(true)
  })

  it("moves the file an icon link of the config's head names to the root, under the base path", async () => {
    const { result, out, htmlFiles, html } = await buildVault(
      {
        site: {
          base: '/wiki/',
          head: [
            ['meta', { name: 'theme-color', content: '#0f766e' }],
            ['link', { rel: 'icon', href: '/wiki/Anhänge/Icon.png', sizes: '32x32' }],
          ],
        },
        theme: { logo: 'logo.svg' },
      },
      { 'Anhänge/Icon.png': PNG, 'attachments/logo.svg': SVG },
    )
    expect(result.diagnostics).toEqual([])
    expect(readFileSync(join(out, 'favicon.png'))).toEqual(PNG)
    expect(existsSync(join(out, 'favicon.svg'))).toBe(false)
    for (const file of htmlFiles) {
      expect(iconLinks(html(file)), file).toEqual(['<link rel="icon" href="/wiki/favicon.png" sizes="32x32" type="image/png">'])
      expect(html(file)).toContain('<meta name="theme-color" content="#0f766e">')
    }
  })

  it('takes site.icon over the logo, and keeps a favicon of public/ as it is', async () => {
    const explicit = await buildVault(
      { site: { icon: 'Bilder/Marke.png' }, theme: { logo: 'logo.svg' } },
      {
        'Bilder/Marke.png': PNG,
        'attachments/logo.svg': SVG,
      },
    )
    expect(explicit.result.diagnostics).toEqual([])
    expect(readFileSync(join(explicit.out, 'favicon.png'))).toEqual(PNG)
    expect(iconLinks(explicit.html('odoo.html'))).toEqual(['<link rel="icon" href="/favicon.png" type="image/png">'])

    const own = await buildVault({}, { 'public/favicon.ico': ICO })
    expect(own.result.diagnostics).toEqual([])
    expect(readFileSync(join(own.out, 'favicon.ico'))).toEqual(ICO)
    expect(iconLinks(own.html('odoo.html'))).toEqual(['<link rel="icon" href="/favicon.ico" type="image/x-icon">'])
  })

  it('is left out with site.icon: false, and a missing one is a warning', async () => {
    const off = await buildVault({ site: { icon: false }, theme: { logo: 'logo.svg' } }, { 'attachments/logo.svg': SVG })
    expect(off.result.diagnostics).toEqual([])
    expect(existsSync(join(off.out, 'favicon.svg'))).toBe(false)
    expect(iconLinks(off.html('index.html'))).toEqual([])

    const missing = await buildVault({ site: { icon: 'fehlt.svg' } }, {})
    expect(missing.result.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      'missing-image site.icon "fehlt.svg" is no file of the content folder',
    ])
    expect(iconLinks(missing.html('index.html'))).toEqual([])
  })
})
