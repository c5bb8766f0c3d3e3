// The parser floor: how fast micromark alone, and micromark with mdast-util-from-markdown, read the corpus on one core
// (CommonMark only: no GFM, no wikigen syntax, no HTML, no files written). Every wikigen build does at least this
// much work per byte, so `bytes ÷ (throughput × cores)` is a lower bound on its cold build time, however well the
// rest is made. It is optimistic: two busy cores slow each other down, and GFM and the wiki syntax add to it.
//
// The same work on every core at once (parallelFloor) is measured too: how far the cores really run side by side on
// this machine (shared caches and memory bandwidth, a virtual machine's neighbours) bounds any parallel build.
//
// Beside the floor, wikigen's own parse (src/compiler/parse/markdown/parse.ts, bundled as the build worker bundles it):
// the same micromark and mdast-util-from-markdown with the syntax a wiki page has (GFM, math, wiki links, highlights,
// inline footnotes, containers, callouts). It shows how much of a build's distance from the floor is that syntax
// alone, before anything is turned into HTML.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { parse, postprocess, preprocess } from 'micromark'

/** Markdown bodies of the corpus (front matter cut off), `limit` pages spread over it. */
function bodies(dir, limit) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
  const step = Math.max(1, Math.floor(files.length / limit))
  const texts = []
  for (let i = 0; i < files.length; i += step) texts.push(readFileSync(join(dir, files[i]), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''))
  return texts
}

/** Best of three passes, in MB/s. */
function throughput(texts, read) {
  const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0)
  let best = Infinity
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now()
    for (const text of texts) read(text)
    best = Math.min(best, performance.now() - started)
  }
  return bytes / 1e6 / (best / 1000)
}

/**
 * @param {string} dir corpus folder
 * @param {number} totalBytes markdown bytes of the whole corpus
 */
export async function parseFloor(dir, totalBytes, sample = 600) {
  const texts = bodies(dir, sample)
  const tokenize = throughput(texts, (text) =>
    postprocess(
      parse()
        .document()
        .write(preprocess()(text, undefined, true)),
    ),
  )
  const tree = throughput(texts, (text) => fromMarkdown(text))
  const parseMarkdown = await wikigenParser()
  const syntax = throughput(texts, (text) => parseMarkdown(text))
  const cores = cpus().length
  const floor = (mbPerSecond) => totalBytes / 1e6 / (mbPerSecond * cores)
  const parallelS = await parallelFloor(dir, cores)
  return {
    cores,
    tokenizeMBs: tokenize,
    treeMBs: tree,
    syntaxMBs: syntax,
    tokenizeFloorS: floor(tokenize),
    treeFloorS: floor(tree),
    syntaxFloorS: floor(syntax),
    parallelS,
  }
}

/** wikigen's markdown parser, bundled with esbuild and the library fixes of its build worker (scripts/bundle.mjs). */
async function wikigenParser() {
  const { build } = await import('esbuild')
  const { libraryPatches } = await import('../scripts/library-patches.mjs')
  const folder = mkdtempSync(join(tmpdir(), 'wikigen-parse-floor-'))
  try {
    const outfile = join(folder, 'parse.mjs')
    await build({
      entryPoints: [new URL('../src/compiler/parse/markdown/parse.ts', import.meta.url).pathname],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      plugins: [libraryPatches],
      logLevel: 'warning',
    })
    return (await import(pathToFileURL(outfile).href)).parseMarkdown
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * Seconds for `threads` threads to turn the whole corpus into mdast trees at once, each its share of the pages,
 * after a warm-up pass each (the slowest thread's time).
 */
async function parallelFloor(dir, threads) {
  const workers = Array.from(
    { length: threads },
    (_, index) => new Worker(new URL(import.meta.url), { workerData: { dir, index, threads } }),
  )
  const ready = workers.map((worker) => new Promise((resolve) => worker.once('message', resolve)))
  await Promise.all(ready)
  const done = workers.map((worker) => new Promise((resolve) => worker.once('message', resolve)))
  for (const worker of workers) worker.postMessage('go')
  const seconds = Math.max(...(await Promise.all(done)))
  await Promise.all(workers.map((worker) => worker.terminate()))
  return seconds
}

if (!isMainThread && workerData?.threads) {
  const { dir, index, threads } = workerData
  const all = bodies(dir, Infinity)
  const mine = all.filter((_, i) => i % threads === index)
  for (const text of mine.slice(0, 100)) fromMarkdown(text)
  parentPort.postMessage('ready')
  parentPort.once('message', () => {
    const started = performance.now()
    for (const text of mine) fromMarkdown(text)
    parentPort.postMessage((performance.now() - started) / 1000)
  })
}
