import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeCacheFolder, codeCacheName } from '../../../src/cli/launch.js'

describe('where the CLI keeps its code cache', () => {
  it('keeps it in lib/ when the installation can be written', () => {
    expect(codeCacheFolder('/opt/wikigen/lib', { writable: () => true, env: {}, home: '/home/anna' })).toBe(
      join('/opt/wikigen/lib', '.code-cache'),
    )
  })

  it("falls back to the user's cache folder for an installation the user cannot write", () => {
    const readOnly = () => false
    expect(codeCacheFolder('/usr/lib/node_modules/wikigen/lib', { writable: readOnly, env: {}, home: '/home/anna' })).toBe(
      join('/home/anna/.cache', 'wikigen', 'code-cache'),
    )
    expect(
      codeCacheFolder('/usr/lib/node_modules/wikigen/lib', {
        writable: readOnly,
        env: { XDG_CACHE_HOME: '/var/cache/anna' },
        home: '/home/anna',
      }),
    ).toBe(join('/var/cache/anna', 'wikigen', 'code-cache'))
  })

  it('names a cache by the command and the hash of the bundle', () => {
    const argv = (...args: string[]) => ['/usr/bin/node', '/opt/wikigen/bin/wikigen.js', ...args]
    expect(codeCacheName(argv('build', '--root', 'content'), '87bcbfab3f42')).toBe('build-87bcbfab3f42.bin')
    expect(codeCacheName(argv('check-links'), '87bcbfab3f42')).toBe('check-links-87bcbfab3f42.bin')
    // options and help share one cache; nothing from the command line reaches a path
    expect(codeCacheName(argv('--help'), 'abc')).toBe('other-abc.bin')
    expect(codeCacheName(argv(), 'abc')).toBe('other-abc.bin')
    expect(codeCacheName(argv('../../etc'), 'abc')).toBe('other-abc.bin')
  })
})
