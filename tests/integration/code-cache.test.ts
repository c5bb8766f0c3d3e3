/**
 * bin/wikigen.js runs the bundled CLI from V8's code cache: a command works the same with and without its cache,
 * also where it imports modules (esbuild and the compiled config file), and a cache V8 rejects is written anew.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixtureSite, repoRoot, tempDir } from './helpers.js'

/** A copy of the installed CLI (bin/ and lib/) with a code cache of its own, so other tests' runs do not touch it. */
function installCopy(): string {
  const pkg = tempDir('wikigen-pkg-')
  cpSync(join(repoRoot, 'bin'), join(pkg, 'bin'), { recursive: true })
  mkdirSync(join(pkg, 'lib'))
  for (const entry of readdirSync(join(repoRoot, 'lib'))) {
    if (entry !== '.code-cache') cpSync(join(repoRoot, 'lib', entry), join(pkg, 'lib', entry), { recursive: true })
  }
  writeFileSync(join(pkg, 'package.json'), '{ "type": "module" }\n')
  symlinkSync(join(repoRoot, 'node_modules'), join(pkg, 'node_modules'))
  return pkg
}

function run(pkg: string, args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(pkg, 'bin/wikigen.js'), ...args], { cwd: pkg, env: { ...process.env, NO_COLOR: '1', CI: '1' } }, (error, _stdout, stderr) => {
      resolve({ code: error ? 1 : 0, stderr })
    })
  })
}

describe('code cache', () => {
  it('builds the same site with and without the cache, and replaces a cache V8 rejects', async () => {
    const pkg = installCopy()
    const cache = join(pkg, 'lib/.code-cache/build.bin')
    // the fixture has a wikigen.config.ts: loading it imports esbuild and the compiled config
    const build = (out: string) => run(pkg, ['build', '--root', fixtureSite('basic'), '--out', join(pkg, out), '--no-cache'])

    const first = await build('first')
    expect(first.stderr).toMatch(/✓ 6 pages/)
    expect(existsSync(cache)).toBe(true)

    const second = await build('second')
    const normal = (stderr: string) => stderr.replace(/in [\d.]+ s → \w+/, 'in … s → …')
    expect(normal(second.stderr)).toBe(normal(first.stderr))
    expect(second.code).toBe(0)
    expect(readFileSync(join(pkg, 'second/odoo.html'), 'utf8')).toBe(readFileSync(join(pkg, 'first/odoo.html'), 'utf8'))

    writeFileSync(cache, 'not a code cache')
    const third = await build('third')
    expect(third.code).toBe(0)
    expect(third.stderr).toMatch(/✓ 6 pages/)
    expect(statSync(cache).size).toBeGreaterThan(100_000)
  })
})
