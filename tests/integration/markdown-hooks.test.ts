/**
 * The config's markdown hooks (docs/theming.md, "Extending the markdown"), on the hooks fixture: a `{{Ctrl+C}}` key
 * syntax of its own (a micromark extension with its mdast extension, imported by the config from a module beside it),
 * an mdast transform that writes the keys in capitals and a hast transform that marks them. The same pages come out
 * of build workers and of the main thread; a change of the hooks' code compiles the cached pages again; a hook that
 * throws fails its page with a message naming the hook and the page, and the other pages build.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Element, Root } from 'hast'
import { withMarkdownHooks } from '../../src/compiler/build.js'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { resolveConfig } from '../../src/compiler/config/config.js'
import { fixtureSite, tempDir, wikigen } from './helpers.js'

/** The hooks fixture, copied into a folder of its own (the build cache goes into the working folder). */
function copyFixture(): { dir: string; root: string } {
  const dir = tempDir('wikigen-hooks-')
  const root = join(dir, 'wiki')
  cpSync(fixtureSite('hooks'), root, { recursive: true })
  return { dir, root }
}

/** The `<kbd>` elements of a built page. */
function keysOf(out: string, file: string): string[] {
  return readFileSync(join(out, file), 'utf8').match(/<kbd[^>]*>[^<]*<\/kbd>/g) ?? []
}

describe('markdown hooks of the config', () => {
  it('give the same pages built on two worker threads and on the main thread', async () => {
    const { dir, root } = copyFixture()
    const threaded = await wikigen(['build', '--root', root, '--out', join(dir, 'threads'), '--workers', '2', '--no-cache'], { cwd: dir })
    expect(threaded.stderr).toMatch(/^✓ 2 pages in [\d.]+ s → /)
    expect(threaded.code).toBe(0)
    const inline = await wikigen(['build', '--root', root, '--out', join(dir, 'inline'), '--workers', '0', '--no-cache'], { cwd: dir })
    expect(inline.code).toBe(0)

    expect(keysOf(join(dir, 'threads'), 'index.html')).toEqual([
      '<kbd class="taste" data-page="index.md" data-thread="worker">STRG+C</kbd>',
      '<kbd class="taste" data-page="index.md" data-thread="worker">STRG+V</kbd>',
    ])
    expect(keysOf(join(dir, 'inline'), 'index.html')).toEqual([
      '<kbd class="taste" data-page="index.md" data-thread="main">STRG+C</kbd>',
      '<kbd class="taste" data-page="index.md" data-thread="main">STRG+V</kbd>',
    ])
    // in a table cell too, and braces that hold no key stay text
    const shortcuts = readFileSync(join(dir, 'threads', 'kurzbefehle.html'), 'utf8')
    expect(keysOf(join(dir, 'threads'), 'kurzbefehle.html').map((k) => k.replace(/ data-thread="\w+"/, ''))).toEqual([
      '<kbd class="taste" data-page="Kurzbefehle.md">WIN+L</kbd>',
      '<kbd class="taste" data-page="Kurzbefehle.md">STRG+F</kbd>',
    ])
    expect(shortcuts).toContain('Geschweifte Klammern ohne Taste bleiben Text: {{}} und {einfach}.')
  })

  it('compile cached pages again when the config or a module it imports changes', async () => {
    const { dir, root } = copyFixture()
    const out = join(dir, 'site')
    const build = () => wikigen(['build', '--root', root, '--out', out], { cwd: dir })
    expect((await build()).code).toBe(0)
    expect(keysOf(out, 'index.html')[0]).toContain('class="taste"')

    const config = join(root, 'wikigen.config.mjs')
    writeFileSync(config, readFileSync(config, 'utf8').replace("className = ['taste']", "className = ['taste', 'neu']"))
    const second = await build()
    expect(second.stdout + second.stderr).not.toMatch(/from cache/)
    expect(keysOf(out, 'index.html')[0]).toContain('class="taste neu"')

    const syntax = join(root, 'kbd-syntax.mjs')
    writeFileSync(syntax, readFileSync(syntax, 'utf8').replace("hName: 'kbd'", "hName: 'samp'"))
    expect((await build()).code).toBe(0)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<samp>STRG+C</samp>')

    // unchanged hooks: every page from the cache
    const fourth = await build()
    expect(fourth.stdout + fourth.stderr).toMatch(/2 pages in [\d.]+ s \(2 from cache\)/)
  })

  it('fail the page a hook throws on, naming the hook and the page, and build the others', async () => {
    const { dir, root } = copyFixture()
    const config = join(root, 'wikigen.config.mjs')
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'function markKeys(tree, file) {',
        "function markKeys(tree, file) {\n  if (file.frontmatter.section === 'Arbeitsplatz') throw new Error('no keys for the workplace')",
      ),
    )
    const result = await wikigen(['build', '--root', root, '--out', join(dir, 'site'), '--workers', '2', '--no-cache'], { cwd: dir })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      "Kurzbefehle.md  error  The config's markdown.hastTransforms[0] (markKeys) failed on this page: no keys for the workplace  [markdown-hook-failed]",
    )
    expect(result.stderr).toContain('hint: Fix the hook in wikigen.config.ts')
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(result.stderr).not.toContain('index.md')
  })

  it('take effect in a dev session when the config changes them, on every page, and go when they are removed', async () => {
    const dir = tempDir('wikigen-hooks-dev-')
    const root = join(dir, 'wiki')
    cpSync(fixtureSite('hooks'), root, { recursive: true })
    /** A hast transform that gives every paragraph the class `name`. */
    const classify =
      (name: string) =>
      (tree: Root): void => {
        for (const node of tree.children)
          if (node.type === 'element' && node.tagName === 'p') (node as Element).properties.className = [name]
      }
    const out = join(dir, 'site')
    const session = await createDevSession({
      root,
      out,
      cacheDir: join(dir, 'cache'),
      config: { markdown: { hastTransforms: [classify('eins')] } },
    })
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<p class="eins">Kopieren mit')

    const changed = await session.reconfigure({ markdown: { hastTransforms: [classify('zwei')] } })
    expect(changed.routes).toEqual(expect.arrayContaining(['/', '/kurzbefehle.html']))
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<p class="zwei">Kopieren mit')
    expect(readFileSync(join(out, 'kurzbefehle.html'), 'utf8')).toContain('<p class="zwei">Geschweifte Klammern')

    await session.reconfigure({})
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<p>Kopieren mit')
  })

  it('cost a config without hooks nothing: its build options stay as they are', () => {
    const options = { root: 'content', cacheSalt: 'abc', workers: 2 }
    expect(withMarkdownHooks(options, resolveConfig({ site: { title: 'Wiki' } }))).toBe(options)
    const hooked = withMarkdownHooks(options, resolveConfig({ markdown: { hastTransforms: [() => {}] } }))
    expect(hooked.cacheSalt).not.toBe('abc')
    expect(hooked.markdown?.plugins.hastTransforms).toHaveLength(1)
  })
})
