/**
 * The meta footer's links to a page's source (spec §2.3 meta footer, §3 theme data editLink, docsBranch; reference:
 * VuePress's editLinkPattern with :repo, :branch and :path): the edit link into the repository when the config turns
 * it on, and for staff sites the link that opens the note in Obsidian. Built end to end, read from the written HTML.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

const PAGES = {
  // German prose enough for the site to speak German (the one English page says so in its front matter)
  'index.md': '# Start\n\nWillkommen im Wiki. Hier steht, wie wir arbeiten und wer für welche Aufgabe zuständig ist.\n',
  'Odoo/Über Odoo.md': '# Über Odoo\n\nOdoo ist unser System für Offerten, Rechnungen und die Zeiterfassung der Mitarbeitenden.\n',
  'English.md': '---\nlang: en\n---\n# English\n\nText.\n',
  'Ohne Link.md': '---\neditLink: false\n---\n# Ohne Link\n\nText.\n',
}

/** Builds the pages in a folder named `folder` with `config`; returns the result and a reader of the output. */
async function buildVault(config: UserConfig, folder = 'wiki', pages: Record<string, string> = PAGES) {
  const root = join(tempDir('wikigen-source-links-'), folder)
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const out = join(root, '..', 'site')
  const result = await build({ root, out, config })
  return { result, html: (file: string) => readFileSync(join(out, file), 'utf8') }
}

/** The links of a page's meta footer, with their text (the screen-reader note of a new window left out). */
function sourceLinks(html: string): { href: string; text: string; target?: string }[] {
  const block = /<div class="meta-item edit-link">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? ''
  return [...block.matchAll(/<a href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g)].map(([, href, attributes, inner]) => ({
    href: href.replace(/&amp;/g, '&'),
    text: inner.replace(/<span class="external-link-icon">[\s\S]*$/, '').replace(/<!-- -->/g, ''),
    ...(/target="([^"]*)"/.exec(attributes) ? { target: /target="([^"]*)"/.exec(attributes)![1] } : {}),
  }))
}

describe('edit and Obsidian links', () => {
  it('link each page to its file in the repository and its note in the named vault', async () => {
    const { result, html } = await buildVault({
      theme: { repo: 'https://github.com/talwerk/wiki', editLink: true, obsidianLink: { vault: 'Talwerk Wiki' } },
    })
    expect(result.diagnostics).toEqual([])
    expect(sourceLinks(html('über-odoo.html'))).toEqual([
      {
        href: 'https://github.com/talwerk/wiki/edit/main/content/Odoo/%C3%9Cber%20Odoo.md',
        text: 'Diese Seite bearbeiten',
        target: '_blank',
      },
      { href: 'obsidian://open?vault=Talwerk%20Wiki&file=Odoo%2F%C3%9Cber%20Odoo', text: 'In Obsidian öffnen' },
    ])
    expect(sourceLinks(html('index.html')).map((link) => link.href)).toEqual([
      'https://github.com/talwerk/wiki/edit/main/content/index.md',
      'obsidian://open?vault=Talwerk%20Wiki&file=index',
    ])
    // an English page says it in English
    expect(sourceLinks(html('english.html')).map((link) => link.text)).toEqual(['Edit this page', 'Open in Obsidian'])
    // a page that turns its edit link off has neither; pages the build makes itself have no file to edit
    for (const file of ['ohne-link.html', 'glossary.html', '404.html']) {
      expect(html(file)).not.toContain('edit-link')
      expect(html(file)).not.toContain('obsidian://')
    }
  })

  it("take a company GitLab's pattern from the repository's label and the vault's name from the content folder", async () => {
    const { result, html } = await buildVault(
      {
        theme: {
          repo: 'https://git.talwerk.example/talwerk/wiki',
          repoLabel: 'GitLab',
          docsBranch: 'produktion',
          docsDir: 'doku/wiki',
          editLink: true,
          obsidianLink: true,
        },
      },
      'Firmen Wiki',
    )
    expect(result.diagnostics).toEqual([])
    expect(sourceLinks(html('über-odoo.html')).map((link) => link.href)).toEqual([
      'https://git.talwerk.example/talwerk/wiki/-/edit/produktion/doku/wiki/Odoo/%C3%9Cber%20Odoo.md',
      'obsidian://open?vault=Firmen%20Wiki&file=Odoo%2F%C3%9Cber%20Odoo',
    ])
  })

  it('use the pattern of the config, and that of a page over it', async () => {
    const { html } = await buildVault(
      { theme: { repo: 'https://code.talwerk.example/wiki', editLink: true, editLinkPattern: ':repo/edit?ref=:branch&file=:path' } },
      'wiki',
      { 'index.md': '# Start\n', 'Eigen.md': '---\neditLinkPattern: "https://cms.talwerk.example/:path"\n---\n# Eigen\n' },
    )
    expect(sourceLinks(html('index.html')).map((link) => link.href)).toEqual([
      'https://code.talwerk.example/wiki/edit?ref=main&file=content/index.md',
    ])
    expect(sourceLinks(html('eigen.html')).map((link) => link.href)).toEqual(['https://cms.talwerk.example/content/Eigen.md'])
  })

  it('are absent when not configured, even with a repository', async () => {
    const { result, html } = await buildVault({ theme: { repo: 'https://github.com/talwerk/wiki' } })
    expect(result.diagnostics).toEqual([])
    for (const file of ['index.html', 'über-odoo.html', 'english.html']) {
      expect(html(file)).not.toContain('edit-link')
      expect(html(file)).not.toContain('/edit/')
      expect(html(file)).not.toContain('obsidian://')
    }
  })

  it('are left out with a warning when the edit URL of the host is unknown', async () => {
    const { result, html } = await buildVault({ theme: { repo: 'https://code.talwerk.example/wiki', editLink: true } })
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([
      'warning bad-config theme.editLink is on, but the edit URL of "https://code.talwerk.example/wiki" is not known',
    ])
    expect(html('index.html')).not.toContain('edit-link')
  })
})
