import { execFile, execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'

export const repoRoot = join(import.meta.dirname, '../..')
export const fixtureSite = (name: string) => join(repoRoot, 'tests/fixtures/sites', name)

/** A fresh temporary folder. */
export function tempDir(prefix = 'wikigen-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** Every file under `dir` (a build's output, say), by its path inside it. */
export function filesIn(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.set(relative(dir, path), readFileSync(path))
    }
  }
  walk(dir)
  return files
}

/** Runs the bundled CLI as a user would; never rejects. */
export function wikigen(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repoRoot, 'bin/wikigen.js'), ...args],
      {
        cwd: options.cwd ?? repoRoot,
        env: { ...process.env, NO_COLOR: '1', CI: '1', ...options.env },
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
      },
    )
  })
}

/**
 * A copy of a fixture site in a git repository of its own, every file committed at `date` by one author: pages then
 * have a "last updated" time and a changelog that do not depend on this repository's history.
 */
export function committedCopy(fixture: string, date: string, change: (root: string) => void = () => {}): string {
  const work = tempDir('wikigen-committed-')
  const root = join(work, fixture)
  cpSync(fixtureSite(fixture), root, { recursive: true })
  change(root)
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: work, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env, stdio: 'pipe' })
  git('init', '-q')
  git('config', 'user.email', 'writer@example.org')
  git('config', 'user.name', 'Sam Writer')
  git('add', '.')
  git('commit', '-q', '-m', 'First version')
  return root
}

/** The first truthy value `check` gives, asked every 50 ms; fails after `timeoutMs`. */
export async function poll<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now()
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
