/**
 * Git history read from a real repository: commit data is the authors' text, and no subject, name or body can break
 * the build or the history of another page.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { MAX_CHANGELOG, readGitInfo } from '../../src/compiler/discover/git-info.js'
import type { SourcePath } from '../../src/compiler/paths.js'
import { tempDir } from './helpers.js'

function repository() {
  const work = tempDir('wikigen-git-')
  const root = join(work, 'wiki')
  mkdirSync(root)
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: work } })
  git('init', '-q')
  git('config', 'user.email', 'autorin@talwerk.example')
  git('config', 'user.name', 'Zoë Müller-Łukasik')
  let n = 0
  const commit = (file: string, message: string) => {
    writeFileSync(join(root, file), `# ${file}\n\nFassung ${++n}\n`)
    git('add', '.')
    git('commit', '-q', '--allow-empty-message', '-m', message)
  }
  return { work, root, git, commit }
}

describe('git history', () => {
  it('reads commits whose subjects hold record and unit separators, with every later build still working', async () => {
    const { work, root, commit } = repository()
    commit('Seite.md', 'Erste Fassung')
    commit('Seite.md', 'Trenner \x1e mitten \x1f im Betreff')
    commit('Andere.md', '\x1e\x1f\x1e')
    commit('Seite.md', 'Betreff\n\nMit Text\n\x1e und Trennern im Körper\n')
    const info = await readGitInfo(root)
    const seite = info.byPath.get('Seite.md' as SourcePath)!
    expect(seite.changelog.map((entry) => entry.message)).toEqual(['Betreff', 'Trenner \x1e mitten \x1f im Betreff', 'Erste Fassung'])
    expect(seite.contributors).toEqual([{ name: 'Zoë Müller-Łukasik', email: 'autorin@talwerk.example', commits: 3 }])
    expect(info.byPath.get('Andere.md' as SourcePath)!.changelog.map((entry) => entry.message)).toEqual(['\x1e\x1f\x1e'])
    for (let i = 0; i < 2; i++) {
      const result = await build({ root, out: join(work, 'site') })
      expect(result.diagnostics).toEqual([])
    }
  })

  it(`keeps the latest ${MAX_CHANGELOG} changes of a page with a long history`, async () => {
    const { root, git } = repository()
    writeFileSync(join(root, 'Seite.md'), '# Seite\n')
    git('add', '.')
    git('commit', '-q', '-m', 'Anfang')
    // many commits at once through fast-import: one process instead of hundreds
    const commits = Array.from({ length: MAX_CHANGELOG + 30 }, (_, i) => {
      const text = `# Seite\n\nFassung ${i}\n`
      return `commit refs/heads/master\ncommitter A <a@talwerk.example> ${1_700_000_000 + i} +0000\ndata ${Buffer.byteLength(`Änderung ${i}`)}\nÄnderung ${i}\n${i === 0 ? 'from refs/heads/master^0\n' : ''}M 100644 inline Seite.md\ndata ${Buffer.byteLength(text)}\n${text}\n`
    }).join('')
    const branch = execFileSync('git', ['branch', '--show-current'], { cwd: root, encoding: 'utf8' }).trim()
    execFileSync('git', ['fast-import', '--quiet'], { cwd: root, input: commits.replaceAll('refs/heads/master', `refs/heads/${branch}`) })
    const info = await readGitInfo(root)
    const changelog = info.byPath.get('Seite.md' as SourcePath)!.changelog
    expect(changelog).toHaveLength(MAX_CHANGELOG)
    expect(changelog[0].message).toBe(`Änderung ${MAX_CHANGELOG + 29}`)
  })
})
