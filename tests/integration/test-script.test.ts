/**
 * `npm test` (scripts/test.sh) on a machine where the user may not install Chromium: every other test still runs, the
 * browser tests do not, and the run fails with the command that gets them going. The script runs in a temporary copy,
 * with npm, npx and node replaced by stand-ins that record their calls and the install scripts by stand-ins that
 * succeed or fail as the case asks; nothing of this repository is run or changed.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

/** Runs a copy of scripts/test.sh; `chromium` says whether scripts/install-chromium.sh finds or installs one. */
function runTests({ chromium, unitFails = false }: { chromium: boolean; unitFails?: boolean }) {
  const root = tempDir('wikigen-test-script-')
  const bin = join(root, 'bin')
  const log = join(root, 'calls.log')
  mkdirSync(join(root, 'scripts'), { recursive: true })
  mkdirSync(join(root, 'node_modules'))
  mkdirSync(bin)
  writeFileSync(join(root, 'package-lock.json'), '{}\n')
  writeFileSync(join(root, 'node_modules/.package-lock.json'), '{}\n')
  copyFileSync(join(repoRoot, 'scripts/test.sh'), join(root, 'scripts/test.sh'))
  const script = (path: string, body: string) => {
    writeFileSync(path, `#!/usr/bin/env bash\n${body}\n`)
    chmodSync(path, 0o755)
  }
  script(
    join(root, 'scripts/install-chromium.sh'),
    chromium ? 'exit 0' : 'echo "The browser tests need Debian\'s Chromium, and this user cannot install packages." >&2; exit 1',
  )
  script(join(root, 'scripts/install-linters.sh'), 'exit 0')
  script(join(bin, 'npm'), `echo "npm $*" >> ${log}`)
  // vitest: the unit run passes or fails as asked; every run writes the JSON report test-summary reads
  script(
    join(bin, 'npx'),
    [
      `echo "npx $*" >> ${log}`,
      'for arg in "$@"; do case $arg in --outputFile.json=*) out=${arg#--outputFile.json=};; esac; done',
      'case "$*" in *e2e*) echo \'{"numPassedTests":3,"numFailedTests":0,"numPendingTests":0,"numTodoTests":0}\' > "$out";;',
      `  *) echo '{"numPassedTests":5,"numFailedTests":${unitFails ? 1 : 0},"numPendingTests":0,"numTodoTests":0}' > "$out"; ${unitFails ? 'exit 1' : 'true'};;`,
      'esac',
    ].join('\n'),
  )
  // node runs the real summary script and stands in for the bundler
  script(
    join(bin, 'node'),
    `echo "node $*" >> ${log}\ncase $1 in scripts/test-summary.mjs) exec ${process.execPath} ${join(repoRoot, 'scripts/test-summary.mjs')} "\${@:2}";; esac`,
  )
  const result = spawnSync('bash', [join(root, 'scripts/test.sh')], {
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: root },
  })
  const calls = readFileSync(log, 'utf8').trim().split('\n')
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, calls }
}

describe('npm test without a Chromium', () => {
  it('runs every other test, then fails with the command an administrator runs', () => {
    const run = runTests({ chromium: false })
    expect(run.code).toBe(1)
    const vitest = run.calls.filter((call) => call.startsWith('npx vitest'))
    expect(vitest).toHaveLength(1)
    expect(vitest[0]).not.toContain('e2e')
    expect(run.stdout).toContain('5 passed, 0 failed')
    expect(run.stderr).toContain('this user cannot install packages')
    // the closing words, after the summary, name the way out
    expect(run.stderr.trimEnd().split('\n').slice(-3)).toEqual([
      'The browser tests did not run, so this run counts as failed: there is no Chromium. An administrator runs, once:',
      '    apt-get update && apt-get install -y chromium',
      'or point the tests at a Chromium you have:  CHROMIUM_PATH=/path/to/chromium npm test',
    ])
  })

  it('runs the browser tests too when there is one, and passes', () => {
    const run = runTests({ chromium: true })
    expect(run.code).toBe(0)
    expect(run.calls.filter((call) => call.startsWith('npx vitest'))).toHaveLength(2)
    expect(run.stdout).toContain('8 passed, 0 failed')
    expect(run.stderr).not.toContain('did not run')
  })

  it('still fails on a failed test when every test could run', () => {
    const run = runTests({ chromium: true, unitFails: true })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('8 passed, 1 failed')
  })
})
