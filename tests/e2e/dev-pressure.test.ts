/**
 * `wikigen dev` under pressure: 1 000 rapid writes, renames and deletions while a browser is connected. The server
 * never dies, ends serving the final state of every page, and keeps its watchers and memory bounded.
 */
import { execFileSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDev } from './dev-server.js'
import { launch, openPage } from './browser.js'

let browser: Browser
let dev: ChildProcess
let url: string
let root: string

const rssOf = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024
const fdsOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'wikigen-pressure-'))
  root = join(dir, 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), '# Start\n')
  for (let i = 0; i < 40; i++) writeFileSync(join(root, `Seite ${i}.md`), `# Seite ${i}\n\nAnfang.\n`)
  ;({ dev, url } = await startDev(root, dir))
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  dev?.kill()
})

describe('wikigen dev under pressure', () => {
  it('survives 1 000 rapid writes, renames and deletions and ends showing the final state', async () => {
    const { page } = await openPage(browser)
    await page.goto(`${url}seite-1.html`)
    const rssBefore = rssOf(dev.pid!)
    const fdsBefore = fdsOf(dev.pid!)
    // deterministic sequence of operations
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const expected = new Map<string, string>()
    for (let i = 0; i < 40; i++) expected.set(`Seite ${i}`, 'Anfang.')
    for (let op = 0; op < 1000; op++) {
      const i = next(60)
      const name = `Seite ${i}`
      const file = join(root, `${name}.md`)
      const kind = next(10)
      if (kind < 6 || !existsSync(file)) {
        const text = `Fassung ${op}.`
        writeFileSync(file, `# ${name}\n\n${text}\n`)
        expected.set(name, text)
      } else if (kind < 8) {
        const target = `Seite ${60 + next(20)}`
        if (!existsSync(join(root, `${target}.md`))) {
          renameSync(file, join(root, `${target}.md`))
          expected.set(target, expected.get(name)!)
          expected.delete(name)
        }
      } else {
        rmSync(file)
        expected.delete(name)
      }
      if (op % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // the final state arrives
    const slug = (name: string) => name.toLowerCase().replace(' ', '-')
    await expect
      .poll(
        async () => {
          const wrong: string[] = []
          for (let i = 0; i < 80; i++) {
            const name = `Seite ${i}`
            const response = await fetch(`${url}${slug(name)}.html`)
            const body = await response.text()
            const want = expected.get(name)
            if (want ? !body.includes(want) : response.status !== 404) wrong.push(name)
          }
          return wrong
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual([])
    expect(dev.exitCode).toBeNull()
    // the open page shows its final state too
    const final = expected.get('Seite 1')
    if (final) await page.getByText(final).waitFor({ timeout: 10_000 })
    // bounded resources: no watcher or file descriptor leak, memory within a margin
    expect(fdsOf(dev.pid!)).toBeLessThanOrEqual(fdsBefore + 20)
    expect(rssOf(dev.pid!) - rssBefore).toBeLessThan(200)
    console.info(
      `dev pressure: 1000 operations, final state served; RSS ${rssBefore.toFixed(0)} → ${rssOf(dev.pid!).toFixed(0)} MB, fds ${fdsBefore} → ${fdsOf(dev.pid!)}`,
    )
  }, 180_000)
})
