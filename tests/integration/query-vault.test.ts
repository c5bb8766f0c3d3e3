/**
 * A vault of recipes and shopping lists (tests/fixtures/query-vault) whose page "Suche" embeds ```query blocks:
 * built with `build()`, each block shows the pages its query finds in the build, with the matching lines marked;
 * a comment's text is never found, and a query that cannot be evaluated is a warning and stays as its source.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { repoRoot, tempDir } from './helpers.js'

const root = join(repoRoot, 'tests/fixtures/query-vault')
let out: string
let result: BuildResult

beforeAll(async () => {
  out = join(tempDir('wikigen-query-'), 'site')
  result = await build({ root, out })
})

const main = (file: string) => /<main[\s\S]*<\/main>/.exec(readFileSync(join(out, file), 'utf8'))?.[0] ?? ''
/** The result blocks of a page in order, each as its titles and, per title, its lines with marks as [[…]]. */
const blocks = (file: string) =>
  [...main(file).matchAll(/<div class="query-results">([\s\S]*?)<\/div>/g)].map(([, block]) => {
    if (block.includes('query-empty')) return /<p class="query-empty">([^<]*)<\/p>/.exec(block)![1]
    return [
      ...block.matchAll(/<li><a href="([^"]*)" class="wikilink">([^<]*)<\/a>(?:<ul class="query-lines">([\s\S]*?)<\/ul>)?<\/li>/g),
    ].map(([, href, title, lines]) => ({
      href,
      title,
      lines: [...(lines ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, line]) =>
        line.replace(/<mark>/g, '[[').replace(/<\/mark>/g, ']]'),
      ),
    }))
  })

describe('a vault with embedded search results', () => {
  it('warns once, at the unclosed group, and about nothing else', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      'Suche.md:61:5 warning bad-query Unclosed "(" in query',
    ])
    expect(result.diagnostics[0].hint).toContain(')')
  })

  it('shows the results of every query the build can evaluate, in order', () => {
    const titles = blocks('suche.html').map((block) => (typeof block === 'string' ? block : block.map((r) => r.title)))
    expect(titles).toEqual([
      ['Apfelkuchen', 'Zopf'], // tag:#rezept finds the nested #rezept/brot too
      ['Apfelkuchen'], // line:(mehl zucker): both on one line
      ['Einkauf'], // task-todo:einkaufen
      ['Einkauf', 'Tagebuch 2023'], // task-done:einkaufen
      ['Zopf'], // [dauer:<30]
      ['Tagebuch 2023', 'Einkauf'], // a regex OR a file name, sorted Z to A
      ['Zopf'], // match-case:Hefe, not "hefe"
      ['Tagebuch 2023'], // path:Archiv -tag:#rezept
      'Keine Treffer', // "geheim" stands only in a comment
    ])
  })

  it('links each result to its page and marks the matching lines, escaped', () => {
    const [tags, line, todo, , , dates] = blocks('suche.html') as { href: string; title: string; lines: string[] }[][]
    expect(tags.map((r) => r.href)).toEqual(['/apfelkuchen.html', '/zopf.html'])
    // a tag is found in the page's tags: no lines
    expect(tags[0].lines).toEqual([])
    expect(line[0].lines).toEqual(['Zuerst [[Mehl]] und [[Zucker]] in einer Schüssel mischen.'])
    expect(todo[0].lines).toEqual(['- [ ] Mehl [[einkaufen]]', '- [x] Butter [[einkaufen]]'])
    expect(dates[0].lines).toEqual(['Am [[2023-05-01]] war Markt; die hefe war ausverkauft.'])
  })

  it('escapes the text of a line', () => {
    const html = main('suche.html')
    expect(html).not.toContain('<goldbraun>')
  })

  it('shows a query it cannot evaluate as its source', () => {
    expect(main('suche.html')).toMatch(/<pre[^>]*>[\s\S]*tag:\(rezept[\s\S]*<\/pre>/)
  })

  it('leaves pages without query blocks as they are', () => {
    expect(main('einkauf.html')).not.toContain('query-results')
  })
})
