/**
 * `wikigen dev`: builds, serves on localhost and watches the content root and config. Edits rebuild only what
 * they affect and reach the open browser without a reload; content errors show in the terminal and as an
 * overlay while the last good page stays served. Bursts of writes (Obsidian's autosave) are coalesced, and a
 * batch always reads the files as they are now, so the latest state wins.
 */
import chokidar, { type FSWatcher } from 'chokidar'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'
import { createDevSession, type DevSession, type FileChange } from '../compiler/dev-session.js'
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH, formatDevEvent, type DevProblem, type DevUpdateMessage } from '../shared/dev-protocol.js'
import type { Diagnostic } from '../compiler/diagnostics.js'
import { CONFIG_FILES, loadConfig } from './load-config.js'
import { createProgress, createReporter, printDiagnostics, type Reporter } from './output.js'
import { decodeRequestPath, readRedirects } from './serve.js'
import { bundledRuntime } from './runtime.js'

export interface DevOptions {
  root: string
  port: number
  host: string
  /** Where the dev build is written (default .wikigen/dev). */
  out?: string
  /** Quiet period before a batch of changes is built, in ms. */
  debounceMs?: number
}

export interface DevServer {
  server: Server
  url: string
  session: DevSession
  /** Resolves once every change seen so far is built and announced. */
  settled(): Promise<void>
  close(): Promise<void>
}

const DEV_CLIENT = fileURLToPath(new URL('./dev-client.js', import.meta.url))

/** Starts the dev server; used by the command and by tests. */
export async function startDevServer(options: DevOptions, reporter: Reporter): Promise<DevServer> {
  const out = resolve(options.out ?? join('.wikigen', 'dev'))
  const runtime = bundledRuntime()
  const { config } = await loadConfig(options.root)
  // The watcher scans the folder while the site builds, and keeps what changes meanwhile for the first update.
  const watcher: FSWatcher = chokidar.watch(resolve(options.root), {
    ignoreInitial: true,
    ignored: (path) => /(^|[/\\])(\.git|\.obsidian|\.trash|node_modules)([/\\]|$)/.test(path),
    awaitWriteFinish: false,
  })
  const watching = new Promise<void>((ready) => watcher.once('ready', () => ready()))
  const early: [FileChange['kind'], string][] = []
  const keepers = (['add', 'change', 'unlink'] as const).map((kind) => [kind, (absolute: string) => void early.push([kind, absolute])] as const)
  for (const [kind, keep] of keepers) watcher.on(kind, keep)
  const progress = createProgress(reporter)
  let session: DevSession
  try {
    session = await createDevSession({
      root: options.root, out, config, workerFile: runtime.workerFile, clientDir: runtime.clientDir,
      cacheDir: join(process.cwd(), '.wikigen', 'cache'), cacheSalt: runtime.cacheSalt,
      onProgress: (phase, done, total) => progress.update(phase === 'compile' ? 'Seiten' : 'HTML', done, total),
    })
  } catch (error) {
    await watcher.close()
    throw error
  }
  progress.done()
  printDiagnostics(reporter, session.initial.diagnostics, relative(process.cwd(), options.root) || '.')

  const clients = new Set<ServerResponse>()
  let problems = toProblems(session.initial.diagnostics, options.root)
  const broadcast = (update: Omit<DevUpdateMessage, 'problems'>) => {
    const event = formatDevEvent({ ...update, problems })
    for (const client of clients) client.write(event)
  }

  let redirects = readRedirects(out)
  const assets = sirv(out, { dev: true, dotfiles: false })
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === DEV_EVENTS_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' })
      res.write(formatDevEvent({ routes: [], removed: [], problems }))
      clients.add(res)
      req.on('close', () => clients.delete(res))
      return
    }
    if (url.pathname === DEV_CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' })
      res.end(existsSync(DEV_CLIENT) ? readFileSync(DEV_CLIENT) : '')
      return
    }
    const target = redirects.get(decodeRequestPath(url.pathname))
    if (target) {
      res.writeHead(302, { Location: target }).end()
      return
    }
    const html = htmlFileOf(out, url.pathname)
    if (html) return sendHtml(res, html, 200)
    assets(req, res, () => sendHtml(res, join(out, '404.html'), 404))
  }
  const server = createServer(handler)
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolveListen())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}/`

  // Watching: batches of changes, one build at a time, the next batch starts from the files as they are then.
  const pending = new Map<string, FileChange>()
  let configChanged = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let idle: (() => void)[] = []
  let reconcileTimer: NodeJS.Timeout | undefined
  const flush = (reconcile = false) => {
    timer = undefined
    running = running.then(async () => {
      const changes = [...pending.values()]
      pending.clear()
      const reconfigure = configChanged
      configChanged = false
      if (changes.length === 0 && !reconfigure && !reconcile) return
      try {
        const update = reconfigure
          ? await session.reconfigure((await loadConfig(options.root)).config)
          : reconcile ? await session.reconcile() : await session.update(changes)
        if (reconcile && update.routes.length === 0 && update.removed.length === 0) return
        redirects = readRedirects(out)
        problems = toProblems(update.diagnostics, options.root)
        printDiagnostics(reporter, update.diagnostics.filter((d) => d.severity === 'error' || changes.some((c) => c.path === d.file)), relative(process.cwd(), options.root) || '.')
        reporter.err(reporter.colors.dim(`↻ ${update.routes.length} page${update.routes.length === 1 ? '' : 's'} updated in ${update.durationMs} ms`))
        broadcast({ routes: update.routes, removed: update.removed, reload: reconfigure })
      } catch (error) {
        reporter.err(`${reporter.colors.red('error')}  rebuild failed: ${(error as Error).stack ?? error}`)
      }
    })
    if (!reconcile) {
      // once a burst is over, check the folder itself: watchers can merge or drop events of rapid renames
      clearTimeout(reconcileTimer)
      reconcileTimer = setTimeout(() => flush(true), 300)
    }
    void running.then(() => {
      if (!timer && pending.size === 0) {
        const waiting = idle
        idle = []
        for (const done of waiting) done()
      }
    })
  }
  const enqueue = (kind: FileChange['kind']) => (absolute: string) => {
    const path = relative(resolve(options.root), absolute).split(sep).join('/')
    if (CONFIG_FILES.includes(path)) configChanged = true
    else if (!path.split('/').some((part) => part.startsWith('.'))) pending.set(path, { path, kind })
    clearTimeout(timer)
    timer = setTimeout(() => flush(), options.debounceMs ?? 25)
  }
  for (const [kind, keep] of keepers) watcher.off(kind, keep)
  watcher.on('add', enqueue('add')).on('change', enqueue('change')).on('unlink', enqueue('unlink'))
  for (const [kind, absolute] of early.splice(0)) enqueue(kind)(absolute)
  await watching
  void session.warmUp() // in the background, once everything else is ready

  return {
    server,
    url,
    session,
    settled: () => new Promise<void>((done) => {
      if (!timer && pending.size === 0) void running.then(() => done())
      else idle.push(done)
    }),
    async close() {
      clearTimeout(timer)
      clearTimeout(reconcileTimer)
      await watcher.close()
      for (const client of clients) client.end()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}

export async function run(options: DevOptions, reporter: Reporter = createReporter()): Promise<number> {
  let dev: DevServer
  try {
    dev = await startDevServer(options, reporter)
  } catch (error) {
    reporter.err(`${reporter.colors.red('error')}  ${(error as Error).message}`)
    return 1
  }
  reporter.out(`${reporter.colors.green('➜')} dev server at ${reporter.colors.cyan(dev.url)} ${reporter.colors.dim(`(${dev.session.initial.stats.pages} pages, watching ${options.root})`)}`)
  return new Promise(() => {})
}

/** Error diagnostics as the overlay shows them, with the file named as on the terminal. */
function toProblems(diagnostics: readonly Diagnostic[], root: string): DevProblem[] {
  const prefix = relative(process.cwd(), root) || '.'
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ file: d.file ? `${prefix}/${d.file}` : prefix, line: d.line, column: d.column, message: d.message, hint: d.hint }))
}

/** The HTML file for a request path inside `out`, or undefined. */
function htmlFileOf(out: string, pathname: string): string | undefined {
  const path = decodeRequestPath(pathname)
  const candidates = path.endsWith('/') ? [`${path}index.html`] : path.endsWith('.html') ? [path] : [`${path}.html`]
  for (const candidate of candidates) {
    const file = resolve(out, `.${candidate}`)
    if (file.startsWith(out + sep) && existsSync(file)) return file
  }
  return undefined
}

/** Sends an HTML file with the live-update client added. */
function sendHtml(res: ServerResponse, file: string, status: number): void {
  const html = existsSync(file) ? readFileSync(file, 'utf8') : '<!DOCTYPE html><title>404</title><body></body>'
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  res.end(html.replace('</body>', `<script type="module" src="${DEV_CLIENT_PATH}"></script>\n</body>`))
}
