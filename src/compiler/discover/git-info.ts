/**
 * Last-updated time, contributors and changelog of every page, from ONE `git log` over the content root.
 * Files outside git get nothing; a shallow clone is reported because its history (and so its dates) is cut, as a
 * warning about the machine that `--strict` does not fail on (diagnostics.ts `NOT_STRICT`).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import type { Diagnostic } from '../diagnostics.js'
import { toSourcePath, type SourcePath } from '../paths.js'

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

/**
 * Most changelog entries kept per page: a page with a long history shows its latest changes, not a list of thousands
 * that would make its HTML megabytes long.
 */
export const MAX_CHANGELOG = 100

/**
 * Separators of the `git log` output. Commit data is the authors' text and may hold any character, also the ASCII
 * record and unit separators, so each separator carries a random part no commit can know in advance.
 */
function separators(): { record: string; field: string } {
  const nonce = randomBytes(6).toString('hex')
  return { record: `\x1e${nonce}\x1e`, field: `\x1f${nonce}\x1f` }
}

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
      hint: 'Fetch the full history: "git fetch --unshallow", or in CI fetch-depth: 0 (GitHub Actions) or GIT_DEPTH: 0 (GitLab). This warning is about the clone, not the content: --strict does not fail on it.',
    })
  }
  const { record, field } = separators()
  const format = `--format=${record}${['%H', '%at', '%an', '%ae', '%s', '%D'].join(field)}`
  const log = await git(['log', '--no-renames', '--relative', '--name-only', format, '--', '.']).catch(() => '')
  return { byPath: parseGitLog(log, { record, field }), diagnostics }
}

/** Parses the output of the `git log` above into per-file info; exported for tests. */
export function parseGitLog(log: string, { record: RECORD, field: FIELD }: { record: string; field: string }): Map<SourcePath, GitInfo> {
  const byPath = new Map<SourcePath, GitInfo>()
  const counts = new Map<SourcePath, Map<string, Contributor>>()
  for (const record of log.split(RECORD)) {
    if (record.trim() === '') continue
    const [header, ...files] = record.split('\n')
    const fields = header.split(FIELD)
    // a subject is one line and every field is there, whatever the commit holds; anything else is not a commit header
    if (fields.length !== 6 || !/^[0-9a-f]{7,64}$/.test(fields[0]) || !/^\d+$/.test(fields[1])) continue
    const [hash, seconds, author, email, message, refs] = fields
    const tag = refs
      ?.split(', ')
      .find((r) => r.startsWith('tag: '))
      ?.slice(5)
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
      if (info.changelog.length < MAX_CHANGELOG) info.changelog.push(entry)
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
