/**
 * `wikigen search "odoo hosting"`: the suggestions the browser's search box shows for a query, from the same
 * matcher and the same index. Reads the built index, or builds the site first when there is none.
 */
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { stateDirOf } from '../compiler/cache/site-key.js'
import { MAX_SUGGESTIONS, SEARCH_INDEX_FILE } from '../shared/constants.js'
import { searchSuggestions, type SearchIndexEntry, type Suggestion } from '../shared/search/match.js'
import { metaFile } from '../shared/fulltext/format.js'
import { createFullTextSearch, type FullTextLoader, type FullTextResult } from '../shared/fulltext/search.js'
import { DEFAULT_CONFIG } from '../compiler/config/config.js'
import { fillLabel, type Labels } from '../shared/labels.js'
import { resolveLabels } from '../shared/locales.js'
import { runBuild } from './build.js'
import { createReporter, type Reporter } from './output.js'

export interface SearchOptions {
  query: string
  root: string
  /** A built site to read. Without it, `root` is built into a folder of its own first (see siteFor). */
  out?: string
  json?: boolean
  max?: number
  /** Search the full-text index (the search page's results) instead of the suggestions of the search box. */
  fullText?: boolean
  section?: string
  kind?: string
}

/** Prints the suggestions; exit code 0 when there are some, 1 when there are none, 2 when no index could be made. */
export async function run(options: SearchOptions, reporter: Reporter = createReporter()): Promise<number> {
  if (options.fullText) return runFullText(options, reporter)
  const dir = await siteFor(options, SEARCH_INDEX_FILE, reporter)
  if (!dir) return 2
  const file = join(dir, SEARCH_INDEX_FILE)
  const index = JSON.parse(readFileSync(file, 'utf8')) as SearchIndexEntry[]
  const suggestions = searchSuggestions(index, options.query, { max: options.max ?? MAX_SUGGESTIONS })
  if (options.json) reporter.out(JSON.stringify(suggestions, null, 2))
  else printSuggestions(reporter, options.query, suggestions, labelsOfSite(dir))
  return suggestions.length > 0 ? 0 : 1
}

/**
 * The built site a search reads: `--out` as given (built there first when it has no index yet), or else the content
 * root built into a folder of its own under .wikigen/search/ (the build cache makes that quick), so that a search
 * always answers from the pages of `--root` as they are now, never from a `dist/` of another folder or of yesterday.
 * Undefined when the site could not be built.
 */
async function siteFor(options: SearchOptions, indexFile: string, reporter: Reporter): Promise<string | undefined> {
  const dim = reporter.colors.dim
  if (options.out !== undefined) {
    if (existsSync(join(options.out, indexFile))) return options.out
    reporter.err(dim(`${join(options.out, indexFile)} does not exist yet: building ${options.root} first`))
    const result = await runBuild({ root: options.root, out: options.out }, reporter)
    return result && existsSync(join(options.out, indexFile)) ? options.out : undefined
  }
  const dir = stateDirOf('search', options.root)
  reporter.err(dim(`building ${options.root} into ${relative(process.cwd(), dir)} to search it (--out <dir> searches a built site)`))
  const result = await runBuild({ root: options.root, out: dir }, reporter)
  return result && existsSync(join(dir, indexFile)) ? dir : undefined
}

/**
 * The interface's texts of a built site, in the language its home page declares (`<html lang>`, which the config or
 * the notes decided): the search answers in the words of the site it searched.
 */
function labelsOfSite(dir: string): Labels {
  const home = join(dir, 'index.html')
  const lang = existsSync(home) ? /<html[^>]*\slang="([^"]+)"/.exec(readFileSync(home, 'utf8').slice(0, 2000))?.[1] : undefined
  return resolveLabels(lang ?? DEFAULT_CONFIG.site.lang)
}

function printSuggestions(reporter: Reporter, query: string, suggestions: Suggestion[], labels: Labels): void {
  const c = reporter.colors
  if (suggestions.length === 0) {
    reporter.out(fillLabel(labels.searchNoMatch, { query }))
    return
  }
  const texts = suggestions.map((s) => (s.header ? `${s.title} › ${s.header}` : s.title || labels.untitled))
  const width = Math.min(60, Math.max(...texts.map((l) => l.length)))
  suggestions.forEach((s, i) => {
    reporter.out(`${c.dim(String(i + 1).padStart(2))}  ${texts[i].padEnd(width)}  ${c.cyan(decodeURI(s.link))}`)
  })
}

/** The full-text results of a query, from the built index and the code the search page runs. */
async function runFullText(options: SearchOptions, reporter: Reporter): Promise<number> {
  const dir = await siteFor(options, metaFile(), reporter)
  if (!dir) return 2
  const search = createFullTextSearch(fileLoader(dir))
  const result = await search.search(options.query, { limit: options.max ?? 10, section: options.section, kind: options.kind })
  if (options.json) reporter.out(JSON.stringify(result, null, 2))
  else printHits(reporter, result, labelsOfSite(dir))
  return result.hits.length > 0 ? 0 : 1
}

/** Reads index files from a built site on disk. */
export function fileLoader(dir: string): FullTextLoader {
  return async (file) => {
    try {
      return JSON.parse(await readFile(join(dir, file), 'utf8')) as unknown
    } catch {
      return undefined
    }
  }
}

function printHits(reporter: Reporter, result: FullTextResult, labels: Labels): void {
  const c = reporter.colors
  const query = result.query
  const didYouMean = result.suggestions.length > 0 ? `${labels.fullTextDidYouMean} ${result.suggestions.join(', ')}?` : ''
  if (result.hits.length === 0) {
    reporter.out([fillLabel(labels.fullTextNone, { query }), didYouMean].filter(Boolean).join(' '))
    return
  }
  reporter.out(c.dim(fillLabel(result.total === 1 ? labels.fullTextHit : labels.fullTextHits, { count: result.total, query })))
  if (result.partial) reporter.out(c.dim(labels.fullTextPartial))
  if (didYouMean) reporter.out(didYouMean)
  result.hits.forEach((hit, i) => {
    reporter.out(
      `${c.dim(String(i + 1).padStart(2))}  ${c.bold(hit.title)}${hit.heading ? ` › ${hit.heading}` : ''}  ${c.cyan(decodeURI(hit.href))}`,
    )
    reporter.out(`    ${hit.snippet.map((part) => (part.mark ? c.yellow(part.text) : part.text)).join('')}`)
    // the page's other matching sections, beneath it as on the search page
    for (const more of hit.more) {
      reporter.out(`    › ${more.heading || hit.title}  ${c.cyan(decodeURI(more.href))}`)
      reporter.out(`      ${more.snippet.map((part) => (part.mark ? c.yellow(part.text) : part.text)).join('')}`)
    }
  })
}
