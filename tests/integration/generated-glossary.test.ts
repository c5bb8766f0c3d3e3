/**
 * A vault without a glossary page gets /glossary.html as an A–Z index of its pages (spec §2.2, headings A to Z), so
 * the navbar's glossary link works for any vault; a vault with a glossary page keeps its own.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

function vault(pages: Record<string, string>) {
  const root = join(tempDir('wikigen-glossary-'), 'wiki')
  mkdirSync(root)
  for (const [name, text] of Object.entries(pages)) writeFileSync(join(root, name), text)
  return { root, out: join(root, '..', 'site') }
}

describe('the generated glossary', () => {
  it('lists every page by title under its letter, umlauts under their base letter, the rest under #', async () => {
    const { root, out } = vault({
      'index.md': '# Start\n',
      'Ansible.md': '# Ansible\n',
      'Änderungsprozess.md': '# Änderungsprozess\n',
      'Zsh.md': '# Zsh\n',
      'Notiz.md': '---\ntitle: Öffnungszeiten\n---\nText\n',
      '2FA.md': '# 2FA einrichten\n',
    })
    const result = await build({ root, out })
    expect(result.diagnostics).toEqual([])
    const html = readFileSync(join(out, 'glossary.html'), 'utf8')
    const letters = [...html.matchAll(/<h2 id="([^"]+)"[^>]*><a class="header-anchor" href="#\1"><span>([^<]+)<\/span>/g)].map((m) => m[2])
    expect(letters).toEqual(['A', 'O', 'Z', '#'])
    // the page's own list, not the navbar links the phone sidebar repeats
    const body = html.slice(html.indexOf('data-content'))
    const links = [...body.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a><\/li>/g)].map((m) => `${m[2]} ${m[1]}`)
    expect(links).toEqual([
      'Änderungsprozess /%C3%A4nderungsprozess.html',
      'Ansible /ansible.html',
      'Öffnungszeiten /notiz.html',
      'Zsh /zsh.html',
      '2FA einrichten /2fa.html',
    ])
    expect(html).toContain('<title>Glossar | Wiki</title>')
    const index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as {
      title: string
      path: string
      headers: { title: string }[]
    }[]
    const entry = index.find((e) => e.path === '/glossary.html')!
    expect(entry.title).toBe('Glossar')
    expect(entry.headers.map((h) => h.title)).toEqual(['A', 'O', 'Z', '#'])
  })

  it('is not made when a page of the vault is the glossary', async () => {
    const { root, out } = vault({
      'index.md': '# Start\n',
      'Glossary.md': '# Glossar\n\n## A\n\nEigenes Glossar.\n',
      'Ansible.md': '# Ansible\n',
    })
    await build({ root, out })
    expect(readFileSync(join(out, 'glossary.html'), 'utf8')).toContain('Eigenes Glossar.')
  })
})
