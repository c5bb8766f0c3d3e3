import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../../src/compiler/paths.js'

const dir = join(import.meta.dirname, '../../../../fixtures/markdown')
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''))

/** Placeholders are private-use characters; the expected files show them as ⟦n⟧. */
const visible = (html: string) => html.replace(/\uE000(\d+)\uE001/g, '⟦$1⟧')

describe('markdown fixtures (name.md → name.html)', () => {
  it.each(cases)('renders %s.md as its .html file says', (name) => {
    const text = readFileSync(join(dir, `${name}.md`), 'utf8')
    const page = parsePage({ path: toSourcePath(`Fixtures/${name}.md`), text, contentHash: 'h', diagnostics: [] })
    const html = visible(page.html)
    if (process.env.UPDATE_FIXTURES) writeFileSync(join(dir, `${name}.html`), `${html}\n`)
    expect(html).toBe(readFileSync(join(dir, `${name}.html`), 'utf8').replace(/\n$/, ''))
  })
})
