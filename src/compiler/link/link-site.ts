/**
 * The only place pages meet. Turns compiled pages into a Site: unique routes, every link resolved (dead links
 * and anchors reported with a suggestion), embeds wired with cycles cut, legacy redirects, and prev/next order.
 */
import type { HeadTag, ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import { createAssetFinder, leavesContentFolder } from './asset-finder.js'
import { deadLinkHintOf } from './dead-link-hint.js'
import { isPublicFile, outputPathOf, type ContentRef } from '../discover/load.js'
import type { PageLink } from '../parse/page.js'
import { hrefOf, routePathOf, safeDecodeURI, type RoutePath, type Slug, type SourcePath } from '../paths.js'
import { createLinkIndex, isAssetTarget, type LinkIndex } from './resolve-links.js'
import type { CompiledPage } from '../parse/page.js'
import { legacySlugsOf, slugifyPageName } from '../parse/slugify.js'
import type { ImageSize } from '../discover/image-size.js'
import type { Fragment } from '../parse/page.js'
import { propertiesOf, tagHrefOf, tagsOf, type PropertyContext } from './page-relations.js'
import type { PageProperty } from '../../shared/page-property.js'

export interface NavLink {
  text: string
  href: string
}

/**
 * What one link of a page resolved to: data, made into markup only when the body is rendered (emit/substitute.ts).
 * `syntax` says whether the placeholder stands for a whole element (wiki) or an attribute value (markdown).
 */
export type Resolved =
  /** A page, or a heading of another page. */
  | { kind: 'page'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  /** A heading of the page itself. */
  | { kind: 'anchor'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  /** A file of the content folder that a markdown link points at. */
  | { kind: 'asset'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  | { kind: 'image'; syntax: PageLink['syntax']; src: string; alt: string; width?: number; height?: number }
  /** A target that does not exist; `href` is what a markdown link keeps. */
  | { kind: 'missing'; syntax: PageLink['syntax']; link: PageLink['kind']; target: string; href: string; labelHtml?: string; alt?: string }
  /** The embedded page's body, itself resolved. */
  | EmbedResolution
  /** An embed that would close a cycle of embeds. */
  | { kind: 'cycle'; title: string }
  /** An inline `#tag`, linking to the tag's page. */
  | { kind: 'tag'; tag: string; href: string }
  /** The views of a base, as HTML; empty until evaluateBases (bases-site.ts) fills them in. */
  | { kind: 'base'; html: string }

export interface EmbedResolution {
  kind: 'embed'
  embed: string
  title: string
  href: string
  resolved: Resolved[]
  /** Only this part of the embedded body: a heading's section or a block (`![[Seite#Kapitel]]`, `![[Seite#^id]]`). */
  fragment?: Fragment
}

export interface SitePage {
  page: CompiledPage
  route: RoutePath
  /** The route, percent-encoded for hrefs. */
  href: string
  resolved: Resolved[]
  prev?: NavLink
  next?: NavLink
  /** Front matter as the page shows it (page-relations.ts). */
  properties: PageProperty[]
  /** Front-matter and inline tags. */
  tags: string[]
  /** The pages that link to or embed this one, by title. */
  backlinks: NavLink[]
}

export interface Redirect {
  /** Decoded old path, base included: '/wissensmanager:in.html'. */
  from: string
  to: RoutePath
  /** The page whose name or front matter asks for it, or the config file. */
  source?: SourcePath
}

export interface Site {
  config: ResolvedConfig
  /** In source-path order; the home page (slug '') first when there is one. */
  pages: SitePage[]
  bySlug: Map<string, SitePage>
  redirects: Redirect[]
  /**
   * The files of the content folder the site publishes: those a page links, shows or embeds, the images front matter
   * and config name, and everything in `public/`. Nothing else (scripts, package files, unused attachments) is copied.
   */
  assets: ContentRef[]
  diagnostics: Diagnostic[]
  /** The lookup the links were resolved with; `relinkPage` resolves a new version of one page with it. */
  index: LinkIndex
}

export interface LinkOptions {
  /** Keep pages marked `draft: true` or `publish: false` (`wikigen dev --drafts`). */
  drafts?: boolean
  /** The vault's attachment folder, from its Obsidian settings (publish-rules.ts). */
  attachmentFolder?: string
}

/** Links compiled pages and assets into a site. */
export function linkSite(
  compiled: readonly CompiledPage[],
  assets: readonly ContentRef[],
  config: ResolvedConfig,
  options: LinkOptions = {},
): Site {
  const base = config.site.base
  const diagnostics: Diagnostic[] = []
  const titled = compiled.filter((page) => options.drafts || !page.frontmatter.draft).map((page) => withHomeTitle(page, config))
  const pages = keepUniqueSlugs(titled.sort(bySitePath), diagnostics)
  pages.sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : 0))
  const index = createLinkIndex(pages, assets, base, options.attachmentFolder)
  const hrefOfPage = pageHrefs(base)
  const used = new Set<ContentRef>()
  const context: ResolveContext = { index, base, hrefOfPage, diagnostics, used }
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
    assets: publishedAssets(assets, used, pages, config, index),
    diagnostics,
    index,
  }
}

/**
 * Properties and backlinks of every page, in one pass over all links: a page's backlinks are the pages whose text or
 * front matter links to it or embeds it, each once, by title.
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
    to.backlinks = [...from]
      .sort((a, b) => collator.compare(a.page.title, b.page.title) || bySitePath(a.page, b.page))
      .map((p) => ({ text: p.page.title, href: p.href }))
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

/** The home page is titled as the wiki unless it names itself (spec §2.1). */
export function withHomeTitle(page: CompiledPage, config: ResolvedConfig): CompiledPage {
  return page.slug === '' && page.title === '' ? { ...page, title: config.site.title } : page
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
  const context: ResolveContext = { index: site.index, base, hrefOfPage: pageHrefs(base), diagnostics, used }
  const sitePage: SitePage = { ...old, page: titled, resolved: titled.links.map((link) => resolveLink(link, titled, context)) }
  // a page that links to other pages or tags than before changes their backlinks and tag pages
  if (linkTargetsOf(sitePage.resolved) !== linkTargetsOf(old.resolved)) return undefined
  const pages = site.pages.slice()
  pages[position] = sitePage
  const bySlug = new Map(site.bySlug)
  bySlug.set(titled.slug, sitePage)
  return { ...site, pages, bySlug, diagnostics, assets: [...used] }
}

/** The href of a page's route, made once per slug: thousands of links point at the same pages. */
function pageHrefs(base: string): (page: CompiledPage) => string {
  const hrefs = new Map<string, string>()
  return (page) => {
    let href = hrefs.get(page.slug)
    if (href === undefined) hrefs.set(page.slug, (href = hrefOf(routePathOf(page.slug, base))))
    return href
  }
}

/** Intrinsic image sizes, each file read once. */
const collator = new Intl.Collator('de', { sensitivity: 'variant', numeric: true })
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

/**
 * One URL per page, and no page left out: two notes on one slug (the same name in two folders, names that differ only
 * in case, umlaut spelling or legacy characters) both build. The first in path order keeps the slug; each later one
 * gets its folder's name in front where that makes it unique (`B/odoo.md` → `/b-odoo.html`), else a number
 * (`/wissensmanager_in-2.html`), with a warning naming both. Slugs pages have by their own name are never taken.
 */
function keepUniqueSlugs(pages: CompiledPage[], diagnostics: Diagnostic[]): CompiledPage[] {
  const owners = new Map<string, CompiledPage>()
  for (const page of pages) if (!owners.has(page.slug)) owners.set(page.slug, page)
  const taken = new Set(owners.keys())
  const kept: CompiledPage[] = []
  for (const page of pages) {
    const isIndex = /(^|\/)(readme|index)\.md$/i.test(page.sourcePath) && !page.sourcePath.includes('/')
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
      hint: `Rename one of them to give each its own URL: names that differ only in case, umlaut spelling or the characters % & , = : * / are one URL. A link leads to the page whose name it matches exactly, else to "${owner!.sourcePath}".`,
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

interface ResolveContext {
  index: LinkIndex
  base: string
  hrefOfPage: (page: CompiledPage) => string
  diagnostics: Diagnostic[]
  /** The files of the content folder the links lead to: what the site publishes. */
  used: Set<ContentRef>
}

function resolveLink(link: PageLink, page: CompiledPage, { index, base, hrefOfPage, diagnostics, used }: ResolveContext): Resolved {
  const report = (code: Diagnostic['code'], message: string, hint: string, suggestion?: string, target = link.target) => {
    diagnostics.push({
      severity: 'warning',
      code,
      file: page.sourcePath,
      line: link.line,
      column: link.column,
      message,
      hint,
      target,
      ...(suggestion ? { suggestion } : {}),
    })
  }

  if (link.kind === 'tag') return { kind: 'tag', tag: link.target, href: tagHrefOf(base, link.target) }
  if (link.kind === 'base') return { kind: 'base', html: '' }

  if (link.kind === 'image' || (link.syntax === 'markdown' && isAssetTarget(link.target))) {
    const drawing = DRAWING.exec(link.target)
    const asset = drawing ? findDrawingExport(drawing[1], link, page, index) : index.findAsset(link, page)
    if (drawing && !asset) {
      report(
        'missing-drawing-export',
        `Drawing "${link.target}" has no exported image (${drawing[1]}.excalidraw.svg or .png) beside it`,
        'Turn on "Auto-export SVG" in the settings of the Excalidraw plugin, open the drawing once, and commit the .svg it saves.',
      )
      return { kind: 'missing', syntax: link.syntax, link: 'image', target: link.target, href: link.target, alt: link.alt }
    }
    if (asset) used.add(asset)
    const src = asset ? hrefOf(`${base}${outputPathOf(asset)}`) : undefined
    if (!asset) {
      report(
        link.kind === 'image' ? 'missing-image' : 'dead-link',
        `${link.kind === 'image' ? 'Image' : 'File'} "${link.target}" does not exist`,
        'Put the file into the attachments folder or beside the page, and check the spelling of its name.',
      )
    }
    if (!asset || !src)
      return { kind: 'missing', syntax: link.syntax, link: link.kind, target: link.target, href: link.target, alt: link.alt }
    if (link.kind !== 'image') return { kind: 'asset', syntax: 'markdown', href: src }
    if (link.syntax === 'markdown') return { kind: 'image', syntax: 'markdown', src, alt: link.alt ?? '' }
    return { kind: 'image', syntax: 'wiki', src, alt: link.alt ?? '', ...sizeOf(link, asset.size) }
  }

  // [[plan.pdf]], [[kontakt.vcf]]: a wiki link to a file of the content folder links to its copy, as in Obsidian
  // (a page whose name looks like a file name, such as "Odoo.sh", is looked up as a page when no such file exists)
  if (link.kind === 'link' && link.syntax === 'wiki' && isAssetTarget(link.target)) {
    const asset = index.findAsset(link, page)
    if (asset) {
      used.add(asset)
      return { kind: 'asset', syntax: 'wiki', href: hrefOf(`${base}${outputPathOf(asset)}`), labelHtml: link.labelHtml }
    }
  }

  const target = index.findPage(link, page)
  if (!target) {
    const { hint, suggestion } = deadLinkHintOf(link, page, index, hrefOfPage)
    report('dead-link', `Link target "${link.target}" does not exist`, hint, suggestion)
    const href = link.target.replace(/\.md$/i, '.html') + (link.anchor !== undefined ? `#${link.anchor}` : '')
    return { kind: 'missing', syntax: link.syntax, link: link.kind, target: link.target, href, labelHtml: link.labelHtml }
  }
  if (link.kind === 'embed') {
    const embed: EmbedResolution = { kind: 'embed', embed: target.contentHash, title: target.title, href: hrefOfPage(target), resolved: [] }
    if (link.anchor === undefined || link.anchor === '') return embed
    const anchor = index.findAnchor(target, link.anchor)
    const fragment = anchor && target.fragments.find((f) => f.id === anchor.slug)
    if (!anchor || !fragment) {
      const suggestion = index.suggestAnchor(target, link.anchor)
      report(
        'dead-anchor',
        `${link.anchor.startsWith('^') ? 'Block' : 'Heading'} "${link.anchor}" does not exist on page "${target.title}"`,
        suggestion ? `Did you mean "${suggestion}"?` : `Embed one of the headings or blocks of "${target.title}", written as it appears.`,
        suggestion,
        `${link.target}#${link.anchor}`,
      )
      return { kind: 'missing', syntax: link.syntax, link: 'embed', target: `${link.target}#${link.anchor}`, href: '' }
    }
    return {
      ...embed,
      title: anchor.level > 0 ? `${target.title} › ${anchor.text}` : target.title,
      href: `${embed.href}#${anchor.slug}`,
      fragment,
    }
  }

  let hash = ''
  if (link.anchor !== undefined && link.anchor !== '') {
    const anchor = index.findAnchor(target, link.anchor)
    if (anchor) hash = `#${anchor.slug}`
    else if (!link.anchor.startsWith('^')) {
      const suggestion = index.suggestAnchor(target, link.anchor)
      report(
        'dead-anchor',
        `Heading "${link.anchor}" does not exist on page "${target.title}"`,
        suggestion ? `Did you mean "${suggestion}"?` : `Link to one of the headings of "${target.title}", written as it appears.`,
        suggestion,
        `${link.target}#${link.anchor}`,
      )
      hash = `#${link.anchor}`
    }
  }
  const own = target.sourcePath === page.sourcePath && hash !== ''
  return {
    kind: own ? 'anchor' : 'page',
    syntax: link.syntax,
    href: own ? hash : `${hrefOfPage(target)}${hash}`,
    labelHtml: link.labelHtml,
  }
}

/**
 * What the site publishes of the content folder's files: those its links used, the images named by front matter and
 * config (found as page-routes.ts finds them), and everything in `public/`, in path order.
 */
function publishedAssets(
  assets: readonly ContentRef[],
  used: Set<ContentRef>,
  pages: readonly CompiledPage[],
  config: ResolvedConfig,
  index: LinkIndex,
): ContentRef[] {
  const find = createAssetFinder(assets)
  const named = [
    config.theme.logo,
    config.theme.logoDark,
    config.site.icon || undefined,
    ...config.theme.styles,
    ...pages.flatMap((p) => [p.frontmatter.heroImage, p.frontmatter.heroImageDark]),
  ]
  for (const name of named) {
    const asset = name && !leavesContentFolder(name) ? find(name) : undefined
    if (asset) used.add(asset)
  }
  // files that head tags (config and front matter) and raw HTML point at: '/attachments/logo.svg', 'bilder/karte.svg'
  const base = config.site.base
  const refer = (path: string | true | undefined, from: CompiledPage | undefined) => {
    if (typeof path !== 'string' || /^[a-z][a-z\d+.-]*:|^\/\//i.test(path) || leavesContentFolder(path)) return
    const decoded = safeDecodeURI(path)
    const target = decoded.startsWith(base) ? `/${decoded.slice(base.length)}` : decoded
    const probe: PageLink = { kind: 'image', syntax: 'markdown', target, line: 0, column: 0 }
    const asset = from ? index.findAsset(probe, from) : find(target)
    if (asset) used.add(asset)
  }
  const headPaths = (tags: readonly HeadTag[]) => tags.flatMap(([, attributes]) => [attributes.href, attributes.src])
  for (const path of headPaths(config.site.head)) refer(path, undefined)
  for (const page of pages) {
    for (const path of headPaths(page.frontmatter.head)) refer(path, page)
    for (const path of page.fileRefs) refer(path, page)
  }
  return assets.filter((asset) => used.has(asset) || isPublicFile(asset))
}

/** An Excalidraw drawing as embedded: `Plan.excalidraw` or `Plan.excalidraw.md`; group 1 is the name without them. */
const DRAWING = /^(.*)\.excalidraw(?:\.md)?$/i

/** The image the Excalidraw plugin exports beside a drawing: SVG first, the light variant, then PNG. */
function findDrawingExport(name: string, link: PageLink, page: CompiledPage, index: LinkIndex): ContentRef | undefined {
  for (const file of [`${name}.excalidraw.svg`, `${name}.svg`, `${name}.excalidraw.light.svg`, `${name}.excalidraw.png`, `${name}.png`]) {
    const asset = index.findAsset({ ...link, target: file }, page)
    if (asset) return asset
  }
  return undefined
}

/** The size of a wiki image: the author's, completed from the file's own proportions. */
function sizeOf(link: PageLink, intrinsic: ImageSize | undefined): { width?: number; height?: number } {
  let width = link.width ? Number(link.width) : undefined
  let height = link.height ? Number(link.height) : undefined
  if (intrinsic && width === undefined && height === undefined) ({ width, height } = intrinsic)
  else if (intrinsic && width !== undefined && height === undefined) height = Math.round((width * intrinsic.height) / intrinsic.width)
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) }
}

/** Points every embed at its target's resolved links; an embed that would close a cycle is replaced by a notice. */
function wireEmbeds(pages: SitePage[], diagnostics: Diagnostic[]): void {
  const byHash = new Map(pages.map((p) => [p.page.contentHash, p]))
  const state = new Map<SitePage, 'visiting' | 'done'>()
  const visit = (sitePage: SitePage) => {
    state.set(sitePage, 'visiting')
    sitePage.resolved.forEach((resolved, i) => {
      if (resolved.kind !== 'embed') return
      const target = byHash.get(resolved.embed)!
      if (state.get(target) === 'visiting') {
        const link = sitePage.page.links[i]
        diagnostics.push({
          severity: 'warning',
          code: 'embed-cycle',
          file: sitePage.page.sourcePath,
          line: link.line,
          column: link.column,
          message: `Embedding "${link.target}" here closes a cycle of embeds`,
          hint: 'A page cannot embed itself, directly or through other pages; link to it with [[…]] instead.',
        })
        sitePage.resolved[i] = { kind: 'cycle', title: target.page.title }
        return
      }
      if (!state.has(target)) visit(target)
      resolved.resolved = target.resolved
    })
    state.set(sitePage, 'done')
  }
  for (const page of pages) if (!state.has(page)) visit(page)
}

function setRelatedLinks(pages: SitePage[], index: LinkIndex, hrefOfPage: (page: CompiledPage) => string): void {
  const series = new Map<string, SitePage[]>()
  for (const p of pages) {
    const name = p.page.frontmatter.series
    if (name) series.set(name, [...(series.get(name) ?? []), p])
  }
  for (const members of series.values()) {
    members.sort(
      (a, b) =>
        (a.page.frontmatter.order ?? Infinity) - (b.page.frontmatter.order ?? Infinity) || a.page.title.localeCompare(b.page.title, 'de'),
    )
    members.forEach((p, i) => {
      if (i > 0) p.prev = { text: members[i - 1].page.title, href: members[i - 1].href }
      if (i < members.length - 1) p.next = { text: members[i + 1].page.title, href: members[i + 1].href }
    })
  }
  for (const p of pages) {
    for (const key of ['prev', 'next'] as const) {
      const option = p.page.frontmatter[key]
      if (option === undefined) continue
      if (option === false) {
        p[key] = undefined
        continue
      }
      const probe: PageLink = {
        kind: 'link',
        syntax: /\.(md|html)$|^\//.test(option.link) ? 'markdown' : 'wiki',
        target: option.link,
        line: 0,
        column: 0,
      }
      const target = index.findPage(probe, p.page)
      p[key] = target
        ? { text: option.text ?? target.title, href: hrefOfPage(target) }
        : { text: option.text ?? option.link, href: hrefOf(option.link) }
    }
  }
}

/**
 * The old URLs that lead to pages: the spellings older pipelines gave a page's name (legacySlugsOf), the page's
 * `redirectFrom` and the config's `redirects`. A redirect may not start from a page's own URL, nor from a path that is
 * not a plain path under the base (no `//`, dot segments, backslashes, control characters, query or fragment): each
 * such request is an error, and left out.
 */
function collectRedirects(pages: SitePage[], config: ResolvedConfig, index: LinkIndex, diagnostics: Diagnostic[]): Redirect[] {
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
    if (!redirects.has(path) && path !== to) redirects.set(path, { from: path, to, ...(source ? { source } : {}) })
  }
  for (const p of pages) {
    if (p.page.slug === '') continue
    for (const legacy of legacySlugsOf(p.page.name)) add(`${base}${legacy}.html`, p.route, p.page.sourcePath, false)
    // an alias is another name of the page: its URL leads there too, unless a page of that name has it
    for (const alias of p.page.frontmatter.aliases) {
      const slug = slugifyPageName(alias)
      if (slug !== '') add(`${base}${slug}.html`, p.route, p.page.sourcePath, false)
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
  return [...redirects.values()].sort((a, b) => (a.from < b.from ? -1 : 1))
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
