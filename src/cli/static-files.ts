/**
 * Serving the files of a built site, for `wikigen serve` and `wikigen dev`: looked up on every request (a build that
 * writes into the folder meanwhile is seen at once: new pages, removed ones, rewritten ones with new validators), with
 * the byte ranges, validators and conditional requests of a production static host, from the `send` package.
 *
 * Nothing outside the folder is served: request paths are decoded once and checked, dotfiles are never served, and a
 * symbolic link inside the folder that leads out of it is treated as absent.
 */
import { realpathSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, relative, resolve, sep } from 'node:path'
import send from 'send'

/**
 * Files served with `Content-Security-Policy: sandbox`: images and data that a browser shows as a document of their
 * own, with script, when opened directly. Shown in a page (`<img src="plan.svg">`) they run no script anyway.
 */
const SANDBOXED = /\.(?:svgz?|xml|xsl|xslt|xhtml|xht)$/i

export interface StaticFilesOptions {
  /** The Cache-Control header for a file, by its URL path. */
  cacheControl(pathname: string): string
}

/** What a request path names inside the folder: a file's path relative to it, or nothing. */
export type Lookup = { file: string } | undefined

/**
 * A handler serving the files below `dir`; calls `notFound` for a path that names no file. The folder's real path is
 * looked up once per request, so it may also be replaced (a build's swap) while the server runs. `url` is the request's
 * path inside the site (for a site under a base path, the path with the base replaced by `/`).
 */
export function createStaticFiles(dir: string, options: StaticFilesOptions) {
  const folder = resolve(dir)
  return (req: IncomingMessage, res: ServerResponse, notFound: () => void, url = req.url ?? '/'): void => {
    const found = lookUpFile(folder, requestPathOf(url))
    if (!found) return notFound()
    const stream = send(req, encodeURI(`/${found.file}`), {
      root: folder,
      dotfiles: 'deny',
      index: false,
      extensions: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
    })
    stream.on('headers', (response: ServerResponse, path: string) => {
      response.setHeader('Cache-Control', options.cacheControl(`/${found.file}`))
      if (extname(path) === '.html') response.setHeader('Content-Type', 'text/html; charset=utf-8')
      // opened on its own, an SVG or XML attachment is a document that could run script: it runs none
      if (SANDBOXED.test(path)) response.appendHeader('Content-Security-Policy', 'sandbox')
    })
    stream.on('error', (error: { status?: number }) => {
      // removed between the look-up and the read: as if it had never been there
      if (error.status === 404) return notFound()
      res.statusCode = error.status ?? 500
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.end(res.statusCode === 416 ? '' : 'Bad request')
    })
    stream.pipe(res)
  }
}

/** The decoded path of a request URL, or undefined for one that cannot name a file (NUL, broken escapes). */
export function requestPathOf(url: string): string | undefined {
  const raw = url.split(/[?#]/)[0]
  let path: string
  try {
    path = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  if (path.includes('\0') || path.includes('\\') || !path.startsWith('/')) return undefined
  return path.normalize('NFC')
}

/**
 * The file a decoded request path names below `folder`, as a static host finds it: `/` and `/x/` their index.html,
 * `/glossary` its `glossary.html`. Undefined for paths with dot segments or dotfiles, and for files that resolve (through
 * symbolic links) to somewhere outside the folder.
 */
export function lookUpFile(folder: string, path: string | undefined): Lookup {
  if (path === undefined) return undefined
  const parts = path.split('/').slice(1)
  if (parts.some((part) => part === '..' || part === '.' || part.startsWith('.'))) return undefined
  const candidates = path.endsWith('/') ? [`${path}index.html`] : extname(path) ? [path] : [path, `${path}.html`]
  let realFolder: string
  try {
    realFolder = realpathSync(folder)
  } catch {
    return undefined
  }
  for (const candidate of candidates) {
    const absolute = join(folder, candidate)
    let real: string
    try {
      real = realpathSync(absolute)
    } catch {
      continue
    }
    const inside = relative(realFolder, real)
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || resolve(realFolder, inside) !== real) continue
    if (!statSync(real).isFile()) continue
    return { file: candidate.slice(1) }
  }
  return undefined
}
