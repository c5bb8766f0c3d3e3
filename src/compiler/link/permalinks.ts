/**
 * Where a vault published with Obsidian Publish has its pages: a note's `permalink` is its URL, and a vault without
 * an `index.md` has its home page in the note Obsidian users give that role. Runs before slugs are made unique, so
 * a permalink takes part in the duplicate check like a name does.
 *
 *     permalink: /                      → the home page, /
 *     permalink: embeds                 → /embeds.html
 *     permalink: web-clipper/variables  → /web-clipper/variables.html
 *     Home.md (no index.md, no `/`)     → the home page, /
 *
 * The page's URL by its name (`/home.html`, `/eingebettete-dateien.html`) leads to it by a redirect (redirects.ts).
 */
import type { Diagnostic } from '../diagnostics.js'
import type { CompiledPage } from '../parse/page.js'
import { slugifyPageName } from '../parse/slugify.js'
import type { Slug, SourcePath } from '../paths.js'

/**
 * Root notes that become the home page of a vault without one, in this order (compared without case); `index.md` and
 * `README.md` at the root are the home page by their name already (parse-page.ts pageNameOf).
 */
const HOME_NOTES = ['home', 'start', 'startseite']

export interface PlacedPages {
  pages: CompiledPage[]
  /** Pages that are the home page by their permalink or by their name: no other page's claim on `/`. */
  homes: ReadonlySet<SourcePath>
}

/** Gives every page with a permalink that URL, and a vault without a home page its home note. */
export function placePages(pages: readonly CompiledPage[], diagnostics: Diagnostic[]): PlacedPages {
  const homes = new Set<SourcePath>()
  const placed = pages.map((page) => {
    const permalink = page.frontmatter.permalink
    if (permalink === undefined) return page
    const slug = slugOfPermalink(permalink)
    if (slug === undefined) {
      diagnostics.push({
        severity: 'warning',
        code: 'bad-permalink',
        file: page.sourcePath,
        line: 0,
        column: 0,
        message: `Permalink ${JSON.stringify(permalink)} is no path of the site; the page keeps /${page.slug}.html`,
        hint: 'Write the URL as a path such as "embeds" or "guides/start", or "/" for the home page.',
      })
      return page
    }
    if (slug === '') homes.add(page.sourcePath)
    return slug === page.slug ? page : { ...page, slug }
  })
  if (!placed.some((page) => page.slug === '')) {
    const isRootNote = (page: CompiledPage) => !page.sourcePath.includes('/') && /\.md$/i.test(page.sourcePath)
    for (const name of HOME_NOTES) {
      const index = placed.findIndex((page) => isRootNote(page) && page.name.toLowerCase() === name)
      if (index === -1) continue
      homes.add(placed[index].sourcePath)
      placed[index] = { ...placed[index], slug: '' as Slug }
      break
    }
  }
  return { pages: placed, homes }
}

/**
 * The slug a permalink names, each segment as a page name's (lower case, no punctuation but `.`, `-`, `_`); '' for the
 * home page; undefined when it names no path of the site (`..`, `//`, a scheme, nothing but punctuation).
 *
 *     '/' → ''   'embeds' → 'embeds'   '/Web-Clipper/Variables/' → 'web-clipper/variables'   'a.html' → 'a'
 */
export function slugOfPermalink(permalink: string): Slug | undefined {
  const path = permalink.trim()
  if (/^[a-z][a-z\d+.-]*:|^\/\/|[\\?#\u0000-\u001f]/i.test(path)) return undefined
  const trimmed = path.replace(/^\/+|\/+$/g, '').replace(/\.(html|md)$/i, '')
  if (trimmed === '') return '' as Slug
  const segments = trimmed.split('/')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined
  const slugs = segments.map((segment) => slugifyPageName(segment))
  if (slugs.some((slug) => slug === '')) return undefined
  return slugs.join('/') as Slug
}
