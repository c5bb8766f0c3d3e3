/**
 * The compile step: every page of the content, from the cache when its file is unchanged, else read on the main
 * thread (cheap) and parsed on the workers batch by batch, with a bounded number of batches in flight so that texts
 * stream through instead of piling up in memory.
 */
import type { RawHtmlPolicy } from '../parse/markdown/safe-html.js'
import type { ParseSettings } from '../parse/parse-page.js'
import { statSync } from 'node:fs'
import type { BuildScope } from './build-scope.js'
import type { Diagnostic } from '../diagnostics.js'
import { readSource, type ContentRef } from '../discover/load.js'
import { chunk, COMPILE_BATCH, compilesInParallel, READ_AHEAD, type ParallelismOptions } from './parallelism.js'
import type { SourceFile } from '../discover/load.js'
import { loadSourceStamps } from '../cache/source-stamps.js'
import type { CompiledPage } from '../parse/page.js'
import { labels as deCH, type Labels } from '../../shared/labels.js'
import { labelsSalt } from '../config/site-labels.js'

export interface CompileOptions extends ParallelismOptions {
  /** Salt for cache keys: changes whenever the compiler code changes. */
  cacheSalt?: string
  /** The config's `markdown.rawHtml`: 'safe' (the default) sanitizes the authors' raw HTML, 'trusted' does not. */
  rawHtml?: RawHtmlPolicy
  /** Single line breaks show as breaks (ParseSettings.softBreaks). */
  softBreaks?: boolean
  onProgress?: (phase: 'compile', done: number, total: number) => void
}

export interface CompileResult {
  /** The compiled pages, in no particular order (linkSite sorts them). */
  pages: CompiledPage[]
  /** How many came from the cache. */
  cached: number
  diagnostics: Diagnostic[]
  /** The record keys (cache/record-key.ts) of the pages compiled now, by content hash. */
  recordKeys: Map<string, string>
}

/**
 * The salt of the content hashes pages are cached by: the compiler's own, the site's texts (they are in the HTML) and
 * the raw HTML policy, so a change of either compiles every page again. `wikigen dev` compiles with the same.
 */
export function compileSaltOf(options: Pick<CompileOptions, 'cacheSalt' | 'rawHtml' | 'softBreaks'>, labels: Labels): string {
  return (
    (options.cacheSalt ?? '') +
    labelsSalt(labels) +
    (options.rawHtml === 'trusted' ? '\0trusted-html' : '') +
    (options.softBreaks ? '\0soft-breaks' : '')
  )
}

/**
 * Compiles the pages `refs` in the scope's pool and cache, with the site's texts (callout titles, footnotes, …); a
 * cached page compiled with other texts is not taken.
 */
export async function compilePages(
  refs: readonly ContentRef[],
  scope: BuildScope,
  options: CompileOptions,
  labels: Labels = deCH,
): Promise<CompileResult> {
  const { pool, cacheDir } = scope
  const settings: ParseSettings | undefined =
    options.rawHtml === 'trusted' || options.softBreaks
      ? { ...(options.rawHtml === 'trusted' ? { rawHtml: 'trusted' as const } : {}), ...(options.softBreaks ? { softBreaks: true } : {}) }
      : undefined
  const salt = compileSaltOf(options, labels)
  const stamps = loadSourceStamps(cacheDir, salt, Date.now())
  const diagnostics: Diagnostic[] = []
  const pages: CompiledPage[] = []
  const recordKeys = new Map<string, string>()
  let cached = 0
  let done = 0
  const inFlight = new Set<Promise<void>>()
  // once a batch went to the workers, the small ones after it follow: a straggler of one page would otherwise be
  // parsed on this thread with a parser not yet warm, while the warm workers wait for it
  let onWorkers = false
  /** A page from the cache when the file's stamp is unchanged, else the file's text to compile (or nothing when unreadable). */
  const load = async (ref: ContentRef): Promise<CompiledPage | SourceFile | undefined> => {
    // synchronous: thousands of stats of cached inodes finish sooner than their trips through the thread pool
    const info = cacheDir ? statSync(ref.absolute, { throwIfNoEntry: false }) : undefined
    const knownHash = info && stamps.hashOf(ref.path, info)
    const known = knownHash && pool.store.meta(knownHash)
    if (known) return known
    try {
      const source = await readSource(ref, salt)
      if (info) stamps.record(ref.path, info, source.contentHash)
      return source
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        code: 'unreadable-file',
        file: ref.path,
        line: 0,
        column: 0,
        message: `File cannot be read: ${(error as Error).message}`,
        hint: 'Check that the file exists and is readable.',
      })
      return undefined
    }
  }
  for (const batch of chunk(refs, COMPILE_BATCH)) {
    const loaded = await Promise.all(batch.map(load))
    const misses: SourceFile[] = []
    for (const source of loaded) {
      if (!source) continue
      if (!('text' in source)) {
        pages.push(source)
        cached++
        continue
      }
      if (source.binary) {
        diagnostics.push(...source.diagnostics)
        continue
      }
      const meta = pool.store.meta(source.contentHash)
      if (meta) {
        pages.push(meta)
        cached++
      } else misses.push(source)
    }
    done += batch.length - misses.length
    options.onProgress?.('compile', done, refs.length)
    if (misses.length === 0) continue
    onWorkers ||= compilesInParallel(misses.length, options)
    const task = pool
      .run({ type: 'compile', sources: misses, ...(labels === deCH ? {} : { labels }), ...(settings ? { settings } : {}) }, onWorkers)
      .then((result) => {
        pages.push(...result.pages)
        result.pages.forEach((page, i) => recordKeys.set(page.contentHash, result.recordKeys[i]!))
        done += misses.length
        options.onProgress?.('compile', done, refs.length)
      })
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
    if (inFlight.size >= READ_AHEAD) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  pool.release()
  stamps.save()
  return { pages, cached, diagnostics, recordKeys }
}
