#!/usr/bin/env node
// Full-text search libraries measured beside wikigen's own index (src/shared/fulltext/). Three modes:
//
//   node bench/search-libraries.mjs --quality [--site <built content/>] [--pagefind <folder>] [--work <dir>]
//     The judged questions of tests/fixtures/fulltext-queries.ts over content/, through three engines: wikigen (the
//     code the search page and `wikigen search --full-text` run, bundled from src/ with esbuild, on the site's index
//     files), MiniSearch 7 and Pagefind 1. Without --site, content/ is built first (needs `node scripts/bundle.mjs`).
//     MiniSearch and Pagefind index the same text: the article of each built page (`.theme-default-content`: its
//     title, headings and body, without navigation, backlinks or footer); wikigen indexes its own text of the same
//     pages at build time. Every engine's results are turned into page titles by the page's address, through the
//     site's search-index.json, so a title means the same page for all three. Per engine: recall@5 and MRR (as in
//     tests/integration/fulltext-quality.test.ts), per kind of question, the whole index (gzip), what a first query
//     transfers and the median query time once its files are loaded. Pagefind's runtime (pagefind.js and its
//     WebAssembly) runs in Chromium (playwright-core, /usr/bin/chromium) against a local server of its bundle; its
//     transfer is what the page fetched, counted per file as gzip where that is smaller. Pagefind is taken from
//     --pagefind <folder that holds node_modules/pagefind> (or PAGEFIND_DIR), else from this repository's
//     node_modules. Exits 1 when a question expects a page title the site does not have (the fixture is stale).
//
//   node bench/search-libraries.mjs --transfer [--pages 3000,10000] [--work <dir>]
//     wikigen's first-query transfer on the synthetic corpus (bench/corpus.mjs) at each size, built once per size
//     into --work: the median and largest gzip bytes of the files a first query loads (meta, shards, the texts of
//     ten hits; bench/fulltext-search.mjs in Chromium), checked against 40 KB (3 000 pages) and 100 KB (10 000).
//
//   node bench/search-libraries.mjs --corpus /tmp/wikigen-bench/corpus-3000 --site /tmp/site-3000
//     Index build time, size and first-query transfer of MiniSearch and FlexSearch on a synthetic corpus, beside
//     wikigen's index of the same corpus built into --site.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import MiniSearch from 'minisearch'
import FlexSearch from 'flexsearch'
import { fromHtml } from 'hast-util-from-html'
import { launchChromium } from './chromium.mjs'
import { fullTextIndexSize, fullTextQueries } from './fulltext-search.mjs'

const repo = resolve(import.meta.dirname, '..')
const args = {}
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i]
  if (!arg.startsWith('--')) continue
  const next = process.argv[i + 1]
  args[arg.slice(2)] = next === undefined || next.startsWith('--') ? true : (i++, next)
}
const work = resolve(args.work ?? '/tmp/wikigen-bench/search-libraries')
const gzip = (text) => gzipSync(text).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const time = (fn) => {
  const start = performance.now()
  fn()
  return performance.now() - start
}
const log = (line) => console.error(`· ${line}`)

if (args.quality) await quality()
else if (args.transfer) await transfer()
else if (args.corpus) await libraries()
else {
  console.error(
    'usage: node bench/search-libraries.mjs --quality [--site <dir>] [--pagefind <dir>] | --transfer [--pages 3000,10000] | --corpus <dir> [--site <dir>]',
  )
  process.exit(2)
}

/** Builds a vault with the bundled CLI into a folder. */
function buildSite(root, out) {
  if (!existsSync(join(repo, 'lib/cli.cjs'))) throw new Error('lib/cli.cjs is missing: run `node scripts/bundle.mjs` first')
  log(`building ${root} → ${out}`)
  execFileSync(process.execPath, [join(repo, 'bin/wikigen.js'), 'build', '--root', root, '--out', out, '--no-cache'], {
    stdio: 'ignore',
    env: { ...process.env, CI: '1' },
  })
}

/** A TypeScript module of this repository bundled with its dependencies and imported (as the search page bundles it). */
async function importBundled(entry, name) {
  mkdirSync(work, { recursive: true })
  const file = join(work, `${name}.mjs`)
  await build({ entryPoints: [join(repo, entry)], bundle: true, format: 'esm', platform: 'node', outfile: file, logLevel: 'warning' })
  return import(`${pathToFileURL(file).href}?${Date.now()}`)
}

// ——— quality: the judged questions through wikigen, MiniSearch and Pagefind ———

async function quality() {
  const site = args.site ? resolve(args.site) : join(work, 'content-site')
  if (!args.site) buildSite(join(repo, 'content'), site)
  const { FULLTEXT_QUERIES: questions } = await importBundled('tests/fixtures/fulltext-queries.ts', 'fixture')
  const kinds = kindsOf(readFileSync(join(repo, 'tests/fixtures/fulltext-queries.ts'), 'utf8'), questions.length)

  // the pages and their titles, by address; every expected title must be one of them
  const entries = JSON.parse(readFileSync(join(site, 'search-index.json'), 'utf8'))
  const titleOf = new Map(entries.map((entry) => [entry.path, entry.title]))
  const titles = new Set(titleOf.values())
  const missing = [
    ...new Set(questions.flatMap((q) => q.expected.filter((title) => !titles.has(title)).map((title) => `${title} (“${q.query}”)`))),
  ]
  if (missing.length > 0) {
    console.error(
      `The fixture is stale: ${missing.length} expected titles (title, question) are no page of the built site:\n  ${missing.join('\n  ')}`,
    )
    process.exit(1)
  }
  const pages = entries.map((entry) => {
    const file = entry.path === '/' ? 'index.html' : decodeURI(entry.path).replace(/^\//, '')
    return { path: entry.path, title: entry.title, file, html: readFileSync(join(site, file), 'utf8') }
  })
  log(`${questions.length} questions, ${pages.length} pages`)

  const engines = [await wikigenEngine(site, questions), ...(await miniSearchEngines(pages, questions))]
  try {
    engines.push(await pagefindEngine(pages, questions, titleOf))
  } catch (error) {
    console.error(`Pagefind could not run: ${error.stack ?? error}`)
    process.exitCode = 1
  }

  const measured = engines.map((engine) => ({ ...engine, ...measure(engine.ranked, questions) }))
  console.log(`\n${questions.length} questions over ${pages.length} pages of content/\n`)
  console.log(
    '| engine | recall@5 | MRR | index gzip | first query transfers, gzip (median / max) | query ms, files loaded (median) | where |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const e of measured) {
    console.log(
      `| ${e.name} | ${e.recall.toFixed(2)} | ${e.mrr.toFixed(2)} | ${kb(e.indexGzip)} | ${kb(median(e.transfers))} / ${kb(Math.max(...e.transfers))}${e.transferNote ?? ''} | ${median(e.times).toFixed(2)} | ${e.where} |`,
    )
  }
  const groups = [...new Set(kinds)]
  console.log(`\nrecall@5 / MRR by kind of question\n`)
  console.log(`| kind (questions) | ${measured.map((e) => e.name).join(' | ')} |`)
  console.log(`|---|${measured.map(() => '---|').join('')}`)
  for (const group of groups) {
    const picked = questions.map((_, i) => i).filter((i) => kinds[i] === group)
    const cells = measured.map((e) => {
      const m = measure(
        picked.map((i) => e.ranked[i]),
        picked.map((i) => questions[i]),
      )
      return `${m.recall.toFixed(2)} / ${m.mrr.toFixed(2)}`
    })
    console.log(`| ${group} (${picked.length}) | ${cells.join(' | ')} |`)
  }
  if (args.misses) {
    for (const e of measured) {
      const misses = questions.filter((q, i) => !e.ranked[i].slice(0, 5).some((t) => q.expected.includes(t)))
      console.log(`\n${e.name} misses (${misses.length}):\n  ${misses.map((q) => q.query).join('\n  ')}`)
    }
  }
}

/** recall@5 and MRR of ranked title lists against the expected titles (as tests/integration/fulltext-quality.test.ts). */
function measure(ranked, questions) {
  let found = 0
  let reciprocal = 0
  ranked.forEach((titles, i) => {
    const rank = titles.findIndex((title) => questions[i].expected.includes(title))
    if (rank !== -1 && rank < 5) found++
    if (rank !== -1) reciprocal += 1 / (rank + 1)
  })
  return { recall: found / ranked.length, mrr: reciprocal / ranked.length }
}

/** The kind of each question, from the fixture's comments: the topic part as one group, the second part by kind. */
function kindsOf(source, count) {
  const kinds = []
  let group = 'by topic (first set)'
  for (const line of source.split('\n')) {
    const kind = /^\s*\/\/ Kind: (single words|typos|compounds|questions|English technical terms|plurals|abbreviations)/.exec(line)
    if (kind) group = kind[1] === 'plurals' ? 'plurals and inflections' : kind[1]
    else if (/^\s*\/\/ English$/.test(line)) group = 'English (first set)'
    for (const _ of line.matchAll(/\bquery: ['"`]/g)) kinds.push(group)
  }
  if (kinds.length !== count) throw new Error(`read ${kinds.length} kinds from the fixture for ${count} questions`)
  return kinds
}

/** wikigen: createFullTextSearch on the site's files, ten results per question, as the quality test runs it. */
async function wikigenEngine(site, questions) {
  const { createFullTextSearch } = await importBundled('src/shared/fulltext/search.ts', 'wikigen-fulltext')
  const gzipOf = new Map()
  const loader = (loaded) => async (file) => {
    try {
      const bytes = readFileSync(join(site, file))
      if (!gzipOf.has(file)) gzipOf.set(file, gzip(bytes))
      loaded?.push(file)
      return JSON.parse(bytes.toString('utf8'))
    } catch {
      return undefined
    }
  }
  const ranked = []
  const transfers = []
  const times = []
  for (const { query } of questions) {
    const loaded = []
    const search = createFullTextSearch(loader(loaded))
    const result = await search.search(query, { limit: 10 })
    ranked.push(result.hits.map((hit) => hit.title))
    transfers.push(loaded.reduce((sum, file) => sum + gzipOf.get(file), 0))
    times.push(await timed(() => search.search(query, { limit: 10 })))
  }
  return {
    name: 'wikigen',
    ranked,
    transfers,
    times,
    indexGzip: fullTextIndexSize(site).gzip,
    where: 'Node; meta + shards of the words + texts of the 10 hits',
  }
}

/** Median of five runs of an async function, in ms. */
async function timed(fn) {
  const runs = []
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    await fn()
    runs.push(performance.now() - start)
  }
  return median(runs)
}

/** The article of a built page as MiniSearch's fields: headings (h2–h6) and the whole text (headings included). */
function articleOf(html) {
  const tree = fromHtml(html)
  let article
  const find = (node) => {
    if (article) return
    if (node.type === 'element' && (node.properties?.className ?? []).includes('theme-default-content')) article = node
    else for (const child of node.children ?? []) find(child)
  }
  find(tree)
  const headings = []
  const text = []
  const BLOCK = /^(p|div|li|h[1-6]|td|th|tr|pre|blockquote|section|dt|dd|br|figcaption|summary)$/
  const walk = (node, into) => {
    if (node.type === 'text') into.push(node.value)
    if (node.type !== 'element' || node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'template') return
    if (node.tagName === 'h1') return // the title is its own field
    const heading = /^h[2-6]$/.test(node.tagName) ? [] : undefined
    for (const child of node.children) walk(child, heading ?? into)
    if (heading) {
      headings.push(heading.join(''))
      into.push(...heading)
    }
    if (BLOCK.test(node.tagName)) into.push(' ')
  }
  if (article) walk(article, text)
  return { headings: headings.join(' · '), text: text.join('').replace(/\s+/g, ' ').trim() }
}

/**
 * MiniSearch 7 with German Snowball stemming, prefix search, fuzzy 0.2, title boosted twice, terms combined with OR
 * (its default); once with wikigen's folding before the stemmer (ä → ae, ß → ss, accents off, for index and query),
 * once with lower case only (the stemmer sees the umlauts).
 */
async function miniSearchEngines(pages, questions) {
  const { stemmer } = await import('@orama/stemmers/german')
  const { fold } = await importBundled('src/shared/fulltext/text.ts', 'wikigen-text')
  const docs = pages.map((page, id) => ({ id, title: page.title, ...articleOf(page.html) }))
  const engines = []
  for (const [name, normalise] of [
    ['MiniSearch (folded + stem)', (term) => fold(term)],
    ['MiniSearch (lower case + stem)', (term) => term.toLowerCase()],
  ]) {
    const options = {
      fields: ['title', 'headings', 'text'],
      storeFields: ['title'],
      processTerm: (term) => {
        const word = normalise(term)
        return word ? stemmer(word) : null
      },
      searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
    }
    const index = new MiniSearch(options)
    const buildMs = time(() => index.addAll(docs))
    const json = JSON.stringify(index)
    const loaded = MiniSearch.loadJSON(json, options)
    const ranked = []
    const times = []
    for (const { query } of questions) {
      ranked.push(
        loaded
          .search(query)
          .slice(0, 10)
          .map((hit) => hit.title),
      )
      const runs = []
      for (let i = 0; i < 5; i++) runs.push(time(() => loaded.search(query)))
      times.push(median(runs))
    }
    const whole = gzip(json)
    engines.push({
      name,
      ranked,
      transfers: questions.map(() => whole),
      times,
      indexGzip: whole,
      where: `Node; the whole serialised index (built in ${buildMs.toFixed(0)} ms)`,
    })
  }
  return engines
}

/** Pagefind 1: indexed with its Node API, queried by its runtime in Chromium; each question on a freshly loaded page. */
async function pagefindEngine(pages, questions, titleOf) {
  const folder = args.pagefind ?? process.env.PAGEFIND_DIR
  const entry = folder ? join(resolve(folder), 'node_modules/pagefind/lib/index.js') : join(repo, 'node_modules/pagefind/lib/index.js')
  if (!existsSync(entry))
    throw new Error(`no Pagefind at ${entry}: install it (npm install --prefix <dir> pagefind) and pass --pagefind <dir>`)
  const pagefind = await import(pathToFileURL(entry).href)
  const version = JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')).version
  const out = join(work, 'pagefind-site')
  const bundle = join(out, 'pagefind')
  const started = performance.now()
  const { index, errors } = await pagefind.createIndex({ rootSelector: '.theme-default-content', forceLanguage: 'de' })
  if (!index) throw new Error(`createIndex: ${errors.join('; ')}`)
  for (const page of pages) {
    const added = await index.addHTMLFile({ url: page.path, content: page.html })
    if (added.errors.length > 0) throw new Error(`addHTMLFile ${page.path}: ${added.errors.join('; ')}`)
  }
  const written = await index.writeFiles({ outputPath: bundle })
  if (written.errors.length > 0) throw new Error(`writeFiles: ${written.errors.join('; ')}`)
  const buildMs = performance.now() - started
  await pagefind.close()
  writeFileSync(join(out, 'index.html'), '<!DOCTYPE html><html lang="de"><title>Pagefind</title><body></body></html>')

  // the files as a server would send them: gzip where that is smaller (Pagefind's own files are compressed already)
  const transferOf = (bytes) => Math.min(bytes.length, gzip(bytes))
  const runtime = (file) => /pagefind(\.js|.*\.wasm)/.test(file)
  let indexGzip = 0
  for (const item of readdirSync(bundle, { recursive: true, withFileTypes: true })) {
    if (!item.isFile() || /-ui|component|modular|highlight|\.css$/.test(item.name)) continue
    indexGzip += transferOf(readFileSync(join(item.parentPath, item.name)))
  }

  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname)
    const file = join(out, path === '/' ? 'index.html' : path)
    if (!file.startsWith(out) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end()
      return
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.wasm')
        ? 'application/wasm'
        : file.endsWith('.html')
          ? 'text/html'
          : 'application/octet-stream'
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(readFileSync(file))
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${server.address().port}`
  const browser = await launchChromium()
  const ranked = []
  const transfers = []
  const runtimes = []
  const times = []
  try {
    const page = await browser.newPage()
    let fetched = []
    page.on('requestfinished', (request) => fetched.push(new URL(request.url()).pathname))
    for (const { query } of questions) {
      await page.goto(`${origin}/`)
      fetched = []
      const run = await page.evaluate(async (query) => {
        const pf = await import('/pagefind/pagefind.js')
        await pf.init()
        const show = async () => {
          const found = await pf.search(query)
          return Promise.all(found.results.slice(0, 10).map(async (result) => (await result.data()).url))
        }
        const urls = await show()
        const runs = []
        for (let i = 0; i < 5; i++) {
          const start = performance.now()
          await show()
          runs.push(performance.now() - start)
        }
        return { urls, runs }
      }, query)
      ranked.push(run.urls.map((url) => titleOf.get(url) ?? url))
      const sizes = fetched.filter((path) => path.startsWith('/pagefind/')).map((path) => [path, transferOf(readFileSync(join(out, path)))])
      transfers.push(sizes.filter(([path]) => !runtime(path)).reduce((sum, [, size]) => sum + size, 0))
      runtimes.push(sizes.filter(([path]) => runtime(path)).reduce((sum, [, size]) => sum + size, 0))
      times.push(median(run.runs))
    }
  } finally {
    await browser.close()
    server.close()
  }
  return {
    name: `Pagefind ${version}`,
    ranked,
    transfers,
    times,
    indexGzip,
    transferNote: ` (+ ${kb(median(runtimes))} pagefind.js and its WebAssembly)`,
    where: `Chromium; entry + meta + word chunks + the fragments of the 10 hits (indexed in ${buildMs.toFixed(0)} ms)`,
  }
}

// ——— transfer: wikigen's first query on the synthetic corpus at 3 000 and 10 000 pages ———

async function transfer() {
  const sizes = String(args.pages ?? '3000,10000')
    .split(',')
    .map(Number)
  const limits = { 3000: 40 * 1024, 10000: 100 * 1024 }
  let failed = false
  console.log('| pages | first query transfers, gzip (median / max of 16) | limit on the median | query ms, files loaded (median / p90) |')
  console.log('|---|---|---|---|')
  for (const pages of sizes) {
    const corpus = join(work, `corpus-${pages}`)
    if (!existsSync(join(corpus, 'index.md'))) {
      log(`generating ${pages} pages`)
      execFileSync(process.execPath, [join(repo, 'bench/corpus.mjs'), '--pages', String(pages), '--out', corpus], { stdio: 'ignore' })
    }
    const site = join(work, `site-${pages}`)
    if (args.rebuild || !existsSync(join(site, 'fulltext/meta.json'))) buildSite(corpus, site)
    const figure = await fullTextQueries(repo, site)
    const limit = limits[pages]
    if (limit && figure.transferMedian > limit) failed = true
    console.log(
      `| ${pages} | ${kb(figure.transferMedian)} / ${kb(figure.transferMax)} | ${limit ? `${kb(limit)}: ${figure.transferMedian > limit ? 'OVER' : 'kept'}` : '–'} | ${figure.queryMedianMs.toFixed(2)} / ${figure.queryP90Ms.toFixed(2)} |`,
    )
  }
  if (failed) process.exitCode = 1
}

// ——— libraries on the synthetic corpus: build time, size, first query ———

async function libraries() {
  const QUERIES = ['backup', 'wartungsfenster', 'zeiterfassung', 'rechnung', 'server', 'passwort', 'vpn', 'odoo upgrade', 'ferien', 'ssh']
  const docs = readdirSync(args.corpus)
    .filter((name) => name.endsWith('.md'))
    .map((name, id) => {
      const text = readFileSync(join(args.corpus, name), 'utf8').replace(/^---[\s\S]*?\n---\n/, '')
      return { id, title: /^# (.+)$/m.exec(text)?.[1] ?? name, text }
    })
  const rows = []

  // MiniSearch: one index, serialised whole
  {
    let index
    const build = time(() => {
      index = new MiniSearch({
        fields: ['title', 'text'],
        storeFields: ['title'],
        searchOptions: { boost: { title: 5 }, prefix: true, fuzzy: 0.2 },
      })
      index.addAll(docs)
    })
    const json = JSON.stringify(index)
    const loaded = MiniSearch.loadJSON(json, { fields: ['title', 'text'], storeFields: ['title'] })
    const queries = QUERIES.map((q) => time(() => loaded.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 5 } })))
    rows.push(['MiniSearch 7', build, gzip(json), gzip(json), median(queries), 'no (one file)', 'no German stemming, no compounds'])
  }

  // FlexSearch: a document index, exported in its own parts
  {
    const index = new FlexSearch.Document({ document: { id: 'id', index: ['title', 'text'], store: ['title'] }, tokenize: 'forward' })
    const build = time(() => docs.forEach((doc) => index.add(doc)))
    const parts = []
    await index.export((key, data) => parts.push([key, data ?? '']))
    const total = parts.reduce((sum, [, data]) => sum + gzip(String(data)), 0)
    const queries = QUERIES.map((q) => time(() => index.search(q, { limit: 10 })))
    // the exported parts are the index's internal maps: a query needs all of them loaded
    rows.push([
      'FlexSearch 0.8',
      build,
      total,
      total,
      median(queries),
      'exported in parts, all needed for a query',
      'no German stemming, no compounds',
    ])
  }

  // wikigen's own index, from a built site
  if (args.site) {
    const dir = join(args.site, 'fulltext')
    const sizeOf = (file) => gzip(readFileSync(file))
    // the precompressed copies beside the files (.gz, .br) are the same index once more
    const indexFiles = (folder) => readdirSync(folder).filter((name) => !/\.(gz|br)$/.test(name))
    const shards = indexFiles(join(dir, 's')).map((name) => sizeOf(join(dir, 's', name)))
    const pages = indexFiles(join(dir, 'p')).map((name) => sizeOf(join(dir, 'p', name)))
    const meta = sizeOf(join(dir, 'meta.json'))
    const total = meta + shards.reduce((a, b) => a + b, 0) + pages.reduce((a, b) => a + b, 0)
    const firstQuery = meta + Math.max(...shards) + 10 * median(pages)
    rows.push([
      'wikigen (own)',
      NaN,
      total,
      firstQuery,
      NaN,
      'yes: meta + shards of the words + texts of 10 hits',
      'folding, German+English stems, compounds',
    ])
    console.error(`files: ${statSync(join(dir, 'meta.json')).size} B meta, ${shards.length} shards, ${pages.length} page texts`)
  }

  console.log(
    '| library | build ms | index gzip | first query transfers (gzip, worst case) | query ms (median) | loads in pieces | German |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, build, total, first, query, pieces, german] of rows) {
    console.log(
      `| ${name} | ${Number.isNaN(build) ? '(in the build)' : build.toFixed(0)} | ${kb(total)} | ${kb(first)} | ${Number.isNaN(query) ? 'see bench --browser' : query.toFixed(2)} | ${pieces} | ${german} |`,
    )
  }
}
