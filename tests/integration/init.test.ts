import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run as init, siteTitleOf } from '../../src/cli/init.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { captureReporter } from '../unit/cli/reporter.js'
import { tempDir, wikigen } from './helpers.js'

/** A project folder named `name` (the site title comes from it), holding `files`. */
function project(name: string, files: Record<string, string> = {}): string {
  const cwd = join(tempDir('wikigen-init-'), name)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(cwd, path, '..'), { recursive: true })
    writeFileSync(join(cwd, path), text)
  }
  mkdirSync(cwd, { recursive: true })
  return cwd
}

/** The config with every commented-out setting switched on: what a team gets by deleting the `// `. */
const uncommented = (source: string) => source.replace(/^(\s*)\/\/ (\w+: .*,)$/gm, '$1$2')

describe('wikigen init', () => {
  it('writes a German config titled after the project, a home page and .gitignore, and prints the next two commands', async () => {
    const cwd = project('team-wiki')
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd }, reporter)).toBe(0)
    expect(reporter.stdout).toMatchInlineSnapshot(`
      [
        "✓ content/wikigen.config.ts written: "Team Wiki", de-CH",
        "✓ content/index.md written: the home page",
        "✓ .gitignore: /node_modules/, /.wikigen/, /dist/ added",
        "",
        "Next:",
        "  npx wikigen dev     preview on http://localhost:5173, updated on every edit",
        "  npx wikigen build   the site in dist/, for any static host",
      ]
    `)
    expect(reporter.stderr).toEqual([])
    const source = readFileSync(join(cwd, 'content/wikigen.config.ts'), 'utf8')
    expect(source).toContain("import { defineConfig } from 'wikigen'")
    expect(source).toContain('// Name des Wikis: in der Navigationsleiste, auf der Startseite und im Titel jeder Seite')
    expect(readFileSync(join(cwd, 'content/index.md'), 'utf8')).toMatch(/^# Team Wiki\n\nWillkommen!/)
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe(
      "# npm packages, wikigen's build cache and output\n/node_modules/\n/.wikigen/\n/dist/\n",
    )
    const { config, diagnostics } = await loadConfig(join(cwd, 'content'))
    expect(diagnostics).toEqual([])
    expect(config.site).toEqual({ title: 'Team Wiki', lang: 'de-CH' })
    expect(config.theme?.navbar).toEqual([
      { text: 'Home', link: '/' },
      { text: 'Glossar', link: '/glossary' },
    ])
  })

  it.each([
    ['de-CH', /Jeder Schlüssel hat einen Standardwert/],
    ['en', /Every key has a default/],
  ])('writes a config (%s) that stays valid with every commented-out setting switched on', async (lang, header) => {
    const cwd = project('acme')
    expect(await init({ folder: '.', lang, out: 'dist', cwd }, captureReporter())).toBe(0)
    const file = join(cwd, 'wikigen.config.ts')
    const source = readFileSync(file, 'utf8')
    expect(source).toMatch(header)
    writeFileSync(file, uncommented(source))
    expect(readFileSync(file, 'utf8')).not.toBe(source)
    const { config, diagnostics } = await loadConfig(cwd)
    expect(diagnostics).toEqual([])
    expect(config).toMatchObject({ site: { title: 'Acme', lang, hostname: 'https://wiki.example.com' }, theme: { editLink: true } })
    // the time zone and an own text of the interface are there to be switched on
    expect(config?.site?.timeZone).toMatch(/^Europe\//)
    expect(config?.labels?.searchPlaceholder).toMatch(/wiki/i)
  })

  it('makes an existing vault a site: no home page of its own, the vault named as --root in the printed commands', async () => {
    const cwd = project('firma', { 'Handbuch/Odoo.md': '# Odoo\n', 'Handbuch/.obsidian/app.json': '{}' })
    const reporter = captureReporter()
    expect(await init({ folder: 'Handbuch', lang: 'en', out: 'public', cwd }, reporter)).toBe(0)
    expect(reporter.stdout).toEqual([
      '✓ Handbuch/wikigen.config.ts written: "Handbuch", en',
      '✓ .gitignore: /node_modules/, /.wikigen/, /public/ added',
      '',
      'Next:',
      '  npx wikigen dev --root Handbuch                  preview on http://localhost:5173, updated on every edit',
      '  npx wikigen build --root Handbuch --out public   the site in public/, for any static host',
    ])
    expect(existsSync(join(cwd, 'Handbuch/index.md'))).toBe(false)
    expect(readFileSync(join(cwd, 'Handbuch/wikigen.config.ts'), 'utf8')).toContain("// Sidebar: 'heading' (the page's headings)")
  })

  it('quotes a folder with spaces in the printed commands', async () => {
    const cwd = project('x', { 'Mein Vault/A.md': 'a' })
    const reporter = captureReporter()
    expect(await init({ folder: 'Mein Vault', lang: 'de-CH', out: 'dist', cwd }, reporter)).toBe(0)
    expect(reporter.stdout[0]).toBe('✓ Mein Vault/wikigen.config.ts written: "Mein Vault", de-CH')
    expect(reporter.stdout.at(-2)).toMatch(/^ {2}npx wikigen dev --root 'Mein Vault' /)
  })

  it.each(['wikigen.config.ts', 'wikigen.config.mjs'])(
    'never overwrites a config (%s): one line, exit code 1, nothing changed',
    async (name) => {
      const cwd = project('wiki', { [`content/${name}`]: 'export default {}\n' })
      const reporter = captureReporter()
      expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd }, reporter)).toBe(1)
      expect(reporter.stderr).toEqual([`error  content/${name} already exists; nothing was changed`])
      expect(reporter.stdout).toEqual([])
      expect(readFileSync(join(cwd, 'content', name), 'utf8')).toBe('export default {}\n')
      expect(existsSync(join(cwd, 'content/index.md'))).toBe(false)
      expect(existsSync(join(cwd, '.gitignore'))).toBe(false)
    },
  )

  it("adds the npm scripts and esbuild's install permission a package.json lacks, keeping what it has", async () => {
    const cwd = project('wiki', {
      'package.json':
        '{\n    "name": "wiki",\n    "scripts": { "build": "make site" },\n    "allowScripts": { "esbuild@0.28.2": true }\n}\n',
    })
    const reporter = captureReporter()
    expect(await init({ folder: 'handbuch', lang: 'de-CH', out: 'public', cwd }, reporter)).toBe(0)
    expect(reporter.stdout).toContain('✓ package.json: "dev", "check" added')
    const text = readFileSync(join(cwd, 'package.json'), 'utf8')
    expect(JSON.parse(text)).toEqual({
      name: 'wiki',
      scripts: { build: 'make site', dev: 'wikigen dev --root handbuch', check: 'wikigen check-links --root handbuch' },
      allowScripts: { 'esbuild@0.28.2': true },
    })
    // the project's own indentation stays
    expect(text).toMatch(/^ {4}"name"/m)
    // a content folder outside the project gets no scripts of the project
    const outside = project('other', { 'package.json': '{ "name": "other" }\n' })
    expect(await init({ folder: join(cwd, 'elsewhere'), lang: 'de-CH', out: 'dist', cwd: outside }, captureReporter())).toBe(0)
    expect(JSON.parse(readFileSync(join(outside, 'package.json'), 'utf8'))).toEqual({ name: 'other' })
    // a folder without package.json gets none
    const bare = project('bare')
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd: bare }, captureReporter())).toBe(0)
    expect(existsSync(join(bare, 'package.json'))).toBe(false)
  })

  it('adds to .gitignore only the lines it lacks, after the last line', async () => {
    const cwd = project('wiki', { '.gitignore': 'node_modules\ndist/' })
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd }, reporter)).toBe(0)
    expect(reporter.stdout).toContain('✓ .gitignore: /.wikigen/ added')
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe(
      "node_modules\ndist/\n# npm packages, wikigen's build cache and output\n/.wikigen/\n",
    )
    // a second site in the same project needs no new lines
    const again = captureReporter()
    expect(await init({ folder: 'docs-two', lang: 'de-CH', out: 'dist', cwd }, again)).toBe(0)
    expect(again.stdout.some((line) => line.includes('.gitignore'))).toBe(false)
  })

  it('leaves an output folder outside the project out of .gitignore', async () => {
    const cwd = project('wiki')
    expect(await init({ folder: 'content', lang: 'de-CH', out: '../site', cwd }, captureReporter())).toBe(0)
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe(
      "# npm packages, wikigen's build cache and output\n/node_modules/\n/.wikigen/\n",
    )
  })

  it('refuses a file as the folder', async () => {
    const cwd = project('wiki', { 'notes.md': 'x' })
    const reporter = captureReporter()
    expect(await init({ folder: 'notes.md', lang: 'de-CH', out: 'dist', cwd }, reporter)).toBe(1)
    expect(reporter.stderr).toEqual(['error  notes.md is a file, not a folder; nothing was changed'])
  })

  it.each([
    // the folder's own name, as Obsidian names a vault
    ['/srv/Handbuch', 'Handbuch'],
    // a slug becomes words
    ['/srv/wiki-talwerk', 'Wiki Talwerk'],
    ['/srv/acme_docs', 'Acme Docs'],
    // a name written for people stays as it is
    ['/srv/Wiki der Firma', 'Wiki der Firma'],
    // a name that only says where the wiki is gives way to the project's name
    ['/home/anna/team-wiki/content', 'Team Wiki'],
    ['/home/anna/Intranet/docs', 'Intranet'],
    // nothing to go by
    ['/', 'Wiki'],
  ])('titles the site in %s "%s"', (folder, title) => {
    expect(siteTitleOf(folder)).toBe(title)
  })
})

describe('wikigen init (CLI)', () => {
  it('is a command of the CLI, exits 1 on a second run, and checks --lang', async () => {
    const cwd = project('handbook')
    const first = await wikigen(['init', '--lang', 'en'], { cwd })
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('npx wikigen dev ')
    expect(readFileSync(join(cwd, 'content/wikigen.config.ts'), 'utf8')).toContain("lang: 'en',")
    const second = await wikigen(['init'], { cwd })
    expect(second.code).toBe(1)
    expect(second.stderr.trim().split('\n')).toEqual(['error  content/wikigen.config.ts already exists; nothing was changed'])
    const bad = await wikigen(['init', 'other', '--lang', 'Deutsch'], { cwd })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('expected a language tag such as de-CH or en')
    expect(existsSync(join(cwd, 'other'))).toBe(false)
  })
})
