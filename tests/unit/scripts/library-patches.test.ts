import { build } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMarkdown } from '../../../src/compiler/parse/markdown/parse.js'
import { renderBody } from '../../../src/compiler/parse/markdown/to-hast.js'
import {
  libraryPatches,
  patchFromMarkdown,
  patchParse,
  patchSubtokenize,
  patchToHtmlAll,
  patchToHtmlElement,
  patchToHtmlText,
  patchVisitParents,
  // @ts-expect-error: a plain script without types
} from '../../../scripts/library-patches.mjs'

const root = join(import.meta.dirname, '../../..')
/** The libraries' own code, as esbuild bundles it (tests import their development builds instead). */
const libraryFile = join(root, 'node_modules/mdast-util-from-markdown/lib/index.js')
const visitFile = join(root, 'node_modules/unist-util-visit-parents/lib/index.js')
const subtokenizeFile = join(root, 'node_modules/micromark-util-subtokenize/index.js')
const parseFile = join(root, 'node_modules/micromark/lib/parse.js')
const toHtmlFile = join(root, 'node_modules/hast-util-to-html/lib/index.js')
const elementFile = join(root, 'node_modules/hast-util-to-html/lib/handle/element.js')
const textFile = join(root, 'node_modules/hast-util-to-html/lib/handle/text.js')

/** The markdown of the test fixtures (every construct wikigen reads, and some of them broken) and of the wiki's pages. */
function samples(): string[] {
  const dirs = [join(root, 'tests/fixtures/markdown'), join(root, 'tests/fixtures/obsidian-markdown'), join(root, 'content')]
  const texts = dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .map((file) => readFileSync(join(dir, file), 'utf8')),
  )
  return [
    ...texts,
    '- [ ] open\n- [x] done\n\n1. one\n\n   two\n\n> [!note] Title\n> body ==marked== $x^2$ ^[inline note]\n',
    '- > quote in a list\n  > | a |\n  > |---|\n  > | *b* |\n\n  lazy\ncontinued\n\n> - [ ] task\n>   ***deep** emphasis*\n',
    '[ref]: https://example.org "Title"\n\nSee [ref] and [[Page#Part|label]] and ![[file.png|200]]\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n',
    'Setext\n======\n\n*unclosed **strong\n\n```js\ncode\n```\n\n<div>html</div>\n\nhttps://example.org and info@example.org\n',
    // containers in containers, ending in blank lines and at the end of the text: the pass moves their line endings
    '> - a\n>   > b\n>   >\n>\n> - c\n\n\n1. x\n   - y\n\n     > z\n\n\n',
    '[^1]: note\n    > quoted\n\n    - item\n\n[^1]\n\n> [!tip]- Fold\n> - [ ] a\n>   1. b\n>\n>      c\n>\n',
    '- a\n\n  ```\n  code\n  ```\n- b\n  ~~~\n- > c\n  d\n>',
    // text and attributes to escape, void and nested elements, raw HTML with script and style
    'a < b && c > d, &amp; &copy; &#x41; "quoted" \'single\' `tick`\n\n![alt "x" & <y>](a.png "t & \'q\'")\n\n---\n\nline  \nbreak\n',
    '<img src="x.png" alt="a & b"> <br> <span title=\'it"s\'>x &lt; y</span>\n\n<style>p > a { color: red }</style>\n\n<script>if (a < b && c) {}</script>\n',
    '`<code> & more` **<b>&</b>** [x & y](https://example.org/?a=1&b=<2>)\n\n```html\n<p class="a">&amp; <b>x</b></p>\n```\n',
  ]
}

type Pipeline = (text: string) => unknown

/** A page's markdown to its tree and its body HTML, with links and anchors. */
const pipeline =
  (parse: typeof parseMarkdown, render: typeof renderBody): Pipeline =>
  (text) => {
    const { tree, problems } = parse(text)
    const mdast = JSON.stringify(tree)
    return { mdast, problems, body: render(tree, { externalLinkIcon: true }) }
  }

/** parse.ts and to-hast.ts bundled as the CLI and the worker are, with the fixes. */
async function patchedPipeline(): Promise<Pipeline> {
  const result = await build({
    stdin: {
      contents:
        "export { parseMarkdown } from './src/compiler/parse/markdown/parse.ts'\nexport { renderBody } from './src/compiler/parse/markdown/to-hast.ts'\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins: [libraryPatches],
    // bundled CommonJS packages call require() for Node's built-ins, as in the CLI's bundle (resolved from here: the
    // bundle is imported from a data URL)
    banner: {
      js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(${JSON.stringify(join(root, 'package.json'))});`,
    },
    logLevel: 'silent',
  })
  const text = result.outputFiles[0].text
  expect(text).toContain('new HandlerContext(context')
  expect(text).toContain('jumps.has(')
  expect(text).toContain('constructsOf(settings.extensions)')
  expect(text).not.toMatch(/defineProperty\(visit\d*, "name"/)
  expect(text).toContain('results += this.one(')
  expect(text).toMatch(/!node\d*\.value\.includes\("<"\)/)
  const module = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as {
    parseMarkdown: typeof parseMarkdown
    renderBody: typeof renderBody
  }
  return pipeline(module.parseMarkdown, module.renderBody)
}

describe('the speed fixes to libraries in the bundle', () => {
  it('apply to the installed libraries', () => {
    const patched = patchFromMarkdown(readFileSync(libraryFile, 'utf8')) as string
    expect(patched).not.toContain('...context')
    expect(patched.match(/new HandlerContext\(context, events\[index\]\[2\]\.sliceSerialize\)/g)).toHaveLength(3)
    expect(patchVisitParents(readFileSync(visitFile, 'utf8'))).not.toContain("defineProperty(visit, 'name'")
    const subtokenize = patchSubtokenize(readFileSync(subtokenizeFile, 'utf8')) as string
    expect(subtokenize).not.toContain('Object.assign(jumps')
    expect(subtokenize).toContain('gaps.set(')
    expect(subtokenize).toContain('if (subcontent(events, index, jumps)) more = true;')
    expect(patchParse(readFileSync(parseFile, 'utf8'))).toContain('constructsOf(settings.extensions)')
    expect(patchToHtmlAll(readFileSync(toHtmlFile, 'utf8'))).not.toContain("results.join('')")
    expect(patchToHtmlElement(readFileSync(elementFile, 'utf8'))).not.toContain('parts.push(')
    expect(patchToHtmlText(readFileSync(textFile, 'utf8'))).toContain("!node.value.includes('<') && !node.value.includes('&')")
  })

  it('make the same trees and body HTML as the libraries themselves', async () => {
    const patched = await patchedPipeline()
    const own = pipeline(parseMarkdown, renderBody)
    for (const text of samples()) expect(JSON.stringify(patched(text))).toBe(JSON.stringify(own(text)))
  }, 60_000)

  it('refuse a library whose code changed, instead of bundling it unfixed', () => {
    const changed = readFileSync(libraryFile, 'utf8').replace(/\.\.\.context,/, '...context, extra: 1,')
    expect(() => patchFromMarkdown(changed)).toThrow(/mdast-util-from-markdown changed/)
    const renamed = readFileSync(visitFile, 'utf8').replace(
      "Object.defineProperty(visit, 'name'",
      "Object.defineProperty(visit, 'displayName'",
    )
    expect(() => patchVisitParents(renamed)).toThrow(/unist-util-visit-parents changed/)
    const reordered = readFileSync(subtokenizeFile, 'utf8').replace(
      'Object.assign(jumps, subcontent(events, index))',
      'Object.assign(jumps, subcontent(events, index, true))',
    )
    expect(() => patchSubtokenize(reordered)).toThrow(/micromark-util-subtokenize changed/)
    const combined = readFileSync(parseFile, 'utf8').replace('...(settings.extensions || [])', '...settings.extensions')
    expect(() => patchParse(combined)).toThrow(/micromark changed/)
    const joined = readFileSync(elementFile, 'utf8').replace("parts.push('>')", "parts.push(' >')")
    expect(() => patchToHtmlElement(joined)).toThrow(/hast-util-to-html changed/)
  })
})
