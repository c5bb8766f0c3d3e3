import { describe, expect, it } from 'vitest'
import { exitCodeOf } from '../../../src/cli/build.js'
import { failsStrict, NOT_STRICT, type Diagnostic, type DiagnosticCode } from '../../../src/compiler/diagnostics.js'

const warning = (code: DiagnosticCode): Diagnostic => ({ severity: 'warning', code, file: '', line: 0, column: 0, message: code })

describe('what build --strict fails on', () => {
  it('fails on content warnings but not on two notes of one name or a shallow clone', () => {
    expect([...NOT_STRICT.keys()]).toEqual(['duplicate-slug', 'shallow-clone'])
    for (const code of [
      'dead-link',
      'dead-anchor',
      'missing-image',
      'embed-cycle',
      'bad-frontmatter-type',
      'unknown-config-key',
    ] as const) {
      expect(failsStrict(warning(code))).toBe(true)
      expect(exitCodeOf([warning(code)], true)).toBe(1)
      expect(exitCodeOf([warning(code)], false)).toBe(0)
    }
    expect(exitCodeOf([warning('duplicate-slug'), warning('shallow-clone')], true)).toBe(0)
    expect(exitCodeOf([warning('duplicate-slug'), warning('dead-link')], true)).toBe(1)
  })

  it('fails any build on an error, whatever its code', () => {
    const error: Diagnostic = { ...warning('duplicate-slug'), severity: 'error' }
    expect(failsStrict(error)).toBe(true)
    expect(exitCodeOf([error], false)).toBe(1)
  })
})
