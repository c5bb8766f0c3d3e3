// The JS and CSS a built page loads initially: its <script src>, <link rel=modulepreload|stylesheet>, and the
// static imports of those scripts followed through the chunk graph (dynamic import() is not initial).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const attribute = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1]

/** Static import specifiers of a (minified) ES module: `import…from"x"`, `import"x"`, `export…from"x"`. */
export function staticImports(code) {
  const found = []
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g)) found.push(m[1])
  return found
}

/** { js: {files, raw, gzip}, css: {files, raw, gzip} } for one page of a built site. */
export function pageAssets(outDir, pageFile) {
  const html = readFileSync(join(outDir, pageFile), 'utf8')
  const locate = (href, from) => {
    const path = decodeURIComponent(href.split(/[?#]/)[0])
    if (/^(https?:)?\/\//.test(path)) return undefined
    const file = path.startsWith('/') ? join(outDir, path) : resolve(from, path)
    return existsSync(file) ? file : undefined
  }
  const js = new Set()
  const css = new Set()
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src')
    const file = src && locate(src, outDir)
    if (file) js.add(file)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel') ?? ''
    const file = locate(attribute(tag, 'href') ?? '', outDir)
    if (!file) continue
    if (rel.includes('modulepreload')) js.add(file)
    else if (rel.includes('stylesheet')) css.add(file)
  }
  const queue = [...js]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const target = locate(specifier, dirname(file))
      if (target && !js.has(target)) {
        js.add(target)
        queue.push(target)
      }
    }
  }
  const sum = (files) => {
    let raw = 0
    let gzip = 0
    for (const file of files) {
      const bytes = readFileSync(file)
      raw += bytes.length
      gzip += gzipSync(bytes).length
    }
    return { files: [...files].map((f) => f.slice(outDir.length)), raw, gzip }
  }
  return { js: sum(js), css: sum(css) }
}

/** Total size of a folder in bytes. */
export function folderSize(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? folderSize(path) : statSync(path).size
  }
  return total
}
