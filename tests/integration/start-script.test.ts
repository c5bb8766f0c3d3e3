/**
 * `npm start` (scripts/start.sh) bundles wikigen again when one of its sources changed after the last bundle, so a
 * developer who edits src/ and runs `npm start` sees the edit. The check is scripts/bundle-fresh.sh; both run here in
 * a temporary copy of the files they look at, with file times set by the test, never in this repository.
 */
import { execFile } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

/** Seconds since the epoch, an hour ago: the time the copy's files were written. */
const earlier = Math.floor(Date.now() / 1000) - 3600

/**
 * A copy of what the scripts look at: the two scripts themselves, package.json and the lock file, a few files of src/
 * and templates/, the bundle script and a bundle (its manifest written after them), all dated `earlier`, with
 * node_modules installed after the lock file.
 */
function checkout(): string {
  const root = tempDir('wikigen-start-')
  const files: Record<string, string> = {
    'src/cli/main.ts': 'export {}\n',
    'src/compiler/build.ts': 'export {}\n',
    'templates/page.html': '<main></main>\n',
    'scripts/bundle.mjs': '// bundles\n',
    'package.json': '{ "name": "wikigen" }\n',
    'package-lock.json': '{}\n',
    'node_modules/.package-lock.json': '{}\n',
    'lib/client/manifest.json': '{ "files": [] }\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  for (const script of ['scripts/start.sh', 'scripts/bundle-fresh.sh']) copyFileSync(join(repoRoot, script), join(root, script))
  for (const path of [...Object.keys(files), 'scripts/start.sh', 'scripts/bundle-fresh.sh', 'src/cli', 'src/compiler', 'src', 'templates'])
    setTime(root, path, earlier)
  // installed and bundled a minute after the sources were written
  setTime(root, 'node_modules/.package-lock.json', earlier + 60)
  setTime(root, 'lib/client/manifest.json', earlier + 60)
  return root
}

function setTime(root: string, path: string, seconds: number): void {
  utimesSync(join(root, path), seconds, seconds)
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...process.env, ...env } }, (error, stdout) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout }),
    )
  })
}

const fresh = (root: string) => run('bash', [join(root, 'scripts/bundle-fresh.sh')])

describe('scripts/bundle-fresh.sh', () => {
  it('finds the bundle fresh until a source changes after it', async () => {
    const root = checkout()
    expect(await fresh(root)).toEqual({ code: 0, stdout: '' })
    // an edit of a source file, as an editor saves it now
    writeFileSync(join(root, 'src/compiler/build.ts'), 'export const edited = true\n')
    expect(await fresh(root)).toEqual({ code: 1, stdout: 'src/compiler/build.ts changed after the last bundle\n' })
  })

  it.each([
    ['a template', 'templates/page.html'],
    ['the bundle script', 'scripts/bundle.mjs'],
    ['package.json', 'package.json'],
    ['the lock file (other dependencies bundled in)', 'package-lock.json'],
  ])('finds it stale after a change of %s', async (_, path) => {
    const root = checkout()
    setTime(root, path, earlier + 120)
    expect(await fresh(root)).toEqual({ code: 1, stdout: `${path} changed after the last bundle\n` })
  })

  it('finds it stale after a source file is deleted, by its folder, and when there is no bundle', async () => {
    const root = checkout()
    rmSync(join(root, 'src/cli/main.ts'))
    expect(await fresh(root)).toEqual({ code: 1, stdout: 'src/cli changed after the last bundle\n' })
    rmSync(join(root, 'lib'), { recursive: true })
    expect(await fresh(root)).toEqual({ code: 1, stdout: 'no bundle yet (lib/client/manifest.json)\n' })
  })
})

describe('npm start (scripts/start.sh)', () => {
  /** Runs start.sh with `node` and `npm` replaced by scripts that log their arguments; returns the log. */
  async function start(root: string): Promise<string[]> {
    const bin = join(root, '.fake-bin')
    mkdirSync(bin, { recursive: true })
    for (const name of ['node', 'npm']) {
      writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${join(root, 'calls.log')}"\n`)
      chmodSync(join(bin, name), 0o755)
    }
    rmSync(join(root, 'calls.log'), { force: true })
    const result = await run('bash', [join(root, 'scripts/start.sh')], { PATH: `${bin}:${process.env.PATH}` })
    expect(result.code).toBe(0)
    return readFileSync(join(root, 'calls.log'), 'utf8').trim().split('\n')
  }

  it('builds and serves without bundling when the bundle is fresh, and bundles first after a source edit', async () => {
    const root = checkout()
    expect(await start(root)).toEqual([
      'node bin/wikigen.js build --root content --out dist',
      'node bin/wikigen.js serve --dir dist --port 8080',
    ])
    writeFileSync(join(root, 'src/cli/main.ts'), 'export const edited = true\n')
    expect(await start(root)).toEqual([
      'node scripts/bundle.mjs',
      'node bin/wikigen.js build --root content --out dist',
      'node bin/wikigen.js serve --dir dist --port 8080',
    ])
  })
})
