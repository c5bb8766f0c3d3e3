/**
 * Runs build tasks on worker threads, or inline. Workers start only when a phase has enough work to pay for
 * their start-up, so a warm rebuild with one changed page never starts one.
 */
import { Worker } from 'node:worker_threads'
import { createTaskRunner, type CompileResult, type FullTextMergeResult, type RenderResult, type Task } from './tasks.js'
import type { PageStore } from '../cache/page-store.js'
import type { FileThread } from '../output/file-thread.js'
import type { MarkdownPlugins } from '../parse/markdown/plugins.js'

export interface TaskPool {
  /** Runs a task on a worker when `parallel` (and workers are configured), else on the main thread. */
  run(task: Extract<Task, { type: 'compile' }>, parallel: boolean): Promise<CompileResult>
  run(task: Extract<Task, { type: 'render' }>, parallel: boolean): Promise<RenderResult>
  run(task: Extract<Task, { type: 'fulltext' }>, parallel: boolean): Promise<FullTextMergeResult>
  /** The page store the main thread uses (the same folder the workers write). */
  store: PageStore
  /** True when tasks run with `parallel` go to worker threads. */
  readonly threads: boolean
  /**
   * Tells the workers that a phase is over: each collects its garbage before its next task, so the memory that
   * compiling left behind goes back to the system while the main thread links (the build's peak, otherwise).
   */
  release(): void
  close(): Promise<void>
}

export interface PoolOptions {
  /** Number of worker threads; 0 runs every task on the main thread. */
  size: number
  /** The bundled worker entry (required when size > 0). */
  workerFile?: string
  /** Shared cache folder; required when size > 0, optional inline. */
  cacheDir?: string
  /**
   * The config's markdown hooks, for tasks on the main thread, and the bundled config module the workers import to
   * get them. Hooks without a module keep compiling on the main thread.
   */
  markdown?: { plugins: MarkdownPlugins; configModule?: string }
  /** Where tasks on the main thread link files of the previous output (its own thread, in a large site). */
  files?: FileThread
}

export function createPool(options: PoolOptions): TaskPool {
  const inline = createTaskRunner(options.cacheDir, options.markdown?.plugins, options.files)
  const canUseWorkers = options.size > 0 && Boolean(options.workerFile) && Boolean(options.cacheDir)
  // functions reach a worker only through the config module
  const canCompileOnWorkers = canUseWorkers && (!options.markdown || Boolean(options.markdown.configModule))
  const idle: Worker[] = []
  const workers: Worker[] = []
  const queue: { task: Task; resolve(value: unknown): void; reject(error: Error): void }[] = []
  const pending = new Map<number, { worker: Worker; compile: boolean; resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0

  const start = () => {
    for (let i = 0; i < options.size; i++) {
      const worker = new Worker(options.workerFile!, {
        workerData: { cacheDir: options.cacheDir, configModule: options.markdown?.configModule },
        // a larger young generation: parsing allocates many short-lived objects
        resourceLimits: { maxYoungGenerationSizeMb: 48 },
      })
      worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
        const job = pending.get(id)!
        pending.delete(id)
        if (error) job.reject(new Error(`Build worker failed: ${error}`))
        else {
          // the main thread's store learns where the worker put the bodies it compiled
          if (job.compile) inline.store.adopt((result as CompileResult).bodies)
          job.resolve(result)
        }
        idle.push(worker)
        pump()
      })
      worker.on('error', (error: Error) => {
        for (const [id, job] of pending) {
          if (job.worker === worker) {
            pending.delete(id)
            job.reject(error)
          }
        }
      })
      workers.push(worker)
      idle.push(worker)
    }
  }
  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!
      const item = queue.shift()!
      const id = nextId++
      pending.set(id, { worker, compile: item.task.type === 'compile', resolve: item.resolve, reject: item.reject })
      // a worker's store knows only the bodies it compiled itself: the task says where the others are
      const task =
        item.task.type === 'render'
          ? { ...item.task, bodies: inline.store.locationsOf(item.task.jobs.flatMap((job) => job.bodyHashes)) }
          : item.task.type === 'fulltext'
            ? { ...item.task, bodies: inline.store.locationsOf(item.task.sources.map((source) => source.hash)) }
            : item.task
      worker.postMessage({ id, task })
    }
  }
  return {
    run: ((task: Task, parallel: boolean) => {
      if (!parallel || !canUseWorkers || (task.type === 'compile' && !canCompileOnWorkers)) return inline.run(task)
      if (workers.length === 0) start()
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject: reject as (error: Error) => void })
        pump()
      })
    }) as TaskPool['run'],
    store: inline.store,
    threads: canUseWorkers,
    release() {
      for (const worker of workers) worker.postMessage({ release: true })
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()))
    },
  }
}
