import { spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isHashedClientFile, startServer } from '../../src/cli/serve.js'
import { recommendedCsp } from '../../src/cli/csp.js'
import { fixtureSite, repoRoot, tempDir, wikigen } from './helpers.js'

let server: Server
let port: number
let out: string

beforeAll(async () => {
  out = join(tempDir(), 'site')
  const { code } = await wikigen(['build', '--root', fixtureSite('basic'), '--out', out, '--no-cache'])
  expect(code).toBe(0)
  server = await startServer({ dir: out, port: 0, host: '127.0.0.1' })
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A raw request, so paths reach the server exactly as written (no client-side normalisation). */
function get(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('wikigen serve', () => {
  it('serves pages as HTML that revalidates, and hashed assets cached for a year', async () => {
    const page = await get('/odoo.html')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const css = page.body.match(/href="(\/_wikigen\/style-\w+\.css)"/)![1]
    const asset = await get(css)
    expect(asset.headers['content-type']).toMatch(/^text\/css/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await get('/attachments/logo.svg')).headers['content-type']).toBe('image/svg+xml')
  })

  it('opens an SVG on its own in a sandbox, so a script in it never runs on the site', async () => {
    const svg = await get('/attachments/logo.svg')
    expect(svg.headers['content-security-policy']).toBe('sandbox')
    expect((await get('/odoo.html')).headers['content-security-policy']).toBeUndefined()
  })

  it('resolves extension-less and percent-encoded umlaut paths', async () => {
    expect((await get('/glossary')).status).toBe(200)
    expect((await get('/wirkungsr%C3%A4ume.html')).body).toContain('Operativer Raum')
  })

  it('answers legacy URLs with 301 to the clean route', async () => {
    for (const old of ['/wissensmanager:in.html', '/wissensmanager%3Ain.html', '/wissensmanager-in.html', '/alt/hosting.html']) {
      const res = await get(old)
      expect([old, res.status]).toEqual([old, 301])
    }
    expect((await get('/wissensmanager-in.html')).headers.location).toBe('/wissensmanager_in.html')
  })

  it('gives unknown paths the 404 page with status 404', async () => {
    const res = await get('/gibt-es-nicht.html')
    expect(res.status).toBe(404)
    expect(res.body).toContain('Take me home')
  })

  it('answers HEAD without a body and conditional requests with 304', async () => {
    const head = await get('/odoo.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    const etag = head.headers.etag as string
    expect((await get('/odoo.html', 'GET', { 'If-None-Match': etag })).status).toBe(304)
  })

  it('never serves a file outside the output folder', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/_wikigen/..%2f..%2fpackage.json',
      '/%00',
      '/a%00.html',
    ]) {
      const res = await get(path)
      expect([path, res.status]).toEqual([path, 404])
      expect(res.body).not.toContain('"name": "wikigen"')
    }
  })

  it('refuses methods a static site does not have', async () => {
    expect((await get('/odoo.html', 'POST')).status).toBe(405)
  })
})

describe('the wikigen serve command', () => {
  /** The Content-Security-Policy headers `wikigen serve` with `args` sends for `path`, and the server's origin. */
  function cspOf(args: string[], path: string): Promise<[string | string[] | undefined, string]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'serve', '--dir', out, '--port', '0', ...args], {
        env: { ...process.env, NO_COLOR: '1' },
      })
      let stdout = ''
      child.stdout.on('data', (chunk) => {
        stdout += chunk
        const address = stdout.match(/served at (http:\/\/[^\s]+)\n/)
        if (!address) return
        request(new URL(path, address[1]), (res) => {
          res.resume()
          child.kill()
          resolve([res.headers['content-security-policy'], new URL(address[1]).origin])
        })
          .on('error', reject)
          .end()
      })
      child.on('exit', (code) => (code === null ? undefined : reject(new Error(`exited with ${code}: ${stdout}`))))
    })
  }

  it('sends the recommended Content-Security-Policy by default, and none with --no-csp', async () => {
    // scripts only from the client's folder on the host the browser asked
    const [policy, origin] = await cspOf([], '/odoo.html')
    expect(policy).toBe(recommendedCsp(`${origin}/_wikigen/`))
    expect(policy).toContain(`script-src ${origin}/_wikigen/;`)
    const [explicit, explicitOrigin] = await cspOf(['--csp'], '/odoo.html')
    expect(explicit).toBe(recommendedCsp(`${explicitOrigin}/_wikigen/`))
    expect((await cspOf(['--no-csp'], '/odoo.html'))[0]).toBeUndefined()
    // an SVG on its own gets the sandbox besides the site's policy
    const [svg, svgOrigin] = await cspOf([], '/attachments/logo.svg')
    expect(svg).toBe(`${recommendedCsp(`${svgOrigin}/_wikigen/`)}, sandbox`)
  })
})

describe('what serve caches for a year', () => {
  it.each([
    ['/_wikigen/client-RTAKC6HH.js', true],
    ['/_wikigen/style-QBUYVT5D.css', true],
    ['/_wikigen/chunks/architecture-7GRP2DOG-WNOGGD7C.js', true],
    // a vault's own folder named assets: its attachments change under the same name
    ['/assets/logo.png', false],
    ['/assets/plan.pdf', false],
    ['/assets/bilder/team-2026.jpg', false],
    ['/client-RTAKC6HH.js', false],
  ])('%s → %s', (path, immutable) => {
    expect(isHashedClientFile(path)).toBe(immutable)
  })
})
