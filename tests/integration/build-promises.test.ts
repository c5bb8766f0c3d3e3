/**
 * What a build promises: killed at any moment, the previous output stays intact and usable; the same input
 * gives byte-identical output; warnings alone exit 0, errors 1, and --strict turns warnings into errors.
 */
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesIn, fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

/** Every file of a folder with the hash of its bytes. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries([...filesIn(dir)].map(([path, bytes]) => [path, createHash('sha1').update(bytes).digest('hex')]))
}

describe('a killed build', () => {
  it('leaves the previous output intact and usable, whenever it is killed', async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    execFileSync(process.execPath, [join(repoRoot, 'bench/corpus.mjs'), '--pages', '200', '--out', root], { stdio: 'ignore' })
    const out = join(work, 'site')
    expect((await wikigen(['build', '--root', root, '--out', out, '--no-cache'], { cwd: work })).code).toBe(0)
    const before = snapshot(out)
    writeFileSync(join(root, 'index.md'), '# Geändert\n') // the next build would change the output
    // kill at moments spread over the whole build: start-up, compiling, rendering, writing, swapping
    for (const delay of [20, 100, 250, 500, 800, 1200]) {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', out, '--no-cache'], {
        cwd: work,
        stdio: 'ignore',
      })
      // listening from the start: a build that finishes before its kill has exited already
      const exited = new Promise((resolve) => child.on('exit', resolve))
      await new Promise((resolve) => setTimeout(resolve, delay))
      child.kill('SIGKILL')
      await exited
      const after = snapshot(out)
      // either the old output, untouched, or (killed after the swap) the complete new one
      if (after['index.html'] !== before['index.html']) {
        expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Geändert')
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort())
      } else {
        expect(after).toEqual(before)
      }
    }
    // the next build cleans up what killed builds left beside the output
    expect((await wikigen(['build', '--root', root, '--out', out, '--no-cache'], { cwd: work })).code).toBe(0)
    expect(readdirSync(work).filter((f) => f.startsWith('.site.'))).toEqual([])
  }, 180_000)
})

describe('reproducible output', () => {
  it('gives byte-identical sites for the same input', async () => {
    const work = tempDir()
    const [a, b] = [join(work, 'a'), join(work, 'b')]
    expect((await wikigen(['build', '--root', fixtureSite('reader'), '--out', a, '--no-cache'])).code).toBe(0)
    expect((await wikigen(['build', '--root', fixtureSite('reader'), '--out', b, '--workers', '2', '--no-cache'])).code).toBe(0)
    expect(snapshot(b)).toEqual(snapshot(a))
    expect(Object.keys(snapshot(a)).length).toBeGreaterThan(10)
  })
})

describe('exit codes', () => {
  it('is 0 with warnings only, and 1 for the same site with --strict', async () => {
    const root = join(tempDir(), 'wiki')
    execFileSync('mkdir', ['-p', root])
    writeFileSync(join(root, 'A.md'), 'Siehe [[Fehlt]].\n')
    const out = join(root, '..', 'site')
    const plain = await wikigen(['build', '--root', root, '--out', out, '--no-cache'])
    expect(plain.stderr).toMatch(/1 warning/)
    expect(plain.code).toBe(0)
    expect((await wikigen(['build', '--root', root, '--out', out, '--strict', '--no-cache'])).code).toBe(1)
  })
})
