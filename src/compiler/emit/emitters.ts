/**
 * The emit step: the files of the site besides its page routes, each kind from one emitter, returned as data and
 * written by write-output.ts.
 */
import type { ClientBundle } from './client-manifest.js'
import type { OutputFile } from './output-file.js'
import { redirects } from './redirects.js'
import { searchIndex } from './search-index.js'
import { siteIcon } from './site-icon.js'
import { createSitemap } from './sitemap.js'
import { createFeed, type FeedSources } from './feed.js'
import { createRobots } from './robots.js'
import { mathSheetFiles } from './math-sheet.js'
import type { GitInfo } from '../discover/git-info.js'
import { outputPathOf } from '../discover/load.js'
import type { Site } from '../link/link-site.js'
import type { SourcePath } from '../paths.js'
import type { RenderJob } from './page-routes.js'

/** What emitters need besides the site. */
export interface EmitContext {
  /** Last-updated times per page, from git. */
  git: Map<SourcePath, GitInfo>
  client: ClientBundle
  /** When each page changed and its text, for the feed (emit/feed.ts). */
  feed: FeedSources
  /** The site's routes (emit/page-routes.ts), whose canonical URLs sitemap.xml lists. */
  routes: readonly RenderJob[]
}

/** An emitter makes some of the site's files from the linked site. */
export interface Emitter {
  name: string
  emit(site: Site, context: EmitContext): OutputFile[]
}

/** Every emitter of a build, in the order their files are written. */
export const emitters: readonly Emitter[] = [
  { name: 'search index', emit: (site) => searchIndex.emit(site) },
  { name: 'redirects', emit: (site) => redirects.emit(site) },
  { name: 'sitemap', emit: (site, context) => createSitemap(site, context.git, context.routes) },
  { name: 'RSS feed', emit: (site, context) => createFeed(site, context.feed) },
  { name: 'robots.txt', emit: (site) => createRobots(site) },
  { name: 'assets', emit: (site) => site.assets.map((asset) => ({ path: outputPathOf(asset), copyFrom: asset.absolute })) },
  { name: 'site icon', emit: (site) => siteIcon.emit(site) },
  // the site's math rules live in the client's folder, which the client's emitter owns as a whole
  { name: 'client files', emit: (site, context) => [...context.client.files, ...mathSheetFiles(site)] },
]

/** The files of every emitter, by emitter. */
export function emitFiles(site: Site, context: EmitContext): { emitter: string; files: OutputFile[] }[] {
  return emitters.map((emitter) => ({ emitter: emitter.name, files: emitter.emit(site, context) }))
}
