/**
 * Last-updated time, contributors and changelog of every page, from ONE `git log` over the content root.
 * Files outside git get nothing; a shallow clone is reported because its history (and so its dates) is cut.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Diagnostic } from './diagnostics.js'
import { toSourcePath, type SourcePath } from './paths.js'

const run = promisify(execFile)

export interface Contributor {
  name: string
  email: string
  commits: number
}

export interface ChangelogEntry {
  hash: string
  message: string
  /** Commit time in milliseconds since the epoch. */
  time: number
  author: string
  tag?: string
}

export interface GitInfo {
  /** Time of the newest commit that touched the file, in milliseconds. */
  updatedTime: number
  contributors: Contributor[]
  /** Newest first. */
  changelog: ChangelogEntry[]
}

export interface GitInfoResult {
  byPath: Map<SourcePath, GitInfo>
  diagnostics: Diagnostic[]
}

const RECORD = '\x1e'
const FIELD = '\x1f'

/** Reads the git history of every file under `root` in one pass; an empty map when `root` is not in a repository. */
export async function readGitInfo(root: string): Promise<GitInfoResult> {
  const diagnostics: Diagnostic[] = []
  const git = (args: string[]) =>
    run('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, maxBuffer: 1 << 30, encoding: 'utf8' }).then((r) => r.stdout)
  try {
    if ((await git(['rev-parse', '--is-inside-work-tree'])).trim() !== 'true') return { byPath: new Map(), diagnostics }
  } catch {
    return { byPath: new Map(), diagnostics }
  }
  if ((await git(['rev-parse', '--is-shallow-repository']).catch(() => 'false')).trim() === 'true') {
    diagnostics.push({
      severity: 'warning',
      code: 'shallow-clone',
      file: '',
      line: 0,
      column: 0,
      message: 'The repository is a shallow clone: last-updated dates and contributors only cover the fetched history',
      hint: 'Clone with full history (in CI: fetch-depth 0, or "git fetch --unshallow").',
    })
  }
  const log = await git(['log', '--no-renames', '--relative', '--name-only', `--format=${RECORD}%H${FIELD}%at${FIELD}%an${FIELD}%ae${FIELD}%s${FIELD}%D`, '--', '.']).catch(() => '')
  return { byPath: parseGitLog(log), diagnostics }
}

/** Parses the output of the `git log` above into per-file info; exported for tests. */
export function parseGitLog(log: string): Map<SourcePath, GitInfo> {
  const byPath = new Map<SourcePath, GitInfo>()
  const counts = new Map<SourcePath, Map<string, Contributor>>()
  for (const record of log.split(RECORD)) {
    if (record.trim() === '') continue
    const [header, ...files] = record.split('\n')
    const [hash, seconds, author, email, message, refs] = header.split(FIELD)
    const tag = refs?.split(', ').find((r) => r.startsWith('tag: '))?.slice(5)
    const entry: ChangelogEntry = { hash, message, time: Number(seconds) * 1000, author, ...(tag ? { tag } : {}) }
    for (const file of files) {
      if (file.trim() === '') continue
      let path: SourcePath
      try {
        path = toSourcePath(file)
      } catch {
        continue
      }
      let info = byPath.get(path)
      if (!info) {
        info = { updatedTime: entry.time, contributors: [], changelog: [] }
        byPath.set(path, info)
        counts.set(path, new Map())
      }
      info.changelog.push(entry)
      const people = counts.get(path)!
      const key = email.toLowerCase() || author
      const person = people.get(key) ?? { name: author, email, commits: 0 }
      person.commits++
      people.set(key, person)
    }
  }
  for (const [path, info] of byPath) {
    info.contributors = [...counts.get(path)!.values()].sort((a, b) => b.commits - a.commits || a.name.localeCompare(b.name))
  }
  return byPath
}
