/**
 * `wikigen serve` under hostile requests and a flood: traversal attempts never leave the output folder, the
 * server stays up, answers every request, and its memory stays flat. Loopback only, bounded in time.
 */
import autocannon from 'autocannon'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

let server: ChildProcess
let port: number

/** Resident memory of the server process, in bytes. */
const serverRss = () => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(server.pid)], { encoding: 'utf8' }).trim()) * 1024

beforeAll(async () => {
  const out = join(tempDir(), 'site')
  expect((await wikigen(['build', '--root', fixtureSite('basic'), '--out', out, '--no-cache'])).code).toBe(0)
  // the real command in its own process, so the load tool does not share its event loop
  server = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'serve', '--dir', out, '--port', '0'], {
    env: { ...process.env, NO_COLOR: '1' },
  })
  port = await new Promise<number>((resolve, reject) => {
    let output = ''
    server.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /served at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)
      if (match) resolve(Number(match[1]))
    })
    server.on('exit', (code) => reject(new Error(`serve exited with ${code}`)))
  })
})
afterAll(() => {
  server?.kill()
})

/** Sends raw bytes (so no client normalises the path) and returns the status line. */
function rawRequest(path: string, method = 'GET'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    )
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

describe('wikigen serve under hostile requests', () => {
  it.each([
    '/../package.json',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E%2Fpackage.json',
    '/..%5c..%5cpackage.json',
    '/_wikigen/..%2f..%2f..%2fetc/passwd',
    '/%00',
    '/odoo.html%00.txt',
    `/${'a/'.repeat(2000)}`,
    `/${'x'.repeat(20_000)}.html`,
    '//etc/passwd',
    '/.%2e/.%2e/etc/passwd',
  ])('never serves a file outside the output folder for %s', async (path) => {
    const response = await rawRequest(path)
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1])
    expect([400, 404, 414, 431]).toContain(status)
    expect(response).not.toMatch(/root:x:0:0|"name": "wikigen"/)
  })

  it('keeps answering a flood of requests with flat memory', async () => {
    const paths = [
      '/',
      '/odoo.html',
      '/glossary',
      '/wirkungsr%C3%A4ume.html',
      '/wissensmanager:in.html',
      '/gibt-es-nicht',
      '/../package.json',
      '/%2e%2e/x',
    ]
    await autocannon({ url: `http://127.0.0.1:${port}`, connections: 8, amount: 500 }) // warm up
    const memoryBefore = serverRss()
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 32,
      duration: 4,
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    })
    const memoryAfter = serverRss()
    console.info(
      `serve flood (32 connections, 4 s, loopback): ${result.requests.average.toFixed(0)} requests/s, ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, RSS ${(memoryBefore / 2 ** 20).toFixed(0)} → ${(memoryAfter / 2 ** 20).toFixed(0)} MB`,
    )
    expect(result.errors).toBe(0)
    expect(result.timeouts).toBe(0)
    expect(result.requests.total).toBeGreaterThan(1000)
    expect(memoryAfter - memoryBefore).toBeLessThan(64 * 2 ** 20)
    expect((await fetch(`http://127.0.0.1:${port}/odoo.html`)).status).toBe(200)
  }, 30_000)
})
