/**
 * The install branch of `npm test` on a machine without Chromium: scripts/install-chromium.sh runs in a clean
 * environment (`env -i`) whose PATH has no chromium, with apt-get, id and sudo replaced by stand-ins that record how
 * they were called. Before, the root branch ran `DEBIAN_FRONTEND=noninteractive` as a command (exit 127) and the user
 * branch failed with "sudo: command not found".
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

const SCRIPT = join(repoRoot, 'scripts/install-chromium.sh')

interface Machine {
  /** Who runs the script: root, a user with password-less sudo, or a user without sudo. */
  user: 'root' | 'sudoer' | 'user'
  hasChromium?: boolean
  /** apt-get installs the package but puts no chromium on the PATH. */
  brokenPackage?: boolean
}

/** Runs the script on a pretend machine; returns its exit code, output and the commands apt-get and sudo received. */
function runOn(machine: Machine, env: Record<string, string> = {}) {
  const dir = tempDir('wikigen-install-')
  const bin = join(dir, 'bin')
  const log = join(dir, 'calls.log')
  mkdirSync(bin)
  for (const tool of ['bash', 'cat', 'env', 'chmod'])
    symlinkSync(spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(bin, tool))
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!${join(bin, 'bash')}\n${body}\n`)
    chmodSync(join(bin, name), 0o755)
  }
  script('id', `echo ${machine.user === 'root' ? 0 : 1000}`)
  script(
    'apt-get',
    [
      `echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> ${log}`,
      machine.brokenPackage
        ? ''
        : `if [ "$1" = install ]; then printf '#!${join(bin, 'bash')}\\necho Chromium 1.0\\n' > ${join(bin, 'chromium')}; chmod +x ${join(bin, 'chromium')}; fi`,
    ].join('\n'),
  )
  if (machine.user === 'sudoer')
    script('sudo', `echo "sudo $*" >> ${log}\nif [ "$1" = -n ] && [ "$2" = true ]; then exit 0; fi\nshift\nexec "$@"`)
  if (machine.hasChromium) script('chromium', 'echo Chromium 1.0')
  const result = spawnSync(
    '/usr/bin/env',
    ['-i', `PATH=${bin}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`), join(bin, 'bash'), SCRIPT],
    { encoding: 'utf8' },
  )
  return {
    code: result.status,
    output: result.stdout + result.stderr,
    calls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
    installed: existsSync(join(bin, 'chromium')),
  }
}

describe('installing Chromium for the browser tests', () => {
  it('installs it with apt-get as root, with no sudo on the machine', () => {
    const run = runOn({ user: 'root' })
    expect(run.code).toBe(0)
    expect(run.calls).toEqual([
      'apt-get update -qq DEBIAN_FRONTEND=noninteractive',
      'apt-get install -y -qq --no-install-recommends chromium DEBIAN_FRONTEND=noninteractive',
    ])
    expect(run.installed).toBe(true)
  })

  it('installs it through password-less sudo as another user', () => {
    const run = runOn({ user: 'sudoer' })
    expect(run.code).toBe(0)
    expect(run.calls).toEqual([
      'sudo -n true',
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq',
      'apt-get update -qq DEBIAN_FRONTEND=noninteractive',
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium',
      'apt-get install -y -qq --no-install-recommends chromium DEBIAN_FRONTEND=noninteractive',
    ])
  })

  it('tells a user without sudo the one command an administrator runs, and fails', () => {
    const run = runOn({ user: 'user' })
    expect(run.code).toBe(1)
    expect(run.calls).toEqual([])
    expect(run.output).toContain('apt-get update && apt-get install -y chromium')
    expect(run.output).toContain('CHROMIUM_PATH=/path/to/chromium npm test')
    expect(run.output).not.toContain('command not found')
  })

  it('does nothing when Chromium is there, or CHROMIUM_PATH names one', () => {
    expect(runOn({ user: 'user', hasChromium: true })).toMatchObject({ code: 0, calls: [] })
    expect(runOn({ user: 'user' }, { CHROMIUM_PATH: '/usr/bin/env' })).toMatchObject({ code: 0, calls: [] })
    expect(runOn({ user: 'user' }, { CHROMIUM_PATH: '/gibt/es/nicht' })).toMatchObject({ code: 1, calls: [] })
  })

  it('fails with the explanation when the package leaves no chromium on the PATH', () => {
    const run = runOn({ user: 'root', brokenPackage: true })
    expect(run.code).toBe(1)
    expect(run.output).toContain("apt-get finished but no 'chromium' is on the PATH")
  })
})
