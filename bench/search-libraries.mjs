#!/usr/bin/env node
// Full-text search libraries measured on the benchmark corpus against what the search page needs: how long the
// index takes to build, how large it is (all of it, gzip), what a first query must transfer, and how long a query
// takes once loaded. MiniSearch and FlexSearch are JavaScript libraries that would run in the browser and in the
// CLI alike; wikigen's own index (src/shared/fulltext/) is measured from a built site.
//
//   node bench/search-libraries.mjs --corpus /tmp/wikigen-bench/corpus-3000 --site /tmp/site-3000
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import MiniSearch from 'minisearch'
import FlexSearch from 'flexsearch'

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((arg, i, all) => (arg.startsWith('--') ? [arg.slice(2), all[i + 1]] : undefined))
    .filter(Boolean),
)
const QUERIES = ['backup', 'wartungsfenster', 'zeiterfassung', 'rechnung', 'server', 'passwort', 'vpn', 'odoo upgrade', 'ferien', 'ssh']

const docs = readdirSync(args.corpus)
  .filter((name) => name.endsWith('.md'))
  .map((name, id) => {
    const text = readFileSync(join(args.corpus, name), 'utf8').replace(/^---[\s\S]*?\n---\n/, '')
    return { id, title: /^# (.+)$/m.exec(text)?.[1] ?? name, text }
  })
const gzip = (text) => gzipSync(text).length
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const time = (fn) => {
  const start = performance.now()
  fn()
  return performance.now() - start
}
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
  const shards = readdirSync(join(dir, 's')).map((name) => sizeOf(join(dir, 's', name)))
  const pages = readdirSync(join(dir, 'p')).map((name) => sizeOf(join(dir, 'p', name)))
  const meta = sizeOf(join(dir, 'meta.json'))
  const total = meta + shards.reduce((a, b) => a + b, 0) + pages.reduce((a, b) => a + b, 0)
  const firstQuery = meta + Math.max(...shards) + 10 * median(pages.slice())
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

console.log('| library | build ms | index gzip | first query transfers (gzip, worst case) | query ms (median) | loads in pieces | German |')
console.log('|---|---|---|---|---|---|---|')
for (const [name, build, total, first, query, pieces, german] of rows) {
  console.log(
    `| ${name} | ${Number.isNaN(build) ? '(in the build)' : build.toFixed(0)} | ${kb(total)} | ${kb(first)} | ${Number.isNaN(query) ? 'see bench --browser' : query.toFixed(2)} | ${pieces} | ${german} |`,
  )
}
