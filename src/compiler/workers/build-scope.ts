/**
 * What a build holds while it runs, and always gives back: the build cache (locked, or a private temporary one), the
 * worker pool, and the cleanups that Ctrl-C runs.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { tryLockCache, type CacheLock } from '../cache/cache-lock.js'
import { onInterrupt } from './interrupt.js'
import { workerCountFor } from './parallelism.js'
import { createPool, type TaskPool } from './pool.js'
import { createFileThread, type FileThread } from '../output/file-thread.js'
import type { ResolvedConfig } from '../config/config.js'
import { saltWithHooks } from '../config/config-module.js'
import { markdownPluginsOf, type MarkdownPlugins } from '../parse/markdown/plugins.js'

export interface ScopeOptions {
  /** Worker threads asked for; undefined chooses by the site's size (see parallelism.ts). */
  workers?: number
  /** The bundled worker entry; without it everything runs on the main thread. */
  workerFile?: string
  /** The bundled file thread's entry (output/file-worker.ts); without it files are linked and removed on the main thread. */
  fileWorkerFile?: string
  /** Build cache folder; false or undefined for none. */
  cacheDir?: string | false
  /**
   * Where the previous output waits for the next build's file thread to remove it (`.wikigen/removed/<site key>`):
   * beside the cache, not in it, so a CI that keeps the cache does not keep an old output too. Used only with the
   * shared cache and a file thread; without it the previous output is removed at the end of the build.
   */
  setAsideDir?: string
  /** The lock of `cacheDir`, when the caller holds it already (a dev session holds it for as long as it runs). */
  cacheLock?: CacheLock
  /** The config's markdown hooks the pages are compiled with (see withMarkdownHooks). */
  markdown?: MarkdownHooks
}

/** The config's markdown hooks, and the bundled config module build workers import to get them. */
export interface MarkdownHooks {
  plugins: MarkdownPlugins
  configModule?: string
}

/** The cache and threads a build works with. */
export interface BuildScope {
  pool: TaskPool
  /** Where the files of the previous output are linked and removed: a thread of its own when the site uses workers. */
  files: FileThread
  /** The cache folder the stages use: the shared cache, a private temporary one, or none. */
  cacheDir: string | undefined
  /** True when `cacheDir` is the shared cache, which outlives this build. */
  shared: boolean
  /**
   * Disposes of a folder the build made and no longer needs (the previous output, once the new one is in place). With a
   * shared cache and a file thread it is moved into `setAsideDir`, which the next build empties on its file thread
   * while it compiles; otherwise it is removed now, half of it on the file thread and half on the main thread in
   * `files.settled()`, which waits for either.
   */
  discard(folder: string): void
}

/**
 * Runs `work` with a task pool sized for `pages` pages and the build cache locked, and always closes both. When another
 * build holds the cache, this one works in a private temporary cache instead (see cache-lock.ts). Interrupted
 * (Ctrl-C), the pool stops and the temporary cache goes.
 */
export async function withBuildScope<T>(options: ScopeOptions, pages: number, work: (scope: BuildScope) => Promise<T>): Promise<T> {
  const wanted = workerCountFor(pages, options)
  const workers = options.workerFile && existsSync(options.workerFile) ? wanted : 0
  const ownLock = options.cacheDir && !options.cacheLock ? tryLockCache(options.cacheDir) : undefined
  const shared = Boolean(options.cacheDir && (options.cacheLock ?? ownLock))
  if (!shared && (workers > 0 || options.cacheDir)) removeOrphanedCaches()
  const temporaryCache =
    !shared && (workers > 0 || options.cacheDir) ? await mkdtemp(join(tmpdir(), `${TEMPORARY_CACHE_PREFIX}${process.pid}-`)) : undefined
  const cacheDir = shared ? (options.cacheDir as string) : temporaryCache
  const fileWorker = workers > 0 && options.fileWorkerFile && existsSync(options.fileWorkerFile) ? options.fileWorkerFile : undefined
  const files = createFileThread(fileWorker)
  const pool = createPool({ size: workers, workerFile: options.workerFile, cacheDir, markdown: options.markdown, files })
  const cleanUp = async () => {
    await Promise.all([pool.close(), files.close()])
    if (temporaryCache) await rm(temporaryCache, { recursive: true, force: true, maxRetries: 3 })
    ownLock?.release()
  }
  const forget = onInterrupt(cleanUp)
  const removed = shared && fileWorker ? options.setAsideDir : undefined
  // what the last build set aside goes while this one compiles: the file thread has nothing else to do then
  if (removed) for (const entry of listFolder(removed)) files.remove(join(removed, entry))
  const discard = (folder: string) => {
    if (removed && setAside(folder, removed)) return
    // removed at the end of the build: the main thread, which only waits then, unlinks half of it
    files.remove(folder, { split: true })
  }
  try {
    return await work({ pool, files, cacheDir, shared, discard })
  } finally {
    forget()
    // best effort: a temporary folder left behind must not replace the build's own result or error
    await cleanUp().catch(() => undefined)
  }
}

/** Moves `folder` into `into` in one rename; false when it cannot (another file system), and nothing moved. */
function setAside(folder: string, into: string): boolean {
  try {
    mkdirSync(into, { recursive: true })
    renameSync(folder, join(into, basename(folder)))
    return true
  } catch {
    return false
  }
}

function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

/** What withMarkdownHooks reads of a build's options. */
interface HookedOptions {
  cacheSalt?: string
  configModule?: string
}

/**
 * The options of a build of a config with markdown hooks: the hooks for the pool (and the config module for its
 * workers), and a cache salt that changes with the hooks' code. Without hooks, the options as they are.
 */
export function withMarkdownHooks<T extends HookedOptions>(options: T, config: ResolvedConfig): T & { markdown?: MarkdownHooks } {
  const plugins = markdownPluginsOf(config.markdown)
  if (!plugins) return options
  const hooks = Object.values(plugins).flat()
  return {
    ...options,
    cacheSalt: saltWithHooks(options.cacheSalt ?? '', options.configModule, hooks),
    markdown: { plugins, configModule: options.configModule },
  }
}

/** Temporary caches are named with the process that made them: `wikigen-cache-<pid>-XXXXXX` in the system's tmp. */
const TEMPORARY_CACHE_PREFIX = 'wikigen-cache-'

/**
 * Removes the temporary caches of builds that were killed (SIGKILL, a power cut), which no cleanup ran for: those whose
 * process is gone. A cache of a running build, of another user (not ours to remove) or of an unknown shape stays.
 */
export function removeOrphanedCaches(folder = tmpdir()): void {
  let entries: string[]
  try {
    entries = readdirSync(folder)
  } catch {
    return
  }
  for (const entry of entries) {
    const pid = Number(new RegExp(`^${TEMPORARY_CACHE_PREFIX}(\\d+)-\\w+$`).exec(entry)?.[1])
    if (!Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue
    try {
      rmSync(join(folder, entry), { recursive: true, force: true })
    } catch {
      // another user's, or already gone
    }
  }
}

/** True when a process of that id exists (also one of another user: signal 0 then fails with EPERM). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
