/**
 * The dev server's page parser (src/compiler/workers/page-parser.ts) on real worker threads: the bundled build worker
 * parses a page whole, and a thread that dies takes only its own page down with a message; the next page gets a new
 * thread.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createPageParser, type PageParser } from '../../src/compiler/workers/page-parser.js'
import { toSourcePath } from '../../src/compiler/paths.js'
import { labels } from '../../src/shared/labels.js'
import { repoRoot, tempDir } from './helpers.js'

const source = (text: string) => ({ path: toSourcePath('Seite.md'), text, contentHash: 'h', diagnostics: [] })
const parsers: PageParser[] = []
afterEach(async () => {
  await Promise.all(parsers.splice(0).map((parser) => parser.close()))
})

describe("the dev server's page parser", () => {
  it('parses a page whole on the build worker, body and search text included', async () => {
    const parser = createPageParser(join(repoRoot, 'lib/worker.js'), undefined)
    parsers.push(parser)
    const page = await parser.parse(source('# Titel\n\nEin **fetter** Satz.\n'), labels)
    expect(page.title).toBe('Titel')
    expect(page.html).toContain('<strong>fetter</strong>')
    expect(page.searchData).toContain('fetter')
  })

  it('fails only the page whose thread dies, and parses the next on a new thread', async () => {
    const dying = join(tempDir('wikigen-parser-'), 'dying-worker.mjs')
    // dies on its first page, answers every later one: a page that ran the thread out of memory, then a good one
    writeFileSync(
      dying,
      [
        "import { parentPort } from 'node:worker_threads'",
        "import { existsSync, writeFileSync } from 'node:fs'",
        `const mark = ${JSON.stringify(`${dying}.died`)}`,
        'parentPort.on("message", ({ id }) => {',
        '  if (!existsSync(mark)) { writeFileSync(mark, ""); process.exit(1) }',
        '  parentPort.postMessage({ id, result: { title: "wieder da" } })',
        '})',
      ].join('\n'),
    )
    const parser = createPageParser(dying, undefined)
    parsers.push(parser)
    await expect(parser.parse(source('# Schwer\n'), labels)).rejects.toThrow(/its parser stopped/)
    await expect(parser.parse(source('# Leicht\n'), labels)).resolves.toMatchObject({ title: 'wieder da' })
  })
})
