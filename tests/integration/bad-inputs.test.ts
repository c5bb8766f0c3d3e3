import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { BAD_INPUTS } from '../fixtures/bad-inputs.js'
import { tempDir } from './helpers.js'

describe('bad inputs: a clear diagnostic, and every other page still builds', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, input) => {
      const root = join(tempDir(), 'wiki')
      mkdirSync(root)
      writeFileSync(join(root, 'Gut.md'), '# Gut\n\nAlles in Ordnung.\n')
      for (const [path, spec] of Object.entries(input.files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true })
        if (typeof spec === 'object' && 'symlink' in spec) symlinkSync(spec.symlink, join(root, path))
        else writeFileSync(join(root, path), spec)
      }
      const out = join(root, '..', 'site')
      const result = await build({ root, out })
      const found = result.diagnostics.map((d) => ({
        code: d.code,
        severity: d.severity,
        file: d.file,
        line: d.line,
        column: d.column,
        message: d.message,
        hint: d.hint,
      }))
      expect(found).toHaveLength(input.diagnostics.length)
      input.diagnostics.forEach((wanted, i) => {
        expect(found[i]).toMatchObject({
          code: wanted.code,
          severity: wanted.severity,
          file: wanted.file,
          ...(wanted.line ? { line: wanted.line } : {}),
          ...(wanted.column ? { column: wanted.column } : {}),
        })
        expect(found[i].message).toContain(wanted.message)
        expect(found[i].hint).toBeTruthy()
      })
      expect(readFileSync(join(out, 'gut.html'), 'utf8')).toContain('Alles in Ordnung.')
      for (const file of input.outputs ?? []) expect(() => readFileSync(join(out, file))).not.toThrow()
    },
    120_000,
  )
})

describe('front matter', () => {
  it('never pollutes the prototype of objects, whatever its keys', async () => {
    const root = join(tempDir(), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'Proto.md'), '---\n__proto__:\n  polluted: ja\nconstructor:\n  prototype:\n    polluted: ja\n---\n# Proto\n')
    await build({ root, out: join(root, '..', 'site') })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
