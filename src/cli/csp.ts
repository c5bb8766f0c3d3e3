/**
 * The Content-Security-Policy a wikigen site is built to run under (docs/SECURITY.md). Scripts come only from the
 * client's folder, which no content file can take (output/settle-outputs.ts), and from the scripts the site owner
 * named (analytics, the config's `head`): a script that an author managed to publish elsewhere on the site does not
 * run. `wikigen serve` sends it by default.
 *
 *     recommendedCsp('https://wiki.example.com/_wikigen/')
 *       → "default-src 'self'; script-src https://wiki.example.com/_wikigen/; style-src 'self'; …"
 *
 * Frames come from the site itself (an embedded PDF), from YouTube's cookie-less player, which a page loads only
 * when the reader plays a video, and from the https pages authors frame with `<iframe>` (sandboxed, see
 * parse/markdown/safe-html.ts). Images, video and audio may come from any https address, as markdown allows
 * (`![Logo](https://…)`); no style, script or font does.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ASSETS_DIR } from '../shared/constants.js'

/** The only third party a page may show in a frame: YouTube's player without cookies, after a click on play. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com'

/** Scripts and hosts a site's own pages load besides the client: analytics, the config's `head` scripts. */
export interface SiteScripts {
  /** Script URLs, absolute (`https://stats.example.com/js/script.js`) or paths of the site (`/js/extra.js`). */
  scripts: readonly string[]
}

/**
 * The policy for a site whose client folder is at `clientUrl` (an absolute URL ending in `/`, or a CSP host
 * expression such as nginx's `$scheme://$host/_wikigen/`). `origin` turns the site's own script paths into URLs.
 */
export function recommendedCsp(clientUrl: string, site: SiteScripts = { scripts: [] }, origin = ''): string {
  const scripts = [clientUrl]
  const connect = ["'self'"]
  for (const script of site.scripts) {
    if (script.startsWith('/') && !script.startsWith('//')) {
      if (origin) scripts.push(origin + script)
      continue
    }
    if (!/^https?:\/\/[^\s;,']+$/.test(script)) continue
    scripts.push(script)
    // an analytics script sends its visits to its own host
    const host = /^https?:\/\/[^/?#]+/.exec(script)?.[0]
    if (host && !connect.includes(host)) connect.push(host)
  }
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    // frames: an embedded PDF (the site's own file), once the reader plays it a YouTube video (src/client/youtube.ts),
    // and the authors' sandboxed https frames
    `frame-src 'self' ${YOUTUBE_PLAYER_ORIGIN} https:`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** The policy as docs/SECURITY.md shows it, for a site at https://wiki.example.com/. */
export const DOCUMENTED_CSP = recommendedCsp(`https://wiki.example.com/${ASSETS_DIR}/`)

/** The policy of the deploy guide's nginx block: nginx fills in the scheme and host of each request. */
export const NGINX_CSP = recommendedCsp(`$scheme://$host/${ASSETS_DIR}/`)

/**
 * The policy `wikigen serve` sends for one request: the client folder at the request's own host (already checked
 * against the names the server answers to), and the scripts the start page's `<head>` loads from elsewhere, read
 * again whenever the start page changes.
 */
export function createServedCsp(dir: string, base: string): (host: string | undefined) => string {
  let stamp = ''
  let scripts: SiteScripts = { scripts: [] }
  return (host) => {
    const info = statSync(join(dir, 'index.html'), { throwIfNoEntry: false })
    const now = info ? `${info.size}:${info.mtimeMs}` : ''
    if (now !== stamp) {
      stamp = now
      scripts = headScriptsOf(dir, base)
    }
    // a Host that is no plain host name and port gets the host-less policy rather than text in the header
    const origin = host && /^[\w.-]+(?::\d+)?$|^\[[\da-fA-F:.]+\](?::\d+)?$/.test(host) ? `http://${host}` : ''
    return origin ? recommendedCsp(`${origin}${base}${ASSETS_DIR}/`, scripts, origin) : recommendedCsp("'self'")
  }
}

/** The `src` of every script in the start page's `<head>` that is not one of the client's files. */
export function headScriptsOf(dir: string, base: string): SiteScripts {
  let html: string
  try {
    html = readFileSync(join(dir, 'index.html'), 'utf8')
  } catch {
    return { scripts: [] }
  }
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')))
  const scripts: string[] = []
  for (const match of head.matchAll(/<script\b[^>]*?\ssrc="([^"]+)"/g)) {
    const src = match[1].replace(/&amp;/g, '&')
    if (!src.startsWith(`${base}${ASSETS_DIR}/`)) scripts.push(src)
  }
  return { scripts }
}
