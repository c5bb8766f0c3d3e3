/**
 * TeX to HTML with KaTeX, at build time: the formula as KaTeX's HTML (what readers see, drawn with KaTeX's fonts and
 * stylesheet) plus MathML (what screen readers read), as hast.
 *
 * KaTeX positions its boxes with style attributes, which a Content-Security-Policy without 'unsafe-inline' blocks
 * (src/cli/csp.ts). So each declaration becomes a class (styles.ts), and the page records the declarations it used:
 * the build writes them into one stylesheet for the site (emit/math-sheet.ts).
 *
 *     katex: <span class="katex-strut" style="height:0.6444em;">
 *     here:  <span class="katex-strut k-Xq3vT0a">          and the site's sheet: .k-Xq3vT0a{height:0.6444em!important}
 */
import type { Element, ElementContent, Root } from 'hast'
import type Katex from 'katex'
import type { KatexOptions } from 'katex'
import { fromHtml } from 'hast-util-from-html'
import { mathClassOf } from './styles.js'

/** A formula as hast, or why KaTeX could not typeset it. */
export type TypesetResult = { ok: true; nodes: ElementContent[] } | { ok: false; message: string }

/** The macros of one page: `\newcommand` and `\def` in one formula hold for the formulas after it, as in Obsidian. */
export type PageMacros = NonNullable<KatexOptions['macros']>

/** Most formulas remembered per thread; a wiki repeats `$x$`, `$n$` and the like often. */
const CACHE_SIZE = 2000
/** Formulas typeset before, as hast and declarations, by display mode and TeX (only those typeset without macros). */
const cache = new Map<string, { root: Root; declarations: string[] }>()

let katex: typeof Katex | undefined

/**
 * KaTeX, loaded with the first formula of a thread: a CommonJS `require`, which the bundle (scripts/bundle.mjs) makes
 * a call that evaluates KaTeX only then. Imported statically it would cost every build thread tens of milliseconds at
 * start, also for sites without a single formula.
 */
function loadKatex(): typeof Katex {
  katex ??= require('katex') as typeof Katex
  return katex
}

/**
 * Typesets `tex`; `display` for display math (a centred block). The style declarations the result uses go into
 * `declarations`. Never throws: what KaTeX cannot typeset (a TeX error, an unknown command) is its message.
 */
export function typeset(tex: string, display: boolean, macros: PageMacros, declarations: Set<string>): TypesetResult {
  const key = `${display ? 'D' : 'T'}${tex}`
  const plain = Object.keys(macros).length === 0
  const known = plain ? cache.get(key) : undefined
  if (known) {
    for (const declaration of known.declarations) declarations.add(declaration)
    return { ok: true, nodes: structuredClone(known.root).children as ElementContent[] }
  }
  let html: string
  try {
    html = loadKatex().renderToString(tex, {
      displayMode: display,
      output: 'htmlAndMathml',
      throwOnError: true,
      // Obsidian's MathJax takes what KaTeX's strict mode would warn about (text in math mode, `\\` at the end)
      strict: 'ignore',
      // no \href, \url, \includegraphics, \htmlClass…: a formula cannot link or load anything
      trust: false,
      // a size beyond this (`\rule{1000em}{1em}`, `\kern`) is cut to it: a formula cannot push the page apart
      maxSize: 100,
      macros,
      globalGroup: true,
    })
  } catch (error) {
    return { ok: false, message: messageOf(error) }
  }
  const root = fromHtml(html, { fragment: true })
  const used = new Set<string>()
  classesForStyles(root, used)
  for (const declaration of used) declarations.add(declaration)
  // a formula that defined macros is typeset again on every page, so the definitions are made there too
  if (plain && Object.keys(macros).length === 0) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
    cache.set(key, { root: structuredClone(root), declarations: [...used] })
  }
  return { ok: true, nodes: root.children as ElementContent[] }
}

/** KaTeX's message without its "KaTeX parse error: " prefix and the TeX it repeats. */
function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const raw = (error as { rawMessage?: unknown }).rawMessage
    return typeof raw === 'string' && raw !== '' ? raw : error.message
  }
  return String(error)
}

/**
 * Replaces every style attribute below `node` with the classes of its declarations, collected into `used`; drops the
 * positions in KaTeX's HTML, which mean nothing in the page.
 */
function classesForStyles(node: Root | Element, used: Set<string>): void {
  for (const child of node.children) {
    delete child.position
    if (child.type !== 'element') continue
    const style = child.properties.style
    if (typeof style === 'string') {
      const classes: string[] = []
      for (const part of style.split(';')) {
        const colon = part.indexOf(':')
        if (colon === -1) continue
        const declaration = `${part.slice(0, colon).trim().toLowerCase()}:${part.slice(colon + 1).trim()}`
        const name = mathClassOf(declaration)
        if (!name) continue
        classes.push(name)
        used.add(declaration)
      }
      delete child.properties.style
      const own = child.properties.className
      child.properties.className = [...(Array.isArray(own) ? own.map(String) : []), ...classes]
    }
    classesForStyles(child, used)
  }
}
