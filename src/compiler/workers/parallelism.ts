/**
 * When a build spreads its work over worker threads, and in what portions. Starting a worker costs tens of
 * milliseconds and a copy of the parser, so small sites, tests and warm rebuilds with a few changed pages run on the
 * main thread; larger ones use one worker per core.
 */
import { availableParallelism } from 'node:os'

/** Sites of this many pages or more start workers by default (fewer compile faster on the main thread). */
export const WORKER_SITE_THRESHOLD = 64

/** Pages per compile task: one body pack file in the cache per task. */
export const COMPILE_BATCH = 24

/** Routes per render task. */
export const RENDER_BATCH = 48

/** Compile tasks in flight at once while reading ahead, so texts stream through instead of piling up in memory. */
export const READ_AHEAD = 4

/** A compile task with fewer uncached pages than this runs on the main thread. */
const COMPILE_PARALLEL_THRESHOLD = 8

/** A render phase with fewer routes to render than this runs on the main thread. */
const RENDER_PARALLEL_THRESHOLD = 32

export interface ParallelismOptions {
  /** Worker threads asked for (CLI --workers); undefined chooses by the site's size. */
  workers?: number
}

/** Worker threads for a site of `pages` pages. */
export function workerCountFor(pages: number, options: ParallelismOptions): number {
  return options.workers ?? (pages >= WORKER_SITE_THRESHOLD ? Math.max(1, availableParallelism()) : 0)
}

/** An explicit worker count (CLI --workers) uses the workers for any amount of work. */
function forcesWorkers(options: ParallelismOptions): boolean {
  return options.workers !== undefined && options.workers > 0
}

/** True when `misses` uncached pages of one compile batch should go to a worker. */
export function compilesInParallel(misses: number, options: ParallelismOptions): boolean {
  return forcesWorkers(options) || misses >= COMPILE_PARALLEL_THRESHOLD
}

/** True when `routes` routes to render should go to the workers. */
export function rendersInParallel(routes: number, options: ParallelismOptions): boolean {
  return forcesWorkers(options) || routes >= RENDER_PARALLEL_THRESHOLD
}

/** Splits `items` into consecutive portions of `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
