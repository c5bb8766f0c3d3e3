import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
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
    expect(text.stdout).toEqual(['Keine Vorschläge für "xyz"'])
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

  it('quotes titles that YAML would misread', () => {
    expect(fillPageTemplate('---\ntitle: {{title}}\n---\n# {{title}}', { title: 'Rolle: Admin #1', date: '', section: '' })).toBe(
      '---\ntitle: "Rolle: Admin #1"\n---\n# Rolle: Admin #1',
    )
  })
})
