/**
 * `wikigen search "odoo hosting"`: the suggestions the browser's search box shows for a query, from the same
 * matcher and the same index. Reads the built index, or builds the site first when there is none.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_SUGGESTIONS, SEARCH_INDEX_FILE } from '../shared/constants.js'
import { searchSuggestions, type SearchIndexEntry, type Suggestion } from '../shared/search/match.js'
import { runBuild } from './build.js'
import { createReporter, type Reporter } from './output.js'

export interface SearchOptions {
  query: string
  root: string
  out: string
  json?: boolean
  max?: number
}

/** Prints the suggestions; exit code 0 when there are some, 1 when there are none, 2 when no index could be made. */
export async function run(options: SearchOptions, reporter: Reporter = createReporter()): Promise<number> {
  const file = join(options.out, SEARCH_INDEX_FILE)
  if (!existsSync(file)) {
    reporter.err(reporter.colors.dim(`${file} does not exist yet: building ${options.root} first`))
    const result = await runBuild({ root: options.root, out: options.out }, reporter)
    if (!result || !existsSync(file)) return 2
  }
  const index = JSON.parse(readFileSync(file, 'utf8')) as SearchIndexEntry[]
  const suggestions = searchSuggestions(index, options.query, { max: options.max ?? MAX_SUGGESTIONS })
  if (options.json) reporter.out(JSON.stringify(suggestions, null, 2))
  else printSuggestions(reporter, options.query, suggestions)
  return suggestions.length > 0 ? 0 : 1
}

function printSuggestions(reporter: Reporter, query: string, suggestions: Suggestion[]): void {
  const c = reporter.colors
  if (suggestions.length === 0) {
    reporter.out(`Keine Vorschläge für ${JSON.stringify(query)}`)
    return
  }
  const labels = suggestions.map((s) => (s.header ? `${s.title} › ${s.header}` : s.title || '(ohne Titel)'))
  const width = Math.min(60, Math.max(...labels.map((l) => l.length)))
  suggestions.forEach((s, i) => {
    reporter.out(`${c.dim(String(i + 1).padStart(2))}  ${labels[i].padEnd(width)}  ${c.cyan(decodeURI(s.link))}`)
  })
}
