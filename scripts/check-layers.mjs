#!/usr/bin/env node
// The import rules between the folders of src/, checked as part of `npm run typecheck`:
//
//   shared   ─▶ shared only                      (DOM-free, Node-free: used by every runtime)
//   theme    ─▶ theme, shared                     (renders on the server and in the browser)
//   client   ─▶ client, theme, shared             (the browser; hydrates theme components)
//   compiler ─▶ compiler, shared, theme/index.ts  (renders the theme through its public entry only), templates/
//   cli      ─▶ cli, compiler, shared, templates/
//
// TypeScript cannot forbid an import between folders of one program, so this reads every import specifier of src/
// (static, dynamic and `export … from`), resolves the relative ones and reports each that breaks a rule.
//
//   node scripts/check-layers.mjs [project folder]
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'))
const src = join(root, 'src')

/** Folders each folder may import from; a path ending in a file name allows that one file. */
const ALLOWED = {
  shared: ['shared'],
  theme: ['theme', 'shared'],
  client: ['client', 'theme', 'shared'],
  compiler: ['compiler', 'shared', 'theme/index.ts', '../templates'],
  cli: ['cli', 'compiler', 'shared', '../templates'],
}

const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

const layerOf = (file) => relative(src, file).split(sep)[0]

/** The source file a relative specifier names ('./x.js' is written for './x.ts' or './x.tsx'). */
function resolveSpecifier(from, specifier) {
  const target = resolve(dirname(from), specifier)
  return target.replace(/\.js$/, '')
}

const problems = []
for (const file of sourceFiles(src)) {
  const layer = layerOf(file)
  const allowed = ALLOWED[layer]
  if (!allowed) continue
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3]
    if (!specifier.startsWith('.')) continue
    const target = relative(src, resolveSpecifier(file, specifier)).split(sep).join('/')
    const ok = allowed.some((rule) => (rule.endsWith('.ts') ? `${target}.ts` === rule : target === rule || target.startsWith(`${rule}/`)))
    if (!ok) {
      const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0)
      problems.push(`${relative(root, file)}:${line}  ${layer} may not import ${specifier} (allowed: ${allowed.join(', ')})`)
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\n${problems.length} import${problems.length === 1 ? '' : 's'} across the layers of src/ (see scripts/check-layers.mjs)`)
  process.exit(1)
}
