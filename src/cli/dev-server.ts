/**
 * The HTTP side of `wikigen dev`: serves the dev build with the live-update script added to every page, streams
 * updates to the open pages (shared/dev-protocol.ts), answers redirects with 302 (a dev server's redirects change
 * with the content), and, like `serve`, checks the Host header and never leaves the output folder. Pages and other
 * text go gzipped to browsers that accept it; the event stream is never compressed (it must arrive as it is written).
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { DEFAULT_CONFIG } from '../compiler/config/config.js'
import type { Labels } from '../shared/labels.js'
import { resolveLabels } from '../shared/locales.js'
import {
  DEV_CLIENT_FILE,
  DEV_DIR,
  DEV_EVENTS_FILE,
  type DevOverlayLabels,
  formatDevEvent,
  type DevProblem,
  type DevUpdateMessage,
} from '../shared/dev-protocol.js'
import { placeUnderBase } from './base-path.js'
import { endMaybeCompressed } from './compression.js'
import { blockedHostMessage, type HostCheck } from './host-check.js'
import { decodeRequestPath, readRedirects } from './serve.js'
import { createStaticFiles, lookUpFile, requestPathOf } from './static-files.js'
import { join } from 'node:path'

/** Fast gzip for the dev server's answers: a page is a few kilobytes, and the preview should not wait. */
const DEV_GZIP_LEVEL = 1

const DEV_CLIENT = fileURLToPath(new URL('./dev-client.js', import.meta.url))

export interface DevHandler {
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Sends an update to every open page, with the problems the site has now. */
  broadcast(update: Omit<DevUpdateMessage, 'problems' | 'labels'>, problems: DevProblem[]): void
  /** Reads the redirects of the dev build again (after a rebuild). */
  reloadRedirects(): void
  /** Ends every open event stream. */
  close(): void
}

/**
 * The request handler of the dev server for the dev build in `out`. `base` gives the site's base path now (the config's
 * `site.base`, which an edit of the config may change): the site answers under it, `/` leads there.
 */
/** The overlay's texts from a site's label table. */
export function overlayLabelsOf(labels: Labels): DevOverlayLabels {
  return { problems: labels.devProblems, close: labels.diagramClose, hint: labels.devHint }
}

export function createDevHandler(
  out: string,
  hostCheck: HostCheck,
  initialProblems: DevProblem[],
  base: () => string = () => '/',
  /** The overlay's texts, in the site's language now (an edit of the config may change it). */
  labels: () => DevOverlayLabels = () => overlayLabelsOf(resolveLabels(DEFAULT_CONFIG.site.lang)),
): DevHandler {
  const clients = new Set<ServerResponse>()
  let problems = initialProblems
  let redirects = readRedirects(out)
  // the dev build has no compressed copies (its pages change in place): text is gzipped on the fly, quickly
  const files = createStaticFiles(out, { cacheControl: () => 'no-cache', compression: { precompressed: false, level: DEV_GZIP_LEVEL } })
  return {
    handle(req, res) {
      res.setHeader('X-Content-Type-Options', 'nosniff')
      if (!hostCheck(req.headers.host)) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(blockedHostMessage(req.headers.host))
        return
      }
      // a preview only reads: what a page in another tab might send (a form's POST) gets nothing, as from serve
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const url = req.url ?? '/'
      const pathname = url.split(/[?#]/)[0]
      const target = redirects.get(decodeRequestPath(pathname))
      if (target) {
        res.writeHead(302, { Location: target }).end()
        return
      }
      const place = placeUnderBase(url, base())
      if ('redirect' in place) {
        res.writeHead(302, { Location: place.redirect, 'Cache-Control': 'no-store' }).end()
        return
      }
      if ('outside' in place) return sendHtml(req, res, join(out, '404.html'), 404, base())
      const inside = place.site.split(/[?#]/)[0]
      if (inside === `/${DEV_DIR}${DEV_EVENTS_FILE}`) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' })
        res.write(formatDevEvent({ routes: [], removed: [], problems, labels: labels() }))
        clients.add(res)
        req.on('close', () => clients.delete(res))
        return
      }
      if (inside === `/${DEV_DIR}${DEV_CLIENT_FILE}`) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
        res.end(existsSync(DEV_CLIENT) ? readFileSync(DEV_CLIENT) : '')
        return
      }
      const found = lookUpFile(out, requestPathOf(place.site))
      if (found?.file.endsWith('.html')) return sendHtml(req, res, join(out, found.file), 200, base())
      files(req, res, () => sendHtml(req, res, join(out, '404.html'), 404, base()), place.site)
    },
    broadcast(update, now) {
      problems = now
      const event = formatDevEvent({ ...update, problems, labels: labels() })
      for (const client of clients) client.write(event)
    },
    reloadRedirects() {
      redirects = readRedirects(out)
    },
    close() {
      for (const client of clients) client.end()
    },
  }
}

/** Sends an HTML file with the live-update client (below the base path) added. */
function sendHtml(req: IncomingMessage, res: ServerResponse, file: string, status: number, base: string): void {
  let html = '<!DOCTYPE html><title>404</title><body></body>'
  try {
    html = readFileSync(file, 'utf8')
  } catch {
    // removed meanwhile: the placeholder
  }
  res.statusCode = status
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  const page = html.replace('</body>', `<script type="module" src="${base}${DEV_DIR}${DEV_CLIENT_FILE}"></script>\n</body>`)
  endMaybeCompressed(req, res, page, DEV_GZIP_LEVEL)
}
