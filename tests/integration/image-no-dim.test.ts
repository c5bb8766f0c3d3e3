/**
 * Images an author keeps bright in dark mode, on a real folder built with build(): `#no-dim` after an image (wiki or
 * markdown, a file of the vault or a web address) becomes the class `no-dim` on its <img>, which styles/media.css
 * leaves undimmed; every other image has no class, and an image's other fragments mean nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { Diagnostic } from '../../src/compiler/diagnostics.js'
import { repoRoot, tempDir } from './helpers.js'

const files: Record<string, string> = {
  'index.md': [
    '# Bilder',
    '',
    '![[plan.svg|Plan]]',
    '',
    '![[plan.svg#no-dim|Plan hell|200]]',
    '',
    '![Plan markdown](attachments/plan.svg#no-dim)',
    '',
    '![Plan anders](attachments/plan.svg#oben)',
    '',
    '![Foto](https://example.com/foto.jpg#no-dim)',
    '',
    '![Foto dunkel](https://example.com/foto.jpg)',
    '',
  ].join('\n'),
  'attachments/plan.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"></svg>',
}

let html: string
let diagnostics: Diagnostic[]

beforeAll(async () => {
  const root = join(tempDir('wikigen-no-dim-'), 'vault')
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), contents)
  }
  const out = join(root, '..', 'site')
  ;({ diagnostics } = await build({ root, out, cacheDir: join(root, '..', 'cache'), clientDir: join(repoRoot, 'lib/client') }))
  html = readFileSync(join(out, 'index.html'), 'utf8')
})

const imageOf = (alt: string) => new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)?.[0] ?? ''

describe('#no-dim on images', () => {
  it('marks the images written with #no-dim, and only those', () => {
    expect(diagnostics.filter((d) => d.severity === 'error' || d.code === 'missing-image')).toEqual([])
    expect(imageOf('Plan hell')).toContain('class="no-dim"')
    expect(imageOf('Plan hell')).toContain('width="200" height="67"')
    expect(imageOf('Plan hell')).toContain('src="/attachments/plan.svg"')
    expect(imageOf('Plan markdown')).toContain('class="no-dim"')
    expect(imageOf('Foto')).toContain('class="no-dim"')
    for (const alt of ['Plan', 'Plan anders', 'Foto dunkel']) {
      expect(imageOf(alt)).not.toBe('')
      expect(imageOf(alt)).not.toContain('class=')
    }
  })
})
