import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

describe('Obsidian comments', () => {
  it('never reach the site, inline or as a block, while code keeps its %% and later lines keep their numbers', async () => {
    const root = join(tempDir('wikigen-comments-'), 'wiki')
    mkdirSync(root)
    writeFileSync(
      join(root, 'Seite.md'),
      '# Seite\n\nÖffentlich %%intern: Preis 190%% sichtbar.\n\n%%\nEntwurf, nicht freigeben.\n%%\n\n`%%Code%%`\n\n[[Fehlt]]\n',
    )
    writeFileSync(join(root, 'Offen.md'), '# Offen\n\nText %%bis zum Ende\n\nAuch das.\n')
    const out = join(root, '..', 'site')
    const result = await build({ root, out })
    const html = readFileSync(join(out, 'seite.html'), 'utf8')
    expect(html).not.toContain('intern')
    expect(html).not.toContain('Entwurf')
    expect(html).toContain('Öffentlich  sichtbar.')
    expect(html).toContain('<code>%%Code%%</code>')
    expect(readFileSync(join(out, 'offen.html'), 'utf8')).not.toContain('Auch das.')
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual(['unclosed-comment Offen.md:3', 'dead-link Seite.md:11'])
  })
})
