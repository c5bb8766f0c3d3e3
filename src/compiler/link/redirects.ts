/**
 * Redirects that keep old URLs alive: the spellings older pipelines gave a page's name, aliases, `redirectFrom`, the
 * config's `redirects` and the URLs of Obsidian Publish, each checked to be a plain path under the base that no page has.
 */
import type { ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { CompiledPage, PageLink } from '../parse/page.js'
import { routePathOf, safeDecodeURI, type RoutePath, type Slug, type SourcePath } from '../paths.js'
import { legacySlugsOf, slugifyPageName } from '../parse/slugify.js'
import { pageNameOf } from '../parse/parse-page.js'
import { publishUrlsOf } from './publish-urls.js'
import type { LinkIndex } from './resolve-links.js'
import type { Redirect, SitePage } from './site.js'

/**
 * The old URLs that lead to pages: the spellings older pipelines gave a page's name (legacySlugsOf), the page's
 * `redirectFrom` and the config's `redirects`. A redirect may not start from a page's own URL, nor from a path that is
 * not a plain path under the base (no `//`, dot segments, backslashes, control characters, query or fragment): each
 * such request is an error, and left out.
 */
export function collectRedirects(pages: SitePage[], config: ResolvedConfig, index: LinkIndex, diagnostics: Diagnostic[]): Redirect[] {
  const base = config.site.base
  const byRoute = new Map(pages.map((p) => [p.route as string, p]))
  const redirects = new Map<string, Redirect>()
  const add = (from: string, to: RoutePath, source: SourcePath | undefined, asked: boolean) => {
    const path = safeDecodeURI(from).normalize('NFC')
    const report = (message: string, hint: string) => {
      if (asked) diagnostics.push({ severity: 'error', code: 'bad-redirect', file: source ?? '', line: 0, column: 0, message, hint })
    }
    const owner = byRoute.get(path) ?? (path === `${base}index.html` ? byRoute.get(base) : undefined)
    if (owner) {
      if (path !== to && owner.route !== to)
        report(
          `Redirect from "${from}" to "${to}" starts at the URL of page "${owner.page.sourcePath}"; it is left out`,
          `Remove "${from}" from the redirects: that page keeps its URL.`,
        )
      return
    }
    // the spellings of page names are the build's own; what authors and the config ask for is checked
    if (asked && !isRedirectPath(path, base)) {
      report(
        `Redirect from ${JSON.stringify(from)} is not a plain path under "${base}"; it is left out`,
        `Write the old URL as a path of the site such as "/alte-seite.html" (the base ${base} is added), without "//", "..", "?" or "#".`,
      )
      return
    }
    if (!redirects.has(path) && path !== to)
      redirects.set(path, { from: path, to, ...(source ? { source } : {}), ...(asked ? {} : { ownName: true as const }) })
  }
  for (const p of pages) {
    // a page that a permalink (or the home page's role) moved keeps the URL of its name
    const own = pageNameOf(p.page.sourcePath).slug
    if (own !== '' && own !== p.page.slug) add(`${base}${own}.html`, p.route, p.page.sourcePath, false)
    // the home page's name is no URL of its own, so it has no old spellings or alias URLs; old URLs it asks for, it has
    if (p.page.slug !== '') {
      for (const legacy of legacySlugsOf(p.page.name)) add(`${base}${legacy}.html`, p.route, p.page.sourcePath, false)
      // an alias is another name of the page: its URL leads there too, unless a page of that name has it
      for (const alias of p.page.frontmatter.aliases) {
        const slug = slugifyPageName(alias)
        if (slug !== '') add(`${base}${slug}.html`, p.route, p.page.sourcePath, false)
      }
    }
    for (const from of p.page.frontmatter.redirectFrom) add(underBase(from, base), p.route, p.page.sourcePath, true)
  }
  for (const rule of config.redirects) {
    const probe: PageLink = {
      kind: 'link',
      syntax: /\.(md|html)$|^\//.test(rule.to) ? 'markdown' : 'wiki',
      target: rule.to,
      line: 0,
      column: 0,
    }
    const target = index.findPage(probe, pages[0]?.page as CompiledPage)
    const to = target ? routePathOf(target.slug as Slug, base) : /^\/(?!\/)/.test(rule.to) ? underBase(rule.to, base) : rule.to
    add(underBase(rule.from, base), to as RoutePath, 'wikigen.config.ts' as SourcePath, true)
  }
  if (config.redirectPublishUrls) addPublishUrls(pages, base, byRoute, redirects)
  return [...redirects.values()].sort((a, b) => (a.from < b.from ? -1 : 1))
}

/**
 * The URLs Obsidian Publish gave the pages (publish-urls.ts), after every other redirect: the notes' own paths and
 * permalinks first, then aliases, then the spellings with spaces. Each yields without a word to a page, to another
 * redirect, and to a redirect's forwarding page where its own would be written (`{path}.html`).
 */
function addPublishUrls(pages: SitePage[], base: string, byRoute: ReadonlyMap<string, SitePage>, redirects: Map<string, Redirect>) {
  const urls = pages.map((p) => ({ p, ...publishUrlsOf(p.page) }))
  const add = (url: string, p: SitePage, file: boolean) => {
    const from = `${base}${url}`
    if (from === p.route || byRoute.has(from) || byRoute.has(`${from}.html`) || redirects.has(from)) return
    if (file && redirects.has(`${from}.html`)) return
    const source = p.page.sourcePath
    redirects.set(from, { from, to: p.route, source, ownName: true, publishUrl: file ? 'file' : 'host' })
  }
  for (const { p, own } of urls) for (const url of own) add(url.path, p, true)
  for (const { p, aliases } of urls) for (const url of aliases) add(url.path, p, true)
  for (const { p, own, aliases } of urls) for (const url of [...own, ...aliases]) if (url.spaced) add(url.spaced, p, false)
}

/**
 * A path of the site as the browser asks for it: paths are written relative to the base (`/alt.html` and `alt.html`
 * are `/wiki/alt.html` under the base `/wiki/`); a path that already starts with the base keeps it.
 */
export function underBase(path: string, base: string): string {
  if (path.startsWith(base)) return path
  return `${base}${path.replace(/^\//, '')}`
}

/** A decoded path a redirect may start from: under the base, one slash between segments, no dot segments or specials. */
function isRedirectPath(path: string, base: string): boolean {
  if (!path.startsWith(base) || path.length === base.length) return false
  const rest = path.slice(base.length)
  return !/[\u0000-\u001f\u007f\\?#]/.test(rest) && rest.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}
