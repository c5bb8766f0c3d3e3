import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../../../src/compiler/build.js'
import { createStaging, recoverOutput, swapInOutput } from '../../../../src/compiler/output/write-output.js'

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'wikigen-site-'))
  writeFileSync(join(root, 'index.md'), '# Start\n')
  writeFileSync(join(root, 'Seite.md'), 'Text\n')
  return root
}

describe('staging and swap', () => {
  it('replaces the output only after a successful build', async () => {
    const root = site()
    const out = join(mkdtempSync(join(tmpdir(), 'wikigen-out-')), 'dist')
    await build({ root, out })
    writeFileSync(join(out, 'alt.html'), 'vorher')
    await build({ root, out })
    expect(existsSync(join(out, 'alt.html'))).toBe(false)
    expect(readFileSync(join(out, 'seite.html'), 'utf8')).toContain('Text')
    expect(readdirSync(join(out, '..'))).toEqual(['dist'])
  })

  it('leaves the previous output untouched when the build fails, and removes its staging folder', async () => {
    const root = site()
    const out = join(mkdtempSync(join(tmpdir(), 'wikigen-out-')), 'dist')
    await build({ root, out })
    const before = readFileSync(join(out, 'seite.html'), 'utf8')
    writeFileSync(join(root, 'Seite.md'), 'Neu\n')
    // a client manifest naming a file that is not there makes the writer fail half-way
    const clientDir = mkdtempSync(join(tmpdir(), 'wikigen-client-'))
    writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify({ styles: [], files: ['fehlt.js'] }))
    await expect(build({ root, out, clientDir })).rejects.toThrow(/fehlt\.js is missing/)
    expect(readFileSync(join(out, 'seite.html'), 'utf8')).toBe(before)
    expect(readdirSync(join(out, '..'))).toEqual(['dist'])
  })

  it('restores the output a killed build left under its backup name, and clears stale staging folders', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    const out = join(parent, 'dist')
    mkdirSync(join(parent, '.dist.previous-1-a'))
    writeFileSync(join(parent, '.dist.previous-1-a', 'index.html'), 'alt')
    mkdirSync(join(parent, '.dist.staging-2-b'))
    await recoverOutput(out)
    expect(readdirSync(parent)).toEqual(['dist'])
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('alt')
  })

  it('swaps a staging folder in place of an existing output', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    const out = join(parent, 'dist')
    mkdirSync(out)
    writeFileSync(join(out, 'a'), 'alt')
    const staging = await createStaging(out)
    writeFileSync(join(staging, 'a'), 'neu')
    await swapInOutput(staging, out)
    expect(readFileSync(join(out, 'a'), 'utf8')).toBe('neu')
    expect(readdirSync(parent)).toEqual(['dist'])
  })

  it('removes the whole previous output after the swap, unlinking its symbolic links without following them', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    const elsewhere = mkdtempSync(join(tmpdir(), 'wikigen-kept-'))
    writeFileSync(join(elsewhere, 'bleibt.txt'), 'bleibt')
    const out = join(parent, 'dist')
    mkdirSync(join(out, 'fulltext', 'p'), { recursive: true })
    writeFileSync(join(out, 'a.html'), 'alt')
    writeFileSync(join(out, 'fulltext', 'p', '0.txt'), 'alt')
    symlinkSync(elsewhere, join(out, 'verweis'))
    symlinkSync(join(elsewhere, 'bleibt.txt'), join(out, 'fulltext', 'datei'))
    const staging = await createStaging(out)
    writeFileSync(join(staging, 'a.html'), 'neu')
    await swapInOutput(staging, out)
    expect(readdirSync(parent)).toEqual(['dist'])
    expect(readdirSync(out).sort()).toEqual(['.wikigen-output', 'a.html'].sort())
    expect(readFileSync(join(elsewhere, 'bleibt.txt'), 'utf8')).toBe('bleibt')
  })

  it('puts the old entries back when an entry-by-entry swap was interrupted before the new ones arrived', () => {
    const out = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    writeFileSync(join(out, 'b.html'), 'alt b')
    mkdirSync(join(out, '.wikigen-previous-1-a'))
    writeFileSync(join(out, '.wikigen-previous-1-a', 'a.html'), 'alt a')
    mkdirSync(join(out, '.wikigen-staging-1-a'))
    writeFileSync(join(out, '.wikigen-staging-1-a', 'a.html'), 'neu a')
    recoverOutput(out)
    expect(readdirSync(out).sort()).toEqual(['a.html', 'b.html'])
    expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('alt a')
  })

  it('keeps the new entries when the removal of the old ones after an entry-by-entry swap was cut short', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    writeFileSync(join(out, 'a.html'), 'alt a')
    writeFileSync(join(out, 'alt.html'), 'alt')
    const staging = join(out, '.wikigen-staging-2-b')
    mkdirSync(staging)
    writeFileSync(join(staging, 'a.html'), 'neu a')
    // a removal that never ran: the build was interrupted while the file thread removed the old entries
    await swapInOutput(staging, out, () => {})
    recoverOutput(out)
    expect(readdirSync(out).sort()).toEqual(['a.html'])
    expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('neu a')
  })

  it('takes the half-arrived new entries out again when an entry-by-entry swap was interrupted after the old ones left', () => {
    const out = mkdtempSync(join(tmpdir(), 'wikigen-out-'))
    writeFileSync(join(out, 'a.html'), 'neu a')
    writeFileSync(join(out, 'neu.html'), 'neu')
    mkdirSync(join(out, '.wikigen-previous-1-a'))
    writeFileSync(join(out, '.wikigen-previous-1-a', 'a.html'), 'alt a')
    writeFileSync(join(out, '.wikigen-previous-1-a', 'b.html'), 'alt b')
    writeFileSync(join(out, '.wikigen-previous-1-a', '.moved-out'), '')
    recoverOutput(out)
    expect(readdirSync(out).sort()).toEqual(['a.html', 'b.html'])
    expect(readFileSync(join(out, 'a.html'), 'utf8')).toBe('alt a')
  })
})
