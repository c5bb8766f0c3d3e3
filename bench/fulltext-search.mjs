// Full-text search figures of a built site: the index's size, what a first query transfers (gzip), and how long a
// query takes in Chromium once its files are loaded. The engine is the shared search code the search page and
// `wikigen search --full-text` run, bundled as it is; the index files come from the built site.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { launchChromium, percentile } from './chromium.mjs'
import { median } from './measure.mjs'

/** Queries over the benchmark corpus's words: one word, two, a typed prefix, a typo, German compounds and folding. */
export const FULLTEXT_QUERIES = [
  'odoo upgrade',
  'wirkungsräume',
  'datensicherung prüfung',
  'zeiterfassung checkliste zürich',
  'mahnwesen',
  'häufige fragen',
  'lohnlauf rollen',
  'kassensystem',
  'firewall konzept bern',
  'datensicherung',
  'zeiterfasung',
  'lohnl',
  'grössen und limiten',
  'wiederherstellung',
  'rueckfragen',
  'xyz nichts',
]

/** Size of the index folder: every file, and the meta file a first query always loads. */
export function fullTextIndexSize(site) {
  const folder = join(site, 'fulltext')
  let raw = 0
  let gzip = 0
  let files = 0
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    // the precompressed copies beside the files (.gz, .br) are the same index once more
    if (!entry.isFile() || /\.(gz|br)$/.test(entry.name)) continue
    const bytes = readFileSync(join(entry.parentPath, entry.name))
    raw += bytes.length
    gzip += gzipSync(bytes).length
    files++
  }
  const meta = readFileSync(join(folder, 'meta.json'))
  return { files, raw, gzip, metaGzip: gzipSync(meta).length, metaRaw: statSync(join(folder, 'meta.json')).size }
}

/** The shared search engine (src/shared/fulltext/search.ts) bundled as one script with `options`. */
async function bundleEngine(repo, options) {
  const result = await build({ entryPoints: [join(repo, 'src/shared/fulltext/search.ts')], bundle: true, write: false, ...options })
  return result.outputFiles[0].text
}

/**
 * What the first query of each of FULLTEXT_QUERIES transfers (gzip), without a browser: the engine runs in Node and
 * reads the site's index files as the search page would fetch them. For corpora too large for a browser run.
 */
export async function fullTextTransfer(repo, site) {
  const engine = await bundleEngine(repo, { format: 'esm', platform: 'node' })
  const { createFullTextSearch } = await import(`data:text/javascript;base64,${Buffer.from(engine).toString('base64')}`)
  const gzipOf = new Map()
  const transfers = []
  for (const query of FULLTEXT_QUERIES) {
    const loaded = []
    const search = createFullTextSearch(async (file) => {
      try {
        const bytes = readFileSync(join(site, file))
        if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(bytes).length)
        loaded.push(file)
        return JSON.parse(bytes.toString('utf8'))
      } catch {
        return undefined
      }
    })
    await search.search(query)
    transfers.push(loaded.reduce((sum, file) => sum + gzipOf.get(file), 0))
  }
  return { queries: transfers.length, transferMedian: median(transfers), transferMax: Math.max(...transfers) }
}

/**
 * Per query of FULLTEXT_QUERIES on a fresh engine: the gzip bytes of the files its first run loads (meta, shards, the
 * texts of the ten results shown); then the time of the same query with its files loaded (median of `repeat`).
 */
export async function fullTextQueries(repo, site, repeat = 7) {
  const engine = await bundleEngine(repo, { format: 'iife', globalName: 'wikigenFullText', minify: true })
  const gzipOf = new Map()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setContent('<!DOCTYPE html><title>full-text search</title>')
    await page.addScriptTag({ content: engine })
    await page.exposeFunction('readIndexFile', (file) => {
      try {
        const bytes = readFileSync(join(site, file))
        if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(bytes).length)
        return bytes.toString('utf8')
      } catch {
        return undefined
      }
    })
    const runs = await page.evaluate(
      async ({ queries, repeat }) => {
        const results = []
        for (const query of queries) {
          const loaded = []
          const search = globalThis.wikigenFullText.createFullTextSearch(async (file) => {
            loaded.push(file)
            const text = await globalThis.readIndexFile(file)
            return text === undefined ? undefined : JSON.parse(text)
          })
          const first = await search.search(query)
          const times = []
          for (let i = 0; i < repeat; i++) {
            const started = performance.now()
            await search.search(query)
            times.push(performance.now() - started)
          }
          results.push({ query, loaded, hits: first.total, times })
        }
        return results
      },
      { queries: FULLTEXT_QUERIES, repeat },
    )
    const transfers = runs.map((run) => run.loaded.reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0))
    const times = runs.flatMap((run) => run.times)
    return {
      queries: runs.length,
      transferMedian: median(transfers),
      transferMax: Math.max(...transfers),
      queryMedianMs: median(times),
      queryP90Ms: percentile(times, 90),
    }
  } finally {
    await browser.close()
  }
}
