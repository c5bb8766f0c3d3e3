import { describe, expect, it } from 'vitest'
import { createSerialQueue } from '../../../src/client/serial-queue.js'

/** A work function whose calls are recorded and finish only when the test says so. */
function controlledWork() {
  const log: string[] = []
  const pending = new Map<string, () => void>()
  const work = (item: string) =>
    new Promise<void>((resolve) => {
      log.push(`start ${item}`)
      pending.set(item, () => {
        log.push(`end ${item}`)
        resolve()
      })
    })
  const finish = async (item: string) => {
    await Promise.resolve()
    pending.get(item)?.()
    pending.delete(item)
    // let the queue move on to its next item
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { log, work, finish }
}

describe('createSerialQueue', () => {
  it('works through items one at a time, in the order they were added', async () => {
    const { log, work, finish } = controlledWork()
    const queue = createSerialQueue(work, () => {})
    queue.add(['a', 'b'])
    queue.add(['c'])
    await finish('a')
    await finish('b')
    await finish('c')
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('adds an item that is already waiting only once', async () => {
    const { log, work, finish } = controlledWork()
    const queue = createSerialQueue(work, () => {})
    queue.add(['a', 'b', 'b'])
    queue.add(['b'])
    await finish('a')
    await finish('b')
    await queue.idle()
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b'])
  })

  it('runs the item being worked on again when it is added meanwhile (the work decides whether to redo it)', async () => {
    const { log, work, finish } = controlledWork()
    const queue = createSerialQueue(work, () => {})
    queue.add(['a'])
    queue.add(['a'])
    await finish('a')
    await finish('a')
    expect(log).toEqual(['start a', 'end a', 'start a', 'end a'])
  })

  it('forgets waiting items on clear, lets the running one finish, and starts again on the next add', async () => {
    const { log, work, finish } = controlledWork()
    const queue = createSerialQueue(work, () => {})
    queue.add(['a', 'b', 'c'])
    queue.clear()
    await finish('a')
    await queue.idle()
    queue.add(['d'])
    await finish('d')
    expect(log).toEqual(['start a', 'end a', 'start d', 'end d'])
  })

  it('passes a failure to onError and goes on with the next item', async () => {
    const errors: unknown[] = []
    const done: string[] = []
    const queue = createSerialQueue(
      async (item: string) => {
        if (item === 'bad') throw new Error('broken diagram')
        done.push(item)
      },
      (error) => errors.push(error),
    )
    queue.add(['good', 'bad', 'also good'])
    await queue.idle()
    expect(done).toEqual(['good', 'also good'])
    expect(errors).toEqual([new Error('broken diagram')])
  })

  it('is idle at once when nothing was added', async () => {
    const queue = createSerialQueue(
      async () => {},
      () => {},
    )
    await expect(queue.idle()).resolves.toBeUndefined()
  })
})
