/**
 * When and where the full-text index of a build is merged (emit/fulltext-index.ts makes it). Its interface is that of
 * the other steps: started once the pages are compiled, awaited before the staging folder is swapped in.
 *
 *     compile ─▶ start(pages) ──── merge (a worker, or here) ────▶ finish(site) ─▶ swap
 *                         └─ link, prepare and render the routes ─┘
 *
 * A delta (the pages changed since the base) is merged at once on the main thread; a new base of a large site is merged
 * on a worker, beside linking and rendering. The meta file follows once the pages have their URLs. Until the merge is
 * over, something may still be writing into the staging folder, so a failed or interrupted build waits for it before
 * the folder goes (a worker's writing stops with the worker).
 */
import type { ResolvedConfig } from '../config/config.js'
import {
  fullTextMetaFile,
  fullTextSources,
  keepsBase,
  readFullTextState,
  stateIn,
  type FullTextMergeResult,
  type FullTextSource,
  type FullTextState,
} from '../emit/fulltext-index.js'
import type { Site } from '../link/link-site.js'
import { writeFiles } from '../output/write-output.js'
import type { CompiledPage } from '../parse/page.js'
import type { BuildScope } from './build-scope.js'

/** Sites from this many pages merge their full-text index on a worker; smaller ones on the main thread. */
export const FULLTEXT_WORKER_PAGES = 200

export interface FullTextJobContext {
  config: ResolvedConfig
  scope: BuildScope
  /** The staging folder the index is written into, and the output folder a delta's base is linked from. */
  staging: string
  out: string
  /** Keep pages marked as drafts (dev preview). */
  drafts?: boolean
}

/** The full-text index of one build, from its start to the files in the staging folder. */
export interface FullTextJob {
  /** Starts the merge for the compiled pages; called once, right after they are compiled. */
  start(pages: readonly CompiledPage[]): void
  /** Waits for the merge, then writes the meta file (which needs the pages' URLs). Returns the bytes written. */
  finish(site: Site): Promise<number>
  /**
   * What the next build starts from: the index's state as its files stand in the output folder, so called after the
   * staging folder was swapped in.
   */
  state(): FullTextState
  /** Resolves once this thread writes nothing more into the staging folder: before a failed build removes it. */
  settled(): Promise<void>
  /** The same, for Ctrl-C: a merge on a worker is not waited for, as the worker stops with the pool. */
  settledHere(): Promise<void>
}

export function createFullTextJob({ config, scope, staging, out, drafts }: FullTextJobContext): FullTextJob {
  let merging: Promise<FullTextMergeResult> | undefined
  let sources: FullTextSource[] = []
  let merged: FullTextMergeResult | undefined
  let onThisThread = false
  const done = () =>
    merging
      ? merging.then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve()
  return {
    start(pages) {
      sources = fullTextSources(pages, config, { drafts })
      const previous = scope.shared && scope.cacheDir ? readFullTextState(scope.cacheDir) : undefined
      const parallel = sources.length >= FULLTEXT_WORKER_PAGES && !keepsBase(sources, previous)
      onThisThread = !(parallel && scope.pool.threads)
      merging = scope.pool.run({ type: 'fulltext', sources, outDir: staging, previousDir: out, previous }, parallel)
    },
    async finish(site) {
      if (!merging) throw new Error('The full-text index was finished before it was started')
      merged = await merging
      const metaBytes = await writeFiles(staging, [fullTextMetaFile(site, merged, sources)], out)
      return merged.bytes + metaBytes
    },
    state() {
      if (!merged) throw new Error('The full-text state was asked for before the index was finished')
      return stateIn(out, merged.state)
    },
    settled: done,
    settledHere: () => (onThisThread ? done() : Promise.resolve()),
  }
}
