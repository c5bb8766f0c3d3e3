import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readGitInfo } from '../../../../src/compiler/discover/git-info.js'

function commit(repo: string, file: string, text: string, author: string, time: string, message: string) {
  mkdirSync(join(repo, file, '..'), { recursive: true })
  writeFileSync(join(repo, file), text)
  execFileSync('git', ['add', '.'], { cwd: repo })
  execFileSync('git', ['commit', '-q', '-m', message], {
    cwd: repo,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: `${author.toLowerCase()}@talwerk.example`,
      GIT_AUTHOR_DATE: time,
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'ci@talwerk.example',
      GIT_COMMITTER_DATE: time,
    },
  })
}

describe('readGitInfo', () => {
  it('reads updated time, contributors and changelog of every file in one pass, relative to the content root', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'wikigen-git-'))
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo })
    commit(repo, 'content/Odoo/Wirkungsräume.md', 'a', 'Lea', '2024-03-14T08:05:00+01:00', 'Erste Fassung')
    commit(repo, 'content/Odoo/Wirkungsräume.md', 'b', 'Reto', '2024-03-15T09:00:00+01:00', 'Ergänzt')
    execFileSync('git', ['tag', 'v1'], { cwd: repo })
    commit(repo, 'content/Odoo/Wirkungsräume.md', 'c', 'Lea', '2024-04-01T10:00:00+02:00', 'Korrektur')
    commit(repo, 'other/Draussen.md', 'x', 'Nina', '2024-05-01T10:00:00+02:00', 'Nicht im Wiki')
    writeFileSync(join(repo, 'content/Neu.md'), 'noch nicht eingecheckt')

    const { byPath, diagnostics } = await readGitInfo(join(repo, 'content'))
    expect(diagnostics).toEqual([])
    expect([...byPath.keys()]).toEqual(['Odoo/Wirkungsräume.md'])
    const info = byPath.get('Odoo/Wirkungsräume.md' as never)!
    expect(info.updatedTime).toBe(Date.parse('2024-04-01T10:00:00+02:00'))
    expect(info.contributors).toEqual([
      { name: 'Lea', email: 'lea@talwerk.example', commits: 2 },
      { name: 'Reto', email: 'reto@talwerk.example', commits: 1 },
    ])
    expect(info.changelog.map((c) => [c.message, c.author, c.tag, c.hash.length])).toEqual([
      ['Korrektur', 'Lea', undefined, 40],
      ['Ergänzt', 'Reto', 'v1', 40],
      ['Erste Fassung', 'Lea', undefined, 40],
    ])
  })

  it('gives nothing for a folder outside git', async () => {
    const { byPath, diagnostics } = await readGitInfo(mkdtempSync(join(tmpdir(), 'wikigen-nogit-')))
    expect(byPath.size).toBe(0)
    expect(diagnostics).toEqual([])
  })

  it('warns about a shallow clone', async () => {
    const origin = mkdtempSync(join(tmpdir(), 'wikigen-origin-'))
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: origin })
    commit(origin, 'A.md', 'a', 'Lea', '2024-01-01T10:00:00Z', 'eins')
    commit(origin, 'A.md', 'b', 'Lea', '2024-01-02T10:00:00Z', 'zwei')
    const clone = join(mkdtempSync(join(tmpdir(), 'wikigen-clone-')), 'wiki')
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, clone])
    const { diagnostics } = await readGitInfo(clone)
    expect(diagnostics.map((d) => d.code)).toEqual(['shallow-clone'])
  })
})
