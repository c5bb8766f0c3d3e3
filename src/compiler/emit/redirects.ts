/**
 * Redirects that keep old URLs alive: a static HTML page at every old path (works on any host), plus
 * `_redirects` (Netlify, Cloudflare Pages and similar) and an nginx map for hosts that answer with 301.
 */
import { labels } from '../../shared/labels.js'
import type { Site } from '../link-site.js'
import { escapeHtml } from '../html.js'
import { hrefOf } from '../paths.js'
import type { OutputFile } from './output-file.js'
import { fillTemplate } from './template.js'

/** True when a decoded old path can be a file in the output folder. */
function isWritablePath(path: string): boolean {
  return !path.split('/').some((part) => part === '..' || part === '.') && !/[\0\\]/.test(path)
}

export const redirects = {
  name: 'redirects',
  emit(site: Site): OutputFile[] {
    const base = site.config.site.base
    const files: OutputFile[] = []
    for (const r of site.redirects) {
      if (!isWritablePath(r.from) || !r.from.startsWith(base)) continue
      const to = hrefOf(r.to)
      files.push({
        path: r.from.slice(base.length),
        contents: fillTemplate('redirect', {
          lang: escapeHtml(site.config.site.lang),
          title: escapeHtml(r.to),
          to: escapeHtml(to),
          message: escapeHtml(labels.redirecting),
        }),
      })
    }
    const netlify = site.redirects.map((r) => `${hrefOf(r.from)} ${hrefOf(r.to)} 301`).join('\n')
    const nginx = site.redirects.map((r) => `${JSON.stringify(r.from)} ${JSON.stringify(r.to)};`).join('\n')
    files.push({ path: '_redirects', contents: netlify ? `${netlify}\n` : '' })
    files.push({
      path: 'redirects.nginx.map',
      contents: `# map $uri $wikigen_redirect { include redirects.nginx.map; }  then: if ($wikigen_redirect) { return 301 $wikigen_redirect; }\n${nginx}${nginx ? '\n' : ''}`,
    })
    return files
  },
}
