/**
 * The build, in the order data flows:
 *
 *     discoverSite ─▶ compilePages ─▶ linkSite ─▶ createRenderJobs, emitFiles ─▶ settleOutputs ─▶ renderRoutes ─▶ swapInOutput
 *     (discover/)     (workers:       (link/,     (emit/: routes, search        (output/: one    (workers:        (output/: the
 *                      read, parse,    main        index, redirects, …)          owner a path)    write routes)    staging folder
 *                      cache)          thread)                                                                    replaces the output)
 *
 * The full-text index is merged beside linking and rendering (workers/fulltext-job.ts), and the files emitFiles makes
 * are written while the workers render the routes. Each step is a function in its own phase folder; this module only
 * wires them, holds the build's scope (cache, workers, Ctrl-C cleanup: workers/build-scope.ts) and times the phases.
 * Its records (options, result, state) are in build-options.ts.
 */
import { rmSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import type { BuildOptions, BuildResult, BuildStats, CheckOptions, CheckResult } from './build-options.js'
import { DEFAULT_CONFIG, resolveConfig, softBreaksOf, withSiteLanguage, type ResolvedConfig, type UserConfig } from './config/config.js'
import { siteLabels } from './config/site-labels.js'
import { sortDiagnostics, type Diagnostic } from './diagnostics.js'
import { discoverSite } from './discover/discover.js'
import { readPublishSite } from './discover/publish-site.js'
import { readGitInfo } from './discover/git-info.js'
import type { ContentFiles } from './discover/load.js'
import { siteLanguageOf, type SiteLanguage } from './discover/vault-language.js'
import { readClientManifest } from './emit/client-manifest.js'
import { bundleThemeSlots, slotErrorOf } from './emit/theme-slots.js'
import { emitFiles } from './emit/emitters.js'
import { saveFullTextState } from './emit/fulltext-index.js'
import { createRenderJobs, type KnownRoutes } from './emit/page-routes.js'
import { evaluateBases, fileTimes } from './link/bases-site.js'
import { evaluateQueries, sourceReader } from './link/queries-site.js'
import { linkSite, type LinkOptions } from './link/link-site.js'
import { resolveOutputFolder } from './output/output-folder.js'
import { precompressFolder } from './output/precompress.js'
import { settleOutputs } from './output/settle-outputs.js'
import { createStaging, discardStaging, swapInOutput, writeFiles } from './output/write-output.js'
import { loadLanguageMemo } from './cache/language-memo.js'
import { keepKeyedFiles, loadRenderCache } from './cache/render-cache.js'
import { createRouteKeys, linkKeyOf, pageKeysOf } from './cache/route-keys.js'
import { loadSiteMemo, type SiteMemo } from './cache/site-memo.js'
import type { CompiledPage } from './parse/page.js'
import { withBuildScope, withMarkdownHooks, type BuildScope } from './workers/build-scope.js'
import { compilePages, type CompileOptions } from './workers/compile.js'
import { createFullTextJob } from './workers/fulltext-job.js'
import { onInterrupt } from './workers/interrupt.js'
import { fingerprintSalt, renderRoutes } from './workers/render.js'

export type { BuildOptions, BuildPhase, BuildResult, BuildState, BuildStats, CheckOptions, CheckResult } from './build-options.js'
export { readClientManifest } from './emit/client-manifest.js'
export { withMarkdownHooks } from './workers/build-scope.js'

/** Reads, compiles and links the content without writing anything: what `check-links` and `search` need. */
export async function checkSite(given: CheckOptions): Promise<CheckResult> {
  const publishSite = readPublishSite(given.root)
  const configured = resolveConfig(given.config, {
    base: given.base,
    contentFolderName: basename(resolve(given.root)),
    vault: publishSite.options,
  })
  const options = withMarkdownHooks(given, configured)
  const content = await discoverSite(options.root, undefined, configured.exclude)
  content.diagnostics.push(...publishSite.diagnostics)
  return withBuildScope(options, content.markdown.length, async (scope) => {
    const { config } = await languageOf(given.config, configured, content, scope)
    const { site, diagnostics, compiled } = await compileAndLink(content, config, scope, options)
    diagnostics.push(...evaluateBases(site, fileTimes(options.root, new Map())))
    evaluateQueries(site, sourceReader(options.root), fileTimes(options.root, new Map()))
    if (scope.cacheDir) scope.pool.store.commit(compiled.pages)
    return { site, diagnostics, cachedPages: compiled.cached, config }
  })
}

/** Builds the site of `options.root` into `options.out`. Content mistakes come back as diagnostics; only bugs throw. */
export async function build(given: BuildOptions): Promise<BuildResult> {
  const clock = createClock(given.now ?? Date.now)
  const publishSite = readPublishSite(given.root)
  const configured = resolveConfig(given.config, {
    base: given.base,
    contentFolderName: basename(resolve(given.root)),
    vault: publishSite.options,
  })
  const options = withMarkdownHooks(given, configured)
  const out = resolveOutputFolder(options.out, { root: options.root, cwd: options.cwd, home: options.home })
  const manifest = readClientManifest(options.clientDir, configured.site.base)
  // the theme's slots, bundled once; one that does not compile stops the build before anything is written
  const slots = await bundleThemeSlots(options.root, configured)
  const client = slots ? { ...manifest, files: [...manifest.files, ...slots.files] } : manifest
  const content = await discoverSite(options.root, out, configured.exclude)
  content.diagnostics.push(...publishSite.diagnostics)
  const gitInfo = readGitInfo(options.root)
  clock.mark('discover')
  return withBuildScope(options, content.markdown.length, async (scope) => {
    const { config, language } = await languageOf(given.config, configured, content, scope)
    clock.mark('language')
    const staging = await createStaging(out)
    const fullText = createFullTextJob({ config, scope, staging, out, drafts: options.drafts })
    // an index written on this thread may still be writing into the staging folder: it finishes before the folder goes
    const forgetStaging = onInterrupt(async () => {
      await fullText.settledHere()
      rmSync(staging, { recursive: true, force: true })
    })
    try {
      const memo = loadSiteMemo(scope.shared ? scope.cacheDir : undefined)
      const { site, diagnostics, compiled, linkKey } = await compileAndLink(
        content,
        config,
        scope,
        options,
        clock.mark,
        fullText.start,
        memo,
      )
      const git = await gitInfo
      clock.mark('git (rest)')
      const times = fileTimes(options.root, git.byPath)
      diagnostics.push(...evaluateBases(site, times))
      evaluateQueries(site, sourceReader(options.root), times)
      const renderCache = loadRenderCache(scope.shared ? scope.cacheDir : undefined, out)
      const salt = fingerprintSalt({ ...options, slots })
      const keyOf =
        linkKey === undefined
          ? undefined
          : createRouteKeys({ linkKey, site, git: git.byPath, client: client.assets, salt, dev: options.dev })
      // a route whose key is unchanged keeps its fingerprint and output: its job is made only if something reads it
      const known: KnownRoutes | undefined = renderCache &&
        keyOf && {
          keyOf,
          problemsOf: renderCache.problemsOf,
          keep: renderCache.keepProblems,
          site: keyOf.site,
          generatedOf: renderCache.generatedOf,
          keepGenerated: renderCache.keepGenerated,
        }
      const made = createRenderJobs(site, { git: git.byPath, assets: client.assets, dev: options.dev }, known)
      const store = scope.pool.store
      const emitted = emitFiles(site, {
        git: git.byPath,
        client,
        feed: { times, searchData: (hash) => store.searchData(hash) },
        routes: made.jobs,
      })
      const { jobs, files, redirects, diagnostics: pathDiagnostics } = settleOutputs(site, made.jobs, emitted)
      keepKeyedFiles(files, renderCache, keyOf?.site)
      diagnostics.push(...made.diagnostics, ...git.diagnostics, ...pathDiagnostics)
      clock.mark('prepare routes')

      // the other files and the full-text index's meta file are written while the workers render
      const [render, fileBytes, fullTextBytes] = await allOf([
        renderRoutes(jobs, { staging, out }, scope, renderCache, { ...options, slots, keyOf }),
        writeFiles(staging, files, out),
        fullText.finish(site),
      ] as const)
      clock.mark('render, other files, full-text index (rest)')
      // a slot component that threw left its place empty: no such site replaces the last output
      const slotFailure = render.slotFailures[0]
      if (slotFailure) throw slotErrorOf(slotFailure)
      const bytes = render.bytes + fileBytes
      // a dev build is served compressed on the fly: its pages change in place, copies would go stale
      if (config.precompress && !options.dev) {
        await precompressFolder(staging, out)
        clock.mark('precompress')
      }
      // the previous output is set aside for the next build's file thread, or removed on this one's
      await swapInOutput(staging, out, scope.discard)
      forgetStaging()
      const fullTextState = fullText.state()
      clock.mark('swap')
      if (scope.shared && scope.cacheDir) {
        scope.pool.store.commit(compiled.pages)
        renderCache?.save()
        memo?.save()
        saveFullTextState(scope.cacheDir, fullTextState)
        clock.mark('cache')
      }
      await scope.files.settled()
      clock.mark('previous output removed')
      const stats: BuildStats = {
        pages: site.pages.length,
        cachedPages: compiled.cached,
        renderedPages: render.rendered,
        reusedPages: render.reused,
        bytes: bytes + fullTextBytes,
        durationMs: clock.elapsed(),
        timings: clock.timings,
      }
      const state = { compiled: compiled.pages, content, git, client, config, fullText: fullTextState, ...(slots ? { slots } : {}) }
      // the site as published: without the redirects that would hide one of its own files
      return { site: { ...site, redirects }, diagnostics: sortDiagnostics(diagnostics), stats, state, language }
    } catch (error) {
      // the index and the file thread may still be writing into the staging folder: let them finish before it goes
      await Promise.all([fullText.settled(), scope.files.settled().catch(() => undefined)])
      forgetStaging()
      // the build's own error is the one to report, whatever happens to the staging folder
      await discardStaging(staging).catch(() => undefined)
      throw error
    }
  })
}

/**
 * The site's language, before anything compiles (the site's texts are in the pages' HTML): the config's `site.lang`,
 * else the vault's (discover/vault-language.ts), remembered in the shared cache for the next build.
 */
async function languageOf(
  user: UserConfig | undefined,
  configured: ResolvedConfig,
  content: ContentFiles,
  scope: BuildScope,
): Promise<{ config: ResolvedConfig; language: SiteLanguage }> {
  const memo = loadLanguageMemo(scope.shared ? scope.cacheDir : undefined)
  const language = await siteLanguageOf(user?.site?.lang, content.markdown, { fallback: DEFAULT_CONFIG.site.lang, memo })
  return { config: withSiteLanguage(configured, language.lang), language }
}

/**
 * compilePages and linkSite, with every diagnostic found so far. With a link memo (cache/site-memo.ts), a site whose
 * pages changed only in their bodies is taken from the last build instead of linked again; `linkKey` is then the key
 * the route keys (cache/route-keys.ts) start from.
 */
async function compileAndLink(
  content: ContentFiles,
  config: ResolvedConfig,
  scope: BuildScope,
  options: CompileOptions & LinkOptions,
  mark: (phase: string) => void = () => {},
  afterCompile: (pages: readonly CompiledPage[]) => void = () => {},
  memo?: SiteMemo,
) {
  const compiled = await compilePages(
    content.markdown,
    scope,
    { ...options, rawHtml: config.markdown?.rawHtml, softBreaks: softBreaksOf(config, content.softBreaks) },
    siteLabels(config),
  )
  mark('compile')
  afterCompile(compiled.pages)
  const linkOptions: LinkOptions = { drafts: options.drafts, attachmentFolder: content.attachmentFolder }
  const pageKeys = memo && pageKeysOf(compiled.pages, memo.previousPageKeys, compiled.recordKeys)
  const linkKey =
    pageKeys &&
    linkKeyOf({
      compiled: compiled.pages,
      pages: pageKeys,
      assets: content.assets,
      config,
      salt: options.cacheSalt ?? '',
      options: linkOptions,
    })
  let site = linkKey === undefined ? undefined : memo?.restore(linkKey, compiled.pages, content.assets, config, linkOptions)
  if (!site) {
    site = linkSite(compiled.pages, content.assets, config, linkOptions)
    if (pageKeys && linkKey !== undefined) memo?.remember(pageKeys, { linkKey, site })
  } else if (pageKeys) memo?.remember(pageKeys)
  mark('link')
  const diagnostics: Diagnostic[] = [
    ...content.diagnostics,
    ...compiled.diagnostics,
    ...compiled.pages.flatMap((p) => p.diagnostics),
    ...site.diagnostics,
  ]
  return { site, diagnostics, compiled, linkKey }
}

/**
 * Waits for all of `work`, then throws the first failure in its order: a failed build removes its staging folder only
 * once none of `work` writes into it any more. (A failed render batch still rejects renderRoutes while the other
 * batches finish; that is renderRoutes' own.)
 */
async function allOf<T extends readonly unknown[]>(work: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const outcomes = await Promise.allSettled(work)
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failed) throw failed.reason
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T
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
