/**
 * Builds the fixture wiki once with the real CLI and serves it on localhost for every browser test.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startServer } from '../../src/cli/serve.js'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The same site served with the recommended Content-Security-Policy header. */
    cspUrl: string
  }
}

let server: Server | undefined
let cspServer: Server | undefined
let dir: string | undefined

export async function setup(project: TestProject) {
  const root = join(import.meta.dirname, '../..')
  dir = mkdtempSync(join(tmpdir(), 'wikigen-e2e-'))
  execFileSync(
    process.execPath,
    [join(root, 'bin/wikigen.js'), 'build', '--root', join(root, 'tests/fixtures/sites/reader'), '--out', join(dir, 'site'), '--no-cache'],
    {
      env: { ...process.env, CI: '1' },
      stdio: 'inherit',
    },
  )
  server = await startServer({ dir: join(dir, 'site'), port: 0, host: '127.0.0.1' })
  project.provide('baseUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  cspServer = await startServer({ dir: join(dir, 'site'), port: 0, host: '127.0.0.1', csp: true })
  project.provide('cspUrl', `http://127.0.0.1:${(cspServer.address() as AddressInfo).port}`)
}

export async function teardown() {
  await new Promise((resolve) => server?.close(resolve))
  await new Promise((resolve) => cspServer?.close(resolve))
  if (dir) rmSync(dir, { recursive: true, force: true })
}
