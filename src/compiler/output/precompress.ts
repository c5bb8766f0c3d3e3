/**
 * Precompressed copies of a build's text files: `client.js.br` (brotli) and `client.js.gz` (gzip) beside `client.js`,
 * which `wikigen serve`, nginx (`gzip_static`, `brotli_static`) and other static hosts send instead of compressing on
 * every request.
 *
 * It runs over the staging folder once every file is in it, so whatever a build writes is covered and nothing is
 * left of a page that is gone (the staging folder replaces the output as a whole). A file the build hard-linked from
 * the previous output (an unchanged page, shard or client file) takes the previous copies too: a warm build compresses
 * only what changed. Compression runs on libuv's thread pool, a few files at a time.
 */
import { existsSync, linkSync, readdirSync, rmSync, statSync, type Stats } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { COMPRESSED_SUFFIXES, isCompressibleFile, MIN_COMPRESSED_BYTES } from '../../shared/compression.js'
import { FULLTEXT_DIR } from '../../shared/fulltext/format.js'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Files compressed at once: enough to keep the thread pool (four threads) busy. */
const AT_ONCE = 8

export interface PrecompressResult {
  /** Files given copies. */
  files: number
  /** Of those, the files whose copies were hard-linked from the previous output. */
  reused: number
  /** Bytes of the copies written (reused ones not counted). */
  bytes: number
}

/**
 * Writes `.br` and `.gz` (see copiesOf) beside every text file of `dir` of at least MIN_COMPRESSED_BYTES. `previous` is the previous
 * output: a file that is the same file there (hard-linked from it) takes its copies from there. A file whose name with
 * `.br` or `.gz` is a file of the site already (an attachment) gets no copies: they would replace it.
 */
export async function precompressFolder(dir: string, previous?: string): Promise<PrecompressResult> {
  const names = new Set(listFiles(dir))
  const result: PrecompressResult = { files: 0, reused: 0, bytes: 0 }
  const todo: string[] = []
  for (const name of names) {
    if (!isCompressibleFile(name) || COMPRESSED_SUFFIXES.some((suffix) => names.has(name + suffix))) continue
    const stats = statSync(join(dir, name))
    if (stats.size < MIN_COMPRESSED_BYTES) continue
    result.files++
    if (previous && reuseCopies(join(dir, name), join(previous, name), stats, copiesOf(name))) result.reused++
    else todo.push(name)
  }
  let next = 0
  const worker = async () => {
    while (next < todo.length) {
      const name = todo[next++]
      result.bytes += await compressFile(dir, name)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, todo.length) }, worker))
  return result
}

/** Brotli for a file of `size` bytes: quality 5 with a window fitted to the file. Measured on
 * 3 000 pages, quality 9 compresses these small files no better and takes three times as long; a full window costs more
 * than the text. */
export function brotliOptions(size: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(24, Math.ceil(Math.log2(size + 1)))),
    },
  }
}

/** Writes both copies of a file; returns their bytes. */
async function compressFile(dir: string, name: string): Promise<number> {
  const file = join(dir, name)
  const contents = await readFile(file)
  const copies = await Promise.all(
    copiesOf(name).map(async (suffix) => {
      const body = suffix === '.br' ? await brotli(contents, brotliOptions(contents.length)) : await gzipped(contents, { level: 6 })
      await writeFile(file + suffix, body)
      return body.length
    }),
  )
  return copies.reduce((sum, bytes) => sum + bytes, 0)
}

/**
 * The copies a file gets. The pages and the full-text index's page texts (thousands of small files, which every host
 * also compresses on the fly) get gzip only: brotli would save a further 6 % of them and double the time the copies
 * take. What a reader downloads once for many pages (scripts, styles, the search index and its shards) gets both.
 */
export function copiesOf(name: string): readonly ('.br' | '.gz')[] {
  return name.endsWith('.html') || name.startsWith(PAGE_TEXTS) ? ['.gz'] : COMPRESSED_SUFFIXES
}

const PAGE_TEXTS = `${FULLTEXT_DIR}/p/`

/**
 * Hard-links the copies of `before` (the previous output's file) beside `file` when both are one file (the build
 * linked it from there) and both copies exist; false otherwise.
 */
function reuseCopies(file: string, before: string, stats: Stats, copies: readonly string[]): boolean {
  const old = statSync(before, { throwIfNoEntry: false })
  if (!old || old.ino !== stats.ino || old.dev !== stats.dev) return false
  if (!copies.every((suffix) => existsSync(before + suffix))) return false
  try {
    for (const suffix of copies) linkSync(before + suffix, file + suffix)
    return true
  } catch {
    // a half-linked pair goes: writing the new copies into a link would change the previous output
    for (const suffix of COMPRESSED_SUFFIXES) rmSync(file + suffix, { force: true })
    return false
  }
}

/** Every file below `dir` by its relative path with `/`, without dotfiles and dot folders (the build's marker). */
function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) files.push(...listFiles(dir, path))
    else if (entry.isFile()) files.push(path)
  }
  return files
}
