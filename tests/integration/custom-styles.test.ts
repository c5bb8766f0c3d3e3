/**
 * A site's own stylesheet (theme.styles): published, and linked after the theme's on every page, so that its rules
 * and its values of the theme's CSS variables win.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

describe('theme.styles', () => {
  it("publishes the site's stylesheets and links them after the theme's on every page", async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(join(root, 'stil'), { recursive: true })
    writeFileSync(join(root, 'index.md'), '# Start\n\nText.\n')
    writeFileSync(join(root, 'Seite.md'), '# Seite\n\nText.\n')
    writeFileSync(join(root, 'stil', 'firma.css'), ':root { --c-brand: #8a1538; --font-sans: "Firma Sans", sans-serif; }\n')
    const out = join(work, 'site')
    const result = await build({ root, out, config: { theme: { styles: ['stil/firma.css', 'https://fonts.example/firma.css'] } } })
    expect(result.diagnostics).toEqual([])
    expect(readFileSync(join(out, 'stil', 'firma.css'), 'utf8')).toContain('--c-brand: #8a1538')
    for (const file of ['index.html', 'seite.html', '404.html']) {
      const links = [...readFileSync(join(out, file), 'utf8').matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1])
      // (a build without the bundled client links no theme stylesheet; the CLI's builds put it first)
      expect(links.slice(-2), file).toEqual(['/stil/firma.css', 'https://fonts.example/firma.css'])
    }
  })

  it('links nothing more without it, and publishes no stylesheet nobody names', async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n')
    writeFileSync(join(root, 'alt.css'), 'body { color: red }\n')
    const out = join(work, 'site')
    await build({ root, out })
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('alt.css')
    expect(existsSync(join(out, 'alt.css'))).toBe(false)
  })
})
