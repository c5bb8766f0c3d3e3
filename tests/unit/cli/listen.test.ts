import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'
import { listenErrorOf, listenOn, urlOf } from '../../../src/cli/listen.js'
import { isUsageError } from '../../../src/compiler/diagnostics.js'

const errorWith = (code: string) => Object.assign(new Error(`listen ${code}`), { code })

describe('urlOf', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:5173/'],
    ['localhost', 'http://localhost:5173/'],
    // every interface: the browser reaches it as localhost
    ['0.0.0.0', 'http://localhost:5173/'],
    ['::', 'http://localhost:5173/'],
    // an IPv6 address needs brackets in a URL
    ['::1', 'http://[::1]:5173/'],
  ])('%s → %s', (host, url) => {
    expect(urlOf(host, 5173)).toBe(url)
  })
})

describe('listenErrorOf', () => {
  it.each([
    [
      'EADDRINUSE',
      8080,
      'port-in-use',
      'Port 8080 on 127.0.0.1 is in use',
      'Choose another port with --port (e.g. --port 8081), or stop what runs there.',
    ],
    [
      'EACCES',
      80,
      'cannot-listen',
      'Not allowed to listen on 127.0.0.1:80',
      'Ports below 1024 need root: choose a port from 1024 up with --port, and put a reverse proxy in front for port 80.',
    ],
    [
      'EADDRNOTAVAIL',
      8080,
      'cannot-listen',
      'Cannot listen on 127.0.0.1:8080: 127.0.0.1 is not an address of this machine',
      'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface).',
    ],
  ])('%s on port %i is a usage mistake with a hint', (code, port, name, message, hint) => {
    const error = listenErrorOf(errorWith(code), port, '127.0.0.1')
    expect(isUsageError(error) && { code: error.code, message: error.message, hint: error.hint }).toEqual({ code: name, message, hint })
  })

  it('passes any other error on unchanged', () => {
    const error = errorWith('EMFILE')
    expect(listenErrorOf(error, 8080, '127.0.0.1')).toBe(error)
  })

  it('rejects with the usage error when the port is taken, and leaves no listener behind', async () => {
    const first = createServer()
    await listenOn(first, 0, '127.0.0.1')
    const { port } = first.address() as { port: number }
    const second = createServer()
    await expect(listenOn(second, port, '127.0.0.1')).rejects.toMatchObject({ code: 'port-in-use' })
    expect(second.listening).toBe(false)
    first.close()
  })
})
