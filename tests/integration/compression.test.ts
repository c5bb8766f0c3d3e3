/**
 * Compressed answers: the build writes `.br`/`.gz` copies of its text files (and removes them with their page),
 * `wikigen serve` sends them by the request's Accept-Encoding (or gzips on the fly), and the dev server gzips its pages
 * while its event stream stays uncompressed.
 */
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevHandler } from '../../src/cli/dev-server.js'
import { startServer } from '../../src/cli/serve.js'
import { acceptedEncodings } from '../../src/cli/compression.js'
import { fixtureSite, tempDir, wikigen } from './helpers.js'

let root: string
let out: string
let clientJs: string
const servers: Server[] = []

/** A PNG's signature and enough bytes to be worth compressing, were it text. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 7)])

beforeAll(async () => {
  const dir = tempDir()
  root = join(dir, 'content')
  out = join(dir, 'site')
  cpSync(fixtureSite('basic'), root, { recursive: true })
  writeFileSync(join(root, 'attachments/foto.png'), PNG)
  // the copies are the config's choice (off by default: hosts compress by themselves)
  const config = readFileSync(join(root, 'wikigen.config.ts'), 'utf8')
  writeFileSync(join(root, 'wikigen.config.ts'), config.replace('defineConfig({', 'defineConfig({\n  precompress: true,'))
  writeFileSync(join(root, 'Abschied.md'), `# Abschied\n\n![[foto.png]]\n\n${'Ein Absatz, der bald wieder geht. '.repeat(80)}\n`)
  const built = await wikigen(['build', '--root', root, '--out', out, '--no-cache'])
  expect(built.code, built.stderr).toBe(0)
  clientJs = readdirSync(join(out, '_wikigen')).find((name) => /^client-\w+\.js$/.test(name))!
})
afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()))
})

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A raw request; the body as sent (not decompressed). An event stream is answered with its first chunk. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        if (res.headers['content-type'] === 'text/event-stream') {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) })
          req.destroy()
        }
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the build', () => {
  it('writes gzip copies of the pages and brotli and gzip copies of scripts and the search index', () => {
    const page = readFileSync(join(out, 'odoo.html'))
    expect(gunzipSync(readFileSync(join(out, 'odoo.html.gz')))).toEqual(page)
    expect(existsSync(join(out, 'odoo.html.br'))).toBe(false)
    const js = readFileSync(join(out, '_wikigen', clientJs))
    expect(brotliDecompressSync(readFileSync(join(out, '_wikigen', `${clientJs}.br`)))).toEqual(js)
    expect(gunzipSync(readFileSync(join(out, '_wikigen', `${clientJs}.gz`)))).toEqual(js)
    expect(existsSync(join(out, 'search-index.json.br'))).toBe(true)
    // images and small files get none
    expect(existsSync(join(out, 'attachments/foto.png.gz'))).toBe(false)
    expect(readdirSync(out).filter((name) => name.endsWith('.gz') && statSync(join(out, name.slice(0, -3))).size < 1024)).toEqual([])
  })

  it('lists no copy as a page: not in the sitemap, not in the search index', () => {
    expect(readFileSync(join(out, 'search-index.json'), 'utf8')).not.toMatch(/\.(gz|br)"/)
    if (existsSync(join(out, 'sitemap.xml'))) expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).not.toMatch(/\.(gz|br)</)
  })

  it('removes the copies of a page that is gone, and reuses the unchanged ones in a warm build', async () => {
    const dir = tempDir()
    const site = join(dir, 'site')
    const content = join(dir, 'content')
    cpSync(root, content, { recursive: true })
    expect((await wikigen(['build', '--root', content, '--out', site])).code).toBe(0)
    expect(existsSync(join(site, 'abschied.html.gz'))).toBe(true)
    const before = statSync(join(site, 'odoo.html.gz')).ino
    rmSync(join(content, 'Abschied.md'))
    const again = await wikigen(['build', '--root', content, '--out', site])
    expect(again.code, again.stderr).toBe(0)
    expect(existsSync(join(site, 'abschied.html'))).toBe(false)
    expect(existsSync(join(site, 'abschied.html.gz'))).toBe(false)
    // the unchanged page and its copy are the previous build's files, linked
    expect(statSync(join(site, 'odoo.html.gz')).ino).toBe(before)
    expect(gunzipSync(readFileSync(join(site, 'odoo.html.gz')))).toEqual(readFileSync(join(site, 'odoo.html')))
  })

  it('writes no copies with precompress: false (the default)', async () => {
    const dir = tempDir()
    const content = join(dir, 'content')
    cpSync(fixtureSite('basic'), content, { recursive: true })
    const config = readFileSync(join(content, 'wikigen.config.ts'), 'utf8')
    writeFileSync(join(content, 'wikigen.config.ts'), config.replace('defineConfig({', 'defineConfig({\n  precompress: false,'))
    expect((await wikigen(['build', '--root', content, '--out', join(dir, 'site'), '--no-cache'])).code).toBe(0)
    expect(readdirSync(join(dir, 'site'), { recursive: true }).filter((name) => /\.(br|gz)$/.test(String(name)))).toEqual([])
  })
})

describe('wikigen serve', () => {
  let port: number
  beforeAll(async () => {
    const server = await startServer({ dir: out, port: 0, host: '127.0.0.1', csp: true })
    servers.push(server)
    port = (server.address() as AddressInfo).port
  })

  it('sends the brotli copy where brotli is accepted, else the gzip one, else the file itself', async () => {
    const path = `/_wikigen/${clientJs}`
    const js = readFileSync(join(out, '_wikigen', clientJs))
    const br = await get(port, path, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(brotliDecompressSync(br.body)).toEqual(js)
    const gz = await get(port, path, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body)).toEqual(js)
    const plain = await get(port, path)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.body).toEqual(js)
    expect(await get(port, path, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })).toMatchObject({
      headers: { 'content-length': String(js.length) },
    })
    // one validator per encoding, and each revalidates
    const tags = new Set([br.headers.etag, gz.headers.etag, plain.headers.etag])
    expect(tags.size).toBe(3)
    const again = await get(port, path, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('sends pages gzipped with their headers, also to HEAD', async () => {
    const page = await get(port, '/odoo', { 'Accept-Encoding': 'br, gzip' })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toBeDefined()
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(gunzipSync(page.body)).toEqual(readFileSync(join(out, 'odoo.html')))
    const head = await get(port, '/odoo', { 'Accept-Encoding': 'gzip' }, 'HEAD')
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.headers['content-length']).toBe(page.headers['content-length'])
    expect(head.body.length).toBe(0)
  })

  it('sends a byte range and an image as they are', async () => {
    const range = await get(port, '/odoo.html', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=0-99' })
    expect(range.status).toBe(206)
    expect(range.headers['content-encoding']).toBeUndefined()
    expect(range.body).toEqual(readFileSync(join(out, 'odoo.html')).subarray(0, 100))
    const image = await get(port, '/attachments/foto.png', { 'Accept-Encoding': 'br, gzip' })
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.headers.vary).toBeUndefined()
    expect(image.body).toEqual(PNG)
  })

  it('gzips a text file on the fly that has no copy, or one older than the file', async () => {
    const file = join(out, 'glossary.html')
    rmSync(`${file}.gz`)
    const fly = await get(port, '/glossary.html', { 'Accept-Encoding': 'br, gzip' })
    expect(fly.headers['content-encoding']).toBe('gzip')
    expect(Number(fly.headers['content-length'])).toBe(fly.body.length)
    expect(gunzipSync(fly.body)).toEqual(readFileSync(file))
    expect((await get(port, '/glossary.html', { 'Accept-Encoding': 'gzip', 'If-None-Match': String(fly.headers.etag) })).status).toBe(304)
    // a copy left from an earlier version is not sent
    writeFileSync(`${file}.gz`, Buffer.from('stale'))
    const later = new Date(Date.now() + 5000)
    const { utimesSync } = await import('node:fs')
    utimesSync(file, later, later)
    const fresh = await get(port, '/glossary.html', { 'Accept-Encoding': 'gzip' })
    expect(gunzipSync(fresh.body)).toEqual(readFileSync(file))
  })
})

describe('the dev server', () => {
  let port: number
  beforeAll(async () => {
    const handler = createDevHandler(out, () => true, [])
    const server = createServer(handler.handle)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })

  it('gzips pages with the live-update script and other text, and never the event stream', async () => {
    const page = await get(port, '/odoo.html', { 'Accept-Encoding': 'gzip, br' })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(page.headers.vary).toBe('Accept-Encoding')
    expect(gunzipSync(page.body).toString()).toContain('<script type="module" src="/__wikigen/dev-client.js"></script>')
    expect((await get(port, '/odoo.html')).body.toString()).toContain('/__wikigen/dev-client.js')
    const js = await get(port, `/_wikigen/${clientJs}`, { 'Accept-Encoding': 'gzip' })
    expect(js.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(js.body)).toEqual(readFileSync(join(out, '_wikigen', clientJs)))
    const events = await get(port, '/__wikigen/events', { 'Accept-Encoding': 'gzip, br' })
    expect(events.headers['content-type']).toBe('text/event-stream')
    expect(events.headers['content-encoding']).toBeUndefined()
    expect(events.body.toString()).toMatch(/^event: update\n/)
  })
})

describe('acceptedEncodings', () => {
  it('reads names, weights and the wildcard', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual({ br: true, gzip: true })
    expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual({ br: false, gzip: true })
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true })
    expect(acceptedEncodings('*;q=0.5, gzip;q=0')).toEqual({ br: true, gzip: false })
    expect(acceptedEncodings('identity')).toEqual({ br: false, gzip: false })
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false })
  })
})
