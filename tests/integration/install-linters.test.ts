/**
 * scripts/install-linters.sh on pretend machines: a clean environment (`env -i`) whose PATH holds stand-ins for
 * apt-get, id and sudo that record how they were called. The script installs yamllint and shellcheck where it can and
 * never fails `npm test` where it cannot: the snippet test then reports those linters as skipped.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

const SCRIPT = join(repoRoot, 'scripts/install-linters.sh')

interface Machine {
  user: 'root' | 'sudoer' | 'user'
  /** Linters already installed. */
  has?: ('yamllint' | 'shellcheck')[]
  /** No apt-get on the PATH (not a Debian machine). */
  noApt?: boolean
  /** apt-get exits with an error (no network, locked dpkg). */
  aptFails?: boolean
}

function runOn(machine: Machine) {
  const dir = tempDir('wikigen-linters-')
  const bin = join(dir, 'bin')
  const log = join(dir, 'calls.log')
  mkdirSync(bin)
  for (const tool of ['bash', 'cat', 'env'])
    symlinkSync(spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim(), join(bin, tool))
  const script = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!${join(bin, 'bash')}\n${body}\n`)
    chmodSync(join(bin, name), 0o755)
  }
  script('id', `echo ${machine.user === 'root' ? 0 : 1000}`)
  if (!machine.noApt)
    script(
      'apt-get',
      [
        `echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> ${log}`,
        machine.aptFails ? 'exit 100' : '',
        `if [ "$1" = install ]; then for p in "$@"; do case "$p" in yamllint|shellcheck) printf '#!${join(bin, 'bash')}\\n' > ${bin}/$p; chmod +x ${bin}/$p;; esac; done; fi`,
      ].join('\n'),
    )
  if (machine.user === 'sudoer')
    script('sudo', `echo "sudo $*" >> ${log}\nif [ "$1" = -n ] && [ "$2" = true ]; then exit 0; fi\nshift\nexec "$@"`)
  for (const tool of machine.has ?? []) script(tool, 'exit 0')
  const result = spawnSync('/usr/bin/env', ['-i', `PATH=${bin}`, join(bin, 'bash'), SCRIPT], { encoding: 'utf8' })
  return {
    code: result.status,
    output: result.stdout + result.stderr,
    calls: existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [],
    installed: ['yamllint', 'shellcheck'].filter((tool) => existsSync(join(bin, tool))),
  }
}

describe('installing the snippet linters', () => {
  it('installs the missing ones with apt-get as root', () => {
    const run = runOn({ user: 'root', has: ['shellcheck'] })
    expect(run.code).toBe(0)
    expect(run.calls).toEqual([
      'apt-get update -qq DEBIAN_FRONTEND=noninteractive',
      'apt-get install -y -qq --no-install-recommends yamllint DEBIAN_FRONTEND=noninteractive',
    ])
    expect(run.installed).toEqual(['yamllint', 'shellcheck'])
  })

  it('installs them through password-less sudo as another user', () => {
    const run = runOn({ user: 'sudoer' })
    expect(run.code).toBe(0)
    expect(run.calls).toContain(
      'sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends yamllint shellcheck',
    )
    expect(run.installed).toEqual(['yamllint', 'shellcheck'])
  })

  it('does nothing when both are there', () => {
    expect(runOn({ user: 'user', has: ['yamllint', 'shellcheck'] })).toMatchObject({ code: 0, calls: [], output: '' })
  })

  it('never fails: a user without sudo, a machine without apt-get, a failing apt-get each get the reason and the command', () => {
    for (const [machine, reason] of [
      [{ user: 'user' }, 'this user cannot install packages'],
      [{ user: 'root', noApt: true }, 'this machine has no apt-get'],
      [{ user: 'root', aptFails: true }, 'apt-get failed'],
    ] as const) {
      const run = runOn(machine)
      expect(run.code, reason).toBe(0)
      expect(run.output).toContain(`The snippet lint test will skip yamllint shellcheck: ${reason}`)
      expect(run.output).toContain('apt-get update && apt-get install -y yamllint shellcheck')
      expect(run.output).not.toContain('command not found')
    }
  })
})
