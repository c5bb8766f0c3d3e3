import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDiskStore } from '../../../../src/compiler/cache/page-store.js'
import type { Page } from '../../../../src/compiler/parse/page.js'
import { compile } from '../page-fixtures.js'

/** A compiled page as the store takes it (the fixture's type leaves out the full-text data the parser adds). */
const page = (path: string, text: string): Page => ({ searchData: '', ...compile(path, text) })

describe('the disk page store', () => {
  it('keeps pages across builds: unchanged index lines written again byte for byte, new ones added', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const first = createDiskStore(dir)
    const [grüsse, plan] = first.put([page('Grüsse.md', '# Grüsse aus Zürich\n\nÄrger über Öl.\n'), page('Plan.md', '# Plan\n\nText.\n')])
    first.commit([grüsse, plan])
    const written = readFileSync(join(dir, 'pages.jsonl'), 'latin1')
    expect(written).toMatch(/^[\x00-\x7f]*$/)

    // the next build: one page unchanged, one new
    const second = createDiskStore(dir)
    expect(second.meta(grüsse.contentHash)).toEqual(grüsse)
    expect(second.body(grüsse.contentHash)).toContain('Ärger über Öl.')
    const [neu] = second.put([page('Neu.md', '# Neu\n\nÜbermorgen.\n')])
    second.commit([grüsse, neu])
    const lines = readFileSync(join(dir, 'pages.jsonl'), 'latin1').split('\n')
    expect(lines).toHaveLength(4) // version, two pages, the final newline
    expect(lines[1]).toBe(written.split('\n')[1])
    expect(lines[3]).toBe('')

    const third = createDiskStore(dir)
    expect(third.meta(grüsse.contentHash)?.title).toBe('Grüsse aus Zürich')
    expect(third.meta(neu.contentHash)).toEqual(neu)
    expect(third.body(neu.contentHash)).toContain('Übermorgen.')
    expect(third.meta(plan.contentHash)).toBeUndefined()
  })
})
