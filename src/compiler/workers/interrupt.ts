/**
 * What must be undone when the process is interrupted (Ctrl-C, SIGTERM) in the middle of a build: stop the worker
 * threads, remove the staging folder and temporary cache, release the cache lock. A stage registers its cleanup for as
 * long as it holds something; the CLI runs them all when a signal arrives, then exits.
 */

type Cleanup = () => void | Promise<void>

const cleanups = new Set<Cleanup>()
let interrupted = false

/** True once a signal started the cleanups: work failing from then on fails because of it. */
export function wasInterrupted(): boolean {
  return interrupted
}

/** Registers a cleanup to run on interruption; returns the function that unregisters it. */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup)
  return () => {
    cleanups.delete(cleanup)
  }
}

/**
 * Runs every registered cleanup in the order they were registered: the worker pool, registered before the staging
 * folder it writes into, stops before that folder is removed. A cleanup that fails does not stop the others.
 */
export async function runInterruptCleanups(): Promise<void> {
  interrupted = true
  const pending = [...cleanups]
  cleanups.clear()
  for (const cleanup of pending) {
    try {
      await cleanup()
    } catch {
      // best effort: the next build removes leftovers of a killed one
    }
  }
}
