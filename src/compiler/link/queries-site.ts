/**
 * Evaluates the ```query blocks of a linked site (Obsidian's embedded search) over the site's notes: the parse phase
 * recorded each block's query as a `PageLink` of kind 'query'; here its results become HTML, put in place like a
 * base's views. A site without query blocks pays nothing. A note's text is read (through `sourceText`) only when a
 * query searches text, and once per evaluation whatever the number of queries, so the cost is queries × notes.
 * The results are those of the build: a page that changes later shows up in them with the next build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { siteLabels } from '../config/site-labels.js'
import { fillLabel } from '../../shared/labels.js'
import type { FileTimes } from './bases-site.js'
import type { Site, SitePage } from './link-site.js'
import { compileQuery, queryContentOf, type QueryContent, type QueryNote } from '../parse/query/match.js'
import { parseQuery, type QuerySort } from '../parse/query/parse.js'
import { MAX_LINES, renderQueryResults, type QueryResult } from '../parse/query/render.js'
import type { SourcePath } from '../paths.js'
import { holdsLinkOf } from './link-kinds.js'

/** The markdown source of a page as it is on disk, or undefined when it cannot be read. */
export type SourceText = (path: SourcePath) => string | undefined

/** Reads the pages' sources under `root`, as the loader does (NFC). */
export function sourceReader(root: string): SourceText {
  return (path) => {
    try {
      return readFileSync(join(root, path), 'utf8').normalize('NFC')
    } catch {
      return undefined
    }
  }
}

/** Whether a page has a query block, which evaluateQueries fills in. */
export function holdsQuery(sitePage: SitePage): boolean {
  return holdsLinkOf(sitePage.page, 'query')
}

/** Fills in the results of every ```query block of `site`, in place. */
export function evaluateQueries(site: Site, sourceText: SourceText, times: FileTimes): void {
  const holders = site.pages.filter(holdsQuery)
  if (holders.length === 0) return
  const notes = site.pages.filter((p) => /\.md$/i.test(p.page.sourcePath)).map((p) => noteOf(p, sourceText))
  const labels = siteLabels(site.config)
  const renderLabels = { empty: labels.queryEmpty, more: (count: number) => fillLabel(labels.queryMore, { count }) }
  const collator = new Intl.Collator(site.config.site.lang, { sensitivity: 'base', numeric: true })

  for (const holder of holders) {
    holder.page.links.forEach((link, i) => {
      if (link.kind !== 'query' || link.query === undefined) return
      const { root, options } = parseQuery(link.query)
      // the parse phase shows a query it cannot evaluate as its source, so `root` is there
      if (!root) return
      const matcher = compileQuery(root)
      const found = notes.filter(({ note }) => matcher.matches(note))
      sortResults(found, options.sort, collator, times)
      const results: QueryResult[] = found.map(({ sitePage, note }) => ({
        title: sitePage.page.title,
        href: sitePage.href,
        lines: options.collapse || !matcher.readsText ? [] : matchingLines(note.content(), matcher.highlights),
      }))
      holder.resolved[i] = { kind: 'query', html: renderQueryResults(results, renderLabels) }
    })
  }
}

interface Candidate {
  sitePage: SitePage
  note: QueryNote
}

function noteOf(sitePage: SitePage, sourceText: SourceText): Candidate {
  const { page } = sitePage
  let content: QueryContent | undefined
  const properties: Record<string, unknown> = Object.create(null)
  if (page.frontmatter.known) Object.assign(properties, page.frontmatter.known)
  Object.assign(properties, page.frontmatter.extra)
  return {
    sitePage,
    note: {
      path: page.sourcePath,
      name: page.sourcePath.slice(page.sourcePath.lastIndexOf('/') + 1),
      tags: sitePage.tags,
      properties,
      content: () => (content ??= queryContentOf(sourceText(page.sourcePath) ?? '')),
    },
  }
}

/** The first lines of a note where the query's terms stand, with their marks. */
function matchingLines(content: QueryContent, highlights: (line: string) => [number, number][]): QueryResult['lines'] {
  const lines: QueryResult['lines'] = []
  for (const raw of content.lines) {
    if (lines.length >= MAX_LINES) break
    const text = raw.trim()
    if (text === '') continue
    const marks = highlights(text)
    if (marks.length > 0) lines.push({ text, marks })
  }
  return lines
}

function sortResults(found: Candidate[], sort: QuerySort, collator: Intl.Collator, times: FileTimes): void {
  const byTitle = (a: Candidate, b: Candidate) =>
    collator.compare(a.sitePage.page.title, b.sitePage.page.title) || collator.compare(a.note.path, b.note.path)
  if (sort === 'alphabetical' || sort === 'alphabeticalReverse') {
    found.sort(byTitle)
    if (sort === 'alphabeticalReverse') found.reverse()
    return
  }
  // Obsidian's byModifiedTime is newest first, its Reverse oldest first; equal or unknown times by title
  const key = sort.startsWith('byModified') ? 'mtime' : 'ctime'
  const newestFirst = !sort.endsWith('Reverse')
  const timeOf = new Map(found.map((c) => [c, times(c.sitePage.page.sourcePath)[key] ?? 0]))
  found.sort((a, b) => {
    const difference = timeOf.get(a)! - timeOf.get(b)!
    return (newestFirst ? -difference : difference) || byTitle(a, b)
  })
}
