/**
 * `wikigen check-links --external` asks the web, from CI inside a company's network: links to private or local
 * addresses are not asked unless --allow-private says so. A real server on the loopback address counts the requests.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSpecialAddress } from '../../src/cli/private-address.js'
import { tempDir, wikigen } from './helpers.js'

let server: Server
let port: number
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.writeHead(req.url === '/da' ? 200 : 404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A content folder whose page links two URLs of the local server, one that answers and one that does not. */
function vault(): string {
  const root = join(tempDir('wikigen-external-'), 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), `# Start\n\n[da](http://127.0.0.1:${port}/da) und [weg](http://localhost:${port}/weg)\n`)
  return root
}

describe('check-links --external', () => {
  it('asks no private or local address, and says so', async () => {
    requests.length = 0
    const { code, stderr } = await wikigen(['check-links', '--root', vault(), '--external'])
    expect(code).toBe(0)
    expect(requests).toEqual([])
    expect(stderr).toContain('2 links to a private or local address not checked')
    expect(stderr).toContain('--allow-private checks them too')
  })

  it('asks them with --allow-private, and reports the one that does not answer', async () => {
    requests.length = 0
    const { code, stdout } = await wikigen(['check-links', '--root', vault(), '--external', '--allow-private'])
    expect(code).toBe(1)
    expect(requests.sort()).toEqual(['HEAD /da', 'HEAD /weg'])
    expect(stdout).toMatch(new RegExp(`wiki/index\\.md:3:\\d+  broken link to http://localhost:${port}/weg\\n$`))
  })
})

describe('isSpecialAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['wiki.example.com', false],
  ])('%s → %s', (address, special) => {
    expect(isSpecialAddress(address)).toBe(special)
  })
})
