/**
 * Redirects that keep old URLs alive: a static HTML page at every old path (works on any host), and `_redirects`
 * (Netlify, Cloudflare Pages, `wikigen serve`) and an nginx map for hosts that answer with 301 — which of them, the
 * config's `redirectMode` says. An old path whose name has a character that Windows, artifact uploads or object
 * stores refuse (: * ? " < > | \) is never a file: only the host files keep it.
 */
import { siteLabels } from '../config/site-labels.js'
import type { Site } from '../link/link-site.js'
import type { Redirect } from '../link/site.js'
import { escapeHtml } from '../html.js'
import { hrefOf } from '../paths.js'
import type { OutputFile } from './output-file.js'
import { fillTemplate } from './template.js'

/** True when a decoded old path can be a file in the output folder, under any operating system and host. */
export function isPortablePath(path: string): boolean {
  return !path.split('/').some((part) => part === '..' || part === '.') && !/[\0\\:*?"<>|]/.test(path)
}

/**
 * The file of the site that forwards from a redirect's old path, from the base: the path itself, or `{path}.html` for
 * an Obsidian Publish URL, which has no extension (static hosts answer `/Ordner+Name/Notiz` with it); none when the
 * path cannot be a file, or only the host files answer it.
 */
export function redirectFileOf(r: Redirect, base: string): string | undefined {
  if (r.publishUrl === 'host' || !isPortablePath(r.from) || !r.from.startsWith(base)) return undefined
  const path = r.from.slice(base.length)
  return r.publishUrl ? `${path}.html` : path
}

/**
 * An old path as the host files write it: encoded as a browser sends it. A Publish URL's segments are encoded whole,
 * so a `%`, `?` or `#` of a note's name stays part of the path; its `+` stays a plus.
 */
function hostPathOf(r: Redirect): string {
  if (!r.publishUrl) return hrefOf(r.from)
  return r.from
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%2B/g, '+'))
    .join('/')
}

export const redirects = {
  name: 'redirects',
  emit(site: Site): OutputFile[] {
    const base = site.config.site.base
    const mode = site.config.redirectMode
    const files: OutputFile[] = []
    for (const r of mode === 'host' ? [] : site.redirects) {
      const path = redirectFileOf(r, base)
      if (path === undefined) continue
      const to = hrefOf(r.to)
      files.push({
        path,
        contents: fillTemplate('redirect', {
          lang: escapeHtml(site.config.site.lang),
          title: escapeHtml(r.to),
          to: escapeHtml(to),
          message: escapeHtml(siteLabels(site.config).redirecting),
        }),
      })
    }
    const netlify = site.redirects.map((r) => `${hostPathOf(r)} ${hrefOf(r.to)} 301`).join('\n')
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
