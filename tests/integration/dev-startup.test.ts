/**
 * `wikigen dev` watches the content folder from its first moment: a page saved while the initial build runs is
 * rebuilt right after it, not only at the next edit.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

const running: { kill(): void }[] = []
afterEach(() => running.splice(0).forEach((p) => p.kill()))

describe('wikigen dev start-up', () => {
  it('builds a page saved during the initial build once the server is up', async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n')
    writeFileSync(join(root, 'Aaa.md'), '# Aaa\n\nErste Fassung.\n') // first in the build's order: read early
    // enough pages for a build of a few seconds
    for (let i = 0; i < 500; i++)
      writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\n${'Text mit [[Seite 1]], *Betonung* und `Code`. '.repeat(120)}\n`)

    const dev = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'dev', '--root', root, '--port', '0'], {
      cwd: work,
      env: { ...process.env, NO_COLOR: '1' },
    })
    running.push(dev)
    let output = ''
    dev.stdout.on('data', (chunk) => (output += chunk))
    dev.stderr.on('data', (chunk) => (output += chunk))
    // once the initial build writes its staging folder: compiling (Aaa.md is read first) has begun, the build is not over
    const devFolder = join(work, '.wikigen', 'dev')
    await poll(() => existsSync(devFolder) && readdirSync(devFolder).some((name) => name.includes('.staging-')))
    writeFileSync(join(root, 'Aaa.md'), '# Aaa\n\nGespeichert während des Builds.\n')
    // a build of a few seconds on a quiet machine; a busy one (the browser tests beside it) can take ten times that
    await poll(() => /dev server at/.test(output), 120_000)
    const url = /dev server at (http:\/\/\S+)/.exec(output)![1]
    await poll(async () => (await (await fetch(`${url}aaa.html`)).text()).includes('Gespeichert während des Builds.'), 30_000)
  }, 240_000)
})

async function poll(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
