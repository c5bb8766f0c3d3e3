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
import type { ThemeSlots } from '../emit/theme-slots.js'
import type { SlotFailure } from '../emit/slot-render.js'

export interface RenderOptions extends ParallelismOptions {
  /** Salt for fingerprints: changes whenever the compiler code changes. */
  cacheSalt?: string
  /** The site's theme slots (emit/theme-slots.ts): their code is part of every route's fingerprint. */
  slots?: ThemeSlots
  /** A route's key (cache/route-keys.ts): a route whose key is unchanged keeps its last fingerprint. */
  keyOf?(job: RenderJob): string | undefined
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
  const salt = fingerprintSalt(options)
  const toRender: RenderJob[] = []
  // unchanged routes go to the file thread in portions, to be linked while the next ones are fingerprinted
  const relinking: Promise<RenderJob[]>[] = []
  let unchanged: RenderJob[] = []
  let reused = 0
  const relink = (portion: RenderJob[]) => {
    reused += portion.length
    return reusePrevious(portion, target, scope)
  }
  for (const job of jobs) {
    if (cache?.isFresh(job.file, () => fingerprintOf(job, salt), options.keyOf?.(job))) {
      unchanged.push(job)
      if (unchanged.length === RELINK_BATCH) {
        relinking.push(relink(unchanged))
        unchanged = []
      }
    } else toRender.push(job)
  }
  if (unchanged.length > 0) relinking.push(relink(unchanged))

  let bytes = 0
  let done = reused
  const slotFailures: SlotFailure[] = []
  options.onProgress?.('render', done, jobs.length)
  const renderAll = (routes: RenderJob[]) => {
    const parallel = rendersInParallel(routes.length, options)
    return Promise.all(
      chunk(routes, RENDER_BATCH).map(async (batch) => {
        const result = await scope.pool.run(
          { type: 'render', jobs: batch, outDir: target.staging, slots: options.slots?.bundles },
          parallel,
        )
        bytes += result.bytes
        for (const failure of result.slotFailures ?? [])
          if (!slotFailures.some((known) => known.name === failure.name)) slotFailures.push(failure)
        done += batch.length
        options.onProgress?.('render', done, jobs.length)
      }),
    )
  }
  await renderAll(toRender)
  // a route the previous output lost (deleted by hand) is rendered after all
  const lost = (await Promise.all(relinking)).flat()
  reused -= lost.length
  done -= lost.length
  await renderAll(lost)
  return { bytes, rendered: toRender.length + lost.length, reused, slotFailures }
}

/** What fingerprints are salted with: the compiler's code and hooks, and the theme slots' code. */
export function fingerprintSalt(options: Pick<RenderOptions, 'cacheSalt' | 'slots'>): string {
  return options.slots ? `${options.cacheSalt ?? ''}\0slots ${options.slots.hash}` : (options.cacheSalt ?? '')
}

/** Routes per portion handed to the file thread: large enough that its messages cost nothing beside the linking. */
const RELINK_BATCH = 500

/** Links `routes` from the previous output into the staging folder; resolves to those it could not. */
async function reusePrevious(routes: RenderJob[], target: { staging: string; out: string }, scope: BuildScope): Promise<RenderJob[]> {
  const failed = await scope.files.reuse(routes.map((job) => [join(target.out, job.file), join(target.staging, job.file)] as const))
  if (failed.length === 0) return []
  const lost = new Set(failed.map(([, to]) => to))
  return routes.filter((job) => lost.has(join(target.staging, job.file)))
}
