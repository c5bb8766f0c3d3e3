/**
 * Which thread compiles a batch of pages: a batch with few pages to compile stays on the main thread (a warm build with
 * one changed page starts no worker), but once the workers took a batch, a small one after it goes to them too.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toSourcePath } from '../../../../src/compiler/paths.js'
import type { ContentRef } from '../../../../src/compiler/discover/load.js'
import type { BuildScope } from '../../../../src/compiler/workers/build-scope.js'
import { compilePages } from '../../../../src/compiler/workers/compile.js'
import { COMPILE_BATCH } from '../../../../src/compiler/workers/parallelism.js'
import { createPool, type TaskPool } from '../../../../src/compiler/workers/pool.js'
import type { Task } from '../../../../src/compiler/workers/tasks.js'
import { tempDir } from '../../../integration/helpers.js'

/** `count` pages in a new folder, as the discover step lists them. */
function pages(count: number): ContentRef[] {
  const root = tempDir('wikigen-batches-')
  return Array.from({ length: count }, (_, i) => {
    const name = `Seite ${i}.md`
    writeFileSync(join(root, name), `# Seite ${i}\n\nText.\n`)
    return { path: toSourcePath(name), absolute: join(root, name) }
  })
}

/** Compiles `refs` on the main thread, and returns how many pages each batch had and whether it was sent to a worker. */
async function batchesOf(refs: ContentRef[]): Promise<[pages: number, toWorkers: boolean][]> {
  const inline = createPool({ size: 0 })
  const sent: [number, boolean][] = []
  const pool: TaskPool = {
    ...inline,
    run: ((task: Task, parallel: boolean) => {
      if (task.type === 'compile') sent.push([task.sources.length, parallel])
      return inline.run(task as never, false)
    }) as unknown as TaskPool['run'],
  }
  const scope = { pool, cacheDir: undefined, shared: false } as unknown as BuildScope
  const result = await compilePages(refs, scope, {})
  expect(result.pages).toHaveLength(refs.length)
  return sent
}

describe('compile batches', () => {
  it('keeps a few pages to compile on the main thread', async () => {
    expect(await batchesOf(pages(3))).toEqual([[3, false]])
  })

  it('sends the last, small batch to the workers once they compile the others', async () => {
    const sent = await batchesOf(pages(2 * COMPILE_BATCH + 1))
    expect(sent).toEqual([
      [COMPILE_BATCH, true],
      [COMPILE_BATCH, true],
      [1, true],
    ])
  })
})
