/**
 * A site built for a base path (`build --base /wiki/`) and served under it by `wikigen serve` and by the dev server's
 * handler: the site answers under /wiki/ only, the bare host leads there, redirects written without the base work,
 * and the live-update script and its stream sit under the base too.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevHandler } from '../../src/cli/dev-server.js'
import { builtBaseOf, startServer } from '../../src/cli/serve.js'
import { fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

let out: string
let plain: string
let buildOutput: string
const servers: Server[] = []

beforeAll(async () => {
  const dir = tempDir()
  out = join(dir, 'wiki')
  plain = join(dir, 'plain')
  const built = await wikigen(['build', '--root', fixtureSite('basic'), '--out', out, '--base', '/wiki/', '--no-cache'])
  buildOutput = built.stderr + built.stdout
  expect(built.code).toBe(0)
  expect((await wikigen(['build', '--root', fixtureSite('basic'), '--out', plain, '--no-cache'])).code).toBe(0)
})
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()))
})

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A raw GET of `path` on `port`; a stream (text/event-stream) is answered with its first chunk. */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = ''
      res.on('data', (chunk) => {
        body += chunk
        if (res.headers['content-type'] === 'text/event-stream') {
          req.destroy()
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        }
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('redirects of a site under a base path', () => {
  it('take the config redirect written without the base as a path under it', () => {
    expect(buildOutput).not.toContain('bad-redirect')
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/wiki/alt/hosting.html /wiki/odoo-hosting.html 301')
    expect(readFileSync(join(out, 'redirects.nginx.map'), 'utf8')).toContain('"/wiki/alt/hosting.html" "/wiki/odoo-hosting.html";')
  })
})

describe('wikigen serve with a base path', () => {
  let port: number
  beforeAll(async () => {
    const server = await startServer({ dir: out, port: 0, host: '127.0.0.1', base: '/wiki/' })
    servers.push(server)
    port = (server.address() as AddressInfo).port
  })

  it('serves the pages and their assets under the base', async () => {
    const page = await get(port, '/wiki/odoo.html')
    expect(page.status).toBe(200)
    const css = /href="(\/wiki\/_wikigen\/style-\w+\.css)"/.exec(page.body)![1]
    expect((await get(port, css)).headers['content-type']).toMatch(/^text\/css/)
    expect((await get(port, '/wiki/glossary')).status).toBe(200)
    expect((await get(port, '/wiki/')).body).toContain('<div id="app">')
  })

  it('leads the bare host and the base without its slash to the base', async () => {
    expect(await get(port, '/')).toMatchObject({ status: 302, headers: { location: '/wiki/' } })
    expect(await get(port, '/wiki')).toMatchObject({ status: 302, headers: { location: '/wiki/' } })
    expect(await get(port, '/wiki?q=odoo')).toMatchObject({ status: 302, headers: { location: '/wiki/?q=odoo' } })
  })

  it('answers paths outside the base with the 404 page, whose links carry the base', async () => {
    for (const path of ['/odoo.html', '/_wikigen/', '/wikiodoo.html', '/wiki/gibt-es-nicht.html']) {
      const answer = await get(port, path)
      expect([path, answer.status]).toEqual([path, 404])
      expect(answer.body).toMatch(/href="\/wiki\/_wikigen\/style-\w+\.css"/)
    }
  })

  it('answers old URLs with 301 to the page under the base', async () => {
    expect(await get(port, '/wiki/alt/hosting.html')).toMatchObject({ status: 301, headers: { location: '/wiki/odoo-hosting.html' } })
    expect(await get(port, '/wiki/wissensmanager-in.html')).toMatchObject({
      status: 301,
      headers: { location: '/wiki/wissensmanager_in.html' },
    })
  })

  it('reads the base a site was built for from the site', () => {
    expect(builtBaseOf(out)).toBe('/wiki/')
    expect(builtBaseOf(plain)).toBe('/')
    expect(builtBaseOf(join(out, 'gibt-es-nicht'))).toBeUndefined()
  })
})

describe('the wikigen serve command', () => {
  /** Runs `wikigen serve` until it prints its address; returns what it printed. */
  function serveOutput(args: string[]): Promise<{ stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'serve', '--port', '0', ...args], {
        env: { ...process.env, NO_COLOR: '1' },
      })
      let stdout = ''
      let stderr = ''
      child.stderr.on('data', (chunk) => (stderr += chunk))
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        if (stdout.includes('served at')) {
          child.kill()
          resolve({ stdout, stderr })
        }
      })
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stdout}${stderr}`)))
    })
  }

  it('serves a site under the base it was built for without being told', async () => {
    const { stdout, stderr } = await serveOutput(['--dir', out])
    expect(stdout).toMatch(/served at http:\/\/127\.0\.0\.1:\d+\/wiki\/\n/)
    expect(stderr).toBe('')
  })

  it('warns, with the fix, when told a base the site was not built for', async () => {
    const { stdout, stderr } = await serveOutput(['--dir', plain, '--base', '/wiki/'])
    expect(stdout).toMatch(/served at http:\/\/127\.0\.0\.1:\d+\/wiki\/\n/)
    expect(stderr).toContain('was built for the base path /, not /wiki/')
    expect(stderr).toContain('hint: serve it with "--base /", or build it again with "--base /wiki/".')
  })
})

describe('the dev server with a base path', () => {
  let port: number
  let base = '/wiki/'
  beforeAll(async () => {
    const handler = createDevHandler(
      out,
      () => true,
      [],
      () => base,
    )
    const server = createServer(handler.handle)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })

  it('serves pages under the base with the live-update script, which it serves there with its stream', async () => {
    const page = await get(port, '/wiki/odoo.html')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<script type="module" src="/wiki/__wikigen/dev-client.js"></script>')
    const script = await get(port, '/wiki/__wikigen/dev-client.js')
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const events = await get(port, '/wiki/__wikigen/events')
    expect(events.headers['content-type']).toBe('text/event-stream')
    expect(events.body).toMatch(/^event: update\n/)
  })

  it('leads / to the base, answers outside it with the 404 page, and follows a new base', async () => {
    expect(await get(port, '/')).toMatchObject({ status: 302, headers: { location: '/wiki/' } })
    expect((await get(port, '/odoo.html')).status).toBe(404)
    base = '/handbuch/'
    expect(await get(port, '/')).toMatchObject({ status: 302, headers: { location: '/handbuch/' } })
    expect((await get(port, '/handbuch/odoo.html')).status).toBe(200)
    base = '/wiki/'
  })
})
