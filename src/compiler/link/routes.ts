/**
 * Slugs and routes: one URL per page (duplicate slugs get a free one, with a warning), the href of each page's route,
 * and the site's order of pages.
 */
import type { ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { CompiledPage } from '../parse/page.js'
import { slugifyPageName } from '../parse/slugify.js'
import { hrefOf, routePathOf, type Slug } from '../paths.js'

/** German collation, numbers by value: the order of titles and paths on the site. */
export const collator = new Intl.Collator('de', { sensitivity: 'variant', numeric: true })
const stem = (path: string) => path.replace(/\.(md|base|canvas)$/i, '')

/**
 * Site order, used for the search index, the sitemap and duplicate resolution: by source path without '.md',
 * folder by folder, in German collation ('Odoo Hosting' before 'Odoo Hosting Vergleich', 'Ökosystem' with the O's),
 * code points breaking ties. The home page is moved to the front afterwards.
 */
export function bySitePath(a: { sourcePath: string }, b: { sourcePath: string }): number {
  return (
    collator.compare(stem(a.sourcePath), stem(b.sourcePath)) || (a.sourcePath < b.sourcePath ? -1 : a.sourcePath > b.sourcePath ? 1 : 0)
  )
}

/** The home page is titled as the wiki unless it names itself (spec §2.1). */
export function withHomeTitle(page: CompiledPage, config: ResolvedConfig): CompiledPage {
  return page.slug === '' && page.title === '' ? { ...page, title: config.site.title } : page
}

/** The href of a page's route, made once per slug: thousands of links point at the same pages. */
export function pageHrefs(base: string): (page: CompiledPage) => string {
  const hrefs = new Map<string, string>()
  return (page) => {
    let href = hrefs.get(page.slug)
    if (href === undefined) hrefs.set(page.slug, (href = hrefOf(routePathOf(page.slug, base))))
    return href
  }
}

/**
 * A canvas or base beside a note of the same name (`Plan.canvas` or `Plan.base` and `Plan.md` in one folder) is
 * Obsidian's usual pair: the note keeps `/plan.html`, which `[[Plan]]` leads to, and the canvas is at
 * `/plan.canvas.html` (the base at `/plan.base.html`), its file name as a slug, which `[[Plan.canvas]]` leads to.
 * Neither is a duplicate. Pages stay in their order; a lone canvas or base keeps `/plan.html`.
 */
function withCanvasSlugs(pages: CompiledPage[]): CompiledPage[] {
  const canvases = pages.filter((page) => CANVAS.test(page.sourcePath))
  if (canvases.length === 0) return pages
  const notes = new Set<string>()
  for (const page of pages) if (/\.md$/i.test(page.sourcePath)) notes.add(fileSlugOf(page.sourcePath))
  return pages.map((page) => {
    if (!CANVAS.test(page.sourcePath) || !notes.has(fileSlugOf(page.sourcePath))) return page
    const file = page.sourcePath.replace(/^.*\//, '')
    return { ...page, slug: slugifyPageName(file) }
  })
}

const CANVAS = /\.(canvas|base)$/i

/** A file's folder and its name's slug without the extension: 'Team/Plan.canvas' and 'Team/plan.md' → 'Team/plan'. */
function fileSlugOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return `${path.slice(0, slash + 1)}${slugifyPageName(stem(path.slice(slash + 1)))}`
}

/**
 * One URL per page, and no page left out: two notes on one slug (the same name in two folders, names that differ only
 * in case, umlaut spelling or legacy characters) both build. The first in path order keeps the slug; each later one
 * gets its folder's name in front where that makes it unique (`B/odoo.md` → `/b-odoo.html`), else a number
 * (`/wissensmanager_in-2.html`), with a warning naming both. Slugs pages have by their own name are never taken.
 */
export function keepUniqueSlugs(given: CompiledPage[], diagnostics: Diagnostic[], homes: ReadonlySet<string> = new Set()): CompiledPage[] {
  const pages = withCanvasSlugs(given)
  const owners = new Map<string, CompiledPage>()
  for (const page of pages) if (!owners.has(page.slug)) owners.set(page.slug, page)
  const taken = new Set(owners.keys())
  const kept: CompiledPage[] = []
  for (const page of pages) {
    const isIndex = (/(^|\/)(readme|index)\.md$/i.test(page.sourcePath) && !page.sourcePath.includes('/')) || homes.has(page.sourcePath)
    if (page.slug === '' && !isIndex) {
      diagnostics.push({
        severity: 'error',
        code: 'no-url',
        file: page.sourcePath,
        line: 0,
        column: 0,
        message: `File name "${page.name}" gives no usable URL`,
        hint: 'Give the file a name with letters or digits.',
      })
      continue
    }
    const owner = owners.get(page.slug)
    if (owner === page) {
      kept.push(page)
      continue
    }
    const slug = freeSlugFor(page, taken)
    taken.add(slug)
    diagnostics.push({
      severity: 'warning',
      code: 'duplicate-slug',
      file: page.sourcePath,
      line: 0,
      column: 0,
      message: `"${page.sourcePath}" and "${owner!.sourcePath}" would both be ${page.slug === '' ? '/' : `/${page.slug}.html`}; "${page.sourcePath}" is at /${slug}.html`,
      hint: `Rename one of them to give each its own URL: names that differ only in case, umlaut spelling or the characters % & , = : * / are one URL. A link leads to the page whose name it matches exactly, else to "${owner!.sourcePath}". Obsidian allows two notes of one name, so --strict does not fail on this warning.`,
    })
    kept.push({ ...page, slug: slug as Slug })
  }
  return kept
}

/** A slug for a page whose own slug is taken: its folder's name in front, else a number after it. */
function freeSlugFor(page: CompiledPage, taken: ReadonlySet<string>): string {
  // a second home page (README.md beside index.md) is named by its file
  const own = page.slug || slugifyPageName(page.sourcePath.replace(/^.*\//, '').replace(/\.(md|base|canvas)$/i, ''))
  const folders = page.sourcePath.split('/').slice(0, -1).reverse()
  const folder = folders.map((name) => slugifyPageName(name)).find((name) => name !== '' && name !== own)
  if (folder && !taken.has(`${folder}-${own}`)) return `${folder}-${own}`
  if (!taken.has(own)) return own
  let n = 2
  while (taken.has(`${own}-${n}`)) n++
  return `${own}-${n}`
}
