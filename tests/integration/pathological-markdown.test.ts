import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { PATHOLOGICAL_MARKDOWN } from '../fixtures/pathological-markdown.js'
import { tempDir } from './helpers.js'

describe('pathological markdown: each page builds, with what it needs reported, and the rest of the site too', () => {
  it.each(PATHOLOGICAL_MARKDOWN.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, input) => {
      const root = join(tempDir('wikigen-patho-'), 'wiki')
      mkdirSync(root)
      writeFileSync(join(root, 'Gut.md'), '# Gut\n\nAlles in Ordnung.\n')
      writeFileSync(join(root, 'Seite.md'), input.text())
      const out = join(root, '..', 'site')
      const result = await build({ root, out })
      expect([...new Set(result.diagnostics.map((d) => d.code))].sort()).toEqual([...input.codes].sort())
      for (const diagnostic of result.diagnostics) {
        expect(diagnostic).toMatchObject({ file: 'Seite.md' })
        expect(diagnostic.line).toBeGreaterThan(0)
        expect(diagnostic.hint).toBeTruthy()
      }
      expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
      expect(readFileSync(join(out, 'seite.html'), 'utf8').length).toBeGreaterThan(0)
    },
    90_000,
  )
})
