/**
 * Parses the pages `wikigen dev` recompiles after an edit on a worker thread of their own, so a heavy page (a few
 * seconds within the page's budget) never holds up the server: pages, live updates and other edits are answered
 * meanwhile. A page that takes longer than PARSE_TIMEOUT_MS, or kills its worker (out of memory), fails with an
 * error and the next page gets a new worker. Without a worker file (the compiler's own tests) or with markdown hooks
 * that no config module carries, pages are parsed on this thread as before.
 */
import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { SourceFile } from '../discover/load.js'

import type { Page } from '../parse/page.js'
import { parsePage, type ParseSettings } from '../parse/parse-page.js'
import type { Labels } from '../../shared/labels.js'
import type { MarkdownHooks } from './build-scope.js'
import type { Task } from './tasks.js'

/** The longest a page may take to parse before its worker is stopped. */
export const PARSE_TIMEOUT_MS = 30_000

export interface PageParser {
  parse(source: SourceFile, labels: Labels, settings?: ParseSettings): Promise<Page>
  /** The config's markdown hooks changed: the next page is parsed by a worker that loads them anew. */
  reset(markdown: MarkdownHooks | undefined): Promise<void>
  close(): Promise<void>
}

export function createPageParser(workerFile: string | undefined, given: MarkdownHooks | undefined): PageParser {
  let markdown = given
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, { thread: Worker; resolve(page: Page): void; reject(error: Error): void; timer: NodeJS.Timeout }>()
  const onThread = () => !workerFile || !existsSync(workerFile) || Boolean(markdown && !markdown.configModule)

  /** Rejects what `thread` was parsing: it stopped. */
  const failAll = (thread: Worker, error: Error) => {
    for (const [id, job] of pending) {
      if (job.thread !== thread) continue
      pending.delete(id)
      clearTimeout(job.timer)
      job.reject(error)
    }
  }
  const stop = async () => {
    const stopping = worker
    worker = undefined
    await stopping?.terminate()
  }
  const started = (): Worker => {
    if (worker) return worker
    const thread = new Worker(workerFile!, {
      workerData: { configModule: markdown?.configModule },
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    })
    thread.on('message', ({ id, result, error }: { id: number; result?: Page; error?: string }) => {
      const job = pending.get(id)
      if (!job) return
      pending.delete(id)
      clearTimeout(job.timer)
      if (error) job.reject(new Error(error.split('\n')[0]))
      else job.resolve(result!)
    })
    thread.on('error', (error: Error) => {
      if (worker === thread) worker = undefined
      failAll(thread, new Error(`its parser stopped: ${error.message}`))
    })
    thread.on('exit', () => {
      if (worker === thread) worker = undefined
      failAll(thread, new Error('its parser stopped (out of memory?)'))
    })
    // a waiting parser keeps no process alive: the dev server ends when its server closes
    thread.unref()
    worker = thread
    return thread
  }

  return {
    async parse(source, labels, settings) {
      if (onThread()) return parsePage(source, labels, markdown?.plugins, settings)
      const thread = started()
      const id = nextId++
      return new Promise<Page>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error(`parsing took longer than ${PARSE_TIMEOUT_MS / 1000} s`))
          void stop()
        }, PARSE_TIMEOUT_MS)
        pending.set(id, { thread, resolve, reject, timer })
        const task: Task = { type: 'parse', source, labels, settings }
        thread.postMessage({ id, task })
      })
    },
    async reset(hooks) {
      markdown = hooks
      await stop()
    },
    close: stop,
  }
}
