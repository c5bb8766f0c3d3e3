/**
 * A thread for the file operations of a build of a previous output (file-ops.ts): hard-linking its unchanged routes
 * into the staging folder, and removing it once the new output is swapped in. In a warm build of a large site they are
 * a third of the main thread's time, thousands of system calls while the second core idles; on this thread they run
 * beside the fingerprinting of the routes and the writing of the caches.
 *
 * Without a thread (a small site, tests of the compiler alone) the same operations run on the main thread, in order.
 */
import { Worker } from 'node:worker_threads'
import { filesUnder, removeFolder, reuseFiles, unlinkAll, writeAll, type FileToWrite } from './file-ops.js'

/** A file of the previous output and where it goes in the staging folder. */
export type FilePair = readonly [from: string, to: string]

export interface FileThread {
  /** Hard-links (or copies) every pair; resolves to the pairs that could not be, which the caller makes anew. */
  reuse(pairs: readonly FilePair[]): Promise<FilePair[]>
  /** Writes these files (making their folders); resolves once they are written. */
  write(files: readonly FileToWrite[]): Promise<void>
  /**
   * Starts removing a folder; `settled` waits for it. With `split`, half of its files are left to the main thread,
   * which unlinks them in `settled`, where it would otherwise only wait: for a folder removed at the end of a build.
   */
  remove(folder: string, options?: { split?: boolean }): void
  /** Resolves once every operation handed over is done; rejects with the first that failed. */
  settled(): Promise<void>
  /** Stops the thread at once, whatever it is doing (an interrupted or failed build). */
  close(): Promise<void>
}

/** What the main thread sends the file thread (file-worker.ts), and what it answers. */
export type FileRequest =
  | { id: number; reuse: readonly FilePair[] }
  | { id: number; write: readonly FileToWrite[] }
  | { id: number; unlink: readonly string[] }
  | { id: number; remove: string }
export interface FileAnswer {
  id: number
  failed?: FilePair[]
  error?: string
}

/** A file thread running `workerFile` (the bundled file-worker.ts), started at its first operation; none runs them here. */
export function createFileThread(workerFile: string | undefined): FileThread {
  return workerFile ? threaded(workerFile) : inline()
}

function inline(): FileThread {
  let failure: unknown
  return {
    async reuse(pairs) {
      return reuseFiles(pairs)
    },
    async write(files) {
      writeAll(files)
    },
    remove(folder) {
      try {
        removeFolder(folder)
      } catch (error) {
        failure ??= error
      }
    },
    settled: () => (failure ? Promise.reject(failure) : Promise.resolve()),
    close: () => Promise.resolve(),
  }
}

/** Fewer files than this are not worth a removal split with the main thread (`remove`). */
const SPLIT_ABOVE = 200

function threaded(workerFile: string): FileThread {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, { resolve(answer: FileAnswer): void; reject(error: Error): void }>()
  const inFlight = new Set<Promise<void>>()
  let failure: Error | undefined
  /** Why the thread is gone, when it died: what it was asked and what it would be asked is refused with that. */
  let died: Error | undefined
  /** Removals split with the main thread: the folder, the files the main thread unlinks, the thread's part. */
  const splits: { folder: string; mine: string[]; theirs: Promise<FileAnswer> }[] = []

  const send = (request: Omit<FileRequest, 'id'>): Promise<FileAnswer> => {
    if (died) {
      // refused work is failed work: the build that waits for it learns why
      failure ??= died
      return Promise.reject(died)
    }
    if (!worker) {
      worker = new Worker(workerFile)
      const gone = (error: Error) => {
        died ??= error
        for (const waiting of pending.values()) waiting.reject(died)
        pending.clear()
      }
      worker.on('message', (answer: FileAnswer) => {
        const waiting = pending.get(answer.id)
        pending.delete(answer.id)
        if (answer.error) waiting?.reject(new Error(`The file thread failed: ${answer.error}`))
        else waiting?.resolve(answer)
      })
      worker.on('error', gone)
      // a thread that ends without an error event (out of memory) would leave its requests unanswered
      worker.on('exit', (code) => gone(new Error(`The file thread stopped (exit code ${code})`)))
    }
    const id = nextId++
    const answered = new Promise<FileAnswer>((resolve, reject) => pending.set(id, { resolve, reject }))
    worker.postMessage({ id, ...request })
    const tracked: Promise<void> = answered.then(
      () => void inFlight.delete(tracked),
      (error: Error) => {
        inFlight.delete(tracked)
        failure ??= error
      },
    )
    inFlight.add(tracked)
    return answered
  }

  return {
    async reuse(pairs) {
      if (pairs.length === 0) return []
      return (await send({ reuse: pairs })).failed ?? []
    },
    async write(files) {
      if (files.length > 0) await send({ write: files })
    },
    remove(folder, options) {
      const files = options?.split && !died ? filesUnder(folder) : undefined
      if (!files || files.length < SPLIT_ABOVE) {
        void send({ remove: folder }).catch(() => undefined)
        return
      }
      // in folder order: the two threads mostly unlink in different folders
      const half = files.length >> 1
      const theirs = send({ unlink: files.slice(half) })
      theirs.catch(() => undefined)
      splits.push({ folder, mine: files.slice(0, half), theirs })
    },
    async settled() {
      for (const { folder, mine, theirs } of splits.splice(0)) {
        unlinkAll(mine)
        // the folders go once both halves are unlinked; a thread that failed has its failure reported instead
        const theyDid = await theirs.then(
          () => true,
          () => false,
        )
        if (theyDid) {
          try {
            removeFolder(folder)
          } catch (error) {
            failure ??= error as Error
          }
        }
      }
      while (inFlight.size > 0) await Promise.all(inFlight)
      if (failure) throw failure
    },
    async close() {
      const stopping = worker?.terminate()
      worker = undefined
      died ??= new Error('The file thread was stopped')
      for (const waiting of pending.values()) waiting.reject(died)
      pending.clear()
      await stopping
    },
  }
}
