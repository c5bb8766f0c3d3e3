/**
 * The build, in the order data flows:
 *
 *     discoverContent ─▶ compile (workers: read, parse, cache) ─▶ linkSite ─▶ render (workers: write routes)
 *                                                                        └─▶ emitters ─▶ staging ─▶ swap into out
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { resolveConfig, type ResolvedConfig, type UserConfig } from './config.js'
import { ASSETS_DIR } from './constants.js'
import { sortDiagnostics, type Diagnostic } from './diagnostics.js'
import { createRenderJobs, fingerprintOf, type RenderJob } from './emit/page-routes.js'
import type { ClientAssets } from './emit/render-document.js'
import type { OutputFile } from './emit/output-file.js'
import { redirects } from './emit/redirects.js'
import { searchIndex } from './emit/search-index.js'
import { createSitemap } from './emit/sitemap.js'
import { readGitInfo, type GitInfoResult } from './git-info.js'
import { linkSite, type Site } from './link-site.js'
import { discoverContent, readSource, type ContentFiles, type ContentRef } from './load.js'
import type { SourceFile } from './parse-page.js'
import type { PageMeta } from './resolve-links.js'
import { loadSourceStamps } from './source-stamps.js'
import { tryLockCache, type CacheLock } from './cache-lock.js'
import { onInterrupt } from './interrupt.js'
import { resolveOutputFolder } from './output-folder.js'
import { UsageError } from './usage-error.js'
import { createPool, type TaskPool } from './workers/pool.js'
import { createStaging, discardStaging, reuseFile, swapInOutput, writeFiles } from './write-output.js'

export type BuildPhase = 'compile' | 'render'

export interface BuildOptions {
  /** Content root (folder of markdown). */
  root: string
  /**
   * Output folder, replaced as a whole on success. It must be new, empty or an earlier output of wikigen, and may not
   * hold the content root, the working directory or the home folder (see output-folder.ts).
   */
  out: string
  /** Working directory and home folder for that check; default process.cwd() and os.homedir(). */
  cwd?: string
  home?: string
  /** Configuration as loaded from wikigen.config.ts; defaults apply to what is missing. */
  config?: UserConfig
  /** Base path override (CLI --base). */
  base?: string
  /** Worker threads; default: one per core for sites of 64 pages or more, none below. */
  workers?: number
  /** The bundled worker entry; without it everything runs on the main thread. */
  workerFile?: string
  /** Build cache folder; false for none. Default: none. */
  cacheDir?: string | false
  /** The lock of `cacheDir`, when the caller holds it already (a dev session holds it for as long as it runs). */
  cacheLock?: CacheLock
  /** Salt for cache keys: changes whenever the compiler code changes. */
  cacheSalt?: string
  /** Folder with the built client (manifest.json and the files it names). */
  clientDir?: string
  /** Dev server build: no analytics. */
  dev?: boolean
  onProgress?: (phase: BuildPhase, done: number, total: number) => void
  /** Clock for durations, replaceable in tests. */
  now?: () => number
}

export interface BuildResult {
  site: Site
  /** Every compiled page, also those left out of the site (duplicate slugs). */
  compiled: PageMeta[]
  /** What the pages were built from: the content files, git history and client. */
  content: ContentFiles
  git: GitInfoResult
  client: { assets: ClientAssets; files: OutputFile[] }
  config: ResolvedConfig
  diagnostics: Diagnostic[]
  pages: number
  cachedPages: number
  /** Routes rendered in this build, and routes taken unchanged from the previous output. */
  renderedPages: number
  reusedPages: number
  bytes: number
  durationMs: number
  /** Where the time went, phase by phase (the phases overlap nothing: each starts when the one before ended). */
  timings: { phase: string; ms: number }[]
}

const COMPILE_BATCH = 24
const RENDER_BATCH = 48

/** Options for the stages before output: where the content is and how to compile it. */
export type CheckOptions = Omit<BuildOptions, 'out' | 'clientDir' | 'dev' | 'cwd' | 'home'>

export interface CheckResult {
  site: Site
  config: ResolvedConfig
  /** Everything found while reading, compiling and linking (not git, not rendering). */
  diagnostics: Diagnostic[]
  cachedPages: number
}

/**
 * Reads, compiles and links the content without writing anything: what `check-links` and `search` need.
 */
export async function checkSite(options: CheckOptions): Promise<CheckResult> {
  const config = resolveConfig(options.config, { base: options.base })
  const content = await discoverContent(requireRoot(options.root))
  return withPool(options, content.markdown.length, async (pool, cached) => {
    const { site, diagnostics, cachedPages, compiled } = await compileAndLink(content, config, pool, cached, () => {})
    if (cached.cacheDir) pool.store.commit(compiled)
    return { site, diagnostics, cachedPages, config }
  })
}

/** Builds the site of `options.root` into `options.out`. Content mistakes come back as diagnostics; only bugs throw. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const now = options.now ?? Date.now
  const started = now()
  const timings: BuildResult['timings'] = []
  let last = started
  const mark = (phase: string) => {
    const at = now()
    timings.push({ phase, ms: at - last })
    last = at
  }
  const config = resolveConfig(options.config, { base: options.base })
  const root = requireRoot(options.root)
  const out = resolveOutputFolder(options.out, { root, cwd: options.cwd, home: options.home })
  const client = readClientManifest(options.clientDir, config.site.base)
  const content = await discoverContent(root, { skip: [out] })
  if (content.markdown.length === 0) {
    content.diagnostics.push({
      severity: 'warning', code: 'no-pages', file: '', line: 0, column: 0,
      message: `Content folder ${JSON.stringify(options.root)} holds no markdown page; the site has only its 404 page`,
      hint: 'Check --root: it names the folder with the .md files (the Obsidian vault).',
    })
  }
  content.assets = content.assets.filter((asset) => fitsOutput(asset, out, content.diagnostics))
  const gitInfo = readGitInfo(root)
  mark('discover')
  return withPool(options, content.markdown.length, async (pool, cached) => {
    const staging = await createStaging(out)
    const forgetStaging = onInterrupt(() => rmSync(staging, { recursive: true, force: true }))
    try {
      const { site, diagnostics, cachedPages, compiled } = await compileAndLink(content, config, pool, cached, mark)
      const git = await gitInfo
      mark('git (rest)')
      const { jobs, diagnostics: jobDiagnostics } = createRenderJobs(site, { git: git.byPath, assets: client.assets, dev: options.dev })
      diagnostics.push(...jobDiagnostics, ...git.diagnostics)
      mark('prepare routes')

      const render = await renderAll(jobs, staging, pool, cached, out)
      mark('render')
      let bytes = render.bytes
      const files: OutputFile[] = [
        ...searchIndex.emit(site),
        ...redirects.emit(site),
        ...createSitemap(site, git.byPath),
        ...site.assets.map((asset) => ({ path: asset.path, copyFrom: asset.absolute })),
        ...client.files,
      ]
      bytes += await writeFiles(staging, files, out)
      mark('search index, redirects, assets')
      await swapInOutput(staging, out)
      forgetStaging()
      mark('swap')
      const cacheDir = cached.shared && cached.cacheDir
      if (cacheDir) {
        pool.store.commit(compiled)
        writeFileSync(renderStateFile(cacheDir), JSON.stringify(render.state))
        mark('cache')
      }
      return {
        site, compiled, content, git, client, config, diagnostics: sortDiagnostics(diagnostics), pages: site.pages.length, cachedPages, bytes,
        renderedPages: render.rendered, reusedPages: render.reused, durationMs: now() - started, timings,
      }
    } catch (error) {
      forgetStaging()
      // the build's own error is the one to report, whatever happens to the staging folder
      await discardStaging(staging).catch(() => undefined)
      throw error
    }
  })
}

/** Longest path the file system takes (Linux's PATH_MAX less its terminating NUL). */
const MAX_PATH_BYTES = 4095

/**
 * False, with a diagnostic, for an asset whose copy in the staging folder would have a longer path than the file
 * system allows: deep folders of an Obsidian vault near that limit, built into a folder with a longer path.
 */
function fitsOutput(asset: ContentRef, out: string, diagnostics: Diagnostic[]): boolean {
  const staged = `${out}.staging-${'x'.repeat(28)}/${asset.path}`
  if (Buffer.byteLength(staged) <= MAX_PATH_BYTES) return true
  diagnostics.push({
    severity: 'error', code: 'path-too-long', file: asset.path, line: 0, column: 0,
    message: `Path is too long to be copied into the output folder (${Buffer.byteLength(staged)} of at most ${MAX_PATH_BYTES} bytes); it is left out`,
    hint: 'Move the file into a folder closer to the content root, or build into a folder with a shorter path.',
  })
  return false
}

/** The content root, checked to be a folder: a missing one is a usage mistake, not a bug. */
function requireRoot(root: string): string {
  const info = statSync(root, { throwIfNoEntry: false })
  if (!info) throw new UsageError(`Content folder ${JSON.stringify(root)} does not exist`, 'Name the folder of markdown with --root, e.g. --root docs.', 'missing-root')
  if (!info.isDirectory()) throw new UsageError(`Content folder ${JSON.stringify(root)} is a file, not a folder`, 'Name the folder that holds the markdown with --root.', 'missing-root')
  return root
}

/** An explicit worker count (CLI --workers) uses the workers for any amount of work. */
function forcesWorkers(options: CheckOptions): boolean {
  return options.workers !== undefined && options.workers > 0
}

/**
 * The options a build's stages see once the cache is settled: `cacheDir` is the folder they really use (the shared
 * cache, a private temporary one, or none), and `shared` says whether it outlives the build.
 */
type CachedOptions = CheckOptions & { shared: boolean }

/**
 * Runs `work` with a task pool sized for `pages` pages and the build cache locked, and always closes both. When another
 * build holds the cache, this one works in a private temporary cache instead (see cache-lock.ts). Interrupted
 * (Ctrl-C), the pool stops and the temporary cache goes.
 */
async function withPool<T>(options: CheckOptions, pages: number, work: (pool: TaskPool, cached: CachedOptions) => Promise<T>): Promise<T> {
  const wanted = options.workers ?? (pages >= 64 ? Math.max(1, availableParallelism()) : 0)
  const workers = options.workerFile && existsSync(options.workerFile) ? wanted : 0
  const ownLock = options.cacheDir && !options.cacheLock ? tryLockCache(options.cacheDir) : undefined
  const shared = Boolean(options.cacheDir && (options.cacheLock ?? ownLock))
  const temporaryCache = !shared && (workers > 0 || options.cacheDir) ? await mkdtemp(join(tmpdir(), 'wikigen-cache-')) : undefined
  const cacheDir = shared ? (options.cacheDir as string) : temporaryCache
  const pool = createPool({ size: workers, workerFile: options.workerFile, cacheDir })
  const cleanUp = async () => {
    await pool.close()
    if (temporaryCache) await rm(temporaryCache, { recursive: true, force: true, maxRetries: 3 })
    ownLock?.release()
  }
  const forget = onInterrupt(cleanUp)
  try {
    return await work(pool, { ...options, cacheDir, shared })
  } finally {
    forget()
    // best effort: a temporary folder left behind must not replace the build's own result or error
    await cleanUp().catch(() => undefined)
  }
}

async function compileAndLink(content: ContentFiles, config: ResolvedConfig, pool: TaskPool, options: CachedOptions, mark: (phase: string) => void) {
  const diagnostics: Diagnostic[] = [...content.diagnostics]
  const compiled = await compileAll(content.markdown, pool, options, diagnostics)
  mark('compile')
  const site = linkSite(compiled.pages, content.assets, config)
  mark('link')
  diagnostics.push(...compiled.pages.flatMap((p) => p.diagnostics), ...site.diagnostics)
  return { site, diagnostics, cachedPages: compiled.cached, compiled: compiled.pages }
}

/** Work below this size per batch runs on the main thread: starting workers would cost more than it saves. */
const PARALLEL_THRESHOLD = 8
const READ_AHEAD = 4

/**
 * Reads every source (main thread: cheap), takes unchanged pages from the cache, and sends the rest to the
 * workers batch by batch, with a bounded number of batches in flight so texts stream through.
 */
async function compileAll(refs: ContentRef[], pool: TaskPool, options: CachedOptions, diagnostics: Diagnostic[]) {
  const cacheDir = options.cacheDir || undefined
  const stamps = loadSourceStamps(cacheDir, options.cacheSalt ?? '', Date.now())
  const pages: PageMeta[] = []
  let cached = 0
  let done = 0
  const inFlight = new Set<Promise<void>>()
  /** A page from the cache when the file's stamp is unchanged, else the file's text to compile (or nothing when unreadable). */
  const load = async (ref: ContentRef): Promise<PageMeta | SourceFile | undefined> => {
    // synchronous: thousands of stats of cached inodes finish sooner than their trips through the thread pool
    const info = cacheDir ? statSync(ref.absolute, { throwIfNoEntry: false }) : undefined
    const knownHash = info && stamps.hashOf(ref.path, info)
    const known = knownHash && pool.store.meta(knownHash)
    if (known) return known
    try {
      const source = await readSource(ref, options.cacheSalt ?? '')
      if (info) stamps.record(ref.path, info, source.contentHash)
      return source
    } catch (error) {
      diagnostics.push({
        severity: 'error', code: 'unreadable-file', file: ref.path, line: 0, column: 0,
        message: `File cannot be read: ${(error as Error).message}`, hint: 'Check that the file exists and is readable.',
      })
      return undefined
    }
  }
  for (const batch of chunk(refs, COMPILE_BATCH)) {
    const loaded = await Promise.all(batch.map(load))
    const misses: SourceFile[] = []
    for (const source of loaded) {
      if (!source) continue
      if (!('text' in source)) {
        pages.push(source)
        cached++
        continue
      }
      if (source.diagnostics.some((d) => d.code === 'unreadable-file')) {
        diagnostics.push(...source.diagnostics)
        continue
      }
      const meta = pool.store.meta(source.contentHash)
      if (meta) {
        pages.push(meta)
        cached++
      } else misses.push(source)
    }
    done += batch.length - misses.length
    options.onProgress?.('compile', done, refs.length)
    if (misses.length === 0) continue
    const task = pool.run({ type: 'compile', sources: misses }, forcesWorkers(options) || misses.length >= PARALLEL_THRESHOLD).then((result) => {
      pages.push(...result.pages)
      done += misses.length
      options.onProgress?.('compile', done, refs.length)
    })
    inFlight.add(task)
    void task.finally(() => inFlight.delete(task))
    if (inFlight.size >= READ_AHEAD) await Promise.race(inFlight)
  }
  await Promise.all(inFlight)
  stamps.save()
  return { pages, cached }
}

/** Fingerprints of the routes of the last build written to an output folder (kept in the cache folder). */
interface RenderState {
  out: string
  files: Record<string, string>
}

function renderStateFile(cacheDir: string): string {
  return join(cacheDir, 'render-state.json')
}

function readRenderState(cacheDir: string | undefined, out: string): RenderState['files'] | undefined {
  if (!cacheDir || !existsSync(renderStateFile(cacheDir))) return undefined
  try {
    const state = JSON.parse(readFileSync(renderStateFile(cacheDir), 'utf8')) as RenderState
    return state.out === resolve(out) ? state.files : undefined
  } catch {
    return undefined
  }
}

/**
 * Renders the routes into the staging folder. With a cache, a route whose fingerprint equals the one it had in the
 * previous build of the same output folder is hard-linked from there instead of rendered again.
 */
async function renderAll(jobs: RenderJob[], staging: string, pool: TaskPool, options: CachedOptions & Pick<BuildOptions, 'onProgress'>, out: string) {
  const cacheDir = options.shared && options.cacheDir ? options.cacheDir : undefined
  const previous = readRenderState(cacheDir, out)
  const state: RenderState = { out: resolve(out), files: {} }
  const toRender: RenderJob[] = []
  const folders = new Set<string>()
  let reused = 0
  for (const job of jobs) {
    if (!cacheDir) {
      toRender.push(job)
      continue
    }
    const fingerprint = fingerprintOf(job, options.cacheSalt ?? '')
    state.files[job.file] = fingerprint
    if (previous?.[job.file] === fingerprint && reuseFile(join(out, job.file), join(staging, job.file), folders)) reused++
    else toRender.push(job)
  }
  let bytes = 0
  let done = reused
  options.onProgress?.('render', done, jobs.length)
  const parallel = forcesWorkers(options) || toRender.length >= PARALLEL_THRESHOLD * 4
  await Promise.all(chunk(toRender, RENDER_BATCH).map(async (batch) => {
    const result = await pool.run({ type: 'render', jobs: batch, outDir: staging }, parallel)
    bytes += result.bytes
    done += batch.length
    options.onProgress?.('render', done, jobs.length)
  }))
  return { bytes, rendered: toRender.length, reused, state }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

interface ClientManifest {
  styles: string[]
  headScript?: string
  entry?: string
  files: string[]
}

/**
 * The built client files (see scripts/bundle.mjs) as hrefs and as output files; none without a client folder (tests of
 * the compiler alone). A client folder whose manifest or files are missing or torn (a bundle running meanwhile) fails
 * the build before anything is written: a site without its CSS and JavaScript is no success.
 */
export function readClientManifest(clientDir: string | undefined, base: string): { assets: ClientAssets; files: OutputFile[] } {
  if (!clientDir) return { assets: { styles: [] }, files: [] }
  const manifestFile = join(clientDir, 'manifest.json')
  const broken = (why: string): never => {
    throw new UsageError(`The built client of wikigen is incomplete: ${why}`, 'Run "npm run bundle" in the wikigen folder (or reinstall wikigen), then build again.', 'missing-client')
  }
  let manifest: ClientManifest
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest
  } catch (error) {
    return broken(`${manifestFile} cannot be read (${(error as Error).message})`)
  }
  if (!Array.isArray(manifest.files) || !Array.isArray(manifest.styles)) return broken(`${manifestFile} is not a client manifest`)
  const missing = manifest.files.find((file) => !existsSync(join(clientDir, file)))
  if (missing) broken(`${join(clientDir, missing)} is missing`)
  const href = (file: string) => `${base}${ASSETS_DIR}/${file}`
  return {
    assets: {
      styles: manifest.styles.map(href),
      headScript: manifest.headScript && href(manifest.headScript),
      entry: manifest.entry && href(manifest.entry),
    },
    files: manifest.files.map((file) => ({ path: `${ASSETS_DIR}/${file}`, copyFrom: join(clientDir, file), immutable: true })),
  }
}
