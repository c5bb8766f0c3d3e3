#!/usr/bin/env node
// The import rules of src/, checked as part of `npm run typecheck`. Three kinds:
//
// 1. Runtimes: which folder of src/ may import which.
//
//   shared   ─▶ shared only                      (DOM-free, Node-free: used by every runtime)
//   theme    ─▶ theme, shared                     (renders on the server and in the browser)
//   client   ─▶ client, theme, shared             (the browser; hydrates theme components)
//   compiler ─▶ compiler, shared, theme/index.ts  (renders the theme through its public entry only), templates/
//   cli      ─▶ cli, compiler, shared, templates/
//
// 2. The compiler's phases, in the order of the data flow. A phase imports only itself, earlier phases and the
//    records (the loose files of src/compiler besides the wiring); the records import only records;
//    the wiring (build.ts, build-options.ts, dev-session.ts) imports anything. Only emit/ renders the theme and reads
//    templates/.
//
//   records ─▶ config ─▶ discover ─▶ parse ─▶ link ─▶ emit ─▶ output ─▶ cache ─▶ workers ─▶ build.ts, dev-session.ts
//
// 3. No import circles anywhere in src/: a file never imports, through any chain, a file that imports it back. Type
//    imports count too: a type belongs to the record's home, which the files that use it import.
//
// TypeScript cannot forbid an import between folders of one program, so this reads every import specifier of src/
// (static, dynamic, `import type` and `export … from`), resolves the relative ones and reports each that breaks a rule.
//
//   node scripts/check-layers.mjs [project folder]
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

/** The compiler's phase folders, earliest first. */
const PHASES = ['config', 'discover', 'parse', 'link', 'emit', 'output', 'cache', 'workers']
/** The compiler's loose files that wire the phases together. */
const WIRING = ['build.ts', 'build-options.ts', 'dev-session.ts']
/** The only phase that renders the theme and reads the HTML templates. */
const RENDERING_PHASE = 'emit'

const SPECIFIER =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

const toPosix = (path) => path.split(sep).join('/')
const layerOf = (file) => relative(src, file).split(sep)[0]

/** The path below src/ a relative specifier names, without extension ('./x.js' is written for './x.ts' or './x.tsx'). */
function resolveSpecifier(from, specifier) {
  return toPosix(relative(src, resolve(dirname(from), specifier))).replace(/\.js$/, '')
}

/** The source file (below src/) a target names, if there is one: 'a/b' → 'a/b.ts', 'a/b.tsx' or 'a/b/index.ts'. */
function sourceOf(target) {
  return [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) => existsSync(join(src, candidate)))
}

/**
 * The phase of a compiler file (below src/): its first folder under src/compiler, 'records' for the loose files and
 * 'wiring' for build.ts and dev-session.ts.
 */
function phaseOf(path) {
  const parts = path.split('/')
  if (parts.length === 2) return WIRING.includes(parts[1]) ? 'wiring' : 'records'
  return parts[1]
}

/** Why `from` (a compiler file) may not import `target` (below src/, without extension), or undefined when it may. */
function phaseProblem(from, target) {
  const phase = phaseOf(from)
  if (phase !== 'records' && phase !== 'wiring' && !PHASES.includes(phase)) {
    return `src/compiler/${phase}/ is not a phase (phases: ${PHASES.join(', ')})`
  }
  if (target.startsWith('theme/') || target.startsWith('../templates')) {
    return phase === RENDERING_PHASE ? undefined : `only ${RENDERING_PHASE}/ renders the theme and reads the templates`
  }
  if (!target.startsWith('compiler/') || phase === 'wiring') return undefined
  const targetFile = sourceOf(target) ?? `${target}.ts`
  const targetPhase = phaseOf(targetFile)
  if (targetPhase === 'wiring') return `the phases may not import the wiring (${WIRING.join(', ')})`
  if (targetPhase === 'records' || targetPhase === phase) return undefined
  if (phase === 'records') return 'the records import only records'
  if (PHASES.indexOf(targetPhase) > PHASES.indexOf(phase)) return `${phase}/ may not import the later phase ${targetPhase}/`
  return undefined
}

const problems = []
/** Module graph of src/ (paths below src/): file → the files it imports. */
const graph = new Map()
for (const file of sourceFiles(src)) {
  const from = toPosix(relative(src, file))
  const layer = layerOf(file)
  const allowed = ALLOWED[layer]
  const text = readFileSync(file, 'utf8')
  const imports = []
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3]
    if (!specifier.startsWith('.')) continue
    const target = resolveSpecifier(file, specifier)
    const line = text.slice(0, match.index).split('\n').length + (match[0].startsWith('\n') ? 1 : 0)
    const at = `${relative(root, file)}:${line}`
    const targetFile = sourceOf(target)
    if (targetFile) imports.push({ target: targetFile, at })
    if (!allowed) continue
    const ok = allowed.some((rule) => (rule.endsWith('.ts') ? `${target}.ts` === rule : target === rule || target.startsWith(`${rule}/`)))
    if (!ok) {
      problems.push(`${at}  ${layer} may not import ${specifier} (allowed: ${allowed.join(', ')})`)
      continue
    }
    if (layer === 'compiler') {
      const why = phaseProblem(from, target)
      if (why) problems.push(`${at}  ${from.replace(/^compiler\//, '')} may not import ${specifier}: ${why}`)
    }
  }
  graph.set(from, imports)
}

problems.push(...findCycles(graph))

/**
 * One message per import circle: the strongly connected components of the graph (Tarjan's algorithm, iterative so a
 * long chain cannot overflow the stack), each shown as one circle through it.
 */
function findCycles(graph) {
  const index = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const components = []
  let next = 0
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++].target
        if (!graph.has(to)) continue
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)))
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        const selfImport = (graph.get(frame.node) ?? []).some((edge) => edge.target === frame.node)
        if (component.length > 1 || selfImport) components.push(component)
      }
    }
  }
  return components.map((component) => {
    const members = new Set(component)
    const circle = circleThrough(component.sort()[0], members, graph)
    return `${circle[0].at}  import circle: ${[...circle.map((step) => step.from), circle[0].from].join(' → ')}`
  })
}

/** The shortest circle from `start` back to it inside one component, as the import statements it passes. */
function circleThrough(start, members, graph) {
  const previous = new Map()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.target)) continue
      if (edge.target === start) {
        const steps = [{ from: node, at: edge.at }]
        for (let at = node; at !== start; at = previous.get(at).from) steps.unshift(previous.get(at))
        return steps
      }
      if (!previous.has(edge.target)) {
        previous.set(edge.target, { from: node, at: edge.at })
        queue.push(edge.target)
      }
    }
  }
  return [{ from: start, at: `src/${start}` }]
}

if (problems.length > 0) {
  console.error(problems.join('\n'))
  console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} with the imports of src/ (see scripts/check-layers.mjs)`)
  process.exit(1)
}
