/**
 * Route keys: what lets a warm build take a route's fingerprint from the last build instead of computing it again.
 *
 * A route's job (emit/page-routes.ts) is made from the site and the build's options alone, and the site is linked
 * from the compiled pages, the content folder's files and the config. A page's record is a function of its content
 * hash (the hash covers the source, its path and the compiler with its options). So two builds whose pages differ in
 * their bodies only, not in what the compiler learned of them (title, headings, links, front matter, summary, …), make
 * the same job for every route that shows none of the changed bodies. The key of a route is therefore:
 *
 *     the link key: every page's record without what belongs to its body alone (its content hash, where its links,
 *                   sections and problems are in the text), the folder's other files, the config, the compiler
 *                   and the Node it runs on (its ICU and time-zone data format dates and sort lists)
 *     + the client's assets, git's data of every page, the theme slots, whether the build is the dev server's
 *     + the content hashes of the bodies the route shows (its page's and those it embeds), kept by the route's file
 *
 * A generated route (home list, tag pages, glossary, …) shows no body: its key is the site's. Routes that
 * show a base or a query are left without a key, and are fingerprinted every time (they read every note's size, times
 * and text, and the current time). Equal keys mean equal jobs; a different key only means the fingerprint is computed.
 * The site's key also keeps which generated routes there are (emit/page-routes.ts KnownRoutes) and the files made
 * from the records alone, such as the search index (cache/render-cache.ts keepKeyedFiles).
 */
import { createHash } from 'node:crypto'
import { recordKeyOf, stableJson } from './record-key.js'
import type { ContentRef } from '../discover/load.js'
import type { GitInfo } from '../discover/git-info.js'
import type { CompiledPage } from '../parse/page.js'
import type { SourcePath } from '../paths.js'
import type { ResolvedConfig } from '../config/config.js'
import type { LinkOptions, Site } from '../link/site.js'
import { evaluatedBodiesOf, type RenderJob } from '../emit/page-routes.js'
import type { ClientAssets } from '../emit/render-document.js'

/** Each page's content hash, with the key of its record without its body: what the next build compares against. */
export type PageKeys = Record<string, [contentHash: string, recordKey: string]>

/**
 * The page keys of `compiled`; a page whose content hash is the one of the last build (`previous`) keeps its record
 * key, and one the workers compiled has the key they made (`made`, by content hash), so only the pages this thread
 * compiled are hashed here.
 */
export function pageKeysOf(compiled: readonly CompiledPage[], previous: PageKeys, made?: ReadonlyMap<string, string>): PageKeys {
  const keys: PageKeys = {}
  for (const page of compiled) {
    const known = previous[page.sourcePath]
    const recordKey = known && known[0] === page.contentHash ? known[1] : (made?.get(page.contentHash) ?? recordKeyOf(page))
    keys[page.sourcePath] = [page.contentHash, recordKey]
  }
  return keys
}

export interface LinkKeyInput {
  /** The compiled pages, before linking (drafts included). */
  compiled: readonly CompiledPage[]
  /** Their keys (pageKeysOf). */
  pages: PageKeys
  /** Every file of the content folder that is not a page. */
  assets: readonly ContentRef[]
  /** The config linking gets. */
  config: ResolvedConfig
  /** The compiler's salt: its code and the config's markdown hooks. */
  salt: string
  options: LinkOptions
}

/**
 * What linking reads, as a key: equal keys link to the same site, apart from the bodies of the pages (their content
 * hashes and the places of their links, sections and problems). The link memo (cache/site-memo.ts) is kept under it.
 */
export function linkKeyOf(input: LinkKeyInput): string {
  const key = createHash('sha1')
  const part = (value: unknown) => key.update(stableJson(value)).update('\0')
  part([input.salt, RUNTIME, input.options.drafts ?? false, input.options.attachmentFolder ?? ''])
  part(input.config)
  part(input.assets)
  // in path order: the compile step lists pages from the cache and new ones in no fixed order
  const paths = input.compiled.map((page) => page.sourcePath as string).sort()
  for (const path of paths) key.update(`${path}\0${input.pages[path]![1]}\0`)
  return key.digest('base64')
}

export interface RouteKeyInput {
  /** The link key (linkKeyOf) of the site. */
  linkKey: string
  site: Site
  git: Map<SourcePath, GitInfo>
  client: ClientAssets
  /** The fingerprints' salt (workers/render.ts): compiler, hooks and theme slots. */
  salt: string
  dev?: boolean
}

/**
 * What of the machine's Node the site can show: ICU and the time-zone data format dates and sort lists (backlinks,
 * prev/next, properties), so another Node links and renders anew (the route keys take it with the link key).
 */
const RUNTIME = [process.version, process.versions.icu ?? '', process.versions.tz ?? '', process.versions.unicode ?? '']

/** The key of a route's job, or undefined for a route that must be fingerprinted whatever changed. */
export type RouteKeyOf = (job: Pick<RenderJob, 'file' | 'bodyHash' | 'bodyHashes'>) => string | undefined

/** The route keys of a site, and the key of the site itself: what files made from its records alone are kept under. */
export type RouteKeys = RouteKeyOf & { readonly site: string }

export function createRouteKeys(input: RouteKeyInput): RouteKeys {
  const siteKey = createHash('sha1')
    .update(stableJson([input.linkKey, input.salt, input.dev ?? false, input.site.config, input.client, [...input.git]]))
    .digest('base64')
  // a base or a query reads every note: no route that shows one is keyed
  const volatile = evaluatedBodiesOf(input.site)
  // the render cache keeps a key by its route's file, so the file need not be in it; nor is it hashed (3 000 hashes
  // were 20 ms of a warm build): content hashes are short
  const keyOf: RouteKeyOf = (job) => {
    // a generated route (glossary, tag pages, …) reads the records alone: the site's key is its own
    if (job.bodyHash === undefined) return job.bodyHashes.length === 0 ? siteKey : undefined
    if (job.bodyHashes.some((hash) => volatile.has(hash))) return undefined
    return `${siteKey} ${job.bodyHashes.join(' ')}`
  }
  return Object.assign(keyOf, { site: siteKey })
}
