/**
 * `wikigen serve`: serves a built site as a good static host does. Legacy redirects answer 301, unknown paths
 * get /404.html with status 404, extension-less paths find their .html, hashed assets are cached for a year
 * and HTML is revalidated. File serving is sirv's: it normalises paths and never leaves the folder.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'
import { ASSETS_DIR } from '../shared/constants.js'
import { createReporter, type Reporter } from './output.js'
import { RECOMMENDED_CSP } from './csp.js'

export interface ServeOptions {
  dir: string
  port: number
  host: string
  /** Send the recommended Content-Security-Policy header (see docs/SECURITY.md). */
  csp?: boolean
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

/** The request handler of the static server; exported for tests. */
export function createHandler(dir: string, options: { csp?: boolean } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const redirects = readRedirects(dir)
  const notFound = join(dir, '404.html')
  const files = sirv(dir, {
    extensions: ['html'],
    dotfiles: false,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith(`/${ASSETS_DIR}/`) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate')
      if (pathname.endsWith('.html')) res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('X-Content-Type-Options', 'nosniff')
    },
  })
  return (req, res) => {
    if (options.csp) res.setHeader('Content-Security-Policy', RECOMMENDED_CSP)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end()
      return
    }
    const url = req.url ?? '/'
    const path = url.split(/[?#]/)[0]
    const target = redirects.get(decodeRequestPath(path))
    if (target) {
      res.writeHead(301, { Location: target + url.slice(path.length), 'Cache-Control': 'public, max-age=3600' }).end()
      return
    }
    files(req, res, () => {
      res.statusCode = 404
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      res.setHeader('Cache-Control', 'no-cache')
      res.end(req.method === 'HEAD' || !existsSync(notFound) ? undefined : readFileSync(notFound))
    })
  }
}

/** Starts the server; resolves once it listens. */
export function startServer(options: ServeOptions): Promise<Server> {
  const server = createServer(createHandler(options.dir, { csp: options.csp }))
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve(server))
  })
}

export async function run(options: ServeOptions, reporter: Reporter = createReporter()): Promise<number> {
  if (!existsSync(join(options.dir, 'index.html')) && !existsSync(join(options.dir, '404.html'))) {
    reporter.err(`${reporter.colors.red('error')}  ${options.dir} holds no built site`)
    reporter.err(`  ${reporter.colors.dim('hint:')} run "wikigen build --out ${options.dir}" first.`)
    return 1
  }
  let server: Server
  try {
    server = await startServer(options)
  } catch (error) {
    reporter.err(`${reporter.colors.red('error')}  cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`)
    reporter.err(`  ${reporter.colors.dim('hint:')} choose another port with --port.`)
    return 1
  }
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  reporter.out(`${reporter.colors.green('➜')} ${options.dir} served at ${reporter.colors.cyan(`http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}/`)}`)
  return new Promise(() => {})
}
