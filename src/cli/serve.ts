/**
 * `wikigen serve`: serves a built site as a good static host does. Legacy redirects answer 301, unknown paths
 * get /404.html with status 404, extension-less paths find their .html, hashed assets are cached for a year
 * and HTML is revalidated. Files are looked up per request (static-files.ts), so a later build is served at once. Text
 * goes compressed to browsers that accept it: the build's `.br`/`.gz` copies, or gzip on the fly.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { normaliseBase } from '../compiler/config/config.js'
import { isUsageError } from '../compiler/diagnostics.js'
import { ASSETS_DIR } from '../shared/constants.js'
import { listenOn, urlOf } from './listen.js'
import { createReporter, printUsageError, type Reporter } from './output.js'
import { createServedCsp } from './csp.js'
import { placeUnderBase } from './base-path.js'
import { blockedHostMessage, createHostCheck, type HostCheck } from './host-check.js'
import { createStaticFiles } from './static-files.js'

export interface ServeOptions {
  dir: string
  port: number
  host: string
  /** Send the recommended Content-Security-Policy header (see docs/SECURITY.md). */
  csp?: boolean
  /** Host names to answer besides the ones listened under (a reverse proxy's public name). */
  allowedHosts?: string[]
  /** The base path the site was built for (`build --base`); the site answers under it only. Default `/`. */
  base?: string
}

/** Old path (decoded) → new path (as written), from the build's `_redirects` file. */
export function readRedirects(dir: string): Map<string, string> {
  const file = join(dir, '_redirects')
  const map = new Map<string, string>()
  if (!existsSync(file)) return map
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [from, to] = line.trim().split(/\s+/)
    if (from && to && !from.startsWith('#')) map.set(decodeRequestPath(from), to)
  }
  return map
}

/** Decodes every percent-escape (also reserved ones such as %3A) so both spellings of a path compare equal. */
export function decodeRequestPath(path: string): string {
  return path
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part)
      } catch {
        return part
      }
    })
    .join('/')
    .normalize('NFC')
}

/** The server's answers that are no file: 405 for methods other than GET and HEAD, 403 for an unknown Host. */
export interface HandlerOptions {
  csp?: boolean
  /** Decides whether a request's Host header names this server (see host-check.ts); default: any. */
  hostCheck?: HostCheck
  /** The base path the site was built for; `/` and the base without its slash lead there, other paths are not found. */
  base?: string
}

/**
 * wikigen's own scripts, styles and fonts, whose names carry their content's hash (`_wikigen/client-RTAKC6HH.js`,
 * `_wikigen/chunks/…-5EWAANXI.js`): the only files cached as immutable. A vault's attachments change under the same
 * name, so they are revalidated like everything else.
 */
export function isHashedClientFile(pathname: string): boolean {
  return HASHED_CLIENT_FILE.test(pathname)
}

const HASHED_CLIENT_FILE = new RegExp(`^/${ASSETS_DIR}/(?:[a-z]+/)?[^/]+-[A-Z0-9]{8}\\.[a-z0-9]+$`)

/**
 * The request handler of the static server; exported for tests. Files are looked up on every request, and the
 * redirects read again whenever `_redirects` changes, so a build into the folder while the server runs is served at
 * once.
 */
export function createHandler(dir: string, options: HandlerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const base = normaliseBase(options.base ?? '/')
  const redirects = createRedirectTable(dir)
  const notFound = join(dir, '404.html')
  const csp = options.csp ? createServedCsp(dir, base) : undefined
  const files = createStaticFiles(dir, {
    cacheControl: (pathname) =>
      isHashedClientFile(pathname) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    // the build's brotli and gzip copies of its text files, else gzip as a host's default
    compression: { precompressed: true, level: 6 },
  })
  return (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    if (options.hostCheck && !options.hostCheck(req.headers.host)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end(blockedHostMessage(req.headers.host))
      return
    }
    if (csp) res.setHeader('Content-Security-Policy', csp(req.headers.host))
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    const url = req.url ?? '/'
    const path = url.split(/[?#]/)[0]
    // the build writes the redirects' old paths with the base, as the browser asks for them
    const target = redirects().get(decodeRequestPath(path))
    if (target) {
      res.writeHead(301, { Location: target + url.slice(path.length), 'Cache-Control': 'public, max-age=3600' }).end()
      return
    }
    const place = placeUnderBase(url, base)
    if ('redirect' in place) {
      res.writeHead(302, { Location: place.redirect, 'Cache-Control': 'no-cache' }).end()
      return
    }
    const notFoundPage = () => {
      res.statusCode = 404
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Cache-Control', 'no-cache')
      let page: Buffer | undefined
      try {
        page = req.method === 'HEAD' ? undefined : readFileSync(notFound)
      } catch {
        // no 404 page (yet): an empty answer
      }
      res.end(page)
    }
    if ('outside' in place) return notFoundPage()
    files(req, res, notFoundPage, place.site)
  }
}

/** The redirects of `_redirects`, read again when the file changes (a later build). */
function createRedirectTable(dir: string): () => Map<string, string> {
  let stamp = ''
  let table = new Map<string, string>()
  return () => {
    const info = statSync(join(dir, '_redirects'), { throwIfNoEntry: false })
    const now = info ? `${info.size}:${info.mtimeMs}` : ''
    if (now !== stamp) {
      stamp = now
      table = readRedirects(dir)
    }
    return table
  }
}

/**
 * The base path a built site was made for, read from the stylesheet link of its start page (or 404 page): every page
 * links the theme's stylesheet below `<base>_wikigen/`. Undefined when neither page has one.
 */
export function builtBaseOf(dir: string): string | undefined {
  for (const name of ['index.html', '404.html']) {
    let html: string
    try {
      html = readFileSync(join(dir, name), 'utf8')
    } catch {
      continue
    }
    const link = new RegExp(`<link rel="stylesheet" href="(/[^"]*?)${ASSETS_DIR}/[^"/]+\\.css"`).exec(html)
    if (link) return link[1]
  }
  return undefined
}

/** Starts the server; resolves once it listens, rejects with a `UsageError` when it cannot (see listen.ts). */
export async function startServer(options: ServeOptions): Promise<Server> {
  const server = createServer(
    createHandler(options.dir, {
      csp: options.csp,
      hostCheck: createHostCheck(options.host, options.allowedHosts),
      base: options.base,
    }),
  )
  await listenOn(server, options.port, options.host)
  return server
}

export async function run(options: ServeOptions, reporter: Reporter = createReporter()): Promise<number> {
  if (!existsSync(join(options.dir, 'index.html')) && !existsSync(join(options.dir, '404.html'))) {
    reporter.err(`${reporter.colors.red('error')}  ${options.dir} holds no built site`)
    reporter.err(`  ${reporter.colors.dim('hint:')} run "wikigen build --out ${options.dir}" first.`)
    return 1
  }
  const built = builtBaseOf(options.dir)
  const base = normaliseBase(options.base ?? built ?? '/')
  if (built && built !== base) {
    reporter.err(
      `${reporter.colors.yellow('warning')}  ${options.dir} was built for the base path ${built}, not ${base}: its pages will miss their styles and links`,
    )
    reporter.err(`  ${reporter.colors.dim('hint:')} serve it with "--base ${built}", or build it again with "--base ${base}".`)
  }
  let server: Server
  try {
    server = await startServer({ ...options, base })
  } catch (error) {
    if (isUsageError(error)) printUsageError(reporter, error)
    else reporter.err(`${reporter.colors.red('error')}  cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`)
    return 1
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  reporter.out(`${reporter.colors.green('➜')} ${options.dir} served at ${reporter.colors.cyan(urlOf(options.host, port) + base.slice(1))}`)
  return new Promise(() => {})
}
