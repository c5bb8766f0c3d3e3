/**
 * `wikigen serve` and `wikigen dev` survive real clients: the real commands, over sockets. A bad byte range is a 416,
 * not the end of the process; a later build into the served folder is seen at once; foreign Host headers (DNS
 * rebinding) are refused; every answer says nosniff; nothing outside the folder is served.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir, wikigen } from './helpers.js'

const running: ChildProcess[] = []
afterAll(() => running.forEach((child) => child.kill()))

/** Starts a wikigen command that prints its URL, and waits for it. */
async function start(args: string[], cwd: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/wikigen.js'), ...args, '--port', '0'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  })
  running.push(child)
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
  return { child, port }
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request over a socket, with any headers (Host included). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: !('Host' in headers) }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A built site with a page, an asset of known bytes, and a symbolic link out of the site to a secret. */
async function builtSite() {
  const work = tempDir('wikigen-serve-')
  const root = join(work, 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), '# Start\n')
  writeFileSync(join(root, 'Seite.md'), '# Seite\n\nErste Fassung.\n')
  mkdirSync(join(root, 'public'))
  writeFileSync(join(root, 'public', 'zahlen.txt'), '0123456789')
  expect((await wikigen(['build', '--root', 'wiki', '--out', 'site'], { cwd: work })).code).toBe(0)
  writeFileSync(join(work, 'geheim.txt'), 'streng geheim')
  symlinkSync(join(work, 'geheim.txt'), join(work, 'site', 'geheim.txt'))
  return { work, root, site: join(work, 'site') }
}

describe.each(['serve', 'dev'] as const)('wikigen %s', (command) => {
  let port: number
  let child: ChildProcess
  let work: string
  let root: string

  beforeAll(async () => {
    const built = await builtSite()
    ;({ work, root } = built)
    const args = command === 'serve' ? ['serve', '--dir', 'site'] : ['dev', '--root', 'wiki']
    ;({ port, child } = await start(args, work))
  }, 60_000)

  it('answers an unsatisfiable range with 416 and keeps running', async () => {
    const bad = await get(port, '/zahlen.txt', { Range: 'bytes=5-2' })
    expect(bad.status).toBe(416)
    expect(bad.headers['content-range']).toBe('bytes */10')
    const beyond = await get(port, '/zahlen.txt', { Range: 'bytes=20-30' })
    expect(beyond.status).toBe(416)
    expect(child.exitCode).toBeNull()
    expect((await get(port, '/zahlen.txt')).body).toBe('0123456789')
  })

  it('returns the last N bytes for bytes=-N, and the rest for bytes=N-', async () => {
    const suffix = await get(port, '/zahlen.txt', { Range: 'bytes=-3' })
    expect([suffix.status, suffix.body, suffix.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10'])
    const rest = await get(port, '/zahlen.txt', { Range: 'bytes=6-' })
    expect([rest.status, rest.body]).toEqual([206, '6789'])
  })

  it('refuses a Host header that names another site, and answers its own names', async () => {
    const rebound = await get(port, '/', { Host: `angreifer.example:${port}` })
    expect(rebound.status).toBe(403)
    expect(rebound.body).toContain('--allowed-host angreifer.example')
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `wiki.localhost:${port}`, 'localhost']) {
      expect((await get(port, '/', { Host: host })).status, host).toBe(200)
    }
  })

  it('only reads: other methods than GET and HEAD get 405 and change nothing', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await get(port, '/zahlen.txt', {}, method)
      expect([method, answer.status, answer.headers.allow]).toEqual([method, 405, 'GET, HEAD'])
    }
    expect((await get(port, '/zahlen.txt', {}, 'HEAD')).status).toBe(200)
    expect((await get(port, '/zahlen.txt')).body).toBe('0123456789')
  })

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    for (const [path, headers] of [
      ['/'],
      ['/zahlen.txt'],
      ['/gibt-es-nicht.html'],
      ['/', { Host: 'angreifer.example' }],
      ['/zahlen.txt', { Range: 'bytes=5-2' }],
    ] as const) {
      expect((await get(port, path, headers ?? {})).headers['x-content-type-options'], path).toBe('nosniff')
    }
  })

  it('serves nothing a symbolic link leads to outside the folder, nor paths that climb out', async () => {
    for (const path of [
      '/geheim.txt',
      '/../geheim.txt',
      '/%2e%2e/geheim.txt',
      '/..%2fgeheim.txt',
      '/%5c..%5cgeheim.txt',
      '/zahlen.txt%00.html',
    ]) {
      const answer = await get(port, path)
      expect(answer.body, path).not.toContain('streng geheim')
      expect(answer.status, path).toBeGreaterThanOrEqual(400)
    }
    expect(child.exitCode).toBeNull()
  })

  it.runIf(command === 'serve')('serves what a later build wrote or removed', async () => {
    {
      writeFileSync(join(root, 'Seite.md'), '# Seite\n\nZweite, viel längere Fassung der Seite.\n')
      writeFileSync(join(root, 'Neu.md'), '# Neu\n')
      rmSync(join(root, 'public', 'zahlen.txt'))
      expect((await wikigen(['build', '--root', 'wiki', '--out', 'site'], { cwd: work })).code).toBe(0)
      const page = await get(port, '/seite.html')
      expect(page.body).toContain('Zweite, viel längere Fassung der Seite.')
      expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(readFileSync(join(work, 'site', 'seite.html'))))
      expect((await get(port, '/neu.html')).status).toBe(200)
      expect((await get(port, '/zahlen.txt')).status).toBe(404)
      expect(child.exitCode).toBeNull()
    }
  })
})

describe('wikigen serve --allowed-host', () => {
  it('answers the names it is given, e.g. a reverse proxy’s', async () => {
    const { work } = await builtSite()
    const { port } = await start(['serve', '--dir', 'site', '--allowed-host', 'wiki.firma.example,intranet'], work)
    expect((await get(port, '/', { Host: 'wiki.firma.example' })).status).toBe(200)
    expect((await get(port, '/', { Host: 'intranet:8080' })).status).toBe(200)
    expect((await get(port, '/', { Host: 'andere.example' })).status).toBe(403)
  }, 60_000)
})
