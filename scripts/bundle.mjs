#!/usr/bin/env node
// Bundles wikigen: the CLI and the build worker for Node (lib/), and the browser client with its
// stylesheet (lib/client/, content-hashed, listed in manifest.json), the `wikigen` module a config imports (lib/index.js
// and its types) and the licences of the bundled packages. Runs on `npm install` and `npm pack` (prepare).
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeThirdPartyLicenses } from './third-party-licenses.mjs'
import { libraryPatches } from './library-patches.mjs'

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'lib')

/** Lets `import text from './x.html?raw'` work as it does under vitest. */
const rawPlugin = {
  name: 'raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\?raw$/, '')), namespace: 'raw' }))
    b.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }))
  },
}

rmSync(dist, { recursive: true, force: true })

// The CLI and the worker carry their dependencies: one file loads in a third of the time hundreds of package
// modules take, and every `wikigen` command starts with that. esbuild stays a package (it runs a native binary).
//
// The CLI is one CommonJS script (lib/cli.cjs), which lib/launch.js runs from V8's code cache (src/cli/launch.ts):
// Node 20 keeps no compiled code of ES modules between runs, and a script from the cache starts without compiling
// any of its code, so it need not be split into the chunks each command imports. The worker is one ES module: its
// parsing ran a sixth slower split into chunks, and a worker's start is not on the way of a warm build.
// KaTeX is a file of its own (lib/katex.cjs), which a thread loads with a synchronous require() at its first formula:
// a site without math never reads it.
const nodeBundle = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  external: ['esbuild', 'fsevents'],
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
}
/** Resolves `require('katex')` of the bundles to lib/katex.cjs, beside them in lib/. */
const katexApart = {
  name: 'katex-apart',
  setup(b) {
    b.onResolve({ filter: /^katex$/ }, (args) => (args.kind === 'require-call' ? { path: './katex.cjs', external: true } : undefined))
  },
}
// CommonJS dependencies bundled into an ES module still call require() for Node's built-ins
const requireBanner = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
}
// libraries with speed fixes (library-patches.mjs)
const plugins = [rawPlugin, libraryPatches, katexApart]
const cli = await build({
  ...nodeBundle,
  entryPoints: { cli: join(root, 'src/cli/main.ts') },
  outfile: join(dist, 'cli.cjs'),
  format: 'cjs',
  // the code that finds files beside itself (the worker, the dev client, the templates) asks import.meta.url
  define: { ...nodeBundle.define, 'import.meta.url': '__wikigenModuleUrl' },
  banner: { js: "var __wikigenModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins,
})
// the launcher: node:fs and node:vm only, loaded as an ES module by bin/wikigen.js
await build({ ...nodeBundle, entryPoints: { launch: join(root, 'src/cli/launch.ts') }, outdir: dist, format: 'esm', metafile: false })
const worker = await build({
  ...nodeBundle,
  // the file thread's entry links and removes files with node:fs alone: a few kilobytes, started in milliseconds
  entryPoints: { worker: join(root, 'src/compiler/workers/worker.ts'), 'file-worker': join(root, 'src/compiler/output/file-worker.ts') },
  outdir: dist,
  format: 'esm',
  banner: requireBanner,
  plugins,
})
const katex = await build({
  ...nodeBundle,
  entryPoints: [join(root, 'node_modules/katex/dist/katex.js')],
  outfile: join(dist, 'katex.cjs'),
  format: 'cjs',
})

// what a wikigen.config.ts imports (`defineConfig`, the package's main entry): small, and resolved against the installed
// packages; its types are made from the config schema, so the package needs neither its sources nor the schema library
await build({
  entryPoints: { index: join(root, 'src/index.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
const declarations = await build({
  entryPoints: [join(root, 'src/compiler/config/config-declarations.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  logLevel: 'warning',
})
const { configDeclarations } = await import(
  `data:text/javascript;base64,${Buffer.from(declarations.outputFiles[0].text).toString('base64')}`
)
writeFileSync(join(dist, 'index.d.ts'), configDeclarations())

/**
 * KaTeX's stylesheet with its woff2 fonts only: every browser the client targets reads woff2, so the woff and ttf
 * copies would only double the fonts in every site.
 */
const katexFontsPlugin = {
  name: 'katex-fonts',
  setup(b) {
    b.onLoad({ filter: /[\\/]katex[\\/]dist[\\/]katex\.css$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g, ''),
      loader: 'css',
      resolveDir: dirname(args.path),
    }))
  },
}

const clientDir = join(dist, 'client')
const result = await build({
  entryPoints: {
    client: join(root, 'src/client/main.ts'),
    head: join(root, 'src/client/head.ts'),
    style: join(root, 'src/theme/styles/index.css'),
    // linked only by pages with math
    katex: join(root, 'src/theme/styles/math.css'),
  },
  outdir: clientDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
  minify: true,
  jsx: 'automatic',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  loader: { '.svg': 'file', '.woff2': 'file' },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [katexFontsPlugin],
  metafile: true,
  logLevel: 'warning',
})

// the dev server's live-update client: served by `wikigen dev` only, never listed in the manifest
await build({
  entryPoints: [join(root, 'src/client/dev-client.ts')],
  outfile: join(root, 'lib/dev-client.js'),
  bundle: true,
  format: 'esm',
  target: 'es2022',
  logLevel: 'warning',
})

const outputs = Object.entries(result.metafile.outputs)
const entryOf = (name) => outputs.find(([, o]) => o.entryPoint?.endsWith(name))?.[0]
const rel = (file) => file.slice(file.indexOf('lib/client/') + 'lib/client/'.length)
const files = outputs.map(([file]) => rel(file))
// the head script must run before first paint, so it is a classic script: re-emit it as an IIFE
const headEsm = entryOf('src/client/head.ts')
const head = await build({
  entryPoints: [join(root, 'src/client/head.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  minify: true,
  target: 'es2020',
  logLevel: 'warning',
})
const headText = head.outputFiles[0].text
const headName = `head-${createHash('sha256').update(headText).digest('hex').slice(0, 8).toUpperCase()}.js`
rmSync(headEsm, { force: true })
writeFileSync(join(clientDir, headName), headText)
const manifest = {
  styles: [rel(entryOf('src/theme/styles/index.css') ?? outputs.find(([f]) => f.endsWith('.css'))[0])],
  headScript: headName,
  entry: rel(entryOf('src/client/main.ts')),
  mathStyles: rel(entryOf('src/theme/styles/math.css')),
  files: [...files.filter((f) => f !== rel(headEsm) && !f.endsWith('.map') && !/^(?:style|katex)-[\w]+\.js$/.test(f)), headName].sort(),
}
for (const f of files) if (/^(?:style|katex)-[\w]+\.js$/.test(f)) rmSync(join(clientDir, f))
mkdirSync(clientDir, { recursive: true })
writeFileSync(join(clientDir, 'manifest.json'), JSON.stringify(manifest, null, 2))
writeThirdPartyLicenses(join(dist, 'THIRD-PARTY-LICENSES.txt'), [cli.metafile, worker.metafile, katex.metafile, result.metafile])
// the build cache's salt from the scripts of lib/ (src/cli/runtime.ts), made here once instead of at every build
const salt = createHash('sha1')
for (const name of readdirSync(dist)
  .filter((file) => /\.c?js$/.test(file))
  .sort())
  salt.update(name).update(readFileSync(join(dist, name)))
writeFileSync(join(dist, 'bundle-salt.txt'), salt.digest('hex').slice(0, 12))
console.log(`bundled: lib/cli.cjs, lib/launch.js, lib/worker.js, lib/file-worker.js, ${manifest.files.length} client files`)
void readdirSync
