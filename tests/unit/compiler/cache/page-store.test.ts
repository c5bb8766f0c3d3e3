import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDiskStore } from '../../../../src/compiler/cache/page-store.js'
import type { Page } from '../../../../src/compiler/parse/page.js'
import { compile } from '../page-fixtures.js'

/** A compiled page as the store takes it (the fixture's type leaves out the full-text data the parser adds). */
const page = (path: string, text: string): Page => ({ searchData: '', ...compile(path, text) })

describe('the disk page store', () => {
  it('keeps pages across builds: unchanged index lines stay byte for byte, new ones are added at the end', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const first = createDiskStore(dir)
    const [grüsse, plan] = first.put([page('Grüsse.md', '# Grüsse aus Zürich\n\nÄrger über Öl.\n'), page('Plan.md', '# Plan\n\nText.\n')])
    first.commit([grüsse, plan])
    const written = readFileSync(join(dir, 'pages.jsonl'), 'latin1')
    expect(written).toMatch(/^[\x00-\x7f]*$/)

    // the next build: one page unchanged, one new, one gone
    const second = createDiskStore(dir)
    expect(second.meta(grüsse.contentHash)).toEqual(grüsse)
    expect(second.body(grüsse.contentHash)).toContain('Ärger über Öl.')
    const [neu] = second.put([page('Neu.md', '# Neu\n\nÜbermorgen.\n')])
    second.commit([grüsse, neu])
    const after = readFileSync(join(dir, 'pages.jsonl'), 'latin1')
    expect(after.startsWith(written)).toBe(true)
    expect(after.slice(written.length).split('\n').filter(Boolean)).toHaveLength(1)

    const third = createDiskStore(dir)
    expect(third.meta(grüsse.contentHash)?.title).toBe('Grüsse aus Zürich')
    expect(third.meta(neu.contentHash)).toEqual(neu)
    expect(third.body(neu.contentHash)).toContain('Übermorgen.')
    // the page that went keeps its line for now: it is right for whoever brings that text back
    expect(third.meta(plan.contentHash)).toEqual(plan)
  })

  it('writes the index anew once the lines of pages no build has any more are a fifth of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const texts = Array.from({ length: 300 }, (_, i) => page(`Seite ${i}.md`, `# Seite ${i}\n\nText ${i}.\n`))
    const first = createDiskStore(dir)
    let pages = first.put(texts)
    first.commit(pages)
    const lineCount = () => readFileSync(join(dir, 'pages.jsonl'), 'latin1').split('\n').filter(Boolean).length - 1

    // each build changes ten pages: their old lines stay until there are more than 75 of them
    for (let round = 1; round <= 8; round++) {
      const store = createDiskStore(dir)
      for (const known of pages) store.meta(known.contentHash)
      const changed = store.put(Array.from({ length: 10 }, (_, i) => page(`Seite ${i}.md`, `# Seite ${i}\n\nRunde ${round}.\n`)))
      pages = [...changed, ...pages.slice(10)]
      store.commit(pages)
      expect(lineCount(), `round ${round}`).toBe(round <= 7 ? 300 + 10 * round : 300)
    }
    const last = createDiskStore(dir)
    for (const known of pages) expect(last.meta(known.contentHash)).toEqual(known)
  })

  it('skips a line torn by a killed build or of another shape, and keeps every other page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const first = createDiskStore(dir)
    const [eins, zwei] = first.put([page('Eins.md', '# Eins\n'), page('Zwei.md', '# Zwei\n')])
    first.commit([eins, zwei])
    appendFileSync(join(dir, 'pages.jsonl'), '\n{"sourcePath":"Drei.md","con')
    // and a line of another shape, as a hand could leave it
    appendFileSync(join(dir, 'pages.jsonl'), '\n{"contentHash":"abc","frontmatter":null}\n[1,2]\n')

    const second = createDiskStore(dir)
    expect(second.meta(eins.contentHash)).toEqual(eins)
    expect(second.meta('abc')).toBeUndefined()
    const [drei] = second.put([page('Drei.md', '# Drei\n')])
    second.commit([eins, zwei, drei])

    const third = createDiskStore(dir)
    for (const known of [eins, zwei, drei]) expect(third.meta(known.contentHash)).toEqual(known)
  })

  it('skips a line cut short in its headings, anchors and sections, which are read after the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const first = createDiskStore(dir)
    const [eins, vier] = first.put([
      page('Eins.md', '# Eins\n'),
      page('Vier.md', '# Vier\n\n## Erstens\n\nText.\n\n## Zweitens\n\nMehr.\n'),
    ])
    first.commit([eins, vier])
    const index = join(dir, 'pages.jsonl')
    const [version, ...lines] = readFileSync(index, 'latin1').split('\n').filter(Boolean)
    const line = lines.find((text) => text.includes('Zweitens'))!
    // the rest of the line is there, but not all of its headings: the page is compiled again, not shown without them
    writeFileSync(index, [version, ...lines.filter((text) => text !== line), line.slice(0, line.indexOf('Zweitens'))].join('\n'), 'latin1')
    const second = createDiskStore(dir)
    expect(second.meta(vier.contentHash)).toBeUndefined()
    expect(second.meta(eins.contentHash)).toEqual(eins)
  })
})

describe('index lines', () => {
  it('give back front matter with its keys, values and their order, whether it holds defaults or not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wikigen-store-'))
    const store = createDiskStore(dir)
    const pages = store.put([
      page('Leer.md', 'Nur Text.\n'),
      page('Voll.md', '---\ntitle: Voll\ntags: [a, b]\nsidebar: false\nheroHeight: 280\nmeine: [1, 2]\n---\n# Voll\n'),
    ])
    store.commit(pages)
    const next = createDiskStore(dir)
    for (const known of pages) {
      const read = next.meta(known.contentHash)!
      expect(read).toEqual(known)
      // in the same order: a record's key is hashed from its JSON (cache/record-key.ts)
      expect(JSON.stringify(read)).toBe(JSON.stringify(known))
      expect(Object.keys(read.frontmatter)).toEqual(Object.keys(known.frontmatter))
    }
    // the defaults are not written out, and each page read has arrays of its own
    expect(readFileSync(join(dir, 'pages.jsonl'), 'latin1')).not.toContain('externalLinkIcon')
    const [leer, voll] = pages.map((known) => next.meta(known.contentHash)!)
    expect(leer!.frontmatter.aliases).not.toBe(voll!.frontmatter.aliases)
    leer!.frontmatter.aliases.push('x')
    expect(createDiskStore(dir).meta(pages[0]!.contentHash)!.frontmatter.aliases).toEqual([])
  })
})
