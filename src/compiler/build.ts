/**
 * The build, in the order data flows:
 *
 *     discoverSite ─▶ compilePages ─▶ linkSite ─▶ renderRoutes ─▶ emitFiles ─▶ swapInOutput
 *     (load.ts)       (workers:       (main       (workers:        (search index,  (staging folder
 *                      read, parse,    thread)     write routes)    redirects, …)   replaces the output)
 *                      cache)
 *
 * Each step is a function in its own module; this one only wires them, holds the build's scope (cache, workers,
 * Ctrl-C cleanup: build-scope.ts) and times the phases.
 */
import { rmSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { BuildScope, MarkdownHooks, ScopeOptions } from './build-scope.js'
import { withBuildScope } from './build-scope.js'
import { readClientManifest, type ClientBundle } from './client-manifest.js'
import { compilePages, type CompileOptions } from './compile.js'
import { saltWithHooks } from './config-module.js'
import { markdownPluginsOf } from './markdown/plugins.js'
import { siteLabels } from './site-labels.js'
import { resolveConfig, type ResolvedConfig, type UserConfig } from './config.js'
import { sortDiagnostics, type Diagnostic } from './diagnostics.js'
import { discoverSite } from './discover.js'
import type { OutputFile } from './emit/output-file.js'
import { evaluateBases, fileTimes } from './bases-site.js'
import {
  fullTextMetaFile,
  fullTextSources,
  keepsBase,
  readFullTextState,
  saveFullTextState,
  stateIn,
  type FullTextMergeResult,
  type FullTextSource,
  type FullTextState,
} from './emit/fulltext-index.js'
import { FULLTEXT_DIR } from '../shared/fulltext/format.js'

import { createRenderJobs, type RenderJob } from './emit/page-routes.js'
import { emitFiles } from './emitters.js'
import { readGitInfo, type GitInfoResult } from './git-info.js'
import { onInterrupt } from './interrupt.js'
import { linkSite, type LinkOptions, type Site } from './link-site.js'
import { outputPathOf, type ContentFiles } from './load.js'
import { settleOutputClaims, type OutputClaim } from './output-claims.js'
import { resolveOutputFolder } from './output-folder.js'
import { loadRenderCache } from './render-cache.js'
import { renderRoutes } from './render.js'
import type { CompiledPage } from './page.js'
import { createStaging, discardStaging, swapInOutput, writeFiles } from './write-output.js'

/** Sites from this many pages merge their full-text index on a worker; smaller ones on the main thread. */
const FULLTEXT_WORKER_PAGES = 200

export type BuildPhase = 'compile' | 'render'

export interface BuildOptions extends ScopeOptions {
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
  /** Salt for cache keys: changes whenever the compiler code changes. */
  cacheSalt?: string
  /**
   * The bundled config module (loadConfig in the CLI), for the build workers when the config has markdown hooks:
   * without it such a config's pages are compiled on the main thread.
   */
  configModule?: string
  /** Folder with the built client (manifest.json and the files it names); none in tests of the compiler alone. */
  clientDir?: string
  /** Dev server build: no analytics. */
  dev?: boolean
  /** Keep pages marked `draft: true` or `publish: false` (dev server preview). */
  drafts?: boolean
  onProgress?: (phase: BuildPhase, done: number, total: number) => void
  /** Clock for durations, replaceable in tests. */
  now?: () => number
}

/** Figures of a build, for the terminal and the benchmark. */
export interface BuildStats {
  pages: number
  /** Pages taken from the build cache instead of compiled. */
  cachedPages: number
  /** Routes rendered in this build, and routes taken unchanged from the previous output. */
  renderedPages: number
  reusedPages: number
  /** Bytes of HTML and other files written (hard-linked routes and copied files not counted). */
  bytes: number
  durationMs: number
  /** Where the time went, phase by phase (the phases overlap nothing: each starts when the one before ended). */
  timings: { phase: string; ms: number }[]
}

/** What an incremental session (`wikigen dev`) continues from: the inputs and intermediate records of a build. */
export interface BuildState {
  /** Every compiled page, also those left out of the site (duplicate slugs). */
  compiled: CompiledPage[]
  /** The content files the pages and assets were read from. */
  content: ContentFiles
  git: GitInfoResult
  client: ClientBundle
  config: ResolvedConfig
  /** The full-text index written, for the next one to start from. */
  fullText: FullTextState
}

export interface BuildResult {
  site: Site
  /** Every problem found, sorted by file and position. */
  diagnostics: Diagnostic[]
  stats: BuildStats
  state: BuildState
}

/** Options for the stages before output: where the content is and how to compile it. */
export type CheckOptions = Omit<BuildOptions, 'out' | 'clientDir' | 'dev' | 'cwd' | 'home' | 'drafts'>

export interface CheckResult {
  site: Site
  config: ResolvedConfig
  /** Everything found while reading, compiling and linking (not git, not rendering). */
  diagnostics: Diagnostic[]
  cachedPages: number
}

/** Reads, compiles and links the content without writing anything: what `check-links` and `search` need. */
export async function checkSite(given: CheckOptions): Promise<CheckResult> {
  const config = resolveConfig(given.config, { base: given.base, contentFolderName: basename(resolve(given.root)) })
  const options = withMarkdownHooks(given, config)
  const content = await discoverSite(options.root, undefined, config.exclude)
  return withBuildScope(options, content.markdown.length, async (scope) => {
    const { site, diagnostics, compiled } = await compileAndLink(content, config, scope, options)
    diagnostics.push(...evaluateBases(site, fileTimes(options.root, new Map())))
    if (scope.cacheDir) scope.pool.store.commit(compiled.pages)
    return { site, diagnostics, cachedPages: compiled.cached, config }
  })
}

/** Builds the site of `options.root` into `options.out`. Content mistakes come back as diagnostics; only bugs throw. */
export async function build(given: BuildOptions): Promise<BuildResult> {
  const clock = createClock(given.now ?? Date.now)
  const config = resolveConfig(given.config, { base: given.base, contentFolderName: basename(resolve(given.root)) })
  const options = withMarkdownHooks(given, config)
  const out = resolveOutputFolder(options.out, { root: options.root, cwd: options.cwd, home: options.home })
  const client = readClientManifest(options.clientDir, config.site.base)
  const content = await discoverSite(options.root, out, config.exclude)
  const gitInfo = readGitInfo(options.root)
  clock.mark('discover')
  return withBuildScope(options, content.markdown.length, async (scope) => {
    const staging = await createStaging(out)
    let fullText: Promise<unknown> | undefined
    let fullTextHere = false
    // an index written on this thread may still be writing into the staging folder: it finishes before the folder
    // goes (one on a worker stopped with the worker)
    const forgetStaging = onInterrupt(async () => {
      if (fullTextHere) await fullText
      rmSync(staging, { recursive: true, force: true })
    })
    try {
      // the full-text index is merged on a worker from the moment the pages are compiled, while the main thread
      // links, prepares and renders the routes; its meta file follows once the pages have their URLs
      let indexing: Promise<FullTextMergeResult> | undefined
      let sources: FullTextSource[] = []
      const { site, diagnostics, compiled } = await compileAndLink(content, config, scope, options, clock.mark, (pages) => {
        sources = fullTextSources(pages, config, { drafts: options.drafts })
        const previous = scope.shared ? readFullTextState(scope.cacheDir!) : undefined
        // a delta is merged here, at once; a new base of a large site on a worker, beside linking and rendering
        const parallel = sources.length >= FULLTEXT_WORKER_PAGES && !keepsBase(sources, previous)
        fullTextHere = !(parallel && scope.pool.threads)
        indexing = scope.pool.run({ type: 'fulltext', sources, outDir: staging, previousDir: out, previous }, parallel)
        fullText = indexing.catch(() => undefined)
      })
      const git = await gitInfo
      clock.mark('git (rest)')
      diagnostics.push(...evaluateBases(site, fileTimes(options.root, git.byPath)))
      const made = createRenderJobs(site, { git: git.byPath, assets: client.assets, dev: options.dev })
      const emitted = emitFiles(site, { git: git.byPath, client })
      const { jobs, files, diagnostics: pathDiagnostics } = settleOutputs(site, made.jobs, emitted)
      diagnostics.push(...made.diagnostics, ...git.diagnostics, ...pathDiagnostics)
      clock.mark('prepare routes')

      const renderCache = loadRenderCache(scope.shared ? scope.cacheDir : undefined, out)
      const render = await renderRoutes(jobs, { staging, out }, scope, renderCache, options)
      clock.mark('render')
      const bytes = render.bytes + (await writeFiles(staging, files, out))
      clock.mark('search index, redirects, assets')
      const merged = await indexing!
      const metaBytes = await writeFiles(staging, [fullTextMetaFile(site, merged, sources)], out)
      clock.mark('full-text index (rest)')
      await swapInOutput(staging, out)
      forgetStaging()
      const fullTextState = stateIn(out, merged.state)
      clock.mark('swap')
      if (scope.shared) {
        scope.pool.store.commit(compiled.pages)
        renderCache?.save()
        saveFullTextState(scope.cacheDir!, fullTextState)
        clock.mark('cache')
      }
      return {
        site,
        diagnostics: sortDiagnostics(diagnostics),
        stats: {
          pages: site.pages.length,
          cachedPages: compiled.cached,
          renderedPages: render.rendered,
          reusedPages: render.reused,
          bytes: bytes + merged.bytes + metaBytes,
          durationMs: clock.elapsed(),
          timings: clock.timings,
        },
        state: { compiled: compiled.pages, content, git, client, config, fullText: fullTextState },
      }
    } catch (error) {
      // the index may still be writing into the staging folder: let it finish before the folder goes
      await fullText
      forgetStaging()
      // the build's own error is the one to report, whatever happens to the staging folder
      await discardStaging(staging).catch(() => undefined)
      throw error
    }
  })
}

/**
 * Gives every output path one owner (output-claims.ts): generated files first, then page routes, content assets and
 * redirect pages. What loses is left out, with an error naming both.
 */
function settleOutputs(site: Site, jobs: RenderJob[], emitted: { emitter: string; files: OutputFile[] }[]) {
  const sourceOfBody = new Map(site.pages.map((p) => [p.page.contentHash, p.page.sourcePath]))
  const assetSources = new Map(site.assets.map((asset) => [outputPathOf(asset), asset.path]))
  const redirectSources = new Map(site.redirects.map((r) => [r.from.slice(site.config.site.base.length), r]))
  // the full-text index's folder, written by a worker after the claims are settled, belongs to it as a whole
  const generated: OutputClaim[] = [{ path: FULLTEXT_DIR, owner: 'the full-text index' }]
  const pages: OutputClaim[] = []
  const assets: OutputClaim[] = []
  const redirects: OutputClaim[] = []
  const claimOf = new Map<OutputClaim, RenderJob | OutputFile>()
  for (const job of jobs) {
    const source = job.bodyHash ? sourceOfBody.get(job.bodyHash) : undefined
    const claim: OutputClaim = source
      ? { path: job.file, owner: `page "${source}"`, source }
      : { path: job.file, owner: job.file === '404.html' ? 'the generated 404 page' : `the generated page "${job.file}"` }
    ;(source ? pages : generated).push(claim)
    claimOf.set(claim, job)
  }
  for (const { emitter, files } of emitted) {
    for (const file of files) {
      const redirect = emitter === 'redirects' ? redirectSources.get(file.path) : undefined
      const asset = emitter === 'assets' ? assetSources.get(file.path) : undefined
      const claim: OutputClaim = redirect
        ? { path: file.path, owner: `the redirect from "${redirect.from}" to "${redirect.to}"`, source: redirect.source }
        : asset
          ? { path: file.path, owner: `file "${asset}"`, source: asset }
          : { path: file.path, owner: `the ${emitter}` }
      ;(redirect ? redirects : asset ? assets : generated).push(claim)
      claimOf.set(claim, file)
    }
  }
  const { refused, diagnostics } = settleOutputClaims([...generated, ...pages, ...assets, ...redirects])
  const kept = (claims: OutputClaim[]) =>
    claims.flatMap((claim) => {
      const item = refused.has(claim) ? undefined : claimOf.get(claim)
      return item ? [item] : []
    })
  return {
    jobs: kept([...generated, ...pages]).filter((item): item is RenderJob => 'input' in item),
    files: kept([...generated, ...assets, ...redirects]).filter((item): item is OutputFile => !('input' in item)),
    diagnostics,
  }
}

/**
 * The options of a build of a config with markdown hooks: the hooks for the pool (and the config module for its
 * workers), and a cache salt that changes with the hooks' code. Without hooks, the options as they are.
 */
export function withMarkdownHooks<T extends CheckOptions>(options: T, config: ResolvedConfig): T & { markdown?: MarkdownHooks } {
  const plugins = markdownPluginsOf(config.markdown)
  if (!plugins) return options
  const hooks = Object.values(plugins).flat()
  return {
    ...options,
    cacheSalt: saltWithHooks(options.cacheSalt ?? '', options.configModule, hooks),
    markdown: { plugins, configModule: options.configModule },
  }
}

/** compilePages and linkSite, with every diagnostic found so far. */
async function compileAndLink(
  content: ContentFiles,
  config: ResolvedConfig,
  scope: BuildScope,
  options: CompileOptions & LinkOptions,
  mark: (phase: string) => void = () => {},
  afterCompile: (pages: readonly CompiledPage[]) => void = () => {},
) {
  const compiled = await compilePages(content.markdown, scope, options, siteLabels(config))
  mark('compile')
  afterCompile(compiled.pages)
  const site = linkSite(compiled.pages, content.assets, config, { drafts: options.drafts, attachmentFolder: content.attachmentFolder })
  mark('link')
  const diagnostics: Diagnostic[] = [
    ...content.diagnostics,
    ...compiled.diagnostics,
    ...compiled.pages.flatMap((p) => p.diagnostics),
    ...site.diagnostics,
  ]
  return { site, diagnostics, compiled }
}

/** Phase timings: each phase lasts from the end of the one before to its mark. */
function createClock(now: () => number) {
  const started = now()
  let last = started
  const timings: BuildStats['timings'] = []
  return {
    timings,
    mark(phase: string) {
      const at = now()
      timings.push({ phase, ms: at - last })
      last = at
    },
    elapsed: () => now() - started,
  }
}

export { readClientManifest } from './client-manifest.js'
