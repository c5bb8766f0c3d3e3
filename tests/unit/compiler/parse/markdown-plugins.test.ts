import { describe, expect, it } from 'vitest'
import { decodeSource } from '../../../../src/compiler/discover/load.js'
import { markdownPluginsOf, type MarkdownPlugins } from '../../../../src/compiler/parse/markdown/plugins.js'
import { parsePage } from '../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../src/compiler/paths.js'

function compileWith(plugins: MarkdownPlugins | undefined, text: string) {
  return parsePage(decodeSource(toSourcePath('Seite.md'), new TextEncoder().encode(text), 'hash:Seite.md'), undefined, plugins)
}

const plugins = (section: unknown) => markdownPluginsOf(section)!

describe('markdown hooks', () => {
  it('are absent for a config without any (nothing to load, nothing to run)', () => {
    expect(markdownPluginsOf(undefined)).toBeUndefined()
    expect(markdownPluginsOf({})).toBeUndefined()
    expect(markdownPluginsOf({ hastTransforms: [] })).toBeUndefined()
  })

  it('run the mdast transforms on the tree and the hast transforms on the elements, with the page they work on', () => {
    const page = compileWith(
      plugins({
        mdastTransforms: [
          (tree: { children: { type: string; depth?: number }[] }) => {
            for (const node of tree.children) if (node.type === 'heading') node.depth = 3
          },
        ],
        hastTransforms: [
          (tree: { children: { type: string; properties?: Record<string, unknown> }[] }, file: { path: string }) => {
            for (const node of tree.children) if (node.type === 'element') node.properties!.dataFile = file.path
          },
        ],
      }),
      '## Abschnitt\n\nText.\n',
    )
    expect(page.html).toContain('<h3 id="abschnitt" tabindex="-1" data-file="Seite.md">')
    expect(page.html).toContain('<p data-file="Seite.md">Text.</p>')
    expect(page.diagnostics).toEqual([])
  })

  it('fail the page, naming each hook that threw, and build it without them', () => {
    const brokenSyntax = {
      text: {
        64: {
          name: 'at',
          tokenize: () => () => {
            throw new Error('tokenizer broke')
          },
        },
      },
    }
    const page = compileWith(
      plugins({
        micromarkExtensions: [brokenSyntax],
        mdastTransforms: [
          function dropAll() {
            throw new Error('tree too short')
          },
        ],
        hastTransforms: [() => Promise.resolve()],
      }),
      'Mail an @team.\n',
    )
    expect(page.html).toContain('<p>Mail an @team.</p>')
    expect(page.diagnostics.map((d) => [d.severity, d.code, d.file, d.message])).toEqual([
      [
        'error',
        'markdown-hook-failed',
        'Seite.md',
        "The config's markdown.micromarkExtensions / markdown.mdastExtensions failed on this page: tokenizer broke",
      ],
      [
        'error',
        'markdown-hook-failed',
        'Seite.md',
        "The config's markdown.mdastTransforms[0] (dropAll) failed on this page: tree too short",
      ],
      [
        'error',
        'markdown-hook-failed',
        'Seite.md',
        "The config's markdown.hastTransforms[0] failed on this page: returned a promise; transforms run synchronously",
      ],
    ])
  })
})
