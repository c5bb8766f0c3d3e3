/**
 * A failed build reports its own error, whatever happens while it cleans up after itself.
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

vi.mock('../../../src/compiler/output/write-output.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/compiler/output/write-output.js')>()
  return {
    ...actual,
    // the disk fills up while the search index and assets are written …
    writeFiles: vi.fn(async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    }),
    // … and removing the staging folder fails too, as a busy network share does
    discardStaging: vi.fn(async () => {
      throw Object.assign(new Error('ENOTEMPTY: directory not empty, rmdir'), { code: 'ENOTEMPTY' })
    }),
  }
})

const { build } = await import('../../../src/compiler/build.js')

describe('a failed build', () => {
  it('reports the error that failed it, not the one of its cleanup', async () => {
    const work = mkdtempSync(join(tmpdir(), 'wikigen-fail-'))
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'Seite.md'), '# Seite\n')
    await expect(build({ root, out: join(work, 'site') })).rejects.toThrow('ENOSPC: no space left on device')
    expect(readdirSync(work).filter((name) => name === 'site')).toEqual([])
  })
})
