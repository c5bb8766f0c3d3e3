/**
 * sitemap.xml with every page, when the site has a hostname (a sitemap needs absolute URLs).
 */
import type { GitInfo } from '../discover/git-info.js'
import type { Site } from '../link/link-site.js'
import { escapeHtml } from '../html.js'
import type { SourcePath } from '../paths.js'
import type { OutputFile } from './output-file.js'

export function createSitemap(site: Site, git: Map<SourcePath, GitInfo>): OutputFile[] {
  const hostname = site.config.site.hostname?.replace(/\/$/, '')
  if (!hostname) return []
  const urls = site.pages.map((p) => {
    const info = git.get(p.page.sourcePath)
    const lastmod = info ? `<lastmod>${new Date(info.updatedTime).toISOString().slice(0, 10)}</lastmod>` : ''
    return `<url><loc>${escapeHtml(hostname + p.href)}</loc>${lastmod}</url>`
  })
  return [
    {
      path: 'sitemap.xml',
      contents: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    },
  ]
}
