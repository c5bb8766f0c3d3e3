import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../src/compiler/parse/markdown/parse.js'
// @ts-expect-error: a plain script without types
import { fromMarkdownPatch, patchFromMarkdown } from '../../../scripts/from-markdown-patch.mjs'

const root = join(import.meta.dirname, '../../..')
/** The library's own code, as esbuild bundles it (tests import its development build instead). */
const libraryFile = join(root, 'node_modules/mdast-util-from-markdown/lib/index.js')

/** The markdown of the test fixtures: every construct wikigen reads, and some of them broken. */
function samples(): string[] {
  const dirs = [join(root, 'tests/fixtures/markdown'), join(root, 'tests/fixtures/obsidian-markdown')]
  const texts = dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => readFileSync(join(dir, file), 'utf8')),
  )
  return [
    ...texts,
    '- [ ] open\n- [x] done\n\n1. one\n\n   two\n\n> [!note] Title\n> body ==marked== $x^2$ ^[inline note]\n',
    '[ref]: https://example.org "Title"\n\nSee [ref] and [[Page#Part|label]] and ![[file.png|200]]\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n',
    'Setext\n======\n\n*unclosed **strong\n\n```js\ncode\n```\n\n<div>html</div>\n\nhttps://example.org and info@example.org\n',
  ]
}

/** parse.ts bundled as the CLI and the worker are, with the fix. */
async function patchedParse(): Promise<typeof parseMarkdown> {
  const result = await build({
    entryPoints: [join(root, 'src/compiler/parse/markdown/parse.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins: [fromMarkdownPatch],
    logLevel: 'silent',
  })
  const text = result.outputFiles[0].text
  expect(text).toContain('new HandlerContext(context')
  const module = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as {
    parseMarkdown: typeof parseMarkdown
  }
  return module.parseMarkdown
}

describe('the bundled mdast-util-from-markdown speed fix', () => {
  it('applies to the installed library', () => {
    const patched = patchFromMarkdown(readFileSync(libraryFile, 'utf8')) as string
    expect(patched).not.toContain('...context')
    expect(patched.match(/new HandlerContext\(context, events\[index\]\[2\]\.sliceSerialize\)/g)).toHaveLength(3)
  })

  it('makes the same trees as the library itself', async () => {
    const parse = await patchedParse()
    for (const text of samples()) expect(JSON.stringify(parse(text))).toBe(JSON.stringify(parseMarkdown(text)))
  }, 60_000)

  it('refuses a library whose code changed, instead of bundling it unfixed', () => {
    const changed = readFileSync(libraryFile, 'utf8').replace(/\.\.\.context,/, '...context, extra: 1,')
    expect(() => patchFromMarkdown(changed)).toThrow(/mdast-util-from-markdown changed/)
  })
})
