/**
 * The site's math stylesheet: a rule for every style declaration KaTeX used on the site's pages, and for every one of
 * the authors' `style` attributes (parse/markdown/author-styles.ts), which the pages carry as classes instead of style
 * attributes (parse/markdown/math/katex.ts), so formulas and styled HTML are drawn under a Content-Security-Policy
 * without 'unsafe-inline'. One file for the whole site, in the client's folder, named by its content like the
 * client's files (cached for a year); a route that shows math (its page's or an embedded page's) links it after
 * KaTeX's own stylesheet, a route with styled HTML but no math links it alone, and no other route does.
 *
 *     _wikigen/math-3F9A0C1B.css   .k-Xq3vT0a{height:0.6444em!important}
 *                                  .k-qkkM6mS{top:-3.063em!important} …
 */
import { createHash } from 'node:crypto'
import { ASSETS_DIR } from '../../shared/constants.js'
import type { Site } from '../link/site.js'
import type { CompiledPage } from '../parse/page.js'
import { mathStylesheet } from '../parse/markdown/math/styles.js'
import type { OutputFile } from './output-file.js'

export interface MathSheet {
  /** The file's path in the output folder. */
  path: string
  /** Its URL, base path included. */
  href: string
  css: string
  /** The declarations it has rules for. */
  declarations: ReadonlySet<string>
  /** Content hashes of the pages with math or styled HTML, whose bodies need it wherever they are shown. */
  bodies: ReadonlySet<string>
  /** Of those, the pages with math, whose bodies also need KaTeX's stylesheet. */
  mathBodies: ReadonlySet<string>
}

const sheets = new WeakMap<Site, MathSheet | null>()

/** The math stylesheet of `site`, made once per site; none for a site without math. */
export function mathSheetOf(site: Site): MathSheet | undefined {
  let sheet = sheets.get(site)
  if (sheet === undefined) {
    sheet = createMathSheet(site)
    sheets.set(site, sheet)
  }
  return sheet ?? undefined
}

function createMathSheet(site: Site): MathSheet | null {
  const declarations = new Set<string>()
  const bodies = new Set<string>()
  const mathBodies = new Set<string>()
  for (const { page } of site.pages) {
    if (!page.mathStyles && !page.authorStyles) continue
    bodies.add(page.contentHash)
    if (page.mathStyles) mathBodies.add(page.contentHash)
    for (const declaration of page.mathStyles ?? []) declarations.add(declaration)
    for (const declaration of page.authorStyles ?? []) declarations.add(declaration)
  }
  if (bodies.size === 0) return null
  const css = mathStylesheet(declarations)
  const name = `math-${createHash('sha256').update(css).digest('hex').slice(0, 8).toUpperCase()}.css`
  const path = `${ASSETS_DIR}/${name}`
  return { path, href: `${site.config.site.base}${path}`, css, declarations, bodies, mathBodies }
}

/** The sheet as an output file, when the site has math. */
export function mathSheetFiles(site: Site): OutputFile[] {
  const sheet = mathSheetOf(site)
  return sheet ? [{ path: sheet.path, contents: sheet.css, immutable: true }] : []
}

/** True when `sheet` has a rule for every declaration of `page`: its formulas are drawn right with it. */
export function coversPage(sheet: MathSheet | undefined, page: CompiledPage): boolean {
  const declarations = [...(page.mathStyles ?? []), ...(page.authorStyles ?? [])]
  if (declarations.length === 0) return true
  return sheet !== undefined && declarations.every((declaration) => sheet.declarations.has(declaration))
}
