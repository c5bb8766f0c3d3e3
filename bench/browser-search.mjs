// Search keystroke time over a 10 000-page index in Chromium: the matcher the search box uses, run in the browser on
// the real built index, once per keystroke of typed queries (each prefix of each query is one keystroke).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { launchChromium, percentile } from './chromium.mjs'
import { median } from './measure.mjs'

const QUERIES = [
  'odoo upgrade',
  'wirkungsräume',
  'datensicherung prüfung',
  'zeiterfassung checkliste zürich',
  'mahnwesen',
  'häufige fragen',
  'lohnlauf rollen',
  'kassensystem',
  'schritt für schritt',
  'firewall konzept bern',
  'xyz nichts',
]

export async function searchKeystroke(repo, work, corpus, pages = 10_000) {
  const site = join(work, `search-site-${pages}`)
  // a site built before this version of the full-text index is built again
  if (!existsSync(join(site, 'fulltext/meta.json')) || JSON.parse(readFileSync(join(site, 'fulltext/meta.json'), 'utf8')).version !== 3) {
    execFileSync(process.execPath, [join(repo, 'bin/wikigen.js'), 'build', '--root', corpus(pages), '--out', site], {
      cwd: work,
      stdio: 'ignore',
      env: { ...process.env, CI: '1' },
    })
  }
  const index = readFileSync(join(site, 'search-index.json'), 'utf8')
  const matcher = await build({
    entryPoints: [join(repo, 'src/shared/search/match.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'wikigenSearch',
    minify: true,
  })
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.setContent('<!DOCTYPE html><title>search</title>')
    await page.addScriptTag({ content: matcher.outputFiles[0].text })
    const samples = await page.evaluate(
      ({ json, queries }) => {
        const entries = JSON.parse(json)
        const times = []
        for (let round = 0; round < 5; round++) {
          for (const query of queries) {
            for (let i = 1; i <= query.length; i++) {
              const started = performance.now()
              globalThis.wikigenSearch.searchSuggestions(entries, query.slice(0, i))
              times.push(performance.now() - started)
            }
          }
        }
        return times
      },
      { json: index, queries: QUERIES },
    )
    return { pages, site, samples: samples.length, medianMs: median(samples), p90Ms: percentile(samples, 90) }
  } finally {
    await browser.close()
  }
}
