/**
 * robots.txt and the robots meta tag. With `site.noindex` (Obsidian Publish's "Disallow search engine indexing") every
 * page's head says `noindex` and robots.txt disallows everything; without it, a site with a hostname gets a robots.txt
 * that allows everything and names the sitemap, so crawlers find it. A robots.txt of the author's own (in `public/`,
 * or any content file published at that path) is the site's: it is published as it is and the generated one steps
 * aside, without a word, as a favicon of `public/` does (emit/site-icon.ts).
 *
 *     noindex: true                  → User-agent: *  Disallow: /
 *     hostname 'https://wiki.example' → User-agent: *  Allow: /  Sitemap: https://wiki.example/sitemap.xml
 *     neither                        → no robots.txt
 *
 * Crawlers read robots.txt only at the root of a host: under a base path (`/wiki/`) the file lands in the site's
 * folder and the host's own robots.txt decides; the meta tag works on every page all the same.
 */
import type { HeadTag, ResolvedConfig } from '../config/config.js'
import { outputPathOf } from '../discover/load.js'
import type { Site } from '../link/link-site.js'
import type { OutputFile } from './output-file.js'
import { originOf } from './social-tags.js'

export const ROBOTS_FILE = 'robots.txt'

/** The robots meta tag of every page of a site with `site.noindex`. */
export function robotsHead(config: ResolvedConfig): HeadTag[] {
  return config.site.noindex ? [['meta', { name: 'robots', content: 'noindex' }]] : []
}

/** The generated robots.txt, unless the site publishes one of its own or has neither `noindex` nor a hostname. */
export function createRobots(site: Site): OutputFile[] {
  const { noindex, hostname, base } = site.config.site
  const origin = originOf(hostname)
  if (!noindex && !origin) return []
  if (site.assets.some((asset) => outputPathOf(asset) === ROBOTS_FILE)) return []
  const lines = noindex ? ['User-agent: *', 'Disallow: /'] : ['User-agent: *', 'Allow: /', '', `Sitemap: ${origin}${base}sitemap.xml`]
  return [{ path: ROBOTS_FILE, contents: `${lines.join('\n')}\n` }]
}
