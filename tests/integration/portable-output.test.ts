/**
 * Output that every tool can carry: no file name with a character that Windows checkouts, artifact uploads or object
 * stores refuse (: * ? " < > | \). Legacy spellings with them live in `_redirects` and the nginx map only; the
 * config's `redirectMode` chooses between redirect pages, host files, or both.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

async function buildSite(config: UserConfig = {}) {
  const work = tempDir()
  const root = join(work, 'wiki')
  mkdirSync(root)
  writeFileSync(join(root, 'index.md'), '# Start\n\n[[Wissensmanager:in]]\n')
  writeFileSync(
    join(root, 'Wissensmanager:in.md'),
    '---\nredirectFrom: ["/alt/frage|antwort.html", "/alt/seite.html"]\n---\n# Wissensmanager:in\n\nText.\n',
  )
  const out = join(work, 'site')
  const result = await build({ root, out, config })
  const files = readdirSync(out, { recursive: true }) as string[]
  const hostFile = (name: string) => (existsSync(join(out, name)) ? readFileSync(join(out, name), 'utf8') : undefined)
  return { result, files, hostFile, out }
}

const UNPORTABLE = /[:*?"<>|\\]/

describe('portable output', () => {
  it('names no file with a character other systems refuse, and keeps those old URLs in the host files', async () => {
    const { result, files, hostFile } = await buildSite()
    expect(result.diagnostics).toEqual([])
    expect(files.filter((name) => UNPORTABLE.test(name))).toEqual([])
    expect(files).toEqual(expect.arrayContaining(['wissensmanager_in.html', 'wissensmanager-in.html', 'alt/seite.html']))
    const redirects = hostFile('_redirects')!
    // (as URLs: a | is percent-encoded there)
    for (const old of ['/wissensmanager:in.html', '/wissensmanager*in.html', '/alt/frage%7Cantwort.html', '/alt/seite.html'])
      expect(redirects).toContain(`${old} /wissensmanager_in.html 301\n`)
    expect(hostFile('redirects.nginx.map')).toContain('"/wissensmanager:in.html" "/wissensmanager_in.html";')
  })

  it('writes redirect pages only with "files", and host files only with "host"', async () => {
    const files = await buildSite({ redirectMode: 'files' })
    expect(files.files).toEqual(expect.arrayContaining(['wissensmanager-in.html', 'alt/seite.html']))
    expect([files.hostFile('_redirects'), files.hostFile('redirects.nginx.map')]).toEqual([undefined, undefined])

    const host = await buildSite({ redirectMode: 'host' })
    expect(host.files).not.toContain('wissensmanager-in.html')
    expect(host.files).not.toContain('alt/seite.html')
    expect(host.hostFile('_redirects')).toContain('/alt/seite.html /wissensmanager_in.html 301\n')
    expect(host.files.filter((name) => UNPORTABLE.test(name))).toEqual([])
  })
})
