import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { decodeSource } from '../../../../src/compiler/discover/load.js'
import { toSourcePath } from '../../../../src/compiler/paths.js'
import type { FileThread } from '../../../../src/compiler/output/file-thread.js'
import { createTaskRunner, type CompileResult } from '../../../../src/compiler/workers/tasks.js'

/** A file thread whose writes fail at once, and whose links answer only later: the order a full disk gives. */
function failingWrites(): FileThread {
  return {
    reuse: () => new Promise((resolve) => setTimeout(() => resolve([]), 50)),
    write: () => Promise.reject(new Error('ENOSPC: no space left on device')),
    remove() {},
    settled: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
process.on('unhandledRejection', onUnhandled)
afterEach(() => void (unhandled.length = 0))

describe('the full-text merge on a file thread', () => {
  it('fails with the reason of a write that failed, and leaves no rejection unhandled', async () => {
    const runner = createTaskRunner(undefined, undefined, failingWrites())
    // words of 300 first-letter pairs: more shard files than one batch holds, so writes start during the merge
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const words = [...letters].flatMap((a) => [...letters].slice(0, 12).map((b) => `${a}${b}kwort`))
    const text = `# Zopf\n\nMehl, Zucker und Butter. ${words.join(' ')}\n`
    const source = decodeSource(toSourcePath('Zopf.md'), new TextEncoder().encode(text), 'hash-zopf')
    const compiled = (await runner.run({ type: 'compile', sources: [source] })) as CompileResult
    const outDir = join(mkdtempSync(join(tmpdir(), 'wikigen-fulltext-')), 'staging')
    const merge = runner.run({
      type: 'fulltext',
      sources: [{ hash: compiled.pages[0]!.contentHash, title: 'Zopf', href: '/zopf.html' }],
      outDir,
    })
    await expect(merge).rejects.toThrow(/ENOSPC/)
    // the event loop turns once more: an unhandled rejection would be reported by now
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(unhandled).toEqual([])
  })
})
