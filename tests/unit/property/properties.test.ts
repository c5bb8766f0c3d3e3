/**
 * Property and fuzz tests: the functions that see every author's input never throw, never hang, and keep their
 * promises for any input fast-check can think of.
 */
import fc from 'fast-check'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { parsePage } from '../../../src/compiler/parse/parse-page.js'
import { decodeSource } from '../../../src/compiler/discover/load.js'
import { toSourcePath, isSlug } from '../../../src/compiler/paths.js'
import { wikiLinkFromMarkdown, wikiLinkSyntax } from '../../../src/compiler/parse/markdown/wikilink/index.js'
import { createHeadingSlugger, legacySlugsOf, slugifyHeading, slugifyPageName } from '../../../src/compiler/parse/slugify.js'
import { searchSuggestions, type SearchIndexEntry } from '../../../src/shared/search/match.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 500)
/** Text rich in the characters that matter here: umlauts, punctuation, markdown and regex syntax. */
const text = fc
  .string({ unit: fc.constantFrom(...'aäoöuüßéAÖ 09-_.:*/%&,=?#[]()|\\^$+{}!<>"\'`~\n\t💡\u0301'.split('')), maxLength: 60 })
  .chain((s) => fc.oneof(fc.constant(s), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })))

describe('slug functions', () => {
  it('slugifyPageName always gives a valid, idempotent slug', () => {
    fc.assert(
      fc.property(text, (name) => {
        const slug = slugifyPageName(name)
        expect(isSlug(slug)).toBe(true)
        expect(slugifyPageName(slug)).toBe(slug)
      }),
      { numRuns: RUNS },
    )
  })

  it('slugifyHeading never gives an empty or hyphen-edged id, and is idempotent', () => {
    fc.assert(
      fc.property(text, (heading) => {
        const slug = slugifyHeading(heading)
        expect(slug).not.toBe('')
        expect(slug).not.toMatch(/^-|-$|--/)
        expect(slugifyHeading(slug)).toBe(slug)
      }),
      { numRuns: RUNS },
    )
  })

  it('the heading slugger keeps ids of one page unique', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 30 }), (headings) => {
        const slug = createHeadingSlugger()
        const ids = headings.map(slug)
        expect(new Set(ids).size).toBe(ids.length)
      }),
      { numRuns: RUNS },
    )
  })

  it(
    'legacy spellings never include the clean slug, a "?" or a "#", and never throw',
    () => {
      fc.assert(
        fc.property(text, (name) => {
          const legacy = legacySlugsOf(name)
          expect(legacy).not.toContain(slugifyPageName(name))
          for (const v of legacy) expect(v).not.toMatch(/[?#]/)
        }),
        { numRuns: RUNS },
      )
    },
    Math.max(60_000, RUNS * 60),
  )
})

describe('wikilink tokenizer', () => {
  it(
    'parses any text without throwing, and every wikiLink node keeps a position inside the text',
    () => {
      const withLinks = fc
        .array(fc.oneof(text, fc.constantFrom('[[', ']]', '![[', '|', '\\|', '#', '`', '```\n')), { maxLength: 30 })
        .map((parts) => parts.join(''))
      fc.assert(
        fc.property(withLinks, (markdown) => {
          const tree = fromMarkdown(markdown, { extensions: [wikiLinkSyntax()], mdastExtensions: [wikiLinkFromMarkdown()] })
          const lines = markdown.split(/\r?\n|\r/).length
          const visit = (node: { type: string; position?: { start: { line: number } }; children?: unknown[] }) => {
            if (node.type === 'wikiLink') {
              expect(node.position!.start.line).toBeGreaterThanOrEqual(1)
              expect(node.position!.start.line).toBeLessThanOrEqual(lines)
            }
            for (const child of (node.children ?? []) as never[]) visit(child)
          }
          visit(tree as never)
        }),
        { numRuns: RUNS },
      )
    },
    Math.max(60_000, RUNS * 60),
  )
})

describe('search matcher', () => {
  const entry = fc.record({
    title: text,
    headers: fc.array(
      fc.record({
        level: fc.constant(2),
        title: text,
        slug: fc.string({ maxLength: 10 }),
        link: fc.constant(''),
        children: fc.constant([] as SearchIndexEntry['headers']),
      }),
      { maxLength: 4 },
    ),
    path: fc.string({ maxLength: 10 }).map((s) => `/${encodeURIComponent(s)}.html`),
    pathLocale: fc.constantFrom('/', '/en/'),
    extraFields: fc.constant([] as string[]),
  })

  it(
    'never throws, never returns more than 10, and only links that are in the index',
    () => {
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 40 }), text, (index, query) => {
          const suggestions = searchSuggestions(index, query)
          expect(suggestions.length).toBeLessThanOrEqual(10)
          const links = new Set(
            index.filter((e) => e.pathLocale === '/').flatMap((e) => [e.path, ...e.headers.map((h) => `${e.path}#${h.slug}`)]),
          )
          for (const s of suggestions) expect(links.has(s.link)).toBe(true)
        }),
        { numRuns: RUNS },
      )
    },
    Math.max(60_000, RUNS * 60),
  )
})

describe('the whole page compiler', () => {
  const markdownPiece = fc.oneof(
    text,
    fc.constantFrom(
      '# ',
      '## ',
      '### ',
      '> ',
      '- ',
      '1. ',
      '- [ ] ',
      '| a | b |\n| - | - |\n| [[x\\|y]] | z |\n',
      '```mermaid\nflowchart LR\nA-->B\n```\n',
      '::: tip Titel\n',
      '::: tabs#os\n\n@tab Linux\n\n',
      ':::\n',
      '> [!warning] T\n',
      '==',
      '~~',
      '[^1]',
      '[^1]: n\n',
      '<div>',
      '</div>',
      '---\n',
      'title: x\n',
      '![[bild.png]]',
      '[[Seite#Kopf|Text]]',
      '[a](b.md#c)',
      '![a](b.png)',
      'https://example.org ',
      '\r\n',
      '\uE000',
      '\u0000',
    ),
  )
  it(
    'turns random markdown into a page without throwing',
    () => {
      fc.assert(
        fc.property(fc.array(markdownPiece, { maxLength: 40 }), (pieces) => {
          const source = decodeSource(toSourcePath('Zufall.md'), new TextEncoder().encode(pieces.join('')), 'h')
          const page = parsePage(source)
          expect(typeof page.html).toBe('string')
          // every placeholder names a recorded link, and no stray placeholder character survives
          for (const [, index] of page.html.matchAll(/\uE000(\d+)\uE001/g)) expect(Number(index)).toBeLessThan(page.links.length)
          expect(page.html.replace(/\uE000\d+\uE001/g, '')).not.toMatch(/[\uE000\uE001]/)
        }),
        { numRuns: RUNS },
      )
    },
    Math.max(60_000, RUNS * 60),
  )
})
