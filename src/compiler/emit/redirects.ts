/**
 * Redirects that keep old URLs alive: a static HTML page at every old path (works on any host), and `_redirects`
 * (Netlify, Cloudflare Pages, `wikigen serve`) and an nginx map for hosts that answer with 301 — which of them, the
 * config's `redirectMode` says. An old path whose name has a character that Windows, artifact uploads or object
 * stores refuse (: * ? " < > | \) is never a file: only the host files keep it.
 */
import { siteLabels } from '../config/site-labels.js'
import type { Site } from '../link/link-site.js'
import { escapeHtml } from '../html.js'
import { hrefOf } from '../paths.js'
import type { OutputFile } from './output-file.js'
import { fillTemplate } from './template.js'

/** True when a decoded old path can be a file in the output folder, under any operating system and host. */
export function isPortablePath(path: string): boolean {
  return !path.split('/').some((part) => part === '..' || part === '.') && !/[\0\\:*?"<>|]/.test(path)
}

export const redirects = {
  name: 'redirects',
  emit(site: Site): OutputFile[] {
    const base = site.config.site.base
    const mode = site.config.redirectMode
    const files: OutputFile[] = []
    for (const r of mode === 'host' ? [] : site.redirects) {
      if (!isPortablePath(r.from) || !r.from.startsWith(base)) continue
      const to = hrefOf(r.to)
      files.push({
        path: r.from.slice(base.length),
        contents: fillTemplate('redirect', {
          lang: escapeHtml(site.config.site.lang),
          title: escapeHtml(r.to),
          to: escapeHtml(to),
          message: escapeHtml(siteLabels(site.config).redirecting),
        }),
      })
    }
    const netlify = site.redirects.map((r) => `${hrefOf(r.from)} ${hrefOf(r.to)} 301`).join('\n')
    const nginx = site.redirects.map((r) => `${JSON.stringify(r.from)} ${JSON.stringify(r.to)};`).join('\n')
    if (mode === 'files') return files
    files.push({ path: '_redirects', contents: netlify ? `${netlify}\n` : '' })
    files.push({
      path: 'redirects.nginx.map',
      contents: `# map $uri $wikigen_redirect { include redirects.nginx.map; }  then: if ($wikigen_redirect) { return 301 $wikigen_redirect; }\n${nginx}${nginx ? '\n' : ''}`,
    })
    return files
  },
}
