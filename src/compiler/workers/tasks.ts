/**
 * The work a build spreads over threads: compiling batches of read source files and rendering batches of routes.
 * The same functions run inside worker threads and, for small amounts of work, on the main thread.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { renderJob, type RenderJob } from '../emit/page-routes.js'
import { createDiskStore, createMemoryStore, type PageStore, type StoredBodies } from '../page-store.js'
import type { SourceFile } from '../load.js'
import { parsePage } from '../parse-page.js'
import type { CompiledPage } from '../page.js'

/**
 * A task for a thread. `bodies` tells the store of the thread that runs it where the bodies are that another thread
 * stored (the pool fills it in when it hands the task to a worker).
 */
export type Task = { type: 'compile'; sources: SourceFile[] } | { type: 'render'; jobs: RenderJob[]; outDir: string; bodies?: StoredBodies }

export interface CompileResult {
  pages: CompiledPage[]
  /** Where this thread stored the pages' bodies, for the store of the thread that asked. */
  bodies: StoredBodies
}

export interface RenderResult {
  bytes: number
}

/** A task runner over a page store: on disk when `cacheDir` is set, else in memory. */
export function createTaskRunner(cacheDir: string | undefined): {
  run(task: Task): Promise<CompileResult | RenderResult>
  store: PageStore
} {
  const store = cacheDir ? createDiskStore(cacheDir) : createMemoryStore()
  return {
    store,
    async run(task) {
      if (task.type === 'compile') return compileBatch(task.sources, store)
      if (task.bodies) store.adopt(task.bodies)
      return renderBatch(task.jobs, task.outDir, store)
    },
  }
}

function compileBatch(sources: SourceFile[], store: PageStore): CompileResult {
  const pages = store.put(sources.map(parsePage))
  return { pages, bodies: store.locationsOf(pages.map((page) => page.contentHash)) }
}

function renderBatch(jobs: RenderJob[], outDir: string, store: PageStore): RenderResult {
  let bytes = 0
  const made = new Set<string>()
  for (const job of jobs) {
    const html = renderJob(job, (hash) => store.body(hash))
    const file = join(outDir, job.file)
    const folder = dirname(file)
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true })
      made.add(folder)
    }
    writeFileSync(file, html)
    bytes += Buffer.byteLength(html)
  }
  return { bytes }
}
