// The parser floor: how fast micromark alone, and micromark with mdast-util-from-markdown, read the corpus on one core
// (CommonMark only: no GFM, no wikigen syntax, no HTML, no files written). Every wikigen build does at least this
// much work per byte, so `bytes ÷ (throughput × cores)` is a lower bound on its cold build time, however well the
// rest is made. It is optimistic: two busy cores slow each other down, and GFM and the wiki syntax add to it.
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
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
export function parseFloor(dir, totalBytes, sample = 600) {
  const texts = bodies(dir, sample)
  const tokenize = throughput(texts, (text) =>
    postprocess(
      parse()
        .document()
        .write(preprocess()(text, undefined, true)),
    ),
  )
  const tree = throughput(texts, (text) => fromMarkdown(text))
  const cores = cpus().length
  const floor = (mbPerSecond) => totalBytes / 1e6 / (mbPerSecond * cores)
  return { cores, tokenizeMBs: tokenize, treeMBs: tree, tokenizeFloorS: floor(tokenize), treeFloorS: floor(tree) }
}
