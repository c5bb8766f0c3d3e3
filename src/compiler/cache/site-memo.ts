/**
 * The link memo: the site the last build linked, kept for the next build of the same content root, so that a build in
 * which pages changed only in their bodies does not link every page again.
 *
 * Two files of the cache folder:
 *
 *     page-keys.json   each page's content hash and the key of its record without its body (cache/route-keys.ts),
 *                      written by every build
 *     site.json        the linked site without its pages' records, under its link key; written when it changed
 *
 * A build whose link key equals the stored one takes the stored site and puts each page that changed since into it
 * with relinkPage (link/link-site.ts), the rule the dev server uses: the page keeps its shape, links to the same pages
 * and tags, and neither embeds nor is embedded. When a page does not keep to it, the whole site is linked again.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ResolvedConfig } from '../config/config.js'
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js'
import type { ContentRef } from '../discover/load.js'
import { relinkPage, withPublishCss } from '../link/link-site.js'
import { createLinkIndex } from '../link/resolve-links.js'
import type { LinkOptions, Redirect, Resolved, Site, SitePage } from '../link/site.js'
import type { CompiledPage } from '../parse/page.js'
import type { RoutePath, Slug } from '../paths.js'
import type { PageKeys } from './route-keys.js'

export interface SiteMemo {
  /** The page keys of the last build (empty without one). */
  readonly previousPageKeys: PageKeys
  /**
   * The last build's site, with every page that changed since put into it, when `linkKey` is the stored site's and
   * each changed page keeps to relinkPage's rule; else undefined, and the site must be linked with linkSite.
   */
  restore(
    linkKey: string,
    compiled: readonly CompiledPage[],
    assets: readonly ContentRef[],
    config: ResolvedConfig,
    options: LinkOptions,
  ): Site | undefined
  /**
   * Keeps this build's page keys, and the site it linked anew (`linked`, as linkSite made it: before bases and queries
   * fill in their views), for the next build.
   */
  remember(pageKeys: PageKeys, linked?: { linkKey: string; site: Site }): void
  /** Writes what `remember` kept, after a successful build. */
  save(): void
}

/** A page of the site as stored: what linking made of it, and its slug and title as linked (permalinks, home title). */
interface StoredPage {
  path: string
  slug: Slug
  title: string
  route: RoutePath
  href: string
  resolved: Resolved[]
  prev?: SitePage['prev']
  next?: SitePage['next']
  properties: SitePage['properties']
  tags: string[]
  /** A backlink that reads as its page's title is the page's number in the stored site (storedBacklinks). */
  backlinks: (SitePage['backlinks'][number] | number)[]
}

interface StoredSite {
  version: typeof VERSION
  linkKey: string
  pages: StoredPage[]
  redirects: Redirect[]
  /** The paths of the published files of the content folder. */
  assets: string[]
  diagnostics: Diagnostic[]
}

const VERSION = 2
const PAGE_KEYS = 'page-keys.json'
const SITE = 'site.json'

/** The memo of the cache folder `cacheDir`; none without a cache. */
export function loadSiteMemo(cacheDir: string | undefined): SiteMemo | undefined {
  if (!cacheDir) return undefined
  const previousPageKeys = readJson<PageKeys>(join(cacheDir, PAGE_KEYS)) ?? {}
  let pageKeys: PageKeys | undefined
  let siteJson: string | undefined
  return {
    previousPageKeys,
    restore(linkKey, compiled, assets, given, options) {
      // the key is at the file's start: a site linked under another key is not read whole
      if (storedLinkKey(join(cacheDir, SITE)) !== linkKey) return undefined
      const stored = readJson<StoredSite>(join(cacheDir, SITE))
      if (stored?.version !== VERSION || stored.linkKey !== linkKey) return undefined
      const site = siteOf(stored, previousPageKeys, compiled, assets, withPublishCss(given, assets), options)
      // the pages put in anew may have moved their links' problems; the stored site then follows
      if (site && diagnosticsJson(site.diagnostics) !== diagnosticsJson(stored.diagnostics))
        siteJson = storedJson({ ...stored, diagnostics: [...site.diagnostics] })
      return site
    },
    remember(keys, linked) {
      pageKeys = keys
      if (!linked) return
      const { linkKey, site } = linked
      const numberOf = new Map(site.pages.map((sitePage, i) => [sitePage.href, i]))
      siteJson = storedJson({
        version: VERSION,
        linkKey,
        pages: site.pages.map(({ page, route, href, resolved, prev, next, properties, tags, backlinks }) => ({
          path: page.sourcePath,
          slug: page.slug,
          title: page.title,
          route,
          href,
          resolved,
          ...(prev ? { prev } : {}),
          ...(next ? { next } : {}),
          properties,
          tags,
          backlinks: backlinks.map((backlink) => {
            const number = numberOf.get(backlink.href)
            return number !== undefined && site.pages[number]!.page.title === backlink.text ? number : backlink
          }),
        })),
        redirects: site.redirects,
        assets: site.assets.map((asset) => asset.path),
        diagnostics: site.diagnostics,
      })
    },
    save() {
      if (siteJson !== undefined) writeAtomically(join(cacheDir, SITE), siteJson)
      if (pageKeys) writeAtomically(join(cacheDir, PAGE_KEYS), JSON.stringify(pageKeys))
    },
  }
}

/** The stored site with the current records, and the pages that changed put in with relinkPage. */
function siteOf(
  stored: StoredSite,
  previous: PageKeys,
  compiled: readonly CompiledPage[],
  assets: readonly ContentRef[],
  config: ResolvedConfig,
  options: LinkOptions,
): Site | undefined {
  const byPath = new Map(compiled.map((page) => [page.sourcePath as string, page]))
  const assetByPath = new Map(assets.map((asset) => [asset.path as string, asset]))
  const changed: CompiledPage[] = []
  const current: CompiledPage[] = []
  const pages: SitePage[] = []
  for (const { path, slug, title, route, href, resolved, prev, next, properties, tags, backlinks } of stored.pages) {
    const page = byPath.get(path)
    if (!page) return undefined
    const placed = page.slug === slug && page.title === title ? page : { ...page, slug, title }
    current.push(placed)
    const before = previous[path]?.[0]
    // as linked: a page whose slug linking chose (a permalink, a home page) keeps it, as linkSite would give it again
    if (before !== page.contentHash) changed.push(placed)
    // a changed page stands as it was until relinkPage puts its new version in: by its old content hash
    const sitePage: SitePage = {
      page: before === page.contentHash ? placed : { ...placed, contentHash: before ?? '' },
      route,
      href,
      resolved,
      properties,
      tags,
      backlinks: backlinks.map((backlink) =>
        typeof backlink === 'number' ? { text: stored.pages[backlink]!.title, href: stored.pages[backlink]!.href } : backlink,
      ),
    }
    // set one by one, not spread: this loop runs for every page of the site
    if (prev) sitePage.prev = prev
    if (next) sitePage.next = next
    pages.push(sitePage)
  }
  const publishedAssets: ContentRef[] = []
  for (const path of stored.assets) {
    const asset = assetByPath.get(path)
    if (!asset) return undefined
    publishedAssets.push(asset)
  }
  // an embed shows its target's links as they resolved: the same list, as linkSite's wireEmbeds leaves it
  const byHash = new Map(pages.map((sitePage) => [sitePage.page.contentHash, sitePage]))
  for (const sitePage of pages) {
    for (const resolved of sitePage.resolved) {
      if (resolved.kind !== 'embed') continue
      const target = byHash.get(resolved.embed)
      if (!target) return undefined
      resolved.resolved = target.resolved
    }
  }
  let site: Site | undefined = {
    config,
    pages,
    bySlug: new Map(pages.map((sitePage) => [sitePage.page.slug as string, sitePage])),
    redirects: stored.redirects,
    assets: publishedAssets,
    diagnostics: stored.diagnostics,
    index: createLinkIndex(current, assets, config.site.base, options.attachmentFolder),
  }
  for (const page of changed) site = site && relinkPage(site, page)
  return site
}

/** The stored site as JSON: an embed without its target's links (siteOf puts them back), bases and queries unfilled. */
function storedJson(site: StoredSite): string {
  return JSON.stringify(site, (_key, value: unknown) => {
    const resolved = value as Resolved | undefined
    if (resolved?.kind === 'embed' && resolved.resolved.length > 0) return { ...resolved, resolved: [] }
    if ((resolved?.kind === 'base' || resolved?.kind === 'query') && resolved.html !== '') return { ...resolved, html: '' }
    return value
  })
}

/** The link key a stored site begins with (`{"version":…,"linkKey":"…"`), read from its first bytes. */
function storedLinkKey(file: string): string | undefined {
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const head = Buffer.alloc(200)
    const read = readSync(fd, head, 0, head.length, 0)
    return /^\{"version":\d+,"linkKey":"([^"]*)"/.exec(head.toString('utf8', 0, read))?.[1]
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

const diagnosticsJson = (diagnostics: readonly Diagnostic[]) => JSON.stringify(sortDiagnostics([...diagnostics]))

function readJson<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}

/** A half-written memo must not be taken for a whole one: the file is replaced in one step. */
function writeAtomically(file: string, contents: string): void {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, contents)
  renameSync(temporary, file)
}
