#!/usr/bin/env node
// The wikigen benchmark. Generates a deterministic synthetic wiki, builds it with wikigen (and, with --peers, with
// VuePress 2 / Hugo / VitePress from ../shared/peers, runs alternating), and prints one table.
//
//   npm run bench -- --pages 3000 [--runs 3] [--peers vuepress,hugo] [--browser] [--dev] [--floor]
//                    [--baseline <commit>] [--pairs N] [--no-baseline]
//
//   --baseline the commit to compare with in alternating pairs (default: the one pinned in bench/baseline.json);
//              cold and warm builds, N pairs each (default 5 up to 3 000 pages, else 0: give --pairs to compare
//              larger corpora), the ratio taken pair by pair
//
//   --browser  median time of a search keystroke over a 10 000-page index, in Chromium; full-text search: what a
//              first query transfers and how long a query takes, at the benchmark's size and at 10 000 pages
//   --dev      median time from writing a changed page to the open browser showing it (20 edits, wikigen dev)
//   --floor    the parser floor: the least time micromark (+ mdast-util-from-markdown) needs for the corpus on all cores
// Absolute times on shared machines are noise: compare the ratios of one run.
import { execFileSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { measure, median } from './measure.mjs'
import { folderSize, pageAssets } from './page-assets.mjs'
import { fullTextIndexSize, fullTextQueries, fullTextTransfer } from './fulltext-search.mjs'
import { buildWith, comparePairs, pairLines, pinnedBaseline, prepareTree } from './baseline.mjs'

const repo = resolve(import.meta.dirname, '..')
const options = {
  pages: 3000,
  runs: 3,
  peers: [],
  browser: false,
  dev: false,
  work: '/tmp/wikigen-bench',
  baseline: undefined,
  pairs: undefined,
}
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]
  if (arg === '--pages') options.pages = Number(argv[++i])
  else if (arg === '--runs') options.runs = Number(argv[++i])
  else if (arg === '--peers') options.peers = argv[++i].split(',').filter(Boolean)
  else if (arg === '--browser') options.browser = true
  else if (arg === '--dev') options.dev = true
  else if (arg === '--floor') options.floor = true
  else if (arg === '--work') options.work = argv[++i]
  else if (arg === '--baseline') options.baseline = argv[++i]
  else if (arg === '--no-baseline') options.pairs = 0
  else if (arg === '--pairs') options.pairs = Number(argv[++i])
  else {
    console.error(`unknown option ${arg}`)
    process.exit(2)
  }
}

const log = (line) => console.error(`· ${line}`)
mkdirSync(options.work, { recursive: true })

/** The corpus of a size, generated once per size and seed. */
function corpus(pages) {
  const dir = join(options.work, `corpus-${pages}`)
  if (!existsSync(join(dir, 'index.md'))) {
    log(`generating ${pages} pages`)
    execFileSync(process.execPath, [join(repo, 'bench/corpus.mjs'), '--pages', String(pages), '--out', dir], { stdio: 'ignore' })
  }
  return dir
}

/** Prepares a peer from ../shared/peers in a writable copy; returns a function building a corpus with it. */
function preparePeer(name) {
  const shared = resolve(repo, '../shared')
  const source = join(shared, 'peers', name)
  if (!existsSync(join(source, 'build.sh'))) throw new Error(`no peer "${name}" in ${join(shared, 'peers')}`)
  const copy = join(options.work, 'peers', name)
  if (!existsSync(join(copy, 'build.sh'))) {
    cpSync(source, copy, { recursive: true })
    cpSync(join(shared, 'bench'), join(options.work, 'bench'), { recursive: true })
    // the shared folder is read-only, and copies keep that: the peer writes into its own folder
    execFileSync('chmod', ['-R', 'u+w', copy, join(options.work, 'bench')])
  }
  if (existsSync(join(copy, 'package.json')) && !existsSync(join(copy, 'node_modules'))) {
    log(`installing ${name} (npm ci, else npm install)`)
    try {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'ignore' })
    } catch {
      // a lock file written by another npm version can be out of sync for this one
      execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'ignore' })
    }
  }
  if (name === 'hugo' && !commandExists('hugo')) {
    log('installing hugo (apt)')
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo'], { stdio: 'ignore' })
  }
  return async (dir, out) => {
    const result = await measure('bash', [join(copy, 'build.sh'), dir, out])
    const timing = /TIMING .*wall_s=([\d.]+).*peak_tree_rss_mb=(\d+).*rc=(\d+)/.exec(result.stdout + result.stderr)
    if (!timing || timing[3] !== '0') throw new Error(`${name} failed:\n${result.stderr.slice(-2000)}`)
    return { wallMs: Number(timing[1]) * 1000, peakRssMb: Number(timing[2]) }
  }
}

function commandExists(name) {
  try {
    execFileSync('bash', ['-c', `command -v ${name}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** One whole build of the corpus by this tree (cold unless `cache`), measured as a process. */
const buildWikigen = (dir, out, cwd, cache = false) => buildWith(repo, dir, out, cwd, cache)

/** Page HTML sizes: the median one is "typical". */
function typicalPage(out) {
  const pages = readdirSync(out)
    .filter((f) => f.endsWith('.html') && f !== 'index.html' && f !== '404.html' && statSync(join(out, f)).size > 2000)
    .map((f) => ({ f, size: statSync(join(out, f)).size }))
    .sort((a, b) => a.size - b.size)
  return pages[Math.floor(pages.length / 2)]
}

const kb = (bytes) => (bytes / 1024).toFixed(1)
const s = (ms) => (ms / 1000).toFixed(2)

async function main() {
  const dir = corpus(options.pages)
  const runDir = join(options.work, `run-${options.pages}`)
  rmSync(runDir, { recursive: true, force: true })
  mkdirSync(runDir, { recursive: true })
  const peers = Object.fromEntries(options.peers.map((p) => [p, preparePeer(p)]))
  const times = { wikigen: [], ...Object.fromEntries(options.peers.map((p) => [p, []])) }

  // cold builds, alternating tools run by run
  for (let run = 1; run <= options.runs; run++) {
    log(`run ${run}/${options.runs}: wikigen`)
    times.wikigen.push(await buildWikigen(dir, join(runDir, 'wikigen'), runDir))
    for (const [name, build] of Object.entries(peers)) {
      log(`run ${run}/${options.runs}: ${name}`)
      times[name].push(await build(dir, join(runDir, name)))
    }
  }

  // warm rebuilds: cache kept, one page changed each time
  const warmDir = join(runDir, 'warm-corpus')
  cpSync(dir, warmDir, { recursive: true })
  await buildWikigen(warmDir, join(runDir, 'warm-out'), runDir, true)
  const pageFiles = readdirSync(warmDir).filter((f) => f.endsWith('.md') && f !== 'index.md')
  const warm = []
  for (let run = 0; run < options.runs; run++) {
    appendFileSync(join(warmDir, pageFiles[run * 7]), `\nGeändert im Lauf ${run}.\n`)
    warm.push(await buildWikigen(warmDir, join(runDir, 'warm-out'), runDir, true))
  }

  const out = join(runDir, 'wikigen')
  const typical = typicalPage(out)
  const assets = pageAssets(out, typical.f)
  const index = readFileSync(join(out, 'search-index.json'))
  const row = (name, list, extra = {}) => ({
    name,
    cold: median(list.map((r) => r.wallMs)),
    rss: Math.max(...list.map((r) => r.peakRssMb)),
    output: extra.output,
  })
  const rows = [row('wikigen', times.wikigen, { output: folderSize(out) })]
  for (const name of options.peers)
    rows.push(row(name, times[name], { output: existsSync(join(runDir, name)) ? folderSize(join(runDir, name)) : undefined }))

  const lines = []
  lines.push(
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; ${options.pages} pages (${kb(folderSize(dir) * 1)} KB of content), ${options.runs} runs`,
  )
  lines.push('')
  lines.push('| tool | cold build s (median) | peak RSS MB | output MB | ratio to wikigen |')
  lines.push('|---|---|---|---|---|')
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${s(r.cold)} | ${r.rss.toFixed(0)} | ${r.output === undefined ? '–' : (r.output / 2 ** 20).toFixed(1)} | ${(r.cold / rows[0].cold).toFixed(2)}× |`,
    )
  }
  lines.push('')
  lines.push('| wikigen figure | value |')
  lines.push('|---|---|')
  lines.push(`| warm rebuild, one page changed (median) | ${s(median(warm.map((r) => r.wallMs)))} s |`)
  const hugo = rows.find((r) => r.name === 'hugo')
  if (hugo) lines.push(`| Hugo cold ÷ wikigen warm | ${(hugo.cold / median(warm.map((r) => r.wallMs))).toFixed(1)}× |`)
  lines.push(`| typical page HTML (${typical.f}) | ${kb(typical.size)} KB |`)
  lines.push(`| initial JS of that page (raw / gzip) | ${kb(assets.js.raw)} / ${kb(assets.js.gzip)} KB (${assets.js.files.length} files) |`)
  lines.push(`| initial CSS of that page (raw / gzip) | ${kb(assets.css.raw)} / ${kb(assets.css.gzip)} KB |`)
  lines.push(`| search index (raw / gzip) | ${kb(index.length)} / ${kb(gzipSync(index).length)} KB |`)
  const fullText = fullTextIndexSize(out)
  lines.push(
    `| full-text index (${fullText.files} files, raw / gzip) | ${kb(fullText.raw)} / ${kb(fullText.gzip)} KB; its meta file ${kb(fullText.metaRaw)} / ${kb(fullText.metaGzip)} KB |`,
  )
  if (!options.browser) {
    const queries = await fullTextTransfer(repo, out)
    lines.push(
      `| full-text: first query transfers (gzip, median / max of ${queries.queries}, engine in Node) | ${kb(queries.transferMedian)} / ${kb(queries.transferMax)} KB |`,
    )
  }

  if (options.browser) {
    const { searchKeystroke } = await import('./browser-search.mjs')
    const figure = await searchKeystroke(repo, options.work, corpus)
    lines.push(
      `| search keystroke over ${figure.pages} pages in Chromium (median of ${figure.samples}) | ${figure.medianMs.toFixed(2)} ms (p90 ${figure.p90Ms.toFixed(2)} ms) |`,
    )
    for (const [pages, site] of [
      [options.pages, out],
      [figure.pages, figure.site],
    ]) {
      const queries = await fullTextQueries(repo, site)
      lines.push(
        `| full-text, ${pages} pages: first query transfers (gzip, median / max of ${queries.queries}) | ${kb(queries.transferMedian)} / ${kb(queries.transferMax)} KB |`,
      )
      lines.push(
        `| full-text, ${pages} pages: query with its files loaded, Chromium (median / p90) | ${queries.queryMedianMs.toFixed(2)} / ${queries.queryP90Ms.toFixed(2)} ms |`,
      )
    }
  }
  if (options.dev) {
    const { devLatency } = await import('./dev-latency.mjs')
    const figure = await devLatency(repo, options.work, dir)
    lines.push(
      `| dev: edit → browser shows it (median of ${figure.samples}) | ${figure.medianMs.toFixed(0)} ms (p90 ${figure.p90Ms.toFixed(0)} ms) |`,
    )
    lines.push(`| dev: server ready (cold build + start) | ${s(figure.readyMs)} s |`)
  }
  if (options.floor) {
    const { parseFloor } = await import('./parse-floor.mjs')
    const markdownBytes = readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0)
    const floor = await parseFloor(dir, markdownBytes)
    const ratio = (seconds) => (hugo ? ` = ${((seconds * 1000) / hugo.cold).toFixed(2)}× Hugo's whole build` : '')
    lines.push(
      `| parser floor: micromark tokenizer alone, ${floor.tokenizeMBs.toFixed(2)} MB/s per core | ${floor.tokenizeFloorS.toFixed(2)} s on ${floor.cores} cores${ratio(floor.tokenizeFloorS)} |`,
    )
    lines.push(
      `| parser floor: + mdast-util-from-markdown, ${floor.treeMBs.toFixed(2)} MB/s per core | ${floor.treeFloorS.toFixed(2)} s on ${floor.cores} cores${ratio(floor.treeFloorS)} |`,
    )
    lines.push(`| wikigen's cold build ÷ that floor | ${(rows[0].cold / 1000 / floor.treeFloorS).toFixed(2)}× |`)
    lines.push(
      `| wikigen's parse alone (its syntax: GFM, math, wiki links, callouts…), ${floor.syntaxMBs.toFixed(2)} MB/s per core | ${floor.syntaxFloorS.toFixed(2)} s on ${floor.cores} cores = ${(floor.syntaxFloorS / floor.treeFloorS).toFixed(2)}× the floor; wikigen's cold build ÷ it: ${(rows[0].cold / 1000 / floor.syntaxFloorS).toFixed(2)}× |`,
    )
    lines.push(
      `| the floor's work on ${floor.cores} threads at once, measured | ${floor.parallelS.toFixed(2)} s (${((floor.treeFloorS / floor.parallelS) * floor.cores).toFixed(2)} of ${floor.cores} cores' worth); wikigen ÷ it: ${(rows[0].cold / 1000 / floor.parallelS).toFixed(2)}× |`,
    )
  }
  const pairs = options.pairs ?? (options.pages <= 3000 ? 5 : 0)
  if (pairs > 0) {
    const commit = options.baseline ?? pinnedBaseline(repo)
    const baseline = prepareTree(repo, options.work, commit, log)
    const head = execFileSync('git', ['-C', repo, 'rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['-C', repo, 'status', '--porcelain', '--', 'src', 'bin', 'scripts'], { encoding: 'utf8' }).trim()
    const result = await comparePairs({
      repo,
      work: options.work,
      corpus: dir,
      baselineTree: baseline.dir,
      currentTree: repo,
      coldPairs: pairs,
      warmPairs: pairs,
      log,
    })
    lines.push('')
    lines.push(
      `Against baseline ${baseline.sha.slice(0, 12)} (current ${head}${dirty ? ' with uncommitted changes' : ''}), ${pairs} alternating pairs each; ratio = current ÷ baseline, taken pair by pair:`,
    )
    lines.push('')
    lines.push(...pairLines('cold', result.cold))
    lines.push('')
    lines.push(...pairLines('warm', result.warm))
  }
  console.log(lines.join('\n'))
}

await main()
