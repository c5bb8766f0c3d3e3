import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { run as init, siteTitleOf } from '../../src/cli/init.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { captureReporter } from '../unit/cli/reporter.js'
import { repoRoot, tempDir, wikigen } from './helpers.js'

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
    expect(config.site).toEqual({ title: 'Team Wiki', lang: 'de-CH', timeZone: 'Europe/Zurich' })
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
    // the time zone is this machine's (the tests run in Zurich's), an own text of the interface is there to be switched on
    expect(source).toContain("    timeZone: 'Europe/Zurich',\n")
    expect(config?.site?.timeZone).toBe('Europe/Zurich')
    expect(config?.labels?.searchPlaceholder).toMatch(/wiki/i)
  })

  it("writes this machine's time zone for the CI runner, but not the zone of a machine in UTC", async () => {
    const zoned = project('zeit')
    expect(await init({ folder: '.', lang: 'de-CH', out: 'dist', cwd: zoned }, captureReporter())).toBe(0)
    expect(readFileSync(join(zoned, 'wikigen.config.ts'), 'utf8')).toContain("    timeZone: 'Europe/Zurich',\n")
    const before = process.env.TZ
    process.env.TZ = 'UTC'
    try {
      const utc = project('server')
      expect(await init({ folder: '.', lang: 'en', out: 'dist', cwd: utc }, captureReporter())).toBe(0)
      expect(readFileSync(join(utc, 'wikigen.config.ts'), 'utf8')).toContain("    // timeZone: 'Europe/London',\n")
    } finally {
      process.env.TZ = before
    }
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

/** Parses YAML as strictly as CI services do (duplicate keys are errors). */
function parseYaml(text: string): Record<string, unknown> {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true })
  expect(document.errors.map(String)).toEqual([])
  expect(document.warnings.map(String)).toEqual([])
  return document.toJS() as Record<string, unknown>
}

/** The fenced block of docs/deploy.md whose first line is `firstLine`. */
function guideBlock(firstLine: string): string {
  const guide = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8')
  const blocks = [...guide.matchAll(/^```\S*\n([\s\S]*?)^```$/gm)].map((m) => m[1]).filter((text) => text.startsWith(`${firstLine}\n`))
  expect(blocks).toHaveLength(1)
  return blocks[0]
}

/**
 * Runs lines of a pipeline's script in `sh` in the project, as the CI runner does, with `npx wikigen` being this
 * wikigen (the CLI as bundled, as `npm ci` would install it); `set -e` stops at the first failing line.
 */
function runScript(cwd: string, lines: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const bin = tempDir('wikigen-npx-')
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = wikigen ] || exit 127\nshift\nexec "${process.execPath}" "${join(repoRoot, 'bin/wikigen.js')}" "$@"\n`,
  )
  chmodSync(join(bin, 'npx'), 0o755)
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-ec', lines.join('\n')],
      { cwd, env: { ...process.env, NO_COLOR: '1', CI: '1', PATH: `${bin}:${process.env.PATH}`, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr }),
    )
  })
}

/** A project with package.json and lock file, as install.md sets one up: npm ci works in its pipeline. */
const npmProject = {
  'package.json': '{\n  "name": "team-wiki",\n  "devDependencies": { "wikigen": "^0.1.0" }\n}\n',
  'package-lock.json': '{}\n',
}

/** Two notes of one name in two folders, linked by path: Obsidian allows it, and the pipeline's --strict build too. */
const twoNotesOfOneName = {
  'content/Kunden/Ablage.md': '# Ablage der Kunden\n\nWo die Verträge liegen.\n',
  'content/Lieferanten/Ablage.md': '# Ablage der Lieferanten\n\nWo die Rechnungen liegen.\n',
  'content/Ordner.md': '# Ordner\n\n[[Kunden/Ablage]] und [[Lieferanten/Ablage]]\n',
}

describe('wikigen init --ci', () => {
  it('writes the GitHub Actions workflow of the deploy guide, whose commands build the new site under its Pages path', async () => {
    const cwd = project('team-wiki', npmProject)
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd, ci: 'github' }, reporter)).toBe(0)
    expect(reporter.stdout).toEqual([
      '✓ content/wikigen.config.ts written: "Team Wiki", de-CH',
      '✓ content/index.md written: the home page',
      '✓ .gitignore: /node_modules/, /.wikigen/, /dist/ added',
      '✓ package.json: "dev", "build", "check", allowScripts "esbuild" added',
      '✓ .github/workflows/wiki.yml written: checks links, builds with --strict and deploys to GitHub Pages from main',
      '  → switch on GitHub Pages once: Settings → Pages → Source: GitHub Actions',
      '',
      'Next:',
      '  npx wikigen dev     preview on http://localhost:5173, updated on every edit',
      '  npx wikigen build   the site in dist/, for any static host',
      '  (or npm run dev, npm run build, npm run check)',
    ])
    const text = readFileSync(join(cwd, '.github/workflows/wiki.yml'), 'utf8')
    // the file is the guide's workflow, so what the guide explains (and its tests check) is what a team gets
    expect(text).toBe(guideBlock('# .github/workflows/wiki.yml'))
    type Step = { uses?: string; run?: string; with?: Record<string, unknown>; id?: string; if?: string }
    const workflow = parseYaml(text) as {
      on: { push: { branches: string[] } }
      jobs: { build: { steps: Step[]; permissions: Record<string, string> }; deploy: { permissions: Record<string, string>; if: string } }
    }
    const steps = workflow.jobs.build.steps
    expect(workflow.on.push.branches).toEqual(['main'])
    expect(steps.find((step) => step.uses === 'actions/setup-node@v4')?.with?.['node-version']).toBe(20)
    expect(steps.map((step) => step.run).filter(Boolean)).toEqual([
      'npm ci',
      'npx wikigen check-links --root content',
      'npx wikigen build --root content --out dist --strict --base "${{ steps.pages.outputs.base_path }}/"',
    ])
    // the cache a build really keeps: .wikigen/cache in the folder it runs in (the project), and the previous output
    expect(
      String(steps.find((step) => step.uses === 'actions/cache@v4')?.with?.path)
        .trim()
        .split('\n'),
    ).toEqual(['.wikigen/cache', 'dist'])
    expect(steps.find((step) => step.uses === 'actions/upload-pages-artifact@v3')?.with).toEqual({ path: 'dist' })
    expect(steps.find((step) => step.uses === 'actions/configure-pages@v5')?.id).toBe('pages')
    expect(workflow.jobs.build.permissions).toEqual({ contents: 'read', pages: 'read' })
    expect(workflow.jobs.deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' })
    expect(workflow.jobs.deploy.if).toContain("github.ref == 'refs/heads/main'")

    // the commands as the runner runs them, for a project page at /team-wiki (configure-pages' base_path)
    for (const [path, text] of Object.entries(twoNotesOfOneName)) {
      mkdirSync(join(cwd, path, '..'), { recursive: true })
      writeFileSync(join(cwd, path), text)
    }
    const commands = steps
      .map((step) => step.run)
      .filter((run): run is string => run !== undefined && run.startsWith('npx wikigen'))
      .map((run) => run.replaceAll('${{ steps.pages.outputs.base_path }}', '/team-wiki'))
    const result = await runScript(cwd, commands)
    expect(result.output).toContain('[duplicate-slug]')
    expect(result.output).toMatch(/✓ 4 pages in [\d.]+ s.* · 1 warning → dist/)
    expect(result.code).toBe(0)
    const home = readFileSync(join(cwd, 'dist/index.html'), 'utf8')
    expect(home).toMatch(/<script type="module" src="\/team-wiki\/_wikigen\/client-\w+\.js">/)
    expect(readFileSync(join(cwd, 'dist/ordner.html'), 'utf8')).toContain('href="/team-wiki/lieferanten-ablage.html"')
    // the build cache is where the workflow keeps it
    expect(readdirSync(join(cwd, '.wikigen/cache'))).toEqual([expect.stringMatching(/^content-[0-9a-f]{10}$/)])
  }, 120_000)

  it('writes the GitLab CI pipeline of the deploy guide, which builds into public/ under the path of CI_PAGES_URL', async () => {
    const cwd = project('team-wiki', npmProject)
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'en', out: 'dist', cwd, ci: 'gitlab' }, reporter)).toBe(0)
    expect(reporter.stdout).toContain(
      '✓ .gitlab-ci.yml written: checks links, builds with --strict and deploys to GitLab Pages from the default branch',
    )
    const text = readFileSync(join(cwd, '.gitlab-ci.yml'), 'utf8')
    expect(text).toBe(guideBlock('# .gitlab-ci.yml'))
    type Job = { stage: string; script: string[]; artifacts?: { paths: string[] } }
    const pipeline = parseYaml(text) as {
      image: string
      cache: { paths: string[] }
      'check-links': Job
      pages: Job
      default: { before_script: string[] }
    }
    expect(pipeline.image).toBe('node:20')
    expect(pipeline.default.before_script).toEqual(['npm ci --prefer-offline'])
    expect(pipeline.cache.paths).toEqual(['.npm/', '.wikigen/cache/', 'public/'])
    expect(pipeline.pages.artifacts).toEqual({ paths: ['public'] })

    for (const [path, text] of Object.entries(twoNotesOfOneName)) {
      mkdirSync(join(cwd, path, '..'), { recursive: true })
      writeFileSync(join(cwd, path), text)
    }
    const script = [...pipeline['check-links'].script, ...pipeline.pages.script]
    const project_ = await runScript(cwd, script, { CI_PAGES_URL: 'https://acme.gitlab.io/team-wiki' })
    expect(project_.output).toContain('[duplicate-slug]')
    expect(project_.code).toBe(0)
    expect(readFileSync(join(cwd, 'public/index.html'), 'utf8')).toMatch(/src="\/team-wiki\/_wikigen\/client-\w+\.js"/)
    // with GitLab's unique domains the site is at the root of its own host
    const base = (url: string) =>
      runScript(cwd, [pipeline.pages.script[0], 'echo "${PAGES_BASE%/}/"'], { CI_PAGES_URL: url }).then((r) => r.output.trim())
    expect(await base('https://team-wiki-acme-5f2c1d.gitlab.io')).toBe('/')
    expect(await base('https://acme.gitlab.io/team-wiki')).toBe('/team-wiki/')
    expect(await base('https://acme.gitlab.io/gruppe/team-wiki')).toBe('/gruppe/team-wiki/')
  }, 120_000)

  it('names an unusual content folder so that YAML and the shell read it back as it is', async () => {
    const cwd = project('x', { 'Notizen: 2024 #1/A.md': '# A\n' })
    expect(await init({ folder: 'Notizen: 2024 #1', lang: 'de-CH', out: 'site/öffentlich', cwd, ci: 'github' }, captureReporter())).toBe(0)
    const workflow = parseYaml(readFileSync(join(cwd, '.github/workflows/wiki.yml'), 'utf8')) as {
      jobs: { build: { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] } }
    }
    const runs = workflow.jobs.build.steps.map((step) => step.run).filter(Boolean)
    expect(runs).toContain("npx wikigen check-links --root 'Notizen: 2024 #1'")
    expect(runs).toContain(
      `npx wikigen build --root 'Notizen: 2024 #1' --out 'site/öffentlich' --strict --base "\${{ steps.pages.outputs.base_path }}/"`,
    )
    expect(workflow.jobs.build.steps.find((step) => step.uses === 'actions/upload-pages-artifact@v3')?.with).toEqual({
      path: 'site/öffentlich',
    })
  })

  it('adds only the pipeline to a project set up before, and says what npm ci needs', async () => {
    const cwd = project('wiki', { 'content/wikigen.config.ts': 'export default {}\n', 'content/A.md': '# A\n' })
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd, ci: 'gitlab' }, reporter)).toBe(0)
    expect(reporter.stdout.slice(0, 5)).toEqual([
      '· content/wikigen.config.ts is there already: kept',
      '✓ .gitignore: /node_modules/, /.wikigen/, /dist/ added',
      '✓ .gitlab-ci.yml written: checks links, builds with --strict and deploys to GitLab Pages from the default branch',
      "  → the job named pages publishes public/; Deploy → Pages shows the site's address after the first run",
      "  → the pipeline installs with npm ci: add wikigen to package.json's devDependencies and commit package-lock.json (docs/install.md)",
    ])
    expect(readFileSync(join(cwd, 'content/wikigen.config.ts'), 'utf8')).toBe('export default {}\n')
  })

  it('never overwrites a pipeline: one line, exit code 1, nothing written', async () => {
    const cwd = project('wiki', { '.github/workflows/wiki.yml': 'name: Ours\n' })
    const reporter = captureReporter()
    expect(await init({ folder: 'content', lang: 'de-CH', out: 'dist', cwd, ci: 'github' }, reporter)).toBe(1)
    expect(reporter.stderr).toEqual(['error  .github/workflows/wiki.yml already exists; nothing was changed'])
    expect(reporter.stdout).toEqual([])
    expect(readFileSync(join(cwd, '.github/workflows/wiki.yml'), 'utf8')).toBe('name: Ours\n')
    expect(existsSync(join(cwd, 'content'))).toBe(false)
    expect(existsSync(join(cwd, '.gitignore'))).toBe(false)
  })

  it('refuses a content folder outside the project, whose pipeline could not build it', async () => {
    const cwd = project('wiki')
    const reporter = captureReporter()
    expect(await init({ folder: '../vault', lang: 'de-CH', out: 'dist', cwd, ci: 'gitlab' }, reporter)).toBe(1)
    expect(reporter.stderr).toEqual(['error  ../vault is outside the project, so its pipeline cannot build it; nothing was changed'])
    expect(existsSync(join(cwd, '.gitlab-ci.yml'))).toBe(false)
  })
})

describe('wikigen init --ci (CLI)', () => {
  it('documents --ci in --help and refuses a host it does not know, naming the choices', async () => {
    const help = await wikigen(['init', '--help'])
    expect(help.stdout).toMatch(/--ci <host>\s+also write a CI pipeline/)
    expect(help.stdout).toContain('--ci github writes .github/workflows/wiki.yml (GitHub Pages), --ci gitlab writes')
    const cwd = project('wiki')
    const bad = await wikigen(['init', '--ci', 'bitbucket'], { cwd })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain("option '--ci <host>' argument 'bitbucket' is invalid. Allowed choices are github, gitlab.")
    expect(readdirSync(cwd)).toEqual([])
  })

  it('sets up an empty folder that then builds', async () => {
    const cwd = project('leer')
    expect((await wikigen(['init', '--lang', 'en'], { cwd })).code).toBe(0)
    const built = await wikigen(['build', '--strict'], { cwd })
    expect(built.stderr).toMatch(/✓ 1 pages? in [\d.]+ s → dist/)
    expect(built.code).toBe(0)
    expect(readFileSync(join(cwd, 'dist/index.html'), 'utf8')).toContain('<h1')
  }, 60_000)
})
