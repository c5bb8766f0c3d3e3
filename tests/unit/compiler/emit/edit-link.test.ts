import { describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../../../src/compiler/config/config.js'
import { editLinkOf, obsidianLinkOf, repoHostOf, sourceLinkProblems } from '../../../../src/compiler/emit/edit-link.js'
import type { SourcePath } from '../../../../src/compiler/paths.js'

const page = (sourcePath: string, frontmatter: { editLink?: boolean; editLinkPattern?: string } = {}) => ({
  sourcePath: sourcePath as SourcePath,
  frontmatter: { editLink: true, ...frontmatter },
})
const editLink = (theme: UserConfig['theme'], path = 'Odoo/Über Odoo.md', frontmatter = {}) =>
  editLinkOf(resolveConfig({ theme: { editLink: true, ...theme } }), page(path, frontmatter))

describe('editLinkOf', () => {
  it.each([
    // GitHub by host, the content in the default folder 'content'
    [{ repo: 'https://github.com/talwerk/wiki' }, 'https://github.com/talwerk/wiki/edit/main/content/Odoo/%C3%9Cber%20Odoo.md'],
    // VuePress's short form is a GitHub repository; a trailing slash and '.git' are dropped
    [{ repo: 'talwerk/wiki', docsDir: '' }, 'https://github.com/talwerk/wiki/edit/main/Odoo/%C3%9Cber%20Odoo.md'],
    [
      { repo: 'https://github.com/talwerk/wiki.git/', docsDir: './docs/' },
      'https://github.com/talwerk/wiki/edit/main/docs/Odoo/%C3%9Cber%20Odoo.md',
    ],
    // GitLab by host, and a company's own GitLab by its label
    [{ repo: 'https://gitlab.com/talwerk/wiki' }, 'https://gitlab.com/talwerk/wiki/-/edit/main/content/Odoo/%C3%9Cber%20Odoo.md'],
    [
      { repo: 'https://git.talwerk.example/talwerk/wiki', repoLabel: 'GitLab', docsBranch: 'produktion' },
      'https://git.talwerk.example/talwerk/wiki/-/edit/produktion/content/Odoo/%C3%9Cber%20Odoo.md',
    ],
    // Bitbucket names the branch twice
    [
      { repo: 'https://bitbucket.org/talwerk/wiki', docsDir: '' },
      'https://bitbucket.org/talwerk/wiki/src/main/Odoo/%C3%9Cber%20Odoo.md?mode=edit&spa=0&at=main&fileviewer=file-view-default',
    ],
    [{ repo: 'https://codeberg.org/talwerk/wiki', docsDir: '' }, 'https://codeberg.org/talwerk/wiki/_edit/main/Odoo/%C3%9Cber%20Odoo.md'],
    // a pattern of the site's own wins over the host's
    [
      { repo: 'https://git.talwerk.example/wiki', editLinkPattern: ':repo/bearbeiten/:branch/:path' },
      'https://git.talwerk.example/wiki/bearbeiten/main/content/Odoo/%C3%9Cber%20Odoo.md',
    ],
    // the content's own repository, when the navbar links to another one
    [
      { repo: 'https://github.com/talwerk/produkt', docsRepo: 'https://gitlab.com/talwerk/wiki' },
      'https://gitlab.com/talwerk/wiki/-/edit/main/content/Odoo/%C3%9Cber%20Odoo.md',
    ],
    // an unknown host without a pattern: no link rather than a wrong one
    [{ repo: 'https://git.talwerk.example/wiki' }, undefined],
    [{}, undefined],
  ])('%j → %s', (theme, expected) => {
    expect(editLink(theme)).toBe(expected)
  })

  it('is off unless the theme turns it on, and a page can turn it off or use a pattern of its own', () => {
    const repo = 'https://github.com/talwerk/wiki'
    expect(editLinkOf(resolveConfig({ theme: { repo } }), page('Seite.md'))).toBeUndefined()
    expect(editLink({ repo }, 'Seite.md', { editLink: false })).toBeUndefined()
    expect(editLink({ repo }, 'Seite.md', { editLinkPattern: ':repo/blob/:branch/:path' })).toBe(
      'https://github.com/talwerk/wiki/blob/main/content/Seite.md',
    )
  })

  it('encodes what a file name may hold and a URL may not', () => {
    expect(editLink({ repo: 'https://github.com/a/b', docsDir: '' }, 'C# & Co/50% Rabatt?.md')).toBe(
      'https://github.com/a/b/edit/main/C%23%20%26%20Co/50%25%20Rabatt%3F.md',
    )
  })
})

describe('repoHostOf', () => {
  it.each([
    ['https://github.com/a/b', undefined, 'GitHub'],
    ['https://gitlab.example.com/a/b', undefined, 'GitLab'],
    ['https://git.example.com/a/b', 'GitLab', 'GitLab'],
    ['https://git.example.com/a/b', 'Quellcode', undefined],
  ])('%s labelled %s is on %s', (repo, label, host) => {
    expect(repoHostOf(repo, label)).toBe(host)
  })
})

describe('obsidianLinkOf', () => {
  const config = (obsidianLink: boolean | { vault: string }, name?: string) =>
    resolveConfig({ theme: { obsidianLink } }, { contentFolderName: name })

  it('opens the note by its path in the vault, without .md, both values encoded', () => {
    expect(obsidianLinkOf(config({ vault: 'Talwerk Wiki' }), page('Odoo/Über Odoo.md'))).toBe(
      'obsidian://open?vault=Talwerk%20Wiki&file=Odoo%2F%C3%9Cber%20Odoo',
    )
    // other files keep their extension: Obsidian would look for a note otherwise
    expect(obsidianLinkOf(config({ vault: 'W' }), page('Phasen.base'))).toBe('obsidian://open?vault=W&file=Phasen.base')
  })

  it('takes the content folder as the vault for true, and shows nothing when off or turned off by the page', () => {
    expect(obsidianLinkOf(config(true, 'Firmen Wiki'), page('A & B.md'))).toBe('obsidian://open?vault=Firmen%20Wiki&file=A%20%26%20B')
    expect(obsidianLinkOf(config(false), page('A.md'))).toBeUndefined()
    expect(obsidianLinkOf(config({ vault: 'W' }), page('A.md', { editLink: false }))).toBeUndefined()
    expect(obsidianLinkOf(resolveConfig({}), page('A.md'))).toBeUndefined()
  })
})

describe('sourceLinkProblems', () => {
  it('warns when edit links are on but cannot be made', () => {
    const messages = (theme: UserConfig['theme']) => sourceLinkProblems(resolveConfig({ theme })).map((d) => d.message)
    expect(messages({ editLink: true })).toEqual(['theme.editLink is on, but there is no repository to edit in'])
    expect(messages({ editLink: true, repo: 'https://git.example.com/a' })).toEqual([
      'theme.editLink is on, but the edit URL of "https://git.example.com/a" is not known',
    ])
    expect(messages({ editLink: true, repo: 'https://github.com/a/b' })).toEqual([])
    expect(messages({ repo: 'https://git.example.com/a' })).toEqual([])
  })
})
