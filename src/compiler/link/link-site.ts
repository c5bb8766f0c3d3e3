/**
 * The only place pages meet. Turns compiled pages into a Site, step by step, each in its own module:
 *
 *     placePages (permalinks.ts) ─▶ keepUniqueSlugs (routes.ts) ─▶ resolveLink (link-resolution.ts) ─▶ relatePages (properties, backlinks)
 *       ─▶ wireEmbeds (embeds.ts) ─▶ setRelatedLinks (prev-next.ts) ─▶ collectRedirects (redirects.ts)
 *       ─▶ publishedAssets (link-resolution.ts)
 *
 * The records it makes are in site.ts.
 */
import type { ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { ContentRef } from '../discover/load.js'
import type { CompiledPage } from '../parse/page.js'
import { routePathOf } from '../paths.js'
import { wireEmbeds } from './embeds.js'
import { propertiesOf, tagsOf, type PropertyContext } from './page-relations.js'
import { setRelatedLinks } from './prev-next.js'
import { collectRedirects } from './redirects.js'
import { createPublishable, publishedAssets, resolveLink, type ResolveContext } from './link-resolution.js'
import { createLinkIndex } from './resolve-links.js'
import { placePages } from './permalinks.js'
import { bySitePath, collator, keepUniqueSlugs, pageHrefs, withHomeTitle } from './routes.js'
import type { LinkOptions, Resolved, Site, SitePage } from './site.js'

export type { EmbedResolution, LinkOptions, NavLink, Redirect, Resolved, Site, SitePage } from './site.js'
export { bySitePath, withHomeTitle } from './routes.js'
export { underBase } from './redirects.js'

/**
 * An Obsidian Publish vault's own stylesheet, `publish.css` at its root, loaded after the theme's like the config's
 * `theme.styles` (unless the config names it already).
 */
export function withPublishCss(config: ResolvedConfig, assets: readonly ContentRef[]): ResolvedConfig {
  const publishCss = assets.find((asset) => asset.path === PUBLISH_CSS)
  if (!publishCss || config.theme.styles.some((style) => style.replace(/^\//, '') === PUBLISH_CSS)) return config
  return { ...config, theme: { ...config.theme, styles: [...config.theme.styles, PUBLISH_CSS] } }
}

const PUBLISH_CSS = 'publish.css'

/** Links compiled pages and assets into a site. */
export function linkSite(
  compiled: readonly CompiledPage[],
  assets: readonly ContentRef[],
  given: ResolvedConfig,
  options: LinkOptions = {},
): Site {
  const config = withPublishCss(given, assets)
  const base = config.site.base
  const diagnostics: Diagnostic[] = []
  const placed = placePages(
    compiled.filter((page) => options.drafts || !page.frontmatter.draft),
    diagnostics,
  )
  const titled = placed.pages.map((page) => withHomeTitle(page, config))
  const pages = keepUniqueSlugs(titled.sort(bySitePath), diagnostics, placed.homes)
  pages.sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : 0))
  const index = createLinkIndex(pages, assets, base, options.attachmentFolder)
  const hrefOfPage = pageHrefs(base)
  const used = new Set<ContentRef>()
  const context: ResolveContext = { index, base, hrefOfPage, diagnostics, used, publishable: createPublishable(config) }
  const sitePages: SitePage[] = pages.map((page) => ({
    page,
    route: routePathOf(page.slug, base),
    href: hrefOfPage(page),
    resolved: page.links.map((link) => resolveLink(link, page, context)),
    properties: [],
    tags: tagsOf(page),
    backlinks: [],
  }))
  const bySlug = new Map(sitePages.map((p) => [p.page.slug as string, p]))
  relatePages(sitePages, { index, hrefOfPage, config })
  wireEmbeds(sitePages, diagnostics)
  setRelatedLinks(sitePages, index, hrefOfPage)
  return {
    config,
    pages: sitePages,
    bySlug,
    redirects: collectRedirects(sitePages, config, index, diagnostics),
    assets: publishedAssets(assets, pages, config, context),
    diagnostics,
    index,
  }
}

/**
 * Properties and backlinks of every page, in one pass over all links: a page's backlinks are the pages whose text or
 * front matter links to it or embeds it, each once however often and by whichever name it links (a page, not a link,
 * is a backlink), by title; pages of the same title say their folder.
 */
function relatePages(pages: SitePage[], context: PropertyContext): void {
  const byHref = new Map(pages.map((p) => [p.href, p]))
  const bySource = new Map(pages.map((p) => [p.page.sourcePath as string, p]))
  const incoming = new Map<SitePage, Set<SitePage>>()
  for (const from of pages) {
    const add = (to: SitePage | undefined) => {
      if (!to || to === from) return
      let set = incoming.get(to)
      if (!set) incoming.set(to, (set = new Set()))
      set.add(from)
    }
    const { properties, targets } = propertiesOf(from.page, context)
    from.properties = properties
    for (const target of targets) add(bySource.get(target.sourcePath))
    for (const resolved of from.resolved) {
      if (resolved.kind === 'page' || resolved.kind === 'embed') add(byHref.get(resolved.href.replace(/#.*$/, '')))
    }
  }
  for (const [to, from] of incoming) {
    const sorted = [...from].sort((a, b) => collator.compare(a.page.title, b.page.title) || bySitePath(a.page, b.page))
    to.backlinks = sorted.map((p, i) => {
      // two pages of one title would read as one page listed twice: each says which folder it is in
      const twin = [sorted[i - 1], sorted[i + 1]].some((other) => other && collator.compare(other.page.title, p.page.title) === 0)
      const folder = twin ? p.page.sourcePath.split('/').slice(0, -1).join('/') : ''
      return { text: twin ? `${p.page.title} (${folder || '/'})` : p.page.title, href: p.href }
    })
  }
}

/** What other pages' backlinks and the tag pages take from a page's links: the pages and tags it links to. */
function linkTargetsOf(resolved: readonly Resolved[]): string {
  return resolved
    .map((r) => (r.kind === 'page' || r.kind === 'embed' ? r.href.replace(/#.*$/, '') : r.kind === 'tag' ? `#${r.tag}` : ''))
    .filter(Boolean)
    .sort()
    .join('\n')
}

/**
 * What other pages and the site-wide files (search index, redirects, prev/next, sidebars) see of a page. While it
 * stays the same, a new version of the page changes nothing but its own route.
 */
function shapeOf(page: CompiledPage): string {
  return JSON.stringify([page.sourcePath, page.slug, page.name, page.title, page.anchors, page.headers, page.frontmatter])
}

/**
 * The site with a new version of one page that keeps its shape (see shapeOf) and neither embeds nor is embedded:
 * only that page's links are resolved again. Undefined when that does not hold: then the whole site must be linked
 * again with linkSite.
 */
export function relinkPage(site: Site, page: CompiledPage): Site | undefined {
  const position = site.pages.findIndex((p) => p.page.sourcePath === page.sourcePath)
  const old = site.pages[position]
  if (!old) return undefined
  const titled = withHomeTitle(page, site.config)
  if (shapeOf(old.page) !== shapeOf(titled)) return undefined
  const embeds = (p: CompiledPage) => p.links.some((link) => link.kind === 'embed')
  if (embeds(old.page) || embeds(titled)) return undefined
  if (site.pages.some((p) => p.resolved.some((r) => r.kind === 'embed' && r.embed === old.page.contentHash))) return undefined

  const base = site.config.site.base
  // the problems found resolving a page's links are the ones that name a link target
  const diagnostics = site.diagnostics.filter((d) => !(d.file === page.sourcePath && d.target !== undefined))
  const used = new Set(site.assets)
  const context: ResolveContext = {
    index: site.index,
    base,
    hrefOfPage: pageHrefs(base),
    diagnostics,
    used,
    publishable: createPublishable(site.config),
  }
  const sitePage: SitePage = { ...old, page: titled, resolved: titled.links.map((link) => resolveLink(link, titled, context)) }
  // a page that links to other pages or tags than before changes their backlinks and tag pages
  if (linkTargetsOf(sitePage.resolved) !== linkTargetsOf(old.resolved)) return undefined
  // its tags as it lists them (order, spelling) are kept from the last linking, and the tag pages list them too
  if (tagsOf(titled).join('\n') !== old.tags.join('\n')) return undefined
  // files its raw HTML points at are published by linkSite (publishedAssets), which this does not run
  if (titled.fileRefs.join('\n') !== old.page.fileRefs.join('\n')) return undefined
  const pages = site.pages.slice()
  pages[position] = sitePage
  const bySlug = new Map(site.bySlug)
  bySlug.set(titled.slug, sitePage)
  return { ...site, pages, bySlug, diagnostics, assets: [...used] }
}
