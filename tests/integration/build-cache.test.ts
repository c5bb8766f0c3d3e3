/**
 * The build cache belongs to one content root and is safe when builds run at the same time: two roots never share
 * cached pages, and two builds of one root both finish with the right site. Real CLI processes, real folders.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteKeyOf } from '../../src/compiler/cache/site-key.js'
import { tempDir, wikigen } from './helpers.js'

/** A content folder of `pages` pages whose text names the folder, so that a page from the wrong cache shows. */
function contentFolder(work: string, name: string, pages: number): string {
  const root = join(work, name)
  mkdirSync(root)
  for (let i = 0; i < pages; i++) {
    writeFileSync(
      join(root, `Seite ${i}.md`),
      `# Seite ${i}\n\nAus ${name}: Text ${i} mit [[Seite ${(i + 1) % pages}]].\n\n## Abschnitt\n\nMehr.\n`,
    )
  }
  return root
}

describe('the build cache', () => {
  it('never gives a folder the page of another folder whose file has the same path, size and modification time', async () => {
    const work = tempDir('wikigen-cache-')
    for (const name of ['alpha', 'omega']) {
      contentFolder(work, name, 3)
      // same size, same time stamp: only the content differs
      const file = join(work, name, 'Seite 0.md')
      utimesSync(file, new Date('2024-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'))
    }
    expect((await wikigen(['build', '--root', 'alpha', '--out', 'site-a'], { cwd: work })).code).toBe(0)
    expect((await wikigen(['build', '--root', 'omega', '--out', 'site-o'], { cwd: work })).code).toBe(0)
    expect(readFileSync(join(work, 'site-a', 'seite-0.html'), 'utf8')).toContain('Aus alpha')
    expect(readFileSync(join(work, 'site-o', 'seite-0.html'), 'utf8')).toContain('Aus omega')
  })

  it('keeps one cache per content root, whatever the spelling of its path', async () => {
    const work = tempDir('wikigen-cache-')
    contentFolder(work, 'docs', 2)
    contentFolder(work, 'wiki', 2)
    await wikigen(['build', '--root', 'docs', '--out', 'site-1'], { cwd: work })
    await wikigen(['build', '--root', './docs/', '--out', 'site-2'], { cwd: work })
    await wikigen(['build', '--root', join(work, 'wiki'), '--out', 'site-3'], { cwd: work })
    expect(readdirSync(join(work, '.wikigen', 'cache')).sort()).toEqual(
      [siteKeyOf(join(work, 'docs')), siteKeyOf(join(work, 'wiki'))].sort(),
    )
  })

  it('builds two folders at the same time, each into its own site', async () => {
    const work = tempDir('wikigen-cache-')
    contentFolder(work, 'alpha', 150)
    contentFolder(work, 'omega', 150)
    for (let round = 0; round < 2; round++) {
      const [a, o] = await Promise.all([
        wikigen(['build', '--root', 'alpha', '--out', 'site-a', '--workers', '2'], { cwd: work }),
        wikigen(['build', '--root', 'omega', '--out', 'site-o', '--workers', '2'], { cwd: work }),
      ])
      expect([a.code, a.stderr]).toEqual([0, expect.stringContaining('✓ 150 pages')])
      expect([o.code, o.stderr]).toEqual([0, expect.stringContaining('✓ 150 pages')])
      for (let i = 0; i < 150; i += 37) {
        expect(readFileSync(join(work, 'site-a', `seite-${i}.html`), 'utf8')).toContain(`Aus alpha: Text ${i}`)
        expect(readFileSync(join(work, 'site-o', `seite-${i}.html`), 'utf8')).toContain(`Aus omega: Text ${i}`)
      }
    }
  }, 120_000)

  it('builds one folder twice at the same time, and the cache still serves the next build', async () => {
    const work = tempDir('wikigen-cache-')
    contentFolder(work, 'wiki', 150)
    await wikigen(['build', '--root', 'wiki', '--out', 'site-0'], { cwd: work })
    writeFileSync(join(work, 'wiki', 'Seite 7.md'), '# Seite 7\n\nGeändert.\n')
    const builds = await Promise.all(
      [1, 2].map((n) => wikigen(['build', '--root', 'wiki', '--out', `site-${n}`, '--workers', '2'], { cwd: work })),
    )
    for (const [i, result] of builds.entries()) {
      expect(result.code, result.stderr).toBe(0)
      expect(result.stderr).not.toContain('missing from the build cache')
      expect(readFileSync(join(work, `site-${i + 1}`, 'seite-7.html'), 'utf8')).toContain('Geändert.')
      expect(readFileSync(join(work, `site-${i + 1}`, 'seite-8.html'), 'utf8')).toContain('Aus wiki: Text 8')
    }
    const next = await wikigen(['build', '--root', 'wiki', '--out', 'site-3'], { cwd: work })
    expect(next.code).toBe(0)
    expect(next.stderr).toMatch(/\(150 from cache\)/)
    expect(existsSync(join(work, '.wikigen', 'cache', siteKeyOf(join(work, 'wiki')), 'lock'))).toBe(false)
  }, 120_000)
})
