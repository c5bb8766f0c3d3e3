/**
 * A queue that works through its items one at a time, in the order they were added (spec §4: diagrams render
 * "one after another from a queue"). It lives for the whole page session, so mounts and navigations share it.
 */

/** The queue returned by `createSerialQueue`. */
export interface SerialQueue<T> {
  /**
   * Adds items to the end of the queue and starts working if it was idle. An item that is already waiting is
   * not added twice; the item being worked on can be added again (it then runs once more after the others), so
   * the work function must be idempotent: it checks whether there is still something to do.
   */
  add(items: Iterable<T>): void
  /** Forgets every waiting item, say when the page they belong to was left; the running item finishes. */
  clear(): void
  /** Resolves once the queue has nothing left to do (at once when idle). */
  idle(): Promise<void>
}

/**
 * Creates a queue that calls `work` for one item at a time. A `work` that throws or rejects is passed to
 * `onError` and the queue goes on with the next item, so one bad item never stalls the rest.
 *
 *     const queue = createSerialQueue(renderDiagram, console.error)
 *     queue.add(blocks)   // renders blocks[0], then blocks[1], …
 */
export function createSerialQueue<T>(work: (item: T) => Promise<void>, onError: (error: unknown) => void): SerialQueue<T> {
  const waiting: T[] = []
  let busy = false
  let drained: Promise<void> = Promise.resolve()

  const drain = async (): Promise<void> => {
    try {
      while (waiting.length > 0) {
        const [item] = waiting.splice(0, 1)
        try {
          await work(item)
        } catch (error) {
          onError(error)
        }
      }
    } finally {
      busy = false
    }
  }

  return {
    add(items) {
      for (const item of items) if (!waiting.includes(item)) waiting.push(item)
      if (busy || waiting.length === 0) return
      busy = true
      drained = drain()
    },
    clear() {
      waiting.length = 0
    },
    idle() {
      return drained
    },
  }
}
