import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '../..')
export const fixtureSite = (name: string) => join(repoRoot, 'tests/fixtures/sites', name)

/** A fresh temporary folder. */
export function tempDir(prefix = 'wikigen-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
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
