/**
 * The package as a team gets it: `npm pack`, `npm i -D ./wikigen-*.tgz` in an empty folder, then `npx wikigen init`,
 * a page and `npx wikigen build`. Slow (an npm install), so every step runs once, in `beforeAll`, and the tests
 * look at what it left.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
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

/** What `npm pack --json` reports of the tarball. */
interface PackReport {
  filename: string
  files: { path: string }[]
}

describe('the packed package', () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  let project = ''
  let pack: PackReport
  let install: Result
  let init: Result
  let build: Result

  beforeAll(async () => {
    // `prepare` bundles when a package is packed; here lib/ is bundled already (npm test bundles first), and bundling
    // again would replace it under the other tests of this run
    expect(existsSync(join(repoRoot, 'lib/cli.js')), 'lib/ is not bundled: run `npm run bundle` first').toBe(true)
    const packDir = tempDir('wikigen-pack-')
    const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], repoRoot)
    expect(packed.code, packed.stderr).toBe(0)
    pack = (JSON.parse(packed.stdout) as PackReport[])[0]

    project = tempDir('wikigen-team-')
    const tarball = join(packDir, pack.filename)
    install = await run('npm', ['install', '--save-dev', tarball, '--prefer-offline', '--no-audit', '--no-fund'], project)
    init = await npx(['init'], project)
    writeFileSync(join(project, 'content/Erste Seite.md'), '# Erste Seite\n\nHallo aus dem neuen Wiki.\n')
    build = await npx(['build'], project)
  }, TIMEOUT)

  it('ships the bundle, the page templates, the licences and the config reference, and nothing of the development', () => {
    const paths = pack.files.map((file) => file.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'LICENSE',
        'README.md',
        'bin/wikigen.js',
        'lib/cli.js',
        'lib/worker.js',
        'lib/dev-client.js',
        'lib/index.js',
        'lib/index.d.ts',
        'lib/client/manifest.json',
        'lib/THIRD-PARTY-LICENSES.txt',
        'templates/pages/de/Anleitung.md',
        'templates/pages/en/Guide.md',
        'docs/config.md',
      ]),
    )
    expect(paths.filter((path) => /^(src|tests|bench|scripts|content|node_modules)\/|\.map$/.test(path))).toEqual([])
  })

  it('installs into an empty folder with esbuild as its only dependency', () => {
    expect(install.code, install.stderr).toBe(0)
    const installed = readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))
    expect(installed.sort()).toEqual(['@esbuild', 'esbuild', 'wikigen'])
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies).toHaveProperty('wikigen')
  })

  it('`npx wikigen init` writes the config and .gitignore and names the next commands', () => {
    expect(init.code, init.stderr).toBe(0)
    expect(init.stdout).toContain('content/wikigen.config.ts written')
    expect(init.stdout).toMatch(/npx wikigen dev {2,}.*\n.*npx wikigen build {2,}/)
    expect(readFileSync(join(project, '.gitignore'), 'utf8')).toContain('/.wikigen/\n/dist/\n')
  })

  it('`npx wikigen build` publishes the page written after init', () => {
    expect(build.code, build.stderr).toBe(0)
    const page = readFileSync(join(project, 'dist/erste-seite.html'), 'utf8')
    expect(page).toContain('<h1')
    expect(page).toContain('Erste Seite')
    expect(page).toContain('Hallo aus dem neuen Wiki.')
    expect(existsSync(join(project, 'dist/index.html'))).toBe(true)
    expect(readdirSync(join(project, 'dist/_wikigen')).some((name) => /^client-\w+\.js$/.test(name))).toBe(true)
  })

  it("`npx wikigen --version` prints package.json's version", async () => {
    const result = await npx(['--version'], project)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.trim()).toBe(manifest.version)
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
