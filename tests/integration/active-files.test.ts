/**
 * Content files a browser would run (scripts, HTML pages) are not published unless the config's `activeFiles` lists
 * them: an author could otherwise serve script from the site's own domain. Real folders, real builds.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

/** A vault whose page links an HTML file, a script and a PDF, with a script and an HTML page in public/. */
async function buildVault(config?: UserConfig) {
  const work = tempDir('wikigen-active-')
  const root = join(work, 'wiki')
  mkdirSync(join(root, 'attachments'), { recursive: true })
  mkdirSync(join(root, 'public'), { recursive: true })
  writeFileSync(
    join(root, 'index.md'),
    '# Start\n\nDas [Werkzeug](attachments/tool.html), [[rechner.js]] und der [Plan](attachments/plan.pdf).\n',
  )
  writeFileSync(join(root, 'attachments/tool.html'), '<script>alert(1)</script>')
  writeFileSync(join(root, 'attachments/rechner.js'), 'alert(1)')
  writeFileSync(join(root, 'attachments/plan.pdf'), '%PDF-1.4')
  writeFileSync(join(root, 'public/widget.js'), 'alert(1)')
  writeFileSync(join(root, 'public/seite.XHTML'), '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>')
  writeFileSync(join(root, 'public/robots.txt'), 'User-agent: *\n')
  const out = join(work, 'site')
  const result = await build({ root, out, config, cacheDir: false })
  return { out, diagnostics: result.diagnostics }
}

describe('files a browser would run', () => {
  it('are left out, with a warning at the link or for the public file, while documents are published', async () => {
    const { out, diagnostics } = await buildVault()
    expect(existsSync(join(out, 'attachments/plan.pdf'))).toBe(true)
    expect(existsSync(join(out, 'robots.txt'))).toBe(true)
    for (const file of ['attachments/tool.html', 'attachments/rechner.js', 'widget.js', 'seite.XHTML'])
      expect(existsSync(join(out, file))).toBe(false)
    const active = diagnostics.filter((d) => d.code === 'active-file').map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)
    expect(active).toEqual([
      'index.md:3:5 File "attachments/tool.html" is one a browser would run; it is not published',
      'index.md:3:40 File "attachments/rechner.js" is one a browser would run; it is not published',
      'public/seite.XHTML:0:0 "public/seite.XHTML" is a file a browser would run; it is not published',
      'public/widget.js:0:0 "public/widget.js" is a file a browser would run; it is not published',
    ])
    expect(diagnostics.find((d) => d.code === 'active-file')?.hint).toBe(
      'Link to a page or a document instead, or list the file in the config\'s activeFiles, e.g. activeFiles: ["attachments/tool.html"] (docs/SECURITY.md).',
    )
  })

  it('are published when activeFiles lists them', async () => {
    const { out, diagnostics } = await buildVault({ activeFiles: ['public/**', 'attachments/*.html'] })
    for (const file of ['attachments/tool.html', 'widget.js', 'seite.XHTML']) expect(existsSync(join(out, file))).toBe(true)
    expect(existsSync(join(out, 'attachments/rechner.js'))).toBe(false)
    expect(diagnostics.filter((d) => d.code === 'active-file').map((d) => d.file)).toEqual(['index.md'])
  })
})
