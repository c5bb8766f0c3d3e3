/**
 * A redirect never takes a URL that is not its own: one from a generated page (the search page, the 404 page, a tag
 * page, the glossary), a generated file (the search index) or their extension-less forms is left out of every
 * redirect file, with an error; the others, also old URLs of the home page, are kept. Real folders, real builds.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { repoRoot, tempDir } from './helpers.js'

describe('redirects', () => {
  it('are left out of _redirects, the nginx map and the redirect pages where they would hide a file of the site', async () => {
    const root = join(tempDir('wikigen-redirects-'), 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '---\nredirectFrom: [/start.html]\n---\n# Start\n')
    const taken = ['/suche.html', '/suche', '/404.html', '/search-index.json', '/tags/a.html', '/tags/a', '/glossary', '/tags']
    writeFileSync(join(root, 'Alt.md'), `---\nredirectFrom: [${[...taken, '/frueher.html'].join(', ')}]\n---\n# Alt\n\nText #a\n`)
    const out = join(root, '..', 'site')
    const { diagnostics, site } = await build({ root, out, cacheDir: false })
    const refused = diagnostics.filter((d) => d.code === 'bad-redirect').map((d) => d.message.replace(/ to "[^"]*"/, ''))
    expect(refused).toEqual([
      'Redirect from "/404.html" would hide the generated 404 page; it is left out',
      'Redirect from "/glossary" would hide the generated page "glossary.html"; it is left out',
      'Redirect from "/search-index.json" would hide the search index; it is left out',
      'Redirect from "/suche" would hide the generated page "suche.html"; it is left out',
      'Redirect from "/suche.html" would hide the generated page "suche.html"; it is left out',
      'Redirect from "/tags" would hide a folder of the generated page "tags/a.html"; it is left out',
      'Redirect from "/tags/a" would hide the generated page "tags/a.html"; it is left out',
      'Redirect from "/tags/a.html" would hide the generated page "tags/a.html"; it is left out',
    ])
    const netlify = readFileSync(join(out, '_redirects'), 'utf8')
    const nginx = readFileSync(join(out, 'redirects.nginx.map'), 'utf8')
    for (const path of taken) {
      expect(netlify).not.toContain(`${path} `)
      expect(nginx).not.toContain(`"${path}"`)
    }
    expect(netlify).toContain('/frueher.html /alt.html 301')
    expect(netlify).toContain('/start.html / 301')
    expect(site.redirects.map((r) => r.from).sort()).toEqual(['/frueher.html', '/start.html'])
    expect(readFileSync(join(out, 'suche.html'), 'utf8')).not.toContain('http-equiv="refresh"')
  })

  it("leave wikigen's client folder to the client: no content file, page or redirect takes a path in it", async () => {
    const root = join(tempDir('wikigen-client-folder-'), 'wiki')
    mkdirSync(join(root, '_wikigen'), { recursive: true })
    writeFileSync(join(root, '_wikigen/plan.png'), 'png')
    writeFileSync(
      join(root, 'index.md'),
      '---\nredirectFrom: [/_wikigen/client.js, /_wikigen]\n---\n# Start\n\n![Plan](_wikigen/plan.png)\n',
    )
    const out = join(root, '..', 'site')
    const { diagnostics } = await build({ root, out, cacheDir: false, clientDir: join(repoRoot, 'lib/client') })
    const messages = diagnostics.filter((d) => d.severity === 'error').map((d) => d.message.replace(/ to "[^"]*"/, ''))
    expect(messages.sort()).toEqual([
      'File "_wikigen/plan.png" would write "_wikigen/plan.png", which is inside wikigen\'s client folder; it is left out',
      'Redirect from "/_wikigen" would hide wikigen\'s client folder; it is left out',
      'Redirect from "/_wikigen/client.js" would hide wikigen\'s client folder; it is left out',
    ])
    const client = readdirSync(join(out, '_wikigen'), { recursive: true }).map(String)
    expect(client).not.toContain('plan.png')
    expect(client.some((file) => /^client-[A-Z0-9]{8}\.js$/.test(file))).toBe(true)
    expect(readFileSync(join(out, '_redirects'), 'utf8')).not.toContain('/_wikigen')
  })
})
