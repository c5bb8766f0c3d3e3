/**
 * The sanitizer keeps what wikis use: the Talwerk wiki (content/) and the reader fixture built with the default
 * `markdown.rawHtml: 'safe'` give byte for byte the pages they give with 'trusted', raw HTML passed as written.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { fixtureSite, repoRoot, tempDir } from './helpers.js'

/** Every HTML file of a built site, by path. */
function pagesOf(out: string): Map<string, string> {
  const pages = new Map<string, string>()
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = join(entry.parentPath, entry.name)
    pages.set(file.slice(out.length + 1), readFileSync(file, 'utf8'))
  }
  return pages
}

describe("the default raw HTML policy ('safe')", () => {
  it.each([
    ['the Talwerk wiki', join(repoRoot, 'content')],
    ['the reader fixture', fixtureSite('reader')],
  ])(
    'changes no page of %s',
    async (_name, root) => {
      const { config } = await loadConfig(root)
      const builtWith = async (rawHtml: 'safe' | 'trusted') => {
        const out = join(tempDir('wikigen-safe-'), 'site')
        await build({ root, out, cacheDir: false, config: { ...config, markdown: { ...config.markdown, rawHtml } } })
        return pagesOf(out)
      }
      const safe = await builtWith('safe')
      const trusted = await builtWith('trusted')
      expect([...safe.keys()].sort()).toEqual([...trusted.keys()].sort())
      const differing = [...safe].filter(([path, html]) => trusted.get(path) !== html).map(([path]) => path)
      expect(differing).toEqual([])
    },
    180_000,
  )
})
