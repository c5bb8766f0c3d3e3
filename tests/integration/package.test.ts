/**
 * The package as a team gets it: `npm run package`, `npm i -D ./wikigen-*.tgz` in a new project, then
 * `npx wikigen init`, a page and `npx wikigen build`. Slow (an npm install), so every step runs once, in `beforeAll`,
 * and the tests look at what it left.
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { Link, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { visit } from 'unist-util-visit'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

const TIMEOUT = 180_000

interface Result {
  code: number
  stdout: string
  stderr: string
}

/**
 * The environment of a user's shell: without the `npm_*` variables an `npm test` run passes down (one of them,
 * `npm_config_local_prefix`, would point npm at this checkout instead of the folder it runs in). `npx` may not fetch a
 * package from the registry: the one under test is installed, or the test fails.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
  return { ...env, NO_COLOR: '1', CI: '1', npm_config_yes: 'false', npm_config_update_notifier: 'false' }
}

function run(command: string, args: string[], cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: userEnv(), maxBuffer: 64 << 20, timeout: TIMEOUT }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
    })
  })
}

const npx = (args: string[], cwd: string) => run('npx', ['wikigen', ...args], cwd)

/** The relative links of a markdown file (in text, not in code), without their `#fragment`. */
function relativeLinks(markdown: string): string[] {
  const links: string[] = []
  visit(fromMarkdown(markdown) as Root, 'link', (node: Link) => {
    if (!/^([a-z]+:|#)/i.test(node.url)) links.push(decodeURI(node.url.replace(/#.*$/, '')))
  })
  return links
}

describe('the packed package', () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  let project = ''
  let tarball = ''
  let files: string[] = []
  let packed: Record<string, unknown> = {}
  let install: Result
  let init: Result
  let build: Result

  beforeAll(async () => {
    // `prepare` bundles when a package is packed; here lib/ is bundled already (npm test bundles first), and bundling
    // again would replace it under the other tests of this run
    expect(existsSync(join(repoRoot, 'lib/cli.cjs')), 'lib/ is not bundled: run `npm run bundle` first').toBe(true)
    const packDir = tempDir('wikigen-pack-')
    const made = await run(process.execPath, [join(repoRoot, 'scripts/package.mjs'), '--no-bundle', '--out', packDir], repoRoot)
    expect(made.code, made.stderr).toBe(0)
    tarball = made.stdout.trim().split('\n').at(-1)!
    files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((path) => path.replace(/^package\//, ''))
    packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }))

    // a team's project as `npm init -y` makes it, with npm 11's permission for esbuild's install step
    project = tempDir('wikigen-team-')
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'team-wiki', version: '1.0.0', private: true, allowScripts: { esbuild: true } }, null, 2)}\n`,
    )
    install = await run('npm', ['install', '--save-dev', tarball, '--prefer-offline', '--no-audit', '--no-fund'], project)
    init = await npx(['init'], project)
    writeFileSync(join(project, 'content/Erste Seite.md'), '# Erste Seite\n\nHallo aus dem neuen Wiki. Fläche: $a^2$\n')
    build = await npx(['build'], project)
  }, TIMEOUT)

  it('ships the bundle, the page templates, the licences and the guides, and nothing of the development', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'LICENSE',
        'README.md',
        'bin/wikigen.js',
        'lib/cli.cjs',
        'lib/launch.js',
        'lib/worker.js',
        'lib/file-worker.js',
        'lib/katex.cjs',
        'lib/dev-client.js',
        'lib/index.js',
        'lib/index.d.ts',
        'lib/client/manifest.json',
        'lib/THIRD-PARTY-LICENSES.txt',
        'lib/bundle-salt.txt',
        'templates/pages/de/Anleitung.md',
        'templates/pages/en/Guide.md',
        ...readdirSync(join(repoRoot, 'docs')).map((name) => `docs/${name}`),
      ]),
    )
    expect(files.filter((path) => /^(src|tests|bench|scripts|content|node_modules)\/|\.map$|\.code-cache/.test(path))).toEqual([])
    // the CLI and the worker are split into chunks (scripts/bundle.mjs): every script of lib/ is packed
    const scripts = readdirSync(join(repoRoot, 'lib')).filter((name) => /\.c?js$/.test(name))
    expect(scripts.filter((name) => !files.includes(`lib/${name}`))).toEqual([])
  })

  it('is publishable and runs nothing of its own on install: no "private", no scripts, no development packages', () => {
    expect(packed).not.toHaveProperty('private')
    expect(packed).not.toHaveProperty('scripts')
    expect(packed).not.toHaveProperty('allowScripts')
    expect(packed).not.toHaveProperty('devDependencies')
    expect(packed).toMatchObject({ name: 'wikigen', version: manifest.version, dependencies: { esbuild: expect.any(String) } })
  })

  it('every link of the README and the guides leads to a file inside the package', () => {
    const broken: string[] = []
    for (const file of files.filter((path) => /^(README\.md|docs\/.+\.md)$/.test(path))) {
      const text = execFileSync('tar', ['-xzOf', tarball, `package/${file}`], { encoding: 'utf8' })
      for (const link of relativeLinks(text)) {
        const target = relative('.', join(dirname(file), link))
        if (!files.some((path) => path === target || path.startsWith(`${target.replace(/\/$/, '')}/`))) broken.push(`${file} → ${link}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('refuses `npm pack` in the checkout, which would pack the development manifest', async () => {
    const result = await run('npm', ['pack', '--dry-run'], repoRoot)
    expect(result.code).not.toBe(0)
    expect(result.stderr).toContain('npm run package')
  })

  it('installs with esbuild as its only dependency, without a warning', () => {
    expect(install.code, install.stderr).toBe(0)
    expect(install.stderr).not.toMatch(/warn/i)
    const installed = readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))
    expect(installed.sort()).toEqual(['@esbuild', 'esbuild', 'wikigen'])
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies).toHaveProperty('wikigen')
  })

  it('`npx wikigen init` writes the config, .gitignore and npm scripts and names the next commands', () => {
    expect(init.code, init.stderr).toBe(0)
    expect(init.stdout).toContain('content/wikigen.config.ts written')
    expect(init.stdout).toMatch(/npx wikigen dev {2,}.*\n.*npx wikigen build {2,}/)
    expect(readFileSync(join(project, '.gitignore'), 'utf8')).toContain('/node_modules/\n/.wikigen/\n/dist/\n')
    const npmProject = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
    expect(npmProject.scripts).toEqual({ dev: 'wikigen dev', build: 'wikigen build', check: 'wikigen check-links' })
    expect(npmProject.allowScripts).toEqual({ esbuild: true })
  })

  it('`npm run build` and `npm run check` work from the scripts init wrote', async () => {
    const check = await run('npm', ['run', 'check'], project)
    expect(check.code, check.stdout + check.stderr).toBe(0)
    const rebuilt = await run('npm', ['run', 'build'], project)
    expect(rebuilt.code, rebuilt.stderr).toBe(0)
    expect(existsSync(join(project, 'dist/erste-seite.html'))).toBe(true)
  })

  it('`--help` names guides that are files of the installed package', async () => {
    const help = await npx(['--help'], project)
    const guides = [...help.stdout.matchAll(/node_modules\/wikigen\/docs\/[\w.-]+\.md/g)].map((match) => match[0])
    expect(guides.length).toBeGreaterThanOrEqual(5)
    for (const guide of guides) expect(existsSync(join(project, guide)), guide).toBe(true)
  })

  it('`npx wikigen build` publishes the page written after init', () => {
    expect(build.code, build.stderr).toBe(0)
    const page = readFileSync(join(project, 'dist/erste-seite.html'), 'utf8')
    expect(page).toContain('<h1')
    expect(page).toContain('Erste Seite')
    expect(page).toContain('Hallo aus dem neuen Wiki.')
    // KaTeX is a file of its own in the package, loaded at the first formula
    expect(page).toContain('<span class="katex">')
    expect(existsSync(join(project, 'dist/index.html'))).toBe(true)
    expect(readdirSync(join(project, 'dist/_wikigen')).some((name) => /^client-\w+\.js$/.test(name))).toBe(true)
  })

  it("`npx wikigen --version` prints package.json's version, and on stderr where upgrading is explained", async () => {
    const result = await npx(['--version'], project)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe(manifest.version)
    const guide = /node_modules\/wikigen\/docs\/install\.md/.exec(result.stderr)?.[0]
    expect(guide, result.stderr).toBeDefined()
    expect(readFileSync(join(project, guide!), 'utf8')).toContain('## Upgrading')
  })

  it("types the config init wrote, with the schema's types, and rejects a misspelt key", async () => {
    // the installed lib/index.d.ts against the schema it was made from: the same type both ways
    writeFileSync(
      join(project, 'same-types.ts'),
      [
        "import type { UserConfig as Installed } from 'wikigen'",
        `import type { UserConfig as Schema } from ${JSON.stringify(join(repoRoot, 'src/compiler/config/config-schema.js'))}`,
        'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false',
        'export const same: Same<Installed, Schema> = true',
        '',
      ].join('\n'),
    )
    writeFileSync(
      join(project, 'misspelt.ts'),
      "import { defineConfig } from 'wikigen'\n\nexport default defineConfig({ site: { titel: 'Wiki' } })\n",
    )
    const tsconfig = (files: string[]) => ({
      compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true, types: [] },
      files,
    })
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig(['content/wikigen.config.ts', 'same-types.ts'])))
    writeFileSync(join(project, 'tsconfig.misspelt.json'), JSON.stringify(tsconfig(['misspelt.ts'])))
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')
    const good = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], project)
    expect(good.stdout + good.stderr).toBe('')
    expect(good.code).toBe(0)
    const bad = await run(process.execPath, [tsc, '-p', 'tsconfig.misspelt.json'], project)
    expect(bad.code).not.toBe(0)
    expect(bad.stdout).toContain("'titel' does not exist")
  })
})
