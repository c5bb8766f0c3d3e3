/**
 * Serving the files of a built site, for `wikigen serve` and `wikigen dev`: looked up on every request (a build that
 * writes into the folder meanwhile is seen at once: new pages, removed ones, rewritten ones with new validators), with
 * the byte ranges, validators and conditional requests of a production static host, from the `send` package.
 *
 * Nothing outside the folder is served: request paths are decoded once and checked, dotfiles are never served, and a
 * symbolic link inside the folder that leads out of it is treated as absent.
 */
import { realpathSync, statSync, type Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import send from 'send'
import { extensionOf, isCompressibleFile, MIN_COMPRESSED_BYTES, TEXT_TYPES } from '../shared/compression.js'
import { acceptedEncodings, isNotModified } from './compression.js'

const gzipAsync = promisify(gzip)

/**
 * Files served with `Content-Security-Policy: sandbox`: images and data that a browser shows as a document of their
 * own, with script, when opened directly. Shown in a page (`<img src="plan.svg">`) they run no script anyway.
 */
const SANDBOXED = /\.(?:svgz?|xml|xsl|xslt|xhtml|xht)$/i

export interface StaticFilesOptions {
  /** The Cache-Control header for a file, by its URL path. */
  cacheControl(pathname: string): string
  /**
   * How text files are sent to a browser that accepts brotli or gzip: the build's `.br`/`.gz` copies where they are
   * (and not older than the file), else gzipped on the fly at `level`. None: every file as it is.
   */
  compression?: { precompressed: boolean; level: number }
}

/** What a request path names inside the folder: a file's path relative to it, or nothing. */
export type Lookup = { file: string } | undefined

/** Text files above this size are sent as they are when the build wrote no copies: compressing them would hold up the server. */
const MAX_ON_THE_FLY_BYTES = 8 * 1024 * 1024

/** Files gzipped on the fly, kept for the next request while they are unchanged. */
const KEPT_GZIPPED = 64

/**
 * A handler serving the files below `dir`; calls `notFound` for a path that names no file. The folder's real path is
 * looked up once per request, so it may also be replaced (a build's swap) while the server runs. `url` is the request's
 * path inside the site (for a site under a base path, the path with the base replaced by `/`).
 *
 * A text file goes compressed to a browser that accepts it (see `compression`), with `Vary: Accept-Encoding` and a
 * validator of its own per encoding; a request for a byte range gets the file's own bytes.
 */
export function createStaticFiles(dir: string, options: StaticFilesOptions) {
  const folder = resolve(dir)
  const gzipped = new Map<string, Buffer>()
  /** Headers every answer with a file has, by the file's path in the site. */
  const fileHeaders = (response: ServerResponse, file: string) => {
    response.setHeader('Cache-Control', options.cacheControl(`/${file}`))
    if (extname(file) === '.html') response.setHeader('Content-Type', 'text/html; charset=utf-8')
    // opened on its own, an SVG or XML attachment is a document that could run script: it runs none
    if (SANDBOXED.test(file)) response.appendHeader('Content-Security-Policy', 'sandbox')
  }
  const sendFile = (req: IncomingMessage, res: ServerResponse, notFound: () => void, file: string, encoded?: Encoded) => {
    const stream = send(req, encodeURI(`/${encoded ? encoded.file : file}`), {
      root: folder,
      dotfiles: 'deny',
      index: false,
      extensions: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      // a range of the compressed bytes is no range of the file: a copy is sent whole
      acceptRanges: !encoded,
    })
    stream.on('headers', (response: ServerResponse, _path: string, stat: Stats) => {
      fileHeaders(response, file)
      if (!encoded) return
      response.setHeader('Content-Type', TEXT_TYPES[extensionOf(file)])
      response.setHeader('Content-Encoding', encoded.encoding)
      response.setHeader('ETag', etagOf(stat, encoded.encoding))
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
  /** Sends a text file gzipped; false when it cannot be read (removed meanwhile). */
  const sendGzipped = async (req: IncomingMessage, res: ServerResponse, file: string, stat: Stats, level: number) => {
    const etag = etagOf(stat, 'gzip')
    const headers = () => {
      fileHeaders(res, file)
      res.setHeader('Content-Type', TEXT_TYPES[extensionOf(file)])
      res.setHeader('Last-Modified', stat.mtime.toUTCString())
      res.setHeader('ETag', etag)
    }
    if (isNotModified(req, etag, stat.mtime)) {
      headers()
      res.writeHead(304).end()
      return true
    }
    const key = `${file}\0${etag}`
    let body = gzipped.get(key)
    if (!body) {
      let contents: Buffer
      try {
        contents = await readFile(join(folder, file))
      } catch {
        return false
      }
      body = await gzipAsync(contents, { level })
      if (gzipped.size >= KEPT_GZIPPED) gzipped.delete(gzipped.keys().next().value!)
      gzipped.set(key, body)
    }
    headers()
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Content-Length', body.length)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
  return (req: IncomingMessage, res: ServerResponse, notFound: () => void, url = req.url ?? '/'): void => {
    const found = lookUpFile(folder, requestPathOf(url))
    if (!found) return notFound()
    const compression = options.compression
    if (!compression || !isCompressibleFile(found.file)) return sendFile(req, res, notFound, found.file)
    res.setHeader('Vary', 'Accept-Encoding')
    const accepted = acceptedEncodings(req.headers['accept-encoding'])
    const stat = statSync(join(folder, found.file), { throwIfNoEntry: false })
    if (req.headers.range || !(accepted.br || accepted.gzip) || !stat || stat.size < MIN_COMPRESSED_BYTES) {
      return sendFile(req, res, notFound, found.file)
    }
    if (compression.precompressed) {
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (!accepted[encoding]) continue
        const copy = lookUpFile(folder, `/${found.file}${suffix}`)
        const copyStat = copy && statSync(join(folder, copy.file), { throwIfNoEntry: false })
        // a copy older than its file is of an earlier version
        if (copy && copyStat && copyStat.mtimeMs >= stat.mtimeMs)
          return sendFile(req, res, notFound, found.file, { file: copy.file, encoding })
      }
    }
    if (!accepted.gzip || stat.size > MAX_ON_THE_FLY_BYTES) return sendFile(req, res, notFound, found.file)
    sendGzipped(req, res, found.file, stat, compression.level).then(
      (sent) => sent || notFound(),
      () => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end()
      },
    )
  }
}

/** A precompressed copy of a file, and its encoding. */
interface Encoded {
  file: string
  encoding: 'br' | 'gzip'
}

/** A weak validator of a file's version in one encoding: never equal to the one of the file's own bytes. */
function etagOf(stat: Stats, encoding: string): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${encoding}"`
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
