/**
 * sitemap.xml with every route a search engine should know, when the site has a hostname (a sitemap needs absolute
 * URLs): the pages, the generated home page, glossary, tag and section lists. Each entry is the route's canonical URL
 * (emit/social-tags.ts canonicalUrl, as the route's own head links it), so the two never disagree; a route without one
 * (the 404 page, a page whose front matter names its own canonical) or marked unlisted (the search page) is left out.
 */
import type { GitInfo } from '../discover/git-info.js'
import type { Site } from '../link/link-site.js'
import { escapeHtml } from '../html.js'
import type { SourcePath } from '../paths.js'
import type { OutputFile } from './output-file.js'
import type { RenderJob } from './page-routes.js'

export function createSitemap(site: Site, git: Map<SourcePath, GitInfo>, routes: readonly RenderJob[]): OutputFile[] {
  if (!site.config.site.hostname) return []
  const sourceOf = new Map(site.pages.map((p) => [p.page.contentHash, p.page.sourcePath]))
  const urls = routes.flatMap((route) => {
    if (!route.canonical || route.unlisted) return []
    const source = route.bodyHash === undefined ? undefined : sourceOf.get(route.bodyHash)
    const info = source && git.get(source)
    const lastmod = info ? `<lastmod>${new Date(info.updatedTime).toISOString().slice(0, 10)}</lastmod>` : ''
    return [`<url><loc>${escapeHtml(route.canonical)}</loc>${lastmod}</url>`]
  })
  return [
    {
      path: 'sitemap.xml',
      contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    },
  ]
}
