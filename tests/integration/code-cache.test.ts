/**
 * The CLI runs from V8's code cache (src/cli/launch.ts). These tests run a copy of the installed bundle, so that the
 * caches they make, damage and replace are their own.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

let install: string
let site: string

/** A copy of bin/ and lib/ as a package installs them, without any code cache, beside a one-page site. */
beforeEach(() => {
  const dir = tempDir('wikigen-code-cache-')
  install = join(dir, 'wikigen')
  cpSync(join(repoRoot, 'bin'), join(install, 'bin'), { recursive: true })
  cpSync(join(repoRoot, 'lib'), join(install, 'lib'), {
    recursive: true,
    filter: (path) => !path.endsWith('.map') && basename(path) !== '.code-cache',
  })
  writeFileSync(join(install, 'package.json'), '{"type":"module"}')
  site = join(dir, 'site')
  mkdirSync(join(site, 'content'), { recursive: true })
  writeFileSync(join(site, 'content', 'Seite.md'), '# Seite\n\nHallo.\n')
})

const salt = () => readFileSync(join(install, 'lib/bundle-salt.txt'), 'utf8').trim()
const cacheFolder = () => join(install, 'lib/.code-cache')

function wikigen(...args: string[]) {
  const result = spawnSync(process.execPath, [join(install, 'bin/wikigen.js'), ...args], {
    cwd: site,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
    encoding: 'utf8',
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('the code cache of the CLI', () => {
  it("is written by a command's first run and taken, unchanged, by its next", () => {
    const first = wikigen('build', '--root', 'content', '--out', 'dist')
    expect(first.code, first.stderr).toBe(0)
    const cache = join(cacheFolder(), `build-${salt()}.bin`)
    expect(existsSync(cache)).toBe(true)
    const made = { bytes: readFileSync(cache), mtime: statSync(cache).mtimeMs }

    const second = wikigen('build', '--root', 'content', '--out', 'dist')
    expect(second.code, second.stderr).toBe(0)
    expect(readFileSync(join(site, 'dist', 'seite.html'), 'utf8')).toContain('Hallo.')
    // a cache V8 had refused would have been written again
    expect(statSync(cache).mtimeMs).toBe(made.mtime)
    expect(readFileSync(cache).equals(made.bytes)).toBe(true)
  }, 60_000)

  it('is replaced when damaged, and the command runs as without one', () => {
    mkdirSync(cacheFolder(), { recursive: true })
    const cache = join(cacheFolder(), `other-${salt()}.bin`)
    const damaged = Buffer.alloc(4096, 7)
    writeFileSync(cache, damaged)
    const help = wikigen('--help')
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toContain('Usage: wikigen')
    expect(readFileSync(cache).equals(damaged)).toBe(false)
    expect(wikigen('--help').stdout).toBe(help.stdout)
  }, 60_000)

  it('never serves another bundle of the same length, and the caches of other bundles go', () => {
    expect(wikigen('--help').code).toBe(0)
    expect(readdirSync(cacheFolder())).toHaveLength(1)
    // a new bundle whose CLI differs in one word of the same length: V8 alone would take the old cache for it
    const cli = join(install, 'lib/cli.cjs')
    const source = readFileSync(cli, 'utf8')
    expect(source).toContain('make a folder of markdown')
    writeFileSync(cli, source.replace('make a folder of markdown', 'make a FOLDER of markdown'))
    writeFileSync(join(install, 'lib/bundle-salt.txt'), 'a1b2c3d4e5f6\n')
    writeFileSync(join(cacheFolder(), 'notes.txt'), 'not a cache')

    const help = wikigen('--help')
    expect(help.code, help.stderr).toBe(0)
    expect(help.stdout).toContain('make a FOLDER of markdown')
    expect(readdirSync(cacheFolder()).sort()).toEqual(['notes.txt', 'other-a1b2c3d4e5f6.bin'])
  }, 60_000)
})
