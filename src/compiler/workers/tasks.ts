/**
 * The work a build spreads over threads: compiling batches of content files and rendering batches of routes.
 * The same functions run inside worker threads and, for small sites and tests, on the main thread.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { readSource, type ContentRef } from '../load.js'
import { parsePage } from '../parse-page.js'
import type { Diagnostic } from '../diagnostics.js'
import { createDiskStore, createMemoryStore, type PageStore } from '../page-store.js'
import type { PageMeta } from '../resolve-links.js'
import { renderJob, type RenderJob } from '../emit/page-routes.js'

export type Task =
  | { type: 'compile'; refs: ContentRef[]; salt: string }
  | { type: 'render'; jobs: RenderJob[]; outDir: string }

export interface CompileResult {
  pages: PageMeta[]
  /** Files that could not be read at all. */
  diagnostics: Diagnostic[]
  cached: number
}

export interface RenderResult {
  bytes: number
  /** Size of each written file, by output path. */
  sizes: Record<string, number>
}

/** Where a task runner keeps compiled pages: on disk when `cacheDir` is set, else in memory. */
export function createTaskRunner(cacheDir: string | undefined): { run(task: Task): Promise<CompileResult | RenderResult>; store: PageStore } {
  const store = cacheDir ? createDiskStore(cacheDir) : createMemoryStore()
  return {
    store,
    async run(task) {
      return task.type === 'compile' ? compileBatch(task.refs, task.salt, store) : renderBatch(task.jobs, task.outDir, store)
    },
  }
}

async function compileBatch(refs: ContentRef[], salt: string, store: PageStore): Promise<CompileResult> {
  const result: CompileResult = { pages: [], diagnostics: [], cached: 0 }
  for (const ref of refs) {
    let source
    try {
      source = await readSource(ref, salt)
    } catch (error) {
      result.diagnostics.push({
        severity: 'error', code: 'unreadable-file', file: ref.path, line: 0, column: 0,
        message: `File cannot be read: ${(error as Error).message}`, hint: 'Check that the file exists and is readable.',
      })
      continue
    }
    let page = store.get(source.contentHash)
    if (page) result.cached++
    else {
      page = parsePage(source)
      store.put(page)
    }
    if (source.text === '' && source.diagnostics.some((d) => d.code === 'unreadable-file')) {
      result.diagnostics.push(...source.diagnostics)
      continue
    }
    const { html: _html, ...meta } = page
    result.pages.push(meta)
  }
  return result
}

function renderBatch(jobs: RenderJob[], outDir: string, store: PageStore): RenderResult {
  const result: RenderResult = { bytes: 0, sizes: {} }
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
    const size = Buffer.byteLength(html)
    result.bytes += size
    result.sizes[job.file] = size
  }
  return result
}
