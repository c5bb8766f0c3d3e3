import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { brokenLinksOf, run as checkLinks } from '../../../src/cli/check-links.js'
import { fillPageTemplate, run as newPage } from '../../../src/cli/new.js'
import { run as search } from '../../../src/cli/search.js'
import { captureReporter } from './reporter.js'

function wiki(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wikigen-cli-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('check-links', () => {
  it('prints file:line:col  broken link to X with a suggestion, and exits 1', async () => {
    const root = wiki({ 'Odoo Hosting.md': '## Preise\n', 'A.md': 'Text [[Odoo Hostng]]\n\n[[Odoo Hosting#Preis]] ![[fehlt.png]]\n' })
    const reporter = captureReporter()
    expect(await checkLinks({ root }, reporter)).toBe(1)
    const prefix = relative(process.cwd(), root)
    expect(reporter.stdout).toEqual([
      `${prefix}/A.md:1:6  broken link to Odoo Hostng`,
      '  did you mean "Odoo Hosting"?',
      `${prefix}/A.md:3:1  broken link to Odoo Hosting#Preis`,
      '  did you mean "Preise"?',
      `${prefix}/A.md:3:24  broken link to fehlt.png`,
    ])
    expect(reporter.stderr).toEqual(['✗ 3 broken links in 2 pages'])
  })

  it('counts one page as one page', async () => {
    const root = wiki({ 'index.md': '# Start\n' })
    const reporter = captureReporter()
    expect(await checkLinks({ root }, reporter)).toBe(0)
    expect(reporter.stderr).toEqual(['✓ no broken links in 1 page'])
  })

  it('reports JSON for CI tools and exits 0 when everything resolves', async () => {
    const root = wiki({ 'A.md': '[[B]]', 'B.md': 'x' })
    const reporter = captureReporter()
    expect(await checkLinks({ root, json: true }, reporter)).toBe(0)
    expect(JSON.parse(reporter.stdout.join('\n'))).toEqual([])
  })

  it('keeps only link problems from the diagnostics', () => {
    expect(
      brokenLinksOf([
        { severity: 'error', code: 'bad-frontmatter', file: '', line: 1, column: 1, message: 'x' },
        { severity: 'warning', code: 'dead-link', file: 'A.md' as never, line: 2, column: 3, message: 'm', target: 'B', suggestion: 'C' },
      ]),
    ).toEqual([{ file: 'A.md', line: 2, column: 3, target: 'B', kind: 'page', message: 'm', suggestion: 'C' }])
  })
})

describe('search', () => {
  it('prints the suggestions of the built index in the order the browser shows them', async () => {
    const root = wiki({ 'Odoo Hosting.md': '## Preise\n', 'Nextcloud.md': '## Odoo Anbindung\n' })
    const out = join(root, '..', `${root.split('/').pop()}-site`)
    const reporter = captureReporter()
    expect(await search({ query: 'odoo', root, out, json: true }, reporter)).toBe(0)
    expect(JSON.parse(reporter.stdout.join('\n'))).toEqual([
      { link: '/nextcloud.html#odoo-anbindung', title: 'Nextcloud', header: 'Odoo Anbindung' },
      { link: '/odoo-hosting.html', title: 'Odoo Hosting' },
    ])
    const text = captureReporter()
    expect(await search({ query: 'xyz', root, out }, text)).toBe(1)
    expect(text.stdout).toEqual(['Kein Titel passt zu „xyz“.'])
  })
})

describe('new', () => {
  it('creates a page from a template with its front matter filled and prints its URL', async () => {
    const root = wiki({ 'index.md': '# Start\n' })
    const reporter = captureReporter()
    expect(
      await newPage(
        { template: 'anleitung', title: 'Nextcloud Client einrichten', root, dir: 'Nextcloud', today: new Date(2026, 10, 21) },
        reporter,
      ),
    ).toBe(0)
    const text = readFileSync(join(root, 'Nextcloud', 'Nextcloud Client einrichten.md'), 'utf8')
    expect(text).toMatch(/^---\ntitle: Nextcloud Client einrichten\nkind: Anleitung\nsection: Nextcloud\n---\n/)
    expect(reporter.stdout[1]).toBe('  URL: /nextcloud-client-einrichten.html')
  })

  it('refuses to overwrite, also a page of another folder with the same URL', async () => {
    const root = wiki({ 'Odoo/Odoo Hosting.md': 'x' })
    const reporter = captureReporter()
    expect(await newPage({ template: 'Prozess', title: 'odoo hosting', root }, reporter)).toBe(1)
    expect(reporter.stderr[0]).toContain('a page with this URL already exists')
    expect(readFileSync(join(root, 'Odoo/Odoo Hosting.md'), 'utf8')).toBe('x')
  })

  it('names the templates there are when one is unknown', async () => {
    const reporter = captureReporter()
    expect(await newPage({ template: 'Roman', title: 'X', root: wiki({}) }, reporter)).toBe(2)
    expect(reporter.stderr[1]).toBe('  hint: use one of "Anleitung", "Prozess", "Richtlinie", "Vorlage".')
  })

  it('takes the English templates on an English site, with an ISO date', async () => {
    const root = wiki({ 'index.md': '# Home\n', 'wikigen.config.ts': "export default { site: { lang: 'en-GB' } }\n" })
    const reporter = captureReporter()
    expect(await newPage({ template: 'policy', title: 'Screen lock', root, today: new Date(2026, 10, 21) }, reporter)).toBe(0)
    const text = readFileSync(join(root, 'Screen lock.md'), 'utf8')
    expect(text).toMatch(/^---\ntitle: Screen lock\nkind: Reference\nsection: Policies\n---\nIn force from 2026-11-21\./)
    expect(reporter.stdout[0]).toContain('created from "Policy" (wikigen (en))')
    const unknown = captureReporter()
    expect(await newPage({ template: 'Anleitung', title: 'X', root }, unknown)).toBe(2)
    expect(unknown.stderr[1]).toBe('  hint: use one of "Guide", "Policy", "Process", "Template".')
  })

  it("takes a vault's own template first, from the folder .obsidian/templates.json names", async () => {
    const root = wiki({
      '.obsidian/templates.json': JSON.stringify({ folder: 'Meta/Vorlagen' }),
      'Meta/Vorlagen/Anleitung.md': '---\ntitle: {{title}}\nkind: Eigene\n---\nAm {{date}} um {{time}} angelegt.\n',
      'Meta/Vorlagen/Sitzung.md': '# {{title}}\n\n## Traktanden\n',
    })
    const today = new Date(2026, 10, 21, 9, 5)
    const reporter = captureReporter()
    expect(await newPage({ template: 'Anleitung', title: 'Drucker einrichten', root, today }, reporter)).toBe(0)
    expect(readFileSync(join(root, 'Drucker einrichten.md'), 'utf8')).toBe(
      '---\ntitle: Drucker einrichten\nkind: Eigene\n---\nAm 21.11.2026 um 09:05 angelegt.\n',
    )
    expect(reporter.stdout[0]).toContain('(Meta/Vorlagen)')
    expect(await newPage({ template: 'sitzung', title: 'Sitzung Mai', root, today }, captureReporter())).toBe(0)
    expect(readFileSync(join(root, 'Sitzung Mai.md'), 'utf8')).toBe('# Sitzung Mai\n\n## Traktanden\n')
    // the shipped templates stay available beside the vault's
    const unknown = captureReporter()
    expect(await newPage({ template: 'Roman', title: 'X', root }, unknown)).toBe(2)
    expect(unknown.stderr[1]).toBe('  hint: use one of "Anleitung", "Sitzung", "Prozess", "Richtlinie", "Vorlage".')
  })

  it("takes a vault's templates/ folder when its settings name none", async () => {
    const root = wiki({ 'templates/Protokoll.md': '---\ntitle: {{title}}\n---\n' })
    expect(await newPage({ template: 'Protokoll', title: 'Protokoll Juni', root }, captureReporter())).toBe(0)
    expect(readFileSync(join(root, 'Protokoll Juni.md'), 'utf8')).toBe('---\ntitle: Protokoll Juni\n---\n')
  })

  it('ships templates that link to no page of their own wiki', () => {
    const shipped = join(import.meta.dirname, '../../../templates/pages')
    const files = ['de', 'en'].flatMap((language) => readdirSync(join(shipped, language)).map((name) => join(shipped, language, name)))
    expect(files).toHaveLength(8)
    for (const file of files) {
      // a link written as an example, in code, is text; a wikilink or a relative markdown link outside code is not
      const prose = readFileSync(file, 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '')
      expect(prose, file).not.toMatch(/\[\[|\]\((?!https?:)/)
    }
  })

  it('quotes titles that YAML would misread', () => {
    expect(fillPageTemplate('---\ntitle: {{title}}\n---\n# {{title}}', { title: 'Rolle: Admin #1', date: '', section: '' })).toBe(
      '---\ntitle: "Rolle: Admin #1"\n---\n# Rolle: Admin #1',
    )
  })
})
