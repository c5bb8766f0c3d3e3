/**
 * `wikigen dev`: builds, serves on localhost and watches the content root and config. Edits rebuild only what they
 * affect and reach the open browser without a reload; content errors show in the terminal and as an overlay while the
 * last good page stays served.
 *
 * In three parts: the watcher turns file events into batches (dev-watcher.ts), the dev session applies a batch to the
 * build (compiler/dev-session.ts: the fast path for an edited text, else a relink), and the server serves the result
 * and tells the open pages (dev-server.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { relative } from 'node:path'
import { tryLock, type CacheLock } from '../compiler/cache/cache-lock.js'
import { createDevSession, type DevSession } from '../compiler/dev-session.js'
import { normaliseBase, type UserConfig } from '../compiler/config/config.js'
import { requireRoot } from '../compiler/discover/discover.js'
import { stateDirOf } from '../compiler/cache/site-key.js'
import { isUsageError, UsageError, type Diagnostic } from '../compiler/diagnostics.js'
import type { DevProblem } from '../shared/dev-protocol.js'
import { createDevHandler, overlayLabelsOf } from './dev-server.js'
import { watchContent, type ChangeBatch } from './dev-watcher.js'
import { createHostCheck } from './host-check.js'
import { listenOn, urlOf } from './listen.js'
import { ConfigError, loadConfig } from './load-config.js'
import { SlotError } from '../compiler/emit/theme-slots.js'
import {
  createProgress,
  createReporter,
  detectedLanguageLine,
  languageLineOf,
  printDiagnostics,
  printUsageError,
  type Reporter,
} from './output.js'
import { bundledRuntime } from './runtime.js'

export interface DevOptions {
  root: string
  port: number
  host: string
  /** Host names to answer besides the ones listened under. */
  allowedHosts?: string[]
  /** Where the dev build is written (default: a folder of its own per content root under .wikigen/dev). */
  out?: string
  /** Quiet period before a batch of changes is built, in ms. */
  debounceMs?: number
  /** Show pages marked `draft: true` or `publish: false`, marked as drafts. */
  drafts?: boolean
  /** Base path to serve the site under, instead of the config's `site.base`. */
  base?: string
}

export interface DevServer {
  server: Server
  url: string
  session: DevSession
  /** Resolves once every change seen so far is built and announced. */
  settled(): Promise<void>
  close(): Promise<void>
}

/** Dev servers of one content root that may run side by side, each with an output folder of its own. */
const MAX_DEV_SERVERS = 20

/**
 * The dev build's output folder for `root`, locked for this process: `.wikigen/dev/<root>`, or `-2`, `-3`, … when
 * another dev server of the same folder runs, so that two never write into each other's site.
 */
function claimDevOutput(root: string): { out: string; lock: CacheLock } {
  const base = stateDirOf('dev', root)
  for (let i = 1; i <= MAX_DEV_SERVERS; i++) {
    const out = i === 1 ? base : `${base}-${i}`
    const lock = tryLock(`${out}.lock`)
    if (lock) return { out, lock }
  }
  throw new UsageError(
    `${MAX_DEV_SERVERS} dev servers already serve ${JSON.stringify(root)}`,
    'Stop one of them (Ctrl-C in its terminal).',
    'dev-busy',
  )
}

/**
 * Starts the dev server; used by the command and by tests. It takes its port before the initial build, so a port in
 * use fails at once (a `UsageError`) instead of after the build; a request that arrives while the site builds waits
 * for it.
 */
export async function startDevServer(options: DevOptions, reporter: Reporter): Promise<DevServer> {
  const runtime = bundledRuntime()
  requireRoot(options.root)
  const { config, module: configModule, diagnostics: configDiagnostics } = await loadConfig(options.root)
  const claimed = options.out ? undefined : claimDevOutput(options.root)
  const early = createEarlyServer()
  try {
    await listenOn(early.server, options.port, options.host)
  } catch (error) {
    claimed?.lock.release()
    throw error
  }
  const out = options.out ?? claimed!.out
  const where = relative(process.cwd(), options.root) || '.'
  const progress = createProgress(reporter, { lang: config.site?.lang })
  let watcher: ReturnType<typeof watchContent> | undefined
  let session: DevSession
  // from here on the port is taken: whatever fails must close it again, or the process would never exit
  try {
    // The watcher scans the folder while the site builds, and keeps what changes meanwhile for the first batch.
    watcher = watchContent(options.root, {
      debounceMs: options.debounceMs,
      // an edit of a slot's component reads the config again, which bundles the slots again
      isConfigFile: (path) => session?.themeFiles().has(path) ?? false,
      onRootMissing: () =>
        reporter.err(`${reporter.colors.yellow('warning')}  content folder ${where} is gone; the last build stays served until it is back`),
      onRootBack: () => reporter.err(reporter.colors.dim(`↻ content folder ${where} is back`)),
    })
    session = await createDevSession({
      root: options.root,
      out,
      config,
      configModule,
      workerFile: runtime.workerFile,
      clientDir: runtime.clientDir,
      cacheDir: stateDirOf('cache', options.root),
      cacheSalt: runtime.cacheSalt,
      drafts: options.drafts,
      base: options.base,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    })
  } catch (error) {
    progress.done()
    await watcher?.close()
    await early.abandon()
    claimed?.lock.release()
    throw error
  }
  progress.done()
  let configProblems = configDiagnostics
  printDiagnostics(reporter, [...configProblems, ...session.initial.diagnostics], where)
  const languageLine = languageLineOf(session.initial.language)
  if (languageLine) reporter.err(reporter.colors.dim(languageLine))

  // the site is served under its base path, as the host will serve it; an edit of the config may move it
  const baseOf = (user: UserConfig) => normaliseBase(options.base ?? user.site?.base ?? '/')
  let base = baseOf(config)
  const handler = createDevHandler(
    out,
    createHostCheck(options.host, options.allowedHosts),
    toProblems([...configProblems, ...session.initial.diagnostics], options.root),
    () => base,
    () => overlayLabelsOf(session.labels()),
  )
  const server = early.server
  early.serve(handler.handle)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = urlOf(options.host, port) + base.slice(1)

  // a config that failed to load, shown over the pages until a good one is saved
  let configFailure: Diagnostic[] = []
  const apply = async (batch: ChangeBatch) => {
    try {
      let update
      if (batch.configChanged) {
        const loaded = await loadConfig(options.root)
        configFailure = []
        configProblems = loaded.diagnostics
        printDiagnostics(reporter, configProblems, where)
        update = await session.reconfigure(loaded.config, loaded.module)
        base = baseOf(loaded.config)
      } else update = batch.changes.length > 0 ? await session.update(batch.changes) : await session.reconcile()
      if (!batch.configChanged && batch.changes.length === 0 && update.routes.length === 0 && update.removed.length === 0) return
      handler.reloadRedirects()
      printDiagnostics(
        reporter,
        update.diagnostics.filter((d) => d.severity === 'error' || batch.changes.some((c) => c.path === d.file)),
        where,
      )
      // a change of language is news, also back to the default
      if (update.language) reporter.err(reporter.colors.dim(detectedLanguageLine(update.language.lang)))
      reporter.err(
        reporter.colors.dim(`↻ ${update.routes.length} page${update.routes.length === 1 ? '' : 's'} updated in ${update.durationMs} ms`),
      )
      handler.broadcast(
        // another language changes every page and the texts the scripts carry: the open pages load again
        { routes: update.routes, removed: update.removed, reload: batch.configChanged || update.language !== undefined },
        toProblems([...configFailure, ...configProblems, ...update.diagnostics], options.root),
      )
    } catch (error) {
      // a config that cannot be run is the author's to fix: its place and message, no stack, in the terminal and over
      // the open pages; the site built from the last good config stays served
      if (error instanceof ConfigError || error instanceof SlotError) {
        printUsageError(reporter, error)
        configFailure = [error instanceof SlotError ? error.toDiagnostic() : error.toDiagnostic(options.root)]
        handler.broadcast({ routes: [], removed: [], reload: false }, toProblems([...configFailure, ...configProblems], options.root))
      } else reporter.err(`${reporter.colors.red('error')}  rebuild failed: ${(error as Error).stack ?? error}`)
    }
  }
  watcher.start(apply)
  await watcher.ready
  void session.warmUp() // in the background, once everything else is ready

  return {
    server,
    url,
    session,
    settled: () => watcher.settled(),
    async close() {
      await watcher.close()
      handler.close()
      await new Promise<void>((done) => server.close(() => done()))
      await session.close()
      claimed?.lock.release()
    },
  }
}

export async function run(options: DevOptions, reporter: Reporter = createReporter()): Promise<number> {
  let dev: DevServer
  try {
    dev = await startDevServer(options, reporter)
  } catch (error) {
    if (isUsageError(error)) printUsageError(reporter, error)
    else reporter.err(`${reporter.colors.red('error')}  ${(error as Error).message}`)
    return 1
  }
  reporter.out(
    `${reporter.colors.green('➜')} dev server at ${reporter.colors.cyan(dev.url)} ${reporter.colors.dim(`(${dev.session.initial.stats.pages} page${dev.session.initial.stats.pages === 1 ? '' : 's'}, watching ${options.root})`)}`,
  )
  return new Promise(() => {})
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * An HTTP server that listens before it has anything to serve: requests wait until `serve` hands it the handler, and
 * are answered 503 when the start fails (`abandon`, which also closes the server so the process can exit).
 */
function createEarlyServer(): { server: Server; serve(handler: RequestHandler): void; abandon(): Promise<void> } {
  let handle: RequestHandler | undefined
  const waiting: [IncomingMessage, ServerResponse][] = []
  const server = createServer((req, res) => (handle ? handle(req, res) : waiting.push([req, res])))
  return {
    server,
    serve(handler) {
      handle = handler
      for (const [req, res] of waiting.splice(0)) handler(req, res)
    },
    async abandon() {
      for (const [, res] of waiting.splice(0))
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('wikigen dev could not start; see its terminal.\n')
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((done) => server.close(() => done()))
    },
  }
}

/** Error diagnostics as the overlay shows them, with the file named as on the terminal. */
function toProblems(diagnostics: readonly Diagnostic[], root: string): DevProblem[] {
  const prefix = relative(process.cwd(), root) || '.'
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ file: d.file ? `${prefix}/${d.file}` : prefix, line: d.line, column: d.column, message: d.message, hint: d.hint }))
}
