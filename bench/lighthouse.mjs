// Lighthouse (mobile preset) on the built wiki, driving Debian's Chromium: performance and accessibility of the
// home page, a content page and the glossary. Each page is measured several times and the median run is reported,
// as Lighthouse's own guidance on variability advises (a single run here can see its first paint held back by
// about a second, in a page without any script too); the scores of every run are printed beside it.
//   node bench/lighthouse.mjs [--out dist] [--pages /,/odoo-hosting.html,/glossary.html] [--runs 5]
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import * as chromeLauncher from 'chrome-launcher'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i === -1 ? fallback : args[i + 1]
}
const repo = resolve(import.meta.dirname, '..')
const out = resolve(option('--out', 'dist'))
const pages = option('--pages', '/,/odoo-hosting.html,/glossary.html').split(',')
const runs = Number(option('--runs', '5'))

export async function lighthouseScores(dir, paths, runCount = 1) {
  const server = spawn(process.execPath, [resolve(repo, 'bin/wikigen.js'), 'serve', '--dir', dir, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
  })
  const url = await new Promise((done, fail) => {
    let text = ''
    server.stdout.on('data', (chunk) => {
      text += chunk
      const match = /served at (http:\/\/\S+)\//.exec(text)
      if (match) done(match[1])
    })
    server.on('exit', (code) => fail(new Error(`serve exited with ${code}`)))
  })
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    const results = []
    for (const path of paths) {
      const lhrs = []
      for (let run = 0; run < runCount; run++) {
        const result = await lighthouse(`${url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        })
        lhrs.push(result.lhr)
      }
      const lhr = computeMedianRun(lhrs)
      const { categories, audits } = lhr
      results.push({
        path,
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        cls: audits['cumulative-layout-shift'].numericValue.toFixed(3),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        failedA11y: Object.values(audits)
          .filter((a) => a.score === 0 && categories.accessibility.auditRefs.some((r) => r.id === a.id))
          .map((a) => a.id),
        everyRun: lhrs.map((each) => Math.round(each.categories.performance.score * 100)),
      })
    }
    return results
  } finally {
    await chrome.kill()
    server.kill()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await lighthouseScores(out, pages, runs)
  console.log(`median of ${runs} runs per page`)
  console.log('| page | performance | accessibility | LCP ms | CLS | TBT ms | failed a11y audits | performance, every run |')
  console.log('|---|---|---|---|---|---|---|---|')
  for (const r of results)
    console.log(
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${r.failedA11y.join(', ') || '–'} | ${r.everyRun.join(' ')} |`,
    )
}
