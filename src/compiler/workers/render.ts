/**
 * The render step: every route's HTML, written straight into the staging folder by the workers. A route whose
 * fingerprint equals the one it had in the previous build of the same output folder (render-cache.ts) is hard-linked
 * from there instead of rendered again.
 */
import { join } from 'node:path'
import type { BuildScope } from './build-scope.js'
import { fingerprintOf, type RenderJob } from '../emit/page-routes.js'
import { chunk, RENDER_BATCH, rendersInParallel, type ParallelismOptions } from './parallelism.js'
import type { RenderCache } from '../cache/render-cache.js'
import { reuseFile } from '../output/write-output.js'
import type { ThemeSlots } from '../emit/theme-slots.js'
import type { SlotFailure } from '../emit/slot-render.js'

export interface RenderOptions extends ParallelismOptions {
  /** Salt for fingerprints: changes whenever the compiler code changes. */
  cacheSalt?: string
  /** The site's theme slots (emit/theme-slots.ts): their code is part of every route's fingerprint. */
  slots?: ThemeSlots
  onProgress?: (phase: 'render', done: number, total: number) => void
}

export interface RenderResult {
  /** Bytes of HTML rendered (routes reused from the previous output not counted). */
  bytes: number
  rendered: number
  reused: number
  /** Slots whose component failed while a page rendered (emit/slot-render.ts). */
  slotFailures: SlotFailure[]
}

/** Renders `jobs` into `staging`, reusing unchanged routes of `out` when there is a render cache. */
export async function renderRoutes(
  jobs: readonly RenderJob[],
  target: { staging: string; out: string },
  scope: BuildScope,
  cache: RenderCache | undefined,
  options: RenderOptions,
): Promise<RenderResult> {
  const toRender: RenderJob[] = []
  const folders = new Set<string>()
  let reused = 0
  const salt = options.slots ? `${options.cacheSalt ?? ''}\0slots ${options.slots.hash}` : (options.cacheSalt ?? '')
  for (const job of jobs) {
    if (!cache) {
      toRender.push(job)
      continue
    }
    const fresh = cache.isFresh(job.file, fingerprintOf(job, salt))
    if (fresh && reuseFile(join(target.out, job.file), join(target.staging, job.file), folders)) reused++
    else toRender.push(job)
  }
  let bytes = 0
  let done = reused
  const slotFailures: SlotFailure[] = []
  options.onProgress?.('render', done, jobs.length)
  const parallel = rendersInParallel(toRender.length, options)
  await Promise.all(
    chunk(toRender, RENDER_BATCH).map(async (batch) => {
      const result = await scope.pool.run({ type: 'render', jobs: batch, outDir: target.staging, slots: options.slots?.bundles }, parallel)
      bytes += result.bytes
      for (const failure of result.slotFailures ?? [])
        if (!slotFailures.some((known) => known.name === failure.name)) slotFailures.push(failure)
      done += batch.length
      options.onProgress?.('render', done, jobs.length)
    }),
  )
  return { bytes, rendered: toRender.length, reused, slotFailures }
}
