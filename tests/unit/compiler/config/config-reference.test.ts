import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configReference } from '../../../../src/compiler/config/config-reference.js'

describe('docs/config.md', () => {
  it('is the reference the config schema makes (run npm run docs:config after changing the schema)', () => {
    expect(readFileSync(join(import.meta.dirname, '../../../../docs/config.md'), 'utf8')).toBe(configReference())
  })

  it('names every key with its description', () => {
    const reference = configReference()
    for (const key of ['site.title', 'site.base', 'theme.navbar', 'theme.sidebar', 'analytics.src', 'redirects.from'])
      expect(reference).toContain(`\`${key}\``)
    expect(reference).toContain('Base path the site is served under')
  })
})
