#!/usr/bin/env node
// Makes the package a team installs or publishes: wikigen-<version>.tgz with the bundle, the page templates, the
// guides and a package.json without the checkout's development parts (no "private", no scripts, no devDependencies),
// so that it installs without running anything of its own and `npm publish` to a company registry accepts it.
//   npm run package [-- --out <folder>] [--scope @company] [--no-bundle]
// --scope names the package @company/wikigen, as registries that hold only scoped packages (GitHub Packages) want it.
// The checkout itself stays private: `npm pack` and `npm publish` in it refuse, with a pointer to this script.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)

if (args.includes('--refuse')) {
  // `prepack` of the checkout: its package.json carries the development scripts, and a tarball of it would ask every
  // team that installs it to allow a build script that cannot run there
  console.error('wikigen: the checkout is not the package. Run `npm run package` to make wikigen-<version>.tgz.')
  process.exit(1)
}

const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i === -1 ? fallback : args[i + 1]
}
const out = resolve(option('--out', root))

if (!args.includes('--no-bundle')) execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { stdio: 'inherit' })

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const { private: _private, scripts: _scripts, devDependencies: _dev, files: _files, allowScripts: _allowed, ...published } = manifest
published.files = ['bin', 'lib', 'templates', 'docs']
const scope = option('--scope', undefined)
if (scope !== undefined) {
  if (!/^@[a-z0-9][a-z0-9._-]*$/.test(scope)) {
    console.error(`wikigen: --scope takes a scope such as @talwerk, not "${scope}"`)
    process.exit(1)
  }
  published.name = `${scope}/wikigen`
}

const stage = mkdtempSync(join(tmpdir(), 'wikigen-package-'))
try {
  for (const name of ['bin', 'templates', 'README.md', 'LICENSE']) cpSync(join(root, name), join(stage, name), { recursive: true })
  // the code caches of the CLI's runs here (src/cli/launch.ts) stay: each installation makes its own
  cpSync(join(root, 'lib'), join(stage, 'lib'), {
    recursive: true,
    filter: (path) => !path.endsWith('.map') && basename(path) !== '.code-cache',
  })
  mkdirSync(join(stage, 'docs'))
  for (const name of readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')))
    cpSync(join(root, 'docs', name), join(stage, 'docs', name))
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(published, null, 2)}\n`)
  mkdirSync(out, { recursive: true })
  const report = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', out], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )
  console.log(join(out, report[0].filename))
} finally {
  rmSync(stage, { recursive: true, force: true })
}
