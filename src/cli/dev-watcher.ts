/**
 * The watching side of `wikigen dev`: file events of the content root become batches of changes, one batch built at a
 * time, each starting from the files as they are then (Obsidian's autosave writes in bursts; the latest state wins).
 * After each burst a reconcile batch compares the folder itself with what was built, for events a watcher merged or
 * dropped.
 *
 * Symbolic links are not followed (a link to a parent folder would make the watcher walk the disk; what a link inside
 * the root leads to is read by the session's own rules). A content root that disappears (moved away, a checkout
 * switching branches) pauses the updates, and the last good site stays served; when it is back, it is watched anew and
 * reconciled, so its pages come back.
 */
import chokidar, { type FSWatcher } from 'chokidar'
import { existsSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import type { FileChange } from '../compiler/dev-session.js'
import { CONFIG_FILES } from './load-config.js'

/** What one build of the dev session has to do. */
export interface ChangeBatch {
  changes: FileChange[]
  /** wikigen.config.ts changed: everything is built again. */
  configChanged: boolean
  /** Compare the folder with what was built instead of (or besides) the changes. */
  reconcile: boolean
}

export interface WatcherOptions {
  /** Quiet period before a batch of changes is built, in ms (default 25). */
  debounceMs?: number
  /** How often the content root's presence is checked, in ms (default 500). */
  rootCheckMs?: number
  /** Files other than the config whose change is one of the config (the theme's slots), relative to the root. */
  isConfigFile?(path: string): boolean
  onRootMissing?(): void
  onRootBack?(): void
}

export interface ContentWatcher {
  /** Resolves once the first scan of the folder is done. */
  ready: Promise<void>
  /** Starts handing batches to `apply`, one at a time, beginning with what changed since the watcher started. */
  start(apply: (batch: ChangeBatch) => Promise<void>): void
  /** Resolves once every change seen so far is built. */
  settled(): Promise<void>
  close(): Promise<void>
}

/**
 * Quiet time after a burst before the folder is compared with what was built, in ms. The comparison reads every file's
 * stamp (100 ms of the main thread at 3 000 pages): after 300 ms it met the next save of an author at work.
 */
const RECONCILE_PAUSE_MS = 1000

const IGNORED = /(^|[/\\])(\.git|\.obsidian|\.trash|node_modules)([/\\]|$)/

/** Watches `root`; events are kept until `start` is called (the initial build runs meanwhile). */
export function watchContent(root: string, options: WatcherOptions = {}): ContentWatcher {
  const absoluteRoot = resolve(root)
  const pending = new Map<string, FileChange>()
  let configChanged = false
  let reconcileNext = false
  let apply: ((batch: ChangeBatch) => Promise<void>) | undefined
  let timer: NodeJS.Timeout | undefined
  let reconcileTimer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let idle: (() => void)[] = []
  let present = true
  let closed = false

  const schedule = () => {
    clearTimeout(timer)
    if (apply) timer = setTimeout(() => flush(), options.debounceMs ?? 25)
  }
  const flush = (reconcile = false) => {
    timer = undefined
    const run = apply
    if (!run) return
    running = running.then(async () => {
      if (!present) return // the last good site stays; the batch comes again as a reconcile once the root is back
      const batch: ChangeBatch = { changes: [...pending.values()], configChanged, reconcile: reconcile || reconcileNext }
      pending.clear()
      configChanged = false
      reconcileNext = false
      if (batch.changes.length === 0 && !batch.configChanged && !batch.reconcile) return
      await run(batch)
    })
    if (!reconcile) {
      // once a burst is over, check the folder itself: watchers can merge or drop events of rapid renames
      clearTimeout(reconcileTimer)
      reconcileTimer = setTimeout(() => flush(true), RECONCILE_PAUSE_MS)
    }
    void running.then(() => {
      if (!timer && pending.size === 0) {
        const waiting = idle
        idle = []
        for (const done of waiting) done()
      }
    })
  }
  const enqueue = (kind: FileChange['kind']) => (absolute: string) => {
    if (!present || !existsSync(absoluteRoot)) return
    const path = relative(absoluteRoot, absolute).split(sep).join('/')
    if (CONFIG_FILES.includes(path) || options.isConfigFile?.(path)) configChanged = true
    else if (path !== '' && !path.startsWith('..') && !path.split('/').some((part) => part.startsWith('.')))
      pending.set(path, { path, kind })
    schedule()
  }

  let watcher: FSWatcher
  const startWatcher = () => {
    watcher = chokidar.watch(absoluteRoot, {
      ignoreInitial: true,
      ignored: (path) => IGNORED.test(path),
      followSymlinks: false,
      awaitWriteFinish: false,
    })
    // a new file is a change like any other: the session looks at what is there
    watcher.on('add', enqueue('change')).on('change', enqueue('change')).on('unlink', enqueue('unlink'))
    // a watcher's own errors (a folder removed under it) must not end the server
    watcher.on('error', () => undefined)
    return new Promise<void>((ready) => watcher.once('ready', () => ready()))
  }
  const ready = startWatcher()

  const rootCheck = setInterval(() => {
    const exists = existsSync(absoluteRoot)
    if (present && !exists) {
      present = false
      pending.clear()
      options.onRootMissing?.()
    } else if (!present && exists && !closed) {
      present = true
      void watcher
        .close()
        .then(() => startWatcher())
        .then(() => {
          reconcileNext = true
          options.onRootBack?.()
          flush(true)
        })
    }
  }, options.rootCheckMs ?? 500)
  rootCheck.unref()

  return {
    ready,
    start(run) {
      apply = run
      if (pending.size > 0 || configChanged) schedule()
    },
    settled: () =>
      new Promise<void>((done) => {
        if (!timer && pending.size === 0) void running.then(() => done())
        else idle.push(done)
      }),
    async close() {
      closed = true
      clearTimeout(timer)
      clearTimeout(reconcileTimer)
      clearInterval(rootCheck)
      await watcher.close()
    },
  }
}
