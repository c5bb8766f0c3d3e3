// Alternating pairs against a pinned baseline commit, so every change quotes the same figure.
//
// The baseline tree is exported from git (`git archive`, no worktree metadata), gets its own dependencies (the
// current node_modules when the lock files agree, else `npm ci`) and its own bundle, once per commit, under the
// benchmark's work folder. Cold builds run in pairs whose order alternates (baseline first, then current first, …);
// the ratio is taken pair by pair, so a slow minute of the machine hits both sides of a pair. Warm builds: each
// tree has its own copy of the corpus and its own cache; each pair changes the same page in both copies.
import { execFileSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { measure, median } from './measure.mjs'

/** The commit `npm run bench` compares against, unless `--baseline` names another. */
export function pinnedBaseline(repo) {
  return JSON.parse(readFileSync(join(repo, 'bench/baseline.json'), 'utf8')).commit
}

/** A runnable copy of `commit` under `work`: its files, dependencies and bundle; returns its folder. */
export function prepareTree(repo, work, commit, log) {
  const sha = execFileSync('git', ['-C', repo, 'rev-parse', `${commit}^{commit}`], { encoding: 'utf8' }).trim()
  const dir = join(work, 'trees', sha.slice(0, 12))
  if (existsSync(join(dir, '.ready'))) return { dir, sha }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  log(`exporting ${sha.slice(0, 12)}`)
  execFileSync('bash', ['-c', `git -C "$0" archive "$1" | tar -x -C "$2"`, repo, sha, dir])
  const sameLock =
    existsSync(join(repo, 'node_modules')) &&
    readFileSync(join(repo, 'package-lock.json'), 'utf8') === readFileSync(join(dir, 'package-lock.json'), 'utf8')
  if (sameLock) symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  else {
    log(`installing the dependencies of ${sha.slice(0, 12)} (npm ci)`)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    })
  }
  log(`bundling ${sha.slice(0, 12)}`)
  execFileSync(process.execPath, [join(dir, 'scripts/bundle.mjs')], { cwd: dir, stdio: 'ignore' })
  writeFileSync(join(dir, '.ready'), `${sha}\n`)
  return { dir, sha }
}

/** One build of `tree` as a whole process: wall time and peak memory. */
export async function buildWith(tree, corpus, out, cwd, cache) {
  mkdirSync(cwd, { recursive: true })
  const args = [join(tree, 'bin/wikigen.js'), 'build', '--root', corpus, '--out', out, ...(cache ? [] : ['--no-cache'])]
  const result = await measure(process.execPath, args, { cwd, env: { CI: '1' } })
  if (result.code !== 0 && !/✓|✗/.test(result.stderr)) throw new Error(`build with ${tree} failed:\n${result.stderr.slice(-2000)}`)
  return result
}

/**
 * Cold and warm builds of the corpus by the baseline and the current tree, in alternating pairs.
 * @returns {{ cold: Pair[], warm: Pair[] }} where Pair = { first, baseline: {wallMs, peakRssMb}, current: {...}, ratio }
 */
export async function comparePairs({ repo, work, corpus, baselineTree, currentTree, coldPairs, warmPairs, log }) {
  const runDir = join(work, 'pairs')
  rmSync(runDir, { recursive: true, force: true })
  mkdirSync(runDir, { recursive: true })
  const sides = { baseline: baselineTree, current: currentTree }
  const order = (i) => (i % 2 === 0 ? ['baseline', 'current'] : ['current', 'baseline'])

  const cold = []
  for (let i = 0; i < coldPairs; i++) {
    const pair = { first: order(i)[0] }
    for (const side of order(i)) {
      log(`cold pair ${i + 1}/${coldPairs}: ${side}`)
      pair[side] = await buildWith(sides[side], corpus, join(runDir, `${side}-cold`), join(runDir, `${side}-cwd-cold`), false)
    }
    pair.ratio = pair.current.wallMs / pair.baseline.wallMs
    cold.push(pair)
  }

  const warm = []
  if (warmPairs > 0) {
    const pages = readdirSync(corpus).filter((f) => f.endsWith('.md') && f !== 'index.md')
    for (const side of ['baseline', 'current']) {
      cpSync(corpus, join(runDir, `${side}-corpus`), { recursive: true })
      log(`warm-up build: ${side}`)
      await buildWith(sides[side], join(runDir, `${side}-corpus`), join(runDir, `${side}-warm`), join(runDir, `${side}-cwd-warm`), true)
    }
    for (let i = 0; i < warmPairs; i++) {
      const pair = { first: order(i)[0] }
      for (const side of order(i)) {
        appendFileSync(join(runDir, `${side}-corpus`, pages[(i * 7) % pages.length]), `\nGeändert im Paar ${i}.\n`)
        log(`warm pair ${i + 1}/${warmPairs}: ${side}`)
        pair[side] = await buildWith(
          sides[side],
          join(runDir, `${side}-corpus`),
          join(runDir, `${side}-warm`),
          join(runDir, `${side}-cwd-warm`),
          true,
        )
      }
      pair.ratio = pair.current.wallMs / pair.baseline.wallMs
      warm.push(pair)
    }
  }
  return { cold, warm }
}

/** The pairs as markdown lines: every pair's ratio, then the medians. */
export function pairLines(label, pairs) {
  if (pairs.length === 0) return []
  const s = (ms) => (ms / 1000).toFixed(2)
  const lines = [`| ${label} pair | baseline s | current s | ratio | baseline peak MB | current peak MB |`, '|---|---|---|---|---|---|']
  pairs.forEach((pair, i) => {
    lines.push(
      `| ${i + 1} (${pair.first} first) | ${s(pair.baseline.wallMs)} | ${s(pair.current.wallMs)} | ×${pair.ratio.toFixed(2)} | ${pair.baseline.peakRssMb.toFixed(0)} | ${pair.current.peakRssMb.toFixed(0)} |`,
    )
  })
  const m = (pick) => median(pairs.map(pick))
  lines.push(
    `| median | ${s(m((p) => p.baseline.wallMs))} | ${s(m((p) => p.current.wallMs))} | ×${m((p) => p.ratio).toFixed(2)} | ${m((p) => p.baseline.peakRssMb).toFixed(0)} | ${m((p) => p.current.peakRssMb).toFixed(0)} |`,
  )
  return lines
}
