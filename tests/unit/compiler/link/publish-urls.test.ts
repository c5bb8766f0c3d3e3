import { describe, expect, it } from 'vitest'
import { publishPathOf, publishUrlsOf } from '../../../../src/compiler/link/publish-urls.js'
import type { CompiledPage } from '../../../../src/compiler/parse/page.js'

/** A compiled page with only what publishUrlsOf reads. */
function pageOf(sourcePath: string, frontmatter: { permalink?: string; aliases?: string[] } = {}): CompiledPage {
  return { sourcePath, frontmatter: { aliases: [], ...frontmatter } } as unknown as CompiledPage
}

describe('publishPathOf', () => {
  it('writes spaces as +, drops .md and keeps the folders', () => {
    expect(publishPathOf('Folder Name/Note Name.md')).toEqual({ path: 'Folder+Name/Note+Name', spaced: 'Folder Name/Note Name' })
    expect(publishPathOf('A/B C/D E F.md')).toEqual({ path: 'A/B+C/D+E+F', spaced: 'A/B C/D E F' })
    expect(publishPathOf('Notiz.md')).toEqual({ path: 'Notiz' })
  })

  it('keeps umlauts, & ? # and a literal + decoded, composed (NFC)', () => {
    expect(publishPathOf('Über uns.md')).toEqual({ path: 'Über+uns', spaced: 'Über uns' })
    expect(publishPathOf('U\u0308ber.md')).toEqual({ path: 'Über' })
    expect(publishPathOf('Forschung & Entwicklung.md')?.path).toBe('Forschung+&+Entwicklung')
    expect(publishPathOf('Was nun?.md')?.path).toBe('Was+nun?')
    expect(publishPathOf('C#.md')?.path).toBe('C#')
    expect(publishPathOf('C++.md')).toEqual({ path: 'C++' })
    // an alias already written as Publish's URL stays that URL
    expect(publishPathOf('Obsidian+Publish/Customize+your+site')).toEqual({ path: 'Obsidian+Publish/Customize+your+site' })
  })

  it('refuses what is no plain path', () => {
    for (const bad of ['', '/', '.md', 'a/../b', './a', 'a//b', 'a\\b', 'a\u0000b', 'a/ /b'])
      expect([bad, publishPathOf(bad)]).toEqual([bad, undefined])
    expect(publishPathOf('/Guides/Old note/')?.path).toBe('Guides/Old+note')
  })
})

describe('publishUrlsOf', () => {
  it('gives a note its path and its permalink as written, and each alias as a path', () => {
    const urls = publishUrlsOf(pageOf('Company/About us.md', { permalink: 'Team/About', aliases: ['Guides/Old note', 'Kurz'] }))
    expect(urls.own.map((u) => u.path)).toEqual(['Company/About+us', 'Team/About'])
    expect(urls.aliases.map((u) => u.path)).toEqual(['Guides/Old+note', 'Kurz'])
  })

  it('gives the home page its note path, not the permalink /', () => {
    expect(publishUrlsOf(pageOf('Home.md', { permalink: '/' })).own).toEqual([{ path: 'Home' }])
    expect(publishUrlsOf(pageOf('index.md')).own).toEqual([{ path: 'index' }])
  })

  it('gives a canvas or base no path of its own, and a permalink that is a URL none', () => {
    expect(publishUrlsOf(pageOf('Plan.canvas')).own).toEqual([])
    expect(publishUrlsOf(pageOf('A.md', { permalink: 'https://example.org/a' })).own).toEqual([{ path: 'A' }])
  })
})
