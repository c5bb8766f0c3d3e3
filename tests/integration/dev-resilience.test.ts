/**
 * `wikigen dev` keeps serving through what happens to a content folder on a real machine: a symbolic link to a parent
 * folder, the folder moved away and back, a second dev server of the same folder. The real command, real folders.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { poll, repoRoot, tempDir } from './helpers.js'

const running: ChildProcess[] = []
afterEach(() => running.splice(0).forEach((child) => child.kill()))

function startDev(root: string, cwd: string): { child: ChildProcess; output: () => string; url: Promise<string> } {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'dev', '--root', root, '--port', '0'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  })
  running.push(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = poll(() => /dev server at (http:\/\/\S+)/.exec(output)?.[1])
  return { child, output: () => output, url }
}

const text = async (url: string) => (await fetch(url)).text()

function wiki() {
  const work = tempDir('wikigen-dev-')
  const root = join(work, 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), '# Start\n')
  writeFileSync(join(root, 'Seite.md'), '# Seite\n\nErste Fassung.\n')
  return { work, root }
}

describe('wikigen dev', () => {
  it('answers requests while it parses a heavy page, which it parses off its event loop', async () => {
    const { work, root } = wiki()
    const dev = startDev('wiki', work)
    const url = await dev.url
    // about 45 000 lines of short paragraphs: seconds of parsing, inside the page's budget
    writeFileSync(join(root, 'Seite.md'), `# Seite\n\nSchwere Fassung.\n\n${'Absatz\n\n'.repeat(22_000)}`)
    const latencies: number[] = []
    await poll(async () => {
      const started = Date.now()
      const start = await text(url)
      latencies.push(Date.now() - started)
      expect(start).toContain('Start')
      return (await text(`${url}seite.html`)).includes('Schwere Fassung.')
    }, 60_000)
    // the start page was asked for many times while the page was parsed, and always answered at once
    expect(latencies.length).toBeGreaterThan(5)
    expect(Math.max(...latencies)).toBeLessThan(1000)
  }, 90_000)

  it('starts, serves and updates with a symbolic link to a parent folder in the content folder', async () => {
    const { work, root } = wiki()
    symlinkSync('..', join(root, 'hoch'))
    const dev = startDev('wiki', work)
    const url = await dev.url
    expect(dev.output()).toContain('points outside the content folder')
    writeFileSync(join(root, 'Seite.md'), '# Seite\n\nZweite Fassung.\n')
    await poll(async () => (await text(`${url}seite.html`)).includes('Zweite Fassung.'))
    expect(dev.child.exitCode).toBeNull()
  }, 60_000)

  it('keeps the last site while the content folder is moved away, and brings its pages back when it returns', async () => {
    const { work, root } = wiki()
    const dev = startDev('wiki', work)
    const url = await dev.url
    renameSync(root, join(work, 'weg'))
    await poll(() => dev.output().includes('is gone'))
    expect(await text(`${url}seite.html`)).toContain('Erste Fassung.')
    writeFileSync(join(work, 'weg', 'Seite.md'), '# Seite\n\nWährend es weg war.\n')
    writeFileSync(join(work, 'weg', 'Neu.md'), '# Neu\n\nNeue Seite.\n')
    renameSync(join(work, 'weg'), root)
    await poll(() => dev.output().includes('is back'))
    await poll(async () => (await text(`${url}seite.html`)).includes('Während es weg war.'))
    await poll(async () => (await fetch(`${url}neu.html`)).status === 200)
    // and it is watched again
    writeFileSync(join(root, 'Seite.md'), '# Seite\n\nDanach bearbeitet.\n')
    await poll(async () => (await text(`${url}seite.html`)).includes('Danach bearbeitet.'))
  }, 60_000)

  it('gives a second dev server of the same folder an output folder of its own', async () => {
    const { work, root } = wiki()
    const first = startDev('wiki', work)
    const second = startDev('wiki', work)
    const [a, b] = await Promise.all([first.url, second.url])
    writeFileSync(join(root, 'Seite.md'), '# Seite\n\nBeide sehen es.\n')
    await poll(async () => (await text(`${a}seite.html`)).includes('Beide sehen es.'))
    await poll(async () => (await text(`${b}seite.html`)).includes('Beide sehen es.'))
    expect(first.child.exitCode).toBeNull()
    expect(second.child.exitCode).toBeNull()
  }, 60_000)
})
