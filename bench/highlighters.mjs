#!/usr/bin/env node
// Build-time code highlighting compared: every fenced code block of the synthetic benchmark wiki (and of a real
// content folder) highlighted by
//   - lowlight-common  lowlight with highlight.js's common grammars, as wikigen highlighted before issue 17
//   - wikigen          wikigen's code blocks as they are now (src/compiler/parse/markdown/code/: more grammars, fence info)
//   - shiki            Shiki with a light and a dark theme in one pass (VitePress's setup), when it can be loaded
// Rounds alternate the order of the highlighters, so a loaded machine slows each about equally; the table shows the
// median and the spread (min–max) of the warm rounds, and apart the first round, where each highlighter also compiles
// its grammars (what a build pays once per worker).
//
//   node bench/highlighters.mjs [--pages 3000] [--rounds 7] [--content content] [--shiki DIR] [--work /tmp/wikigen-bench]
//
//   --shiki DIR  a folder whose node_modules holds shiki (e.g. `npm install shiki` in a scratch folder); without it,
//                shiki is looked up from this repository
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { toHtml } from 'hast-util-to-html'
import { common, createLowlight } from 'lowlight'

const repo = resolve(import.meta.dirname, '..')
const options = { pages: 3000, rounds: 7, content: join(repo, 'content'), shiki: repo, work: '/tmp/wikigen-bench' }
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]
  if (arg === '--pages') options.pages = Number(argv[++i])
  else if (arg === '--rounds') options.rounds = Number(argv[++i])
  else if (arg === '--content') options.content = resolve(argv[++i])
  else if (arg === '--shiki') options.shiki = resolve(argv[++i])
  else if (arg === '--work') options.work = resolve(argv[++i])
  else {
    console.error(`unknown option ${arg}`)
    process.exit(2)
  }
}
const log = (line) => console.error(`· ${line}`)

/** The synthetic corpus, generated once per size (the same one `npm run bench` builds). */
function corpus(pages) {
  const dir = join(options.work, `corpus-${pages}`)
  if (!existsSync(join(dir, 'index.md'))) {
    log(`generating ${pages} pages`)
    mkdirSync(options.work, { recursive: true })
    execFileSync(process.execPath, [join(repo, 'bench/corpus.mjs'), '--pages', String(pages), '--out', dir], { stdio: 'ignore' })
  }
  return dir
}

function* markdownFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* markdownFiles(path)
    else if (entry.name.endsWith('.md')) yield path
  }
}

/** Fenced code blocks (``` or ~~~, not indented more than three spaces) except diagrams and bases. */
function codeBlocks(dir) {
  const blocks = []
  const fence = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`{:]*)([^\n`]*)\n([\s\S]*?)\n {0,3}\1[`~]*[ \t]*$/gm
  for (const file of markdownFiles(dir)) {
    for (const [, , lang, meta, value] of readFileSync(file, 'utf8').matchAll(fence)) {
      if (lang === 'mermaid' || lang === 'base') continue
      blocks.push({ lang: lang.toLowerCase(), meta: meta.trim(), value })
    }
  }
  return blocks
}

/** One minified ESM bundle for Node, in memory: `input` is esbuild's `entryPoints` or `stdin`. */
async function bundle(input) {
  const result = await build({ ...input, bundle: true, format: 'esm', platform: 'node', minify: true, write: false, logLevel: 'silent' })
  return result.outputFiles[0].contents
}

/** wikigen's code-block module, bundled from the TypeScript source so the figures are of the code as it is. */
async function loadWikigen() {
  const out = join(options.work, 'highlighters-wikigen.mjs')
  mkdirSync(options.work, { recursive: true })
  const bytes = await bundle({ entryPoints: [join(repo, 'src/compiler/parse/markdown/code/index.ts')] })
  writeFileSync(out, bytes)
  const module = await import(pathToFileURL(out).href)
  return { module, bundleBytes: bytes.length, bundleGzip: gzipSync(bytes).length }
}

/** lowlight with the common grammars alone, bundled the same way: what the compiler carried before. */
async function commonBundleSize() {
  const bytes = await bundle({ stdin: { contents: "export { common, createLowlight } from 'lowlight'", resolveDir: repo } })
  return { bytes: bytes.length, gzip: gzipSync(bytes).length }
}

async function loadShiki() {
  try {
    const require = createRequire(join(options.shiki, 'package.json'))
    return await import(pathToFileURL(require.resolve('shiki')).href)
  } catch {
    return undefined
  }
}

/** Bytes on disk of a package and everything it depends on (each package once), from a node_modules folder. */
function installSize(nodeModules, name) {
  const seen = new Set()
  let bytes = 0
  const visit = (pkg, from) => {
    // a nested copy (from/node_modules/pkg) wins over the hoisted one, as Node resolves it
    const dir = [from && join(from, 'node_modules', pkg), join(nodeModules, pkg)].find((d) => d && existsSync(join(d, 'package.json')))
    if (!dir || seen.has(dir)) return
    seen.add(dir)
    bytes += folderBytes(dir, true)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir)
  }
  visit(name)
  return { bytes, packages: seen.size }
}

function folderBytes(dir, top) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (top && entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? folderBytes(path, false) : statSync(path).size
  }
  return total
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function main() {
  const { module: wikigen, bundleBytes, bundleGzip } = await loadWikigen()
  const lowlight = createLowlight(common)
  const shikiModule = await loadShiki()
  if (!shikiModule) log(`shiki not found from ${options.shiki}; pass --shiki DIR (a folder where \`npm install shiki\` ran)`)

  const sets = [
    { name: `synthetic corpus, ${options.pages} pages`, blocks: codeBlocks(corpus(options.pages)) },
    ...(existsSync(options.content)
      ? [{ name: `content folder (${options.content.replace(repo + '/', '')})`, blocks: codeBlocks(options.content) }]
      : []),
  ]

  const highlighters = [
    {
      name: 'lowlight-common',
      init: async () => {},
      html: ({ lang, value }) => {
        const highlighted = lang !== '' && lowlight.registered(lang)
        const children = highlighted ? lowlight.highlight(lang, value).children : [{ type: 'text', value }]
        return toHtml({
          type: 'element',
          tagName: 'div',
          properties: { className: [`language-${lang || 'text'}`], dataExt: lang || 'text' },
          children: [
            {
              type: 'element',
              tagName: 'pre',
              properties: {},
              children: [{ type: 'element', tagName: 'code', properties: highlighted ? { className: ['hljs'] } : {}, children }],
            },
          ],
        })
      },
    },
    {
      name: 'wikigen',
      init: async () => {},
      html: ({ lang, meta, value }) => toHtml(wikigen.codeBlock(value, wikigen.parseFenceInfo(lang, meta))),
    },
  ]
  if (shikiModule) {
    let highlighter
    let known
    highlighters.push({
      name: 'shiki',
      // grammars are loaded once per build; their loading is timed apart from the highlighting
      init: async (blocks) => {
        const langs = [...new Set(blocks.map((b) => b.lang))].filter((l) => l && l in shikiModule.bundledLanguages)
        highlighter?.dispose()
        highlighter = await shikiModule.createHighlighter({ themes: ['github-light', 'github-dark'], langs })
        known = new Set(highlighter.getLoadedLanguages())
      },
      html: ({ lang, value }) =>
        highlighter.codeToHtml(value, { lang: known.has(lang) ? lang : 'text', themes: { light: 'github-light', dark: 'github-dark' } }),
    })
  }

  const rows = []
  for (const set of sets) {
    const langs = new Map()
    for (const b of set.blocks) langs.set(b.lang || '(none)', (langs.get(b.lang || '(none)') ?? 0) + 1)
    log(`${set.name}: ${set.blocks.length} blocks (${[...langs].map(([l, n]) => `${l} ${n}`).join(', ')})`)
    const stats = new Map(highlighters.map((h) => [h.name, { cold: 0, times: [], inits: [], bytes: 0, styled: 0 }]))
    for (let round = 0; round <= options.rounds; round++) {
      // rotate the order every round: each highlighter runs first, middle and last equally often
      const order = highlighters.map((_, i) => highlighters[(i + round) % highlighters.length])
      for (const h of order) {
        const stat = stats.get(h.name)
        const t0 = performance.now()
        await h.init(set.blocks)
        const t1 = performance.now()
        let bytes = 0
        let styled = 0
        for (const block of set.blocks) {
          const html = h.html(block)
          bytes += Buffer.byteLength(html)
          if (/ style="/.test(html)) styled++
        }
        const t2 = performance.now()
        stat.inits.push(t1 - t0)
        if (round === 0) stat.cold = t2 - t1
        else stat.times.push(t2 - t1)
        stat.bytes = bytes
        stat.styled = styled
      }
    }
    for (const h of highlighters) {
      const s = stats.get(h.name)
      rows.push({
        set: set.name,
        highlighter: h.name,
        blocks: set.blocks.length,
        'total ms (median)': median(s.times).toFixed(1),
        'spread ms': `${Math.min(...s.times).toFixed(1)}–${Math.max(...s.times).toFixed(1)}`,
        'µs per block': ((median(s.times) * 1000) / set.blocks.length).toFixed(1),
        'first round ms': s.cold.toFixed(1),
        'setup ms': median(s.inits).toFixed(1),
        'HTML kB': (s.bytes / 1024).toFixed(1),
        'blocks with inline style': s.styled,
      })
    }
  }
  console.log(`\nHighlighting, a first round and ${options.rounds} alternating warm rounds, node ${process.version}\n`)
  console.table(rows)

  const own = join(repo, 'node_modules')
  const sizes = [
    { what: 'lowlight + highlight.js (installed)', ...installSize(own, 'lowlight') },
    { what: 'lowlight with common grammars, bundled + minified', packages: '-', ...(await commonBundleSize()) },
    { what: 'wikigen code module, bundled + minified', bytes: bundleBytes, packages: '-', gzip: bundleGzip },
  ]
  const shikiModules = join(options.shiki, 'node_modules')
  if (shikiModule && existsSync(join(shikiModules, 'shiki')))
    sizes.push({ what: 'shiki (installed)', ...installSize(shikiModules, 'shiki') })
  console.log('\nSizes\n')
  console.table(
    sizes.map((s) => ({
      what: s.what,
      packages: s.packages,
      MB: (s.bytes / 1e6).toFixed(2),
      ...(s.gzip ? { 'gzip kB': (s.gzip / 1024).toFixed(1) } : {}),
    })),
  )
}

await main()
