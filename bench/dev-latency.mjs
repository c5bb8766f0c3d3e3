// Dev-server latency: `wikigen dev` on a copy of the corpus, one page open in Chromium, 20 edits; each figure is the
// time from writing the file to the browser showing the new text.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchChromium, percentile } from './chromium.mjs'
import { median } from './measure.mjs'

export async function devLatency(repo, work, corpusDir, edits = 20) {
  const dir = join(work, 'dev')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const root = join(dir, 'wiki')
  cpSync(corpusDir, root, { recursive: true })
  const started = performance.now()
  const dev = spawn(process.execPath, [join(repo, 'bin/wikigen.js'), 'dev', '--root', root, '--port', '0'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  })
  try {
    const url = await new Promise((resolve, reject) => {
      let output = ''
      dev.stdout.on('data', (chunk) => {
        output += chunk
        const match = /dev server at (http:\/\/\S+)/.exec(output)
        if (match) resolve(match[1])
      })
      dev.on('exit', (code) => reject(new Error(`wikigen dev exited (${code})`)))
    })
    const readyMs = performance.now() - started
    const file = readdirSync(root)
      .filter((f) => f.endsWith('.md') && f !== 'index.md')
      .sort()[10]
    const original = readFileSync(join(root, file), 'utf8')
    const browser = await launchChromium()
    const page = await browser.newPage()
    await page.goto(`${url}${file.replace(/\.md$/, '.html')}`)
    const samples = []
    for (let i = 0; i < edits; i++) {
      const marker = `Messpunkt${i}x${Date.now()}`
      await new Promise((resolve) => setTimeout(resolve, 150))
      const t0 = performance.now()
      writeFileSync(join(root, file), `${original}\n\n${marker}\n`)
      await page.waitForFunction((m) => document.body.textContent.includes(m), marker, { polling: 'raf', timeout: 30_000 })
      samples.push(performance.now() - t0)
    }
    await browser.close()
    return { samples: samples.length, medianMs: median(samples), p90Ms: percentile(samples, 90), readyMs }
  } finally {
    dev.kill()
  }
}
