/**
 * A note that embeds sections of itself (`![[#Heading]]`, `![[This note#Heading]]`) shows them, as Obsidian does; only
 * an embed inside the section it shows, or a real cycle through another page, is reported and cut.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

async function buildVault(files: Record<string, string>) {
  const root = join(tempDir('wikigen-embed-'), 'vault')
  mkdirSync(root)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  const out = join(root, '..', 'site')
  // with a cache, as the CLI builds: routes get fingerprints then
  const { diagnostics } = await build({ root, out, cacheDir: join(root, '..', 'cache') })
  return { diagnostics, read: (path: string) => readFileSync(join(out, path), 'utf8') }
}

describe('embedding sections of the same note', () => {
  it('shows each section embedded from elsewhere in the note, without a cycle', async () => {
    const { diagnostics, read } = await buildVault({
      'index.md': '# Start\n',
      'Anleitung.md': [
        '# Anleitung',
        '',
        '## Überblick',
        '',
        '![[#Schritt eins]]',
        '',
        '![[Anleitung#Schritt zwei]]',
        '',
        '![[#Schritt eins]]',
        '',
        '![[Anleitung#Schritt zwei]]',
        '',
        '## Schritt eins',
        '',
        'Den Rechner einschalten.',
        '',
        '## Schritt zwei',
        '',
        'Anmelden mit dem eigenen Konto.',
        '',
      ].join('\n'),
    })
    expect(diagnostics).toEqual([])
    // the body only: the head describes the page by its first paragraph too
    const page = read('anleitung.html').split('<body')[1]
    expect(page.split('Den Rechner einschalten.').length - 1).toBe(3) // twice embedded, once in place
    expect(page.split('Anmelden mit dem eigenen Konto.').length - 1).toBe(3)
  })

  it('reports an embed inside the section it shows, and one that closes a cycle through another page', async () => {
    const { diagnostics } = await buildVault({
      'index.md': '# Start\n',
      'Selbst.md': '# Selbst\n\n## Teil\n\nText.\n\n![[#Teil]]\n',
      'A.md': '# A\n\n## Oben\n\n![[B]]\n\n## Unten\n\nNur Text.\n',
      'B.md': '# B\n\n![[A#Unten]]\n\n![[A#Oben]]\n',
    })
    const cycles = diagnostics.filter((d) => d.code === 'embed-cycle').map((d) => `${d.file}:${d.line}`)
    // A#Unten holds no embed: B may show it; A#Oben holds the embed of B, which shows A#Oben again, so one embed of
    // that loop is cut (the one reached last from the first page in site order, A)
    expect(cycles.sort()).toEqual(['A.md:5', 'Selbst.md:7'])
  })
})
