/**
 * Incremental rebuilds for `wikigen dev`. After one full build, each batch of file changes recompiles only the
 * changed files. When the changed pages keep their shape (name, title, headings, front matter) and take no part in
 * embeds, which is what most edits of a text do, only their own links are resolved again and only their routes are
 * rendered. Otherwise the whole site is linked again (metadata only) and exactly the routes whose output changed are
 * rendered: the edited pages, and pages whose links, embeds, prev/next or sidebars depend on them.
 *
 * A page whose new version has errors keeps its last good version in the output; its diagnostics are returned
 * so the dev server can show them.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { copyFile, mkdir, rm } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { build, withMarkdownHooks, type BuildOptions, type BuildResult } from './build.js'
import { readPublishSite } from './discover/publish-site.js'
import { DEFAULT_CONFIG, resolveConfig, softBreaksOf, withSiteLanguage, type ResolvedConfig, type UserConfig } from './config/config.js'
import { sortDiagnostics, type Diagnostic } from './diagnostics.js'
import {
  bodiesShown,
  evaluatedBodiesOf,
  createRenderJobMaker,
  fingerprintOf,
  generatedJobs,
  renderJob,
  type RenderJob,
  type RenderJobMaker,
} from './emit/page-routes.js'
import { bundleThemeSlots, slotErrorOf } from './emit/theme-slots.js'
import { createSlotRenderer } from './emit/slot-render.js'
import { redirects } from './emit/redirects.js'
import { searchIndex } from './emit/search-index.js'
import { coversPage, mathSheetFiles } from './emit/math-sheet.js'
import { createFullTextIndex, stateIn } from './emit/fulltext-index.js'
import { linkSite, relinkPage, type Site, type SitePage } from './link/link-site.js'
import {
  discoverContent,
  inspectContentPath,
  outputPathOf,
  PAGE_SOURCE,
  readSource,
  readSourceSync,
  type ContentRef,
  type SourceFile,
} from './discover/load.js'
import { createDiskStore, createMemoryStore, type PageStore } from './cache/page-store.js'
import { compileSaltOf } from './workers/compile.js'
import { createPageParser } from './workers/page-parser.js'
import { siteLabels } from './config/site-labels.js'
import type { Labels } from '../shared/labels.js'
import { toSourcePath, type SourcePath } from './paths.js'
import type { CompiledPage } from './parse/page.js'
import { tryLockCache } from './cache/cache-lock.js'
import { realPathOf } from './discover/folder-identity.js'
import { evaluateBases, fileTimes } from './link/bases-site.js'
import { evaluateQueries, sourceReader } from './link/queries-site.js'
import { readPublishRules } from './discover/publish-rules.js'
import { createLiveRenderCache } from './cache/render-cache.js'
import { createFolderStamps } from './cache/source-stamps.js'
import { loadLanguageMemo } from './cache/language-memo.js'
import { sampleNotes, siteLanguageOf, type SiteLanguage } from './discover/vault-language.js'
import { writeFiles } from './output/write-output.js'

export interface FileChange {
  /** Path relative to the content root. */
  path: string
  /** What the watcher saw; the session checks the file system itself, since events can arrive merged or late. */
  kind: 'change' | 'unlink'
}

export interface DevUpdate {
  /** Routes (hrefs) whose HTML changed. */
  routes: string[]
  /** Routes that no longer exist. */
  removed: string[]
  /** Problems of the changed files, and of the files still held at their last good version. */
  diagnostics: Diagnostic[]
  durationMs: number
  /** The site's new language, when the notes told another one (a config without `site.lang`): every page changed. */
  language?: SiteLanguage
}

export interface DevSession {
  readonly site: Site
  readonly initial: BuildResult
  /** The files the theme's slots are made from, relative to the content root: an edit of one is a change of the config. */
  themeFiles(): ReadonlySet<string>
  /** The interface's texts as the site's language and config give them now. */
  labels(): Labels
  update(changes: FileChange[]): Promise<DevUpdate>
  /**
   * Replaces the configuration and rebuilds everything; with the bundled config module when the config has markdown
   * hooks (then every page is compiled again when the module changed).
   */
  reconfigure(config: UserConfig, configModule?: string): Promise<DevUpdate>
  /**
   * Compares the content folder with what was built (names, sizes, modification times) and updates what differs:
   * a safety net for changes a file watcher merged or missed in a burst of writes, renames and deletions.
   */
  reconcile(): Promise<DevUpdate>
  /**
   * Parses a spread of pages, one after another, for the JavaScript engine to optimise the page parser's thread
   * before the first edit. Call it once the server is ready.
   */
  warmUp(): Promise<void>
  /** Stops the page parser's thread. */
  close(): Promise<void>
}

type DevOptions = BuildOptions & { out: string }

/** Builds once, fully, then keeps what incremental updates need. */
export async function createDevSession(given: DevOptions): Promise<DevSession> {
  // The session reads page bodies from the cache for as long as it runs, so it holds the cache's lock all that time (a
  // build of the same folder meanwhile uses a cache of its own). When another process holds it, the session keeps
  // its pages in memory instead.
  const cacheLock = given.cacheDir ? tryLockCache(given.cacheDir) : undefined
  const options: DevOptions = { ...given, cacheDir: cacheLock ? given.cacheDir : undefined, cacheLock }
  const initial = await build({ ...options, dev: true })
  let config: ResolvedConfig = initial.state.config
  // a config without site.lang speaks the notes' language, which edits of the notes may change
  let languageSet = initial.language.from === 'config'
  // the memo the build left in the cache (held locked by this session), else one in memory
  const languageMemo = loadLanguageMemo(options.cacheDir || undefined)
  // the cache salt and markdown hooks the pages are compiled with here, as the build compiled them, and the site's
  // texts (callout titles, footnotes), which the cache key has too, like the build's
  let hooked = withMarkdownHooks(options, config)
  let rules = readPublishRules(options.root, config.exclude)
  const settings = () => ({ rawHtml: config.markdown?.rawHtml, softBreaks: softBreaksOf(config, rules.softBreaks) })
  const salt = () => compileSaltOf({ cacheSalt: hooked.cacheSalt, ...settings() }, siteLabels(config))
  // pages are parsed on a thread of their own: a heavy one never holds up the server
  const parser = createPageParser(options.workerFile, hooked.markdown)
  const compile = (source: SourceFile) => parser.parse(source, siteLabels(config), settings())
  const times = fileTimes(options.root, initial.state.git.byPath)
  const store: PageStore = options.cacheDir ? createDiskStore(options.cacheDir) : createMemoryStore()
  // Bodies of the pages compiled here, by content hash. They stay in memory: few pages change while the server runs,
  // and a `wikigen build` in the same folder may clean from the cache what it did not build itself.
  const edited = new Map<string, string>()
  const editedSearch = new Map<string, string>()
  const bodyOf = (hash: string) => edited.get(hash) ?? store.body(hash)
  const searchOf = (hash: string) => editedSearch.get(hash) ?? store.searchData(hash)
  // the full-text index is updated in the output folder from the one written last
  let fullTextState = initial.state.fullText
  const writeFullText = async () => {
    clearTimeout(fullTextTimer)
    const { files, state } = createFullTextIndex(site, searchOf, options.out, fullTextState)
    await writeFiles(options.out, files)
    fullTextState = stateIn(options.out, state)
  }
  /**
   * The full-text index follows edited text once the edits pause: made at once, it held up the open page's request for
   * the new version (20-30 ms of the main thread at 3 000 pages), and each edit of a burst would make it again.
   */
  let fullTextTimer: NodeJS.Timeout | undefined
  const followFullText = () => {
    clearTimeout(fullTextTimer)
    fullTextTimer = setTimeout(() => void writeFullText().catch(() => undefined), FULL_TEXT_PAUSE_MS)
  }
  const pages = new Map<SourcePath, CompiledPage>(initial.state.compiled.map((p) => [p.sourcePath, p]))
  const assets = new Map<SourcePath, ContentRef>(initial.state.content.assets.map((a) => [a.path, a]))
  const held = new Map<SourcePath, Diagnostic[]>()
  const renderCache = createLiveRenderCache()
  // the theme's slots as the build bundled them; bundled again with each change of the config or of a slot's file
  let slots = initial.state.slots
  const themeFilesOf = () =>
    new Set((slots?.inputs ?? []).map((file) => relative(options.root, file).split(sep).join('/')).filter((file) => !file.startsWith('..')))
  let themeFiles = themeFilesOf()
  let site = initial.site
  const seen = createFolderStamps(options.root)
  for (const ref of [...initial.state.content.markdown, ...initial.state.content.assets]) seen.update(ref.path)
  const jobOptions = { git: initial.state.git.byPath, assets: initial.state.client.assets, dev: true }
  let jobOf: RenderJobMaker = createRenderJobMaker(site, jobOptions)
  const allJobs = () => [...site.pages.map((p) => jobOf(p, [])), ...generatedJobs(site, jobOf)]
  let jobs = allJobs()
  for (const job of jobs) renderCache.isFresh(job.file, fingerprintOf(job, slots?.hash))

  // Pages compiled in workers live in the disk cache, which the store finds through the index the build wrote; without
  // one, every page is compiled again here once.
  if (options.cacheDir) for (const meta of initial.state.compiled) store.meta(meta.contentHash)
  if (!options.cacheDir) {
    for (const meta of initial.state.compiled) {
      store.put([await compile(await readSource({ path: meta.sourcePath, absolute: join(options.root, meta.sourcePath) }, salt()))])
    }
  }

  // the files of the content folder in the output: the build copied those the site uses; pages that start using one
  // in an edit get it copied then
  const copied = new Set(initial.site.assets.map((asset) => asset.path))
  async function copyUsedAssets(): Promise<void> {
    for (const asset of site.assets) {
      if (copied.has(asset.path)) continue
      const target = join(options.out, outputPathOf(asset))
      await mkdir(dirname(target), { recursive: true })
      await copyFile(asset.absolute, target).then(
        () => copied.add(asset.path),
        () => undefined,
      )
    }
  }

  /** Renders the jobs whose fingerprint changed; returns their routes. */
  async function renderChanged(candidates: readonly RenderJob[]): Promise<string[]> {
    const routes: string[] = []
    const slotRenderer = slots && createSlotRenderer(slots.bundles)
    for (const job of candidates) {
      if (renderCache.isFresh(job.file, fingerprintOf(job, slots?.hash))) continue
      const file = join(options.out, job.file)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, renderJob(job, bodyOf, slotRenderer))
      routes.push(job.input.page.href)
    }
    // a slot component that threw left its place empty: shown like a config that fails, until it is fixed
    const failure = slotRenderer?.failures[0]
    if (failure) {
      renderCache.clear()
      throw slotErrorOf(failure)
    }
    return routes
  }

  const report = (changedDiagnostics: Diagnostic[]) =>
    sortDiagnostics([...changedDiagnostics, ...[...held.values()].flat(), ...site.diagnostics])

  /** The fast path: new versions of pages that keep their shape; undefined when one does not (see relinkPage). */
  async function relinkPages(
    changed: readonly CompiledPage[],
    changedDiagnostics: Diagnostic[],
    started: number,
  ): Promise<DevUpdate | undefined> {
    // a formula with a style the site's math sheet lacks needs a new sheet, which every route with math links
    if (changed.some((meta) => !coversPage(jobOf.mathSheet, meta))) return undefined
    let next: Site | undefined = site
    for (const meta of changed) next = next && relinkPage(next, meta)
    if (!next) return undefined
    site = next
    evaluateBases(site, times)
    evaluateQueries(site, sourceReader(options.root), times)
    const changedPaths = new Set<string>(changed.map((meta) => meta.sourcePath))
    // bases and queries read more of every note than its shape (its times, size, text and all its links), so the
    // routes that show one, also embedded, are made again too; those whose output stayed the same are not written
    const evaluatedBodies = evaluatedBodiesOf(site)
    const showsEvaluated = (p: SitePage) =>
      evaluatedBodies.size > 0 && bodiesShown(p.page.contentHash, p.resolved).some((hash) => evaluatedBodies.has(hash))
    const changedJobs = site.pages
      .filter((p) => changedPaths.has(p.page.sourcePath) || showsEvaluated(p))
      .map((sitePage) => {
        const job = jobOf(sitePage, [])
        jobs[jobs.findIndex((j) => j.file === job.file)] = job
        return job
      })
    await copyUsedAssets()
    const routes = await renderChanged(changedJobs)
    if (changed.length > 0) followFullText()
    return { routes, removed: [], diagnostics: report(changedDiagnostics), durationMs: Date.now() - started }
  }

  async function relinkAndRender(changedDiagnostics: Diagnostic[], started: number): Promise<DevUpdate> {
    site = linkSite([...pages.values()], [...assets.values()], config, { drafts: options.drafts, attachmentFolder: rules.attachmentFolder })
    evaluateBases(site, times)
    evaluateQueries(site, sourceReader(options.root), times)
    jobOf = createRenderJobMaker(site, jobOptions)
    const previous = new Set(jobs.map((j) => j.file))
    jobs = allJobs()
    for (const job of jobs) previous.delete(job.file)
    await copyUsedAssets()
    const routes = await renderChanged(jobs)
    const removed: string[] = []
    for (const file of previous) {
      renderCache.forget(file)
      await rm(join(options.out, file), { force: true })
      removed.push(encodeURI(`${config.site.base}${file}`))
    }
    await writeFiles(options.out, [...searchIndex.emit(site), ...redirects.emit(site), ...mathSheetFiles(site)])
    await writeFullText()
    return { routes, removed, diagnostics: report(changedDiagnostics), durationMs: Date.now() - started }
  }

  // the notes the language was last read from: an edit of any other note cannot change it
  let sampled: ReadonlySet<string> | undefined

  /** The site's language as the notes tell it now; undefined when it is the config's, or unchanged. */
  async function followLanguage(user: UserConfig | undefined): Promise<SiteLanguage | undefined> {
    const refs = [...pages.keys()].map((path) => ({ path, absolute: join(options.root, path) }))
    sampled = new Set(sampleNotes(refs).map((ref) => ref.path))
    const language = await siteLanguageOf(user?.site?.lang, refs, { fallback: DEFAULT_CONFIG.site.lang, memo: languageMemo })
    languageSet = language.from === 'config'
    if (language.lang === config.site.lang) return undefined
    config = withSiteLanguage(config, language.lang)
    return language
  }

  /** Compiles every page again, as the config's hooks and texts make it now. */
  async function recompileAll(diagnostics: Diagnostic[]): Promise<void> {
    for (const [path, previous] of [...pages]) {
      try {
        const { html, searchData, ...meta } = await compile(readSourceSync({ path, absolute: join(options.root, path) }, salt()))
        edited.delete(previous.contentHash)
        editedSearch.delete(previous.contentHash)
        edited.set(meta.contentHash, html)
        editedSearch.set(meta.contentHash, searchData)
        pages.set(path, meta)
        diagnostics.push(...meta.diagnostics)
      } catch {
        pages.delete(path) // gone meanwhile; the watcher reports it
      }
    }
  }

  const session: DevSession = {
    get site() {
      return site
    },
    initial,
    labels: () => siteLabels(config),
    async update(changes) {
      const started = Date.now()
      const diagnostics: Diagnostic[] = []
      /** New versions of existing pages; anything else (new, removed or held pages, assets) needs a full relink. */
      const changed: CompiledPage[] = []
      let structural = false
      /** True when a note came or went: the sample of notes the language is read from may change. */
      let notesCameOrWent = false
      for (const event of dedupe(changes)) {
        const path = toSourcePath(event.path)
        // the file system, not the event, says what happened: bursts of writes, renames and deletions can reach
        // the watcher out of order or merged, and the latest state must win; and what discovery would leave out (a
        // link out of the content folder, a named pipe) is never read
        const entry = inspectContentPath(options.root, event.path, rules)
        if (entry.kind === 'excluded') diagnostics.push(entry.diagnostic)
        const present = entry.kind === 'page' || entry.kind === 'asset'
        if (present) seen.update(path)
        else seen.forget(path)
        const change: FileChange = { ...event, kind: present ? 'change' : 'unlink' }
        if (!PAGE_SOURCE.test(path)) {
          structural = true
          const previous = assets.get(path)
          // copied again, when the site uses it, after linking (copyUsedAssets)
          copied.delete(path)
          if (previous) await rm(join(options.out, outputPathOf(previous)), { force: true })
          if (entry.kind !== 'asset') assets.delete(path)
          else assets.set(path, entry.ref)
          continue
        }
        if (change.kind === 'unlink') {
          structural = true
          if (pages.delete(path)) notesCameOrWent = true
          held.delete(path)
          continue
        }
        if (entry.kind !== 'page') continue
        let source: SourceFile
        try {
          source = readSourceSync(entry.ref, salt())
        } catch {
          structural = true
          continue // deleted again before it could be read; its unlink event follows
        }
        // the same text again (an editor's save writes twice, a file touched): nothing of the page can change, and its
        // problems stand; bases and queries, which read its times, are evaluated again below all the same
        const current = pages.get(path)
        if (current?.contentHash === source.contentHash && !held.has(path)) {
          diagnostics.push(...current.diagnostics)
          continue
        }
        let page
        try {
          page = await compile(source)
        } catch (error) {
          // the page's last good version stays, as for any page with errors
          held.set(path, [parseFailure(path, error as Error)])
          structural = true
          continue
        }
        const errors = page.diagnostics.filter((d) => d.severity === 'error')
        if (errors.length > 0 && pages.has(path)) {
          held.set(path, page.diagnostics)
          structural = true
          continue
        }
        if (held.delete(path)) structural = true
        diagnostics.push(...page.diagnostics)
        const { html, searchData, ...meta } = page
        const replaced = pages.get(path)?.contentHash
        if (replaced === undefined) structural = notesCameOrWent = true
        else if (replaced !== meta.contentHash) {
          edited.delete(replaced)
          editedSearch.delete(replaced)
        }
        edited.set(meta.contentHash, html)
        editedSearch.set(meta.contentHash, searchData)
        pages.set(path, meta)
        changed.push(meta)
      }
      // a new or removed note, or an edit of a note the language was read from, may turn the majority to another
      // language (discover/vault-language.ts): every page then reads the texts of that one
      const asked = notesCameOrWent || sampled === undefined || changes.some((c) => sampled!.has(toSourcePath(c.path)))
      const language = languageSet || !asked ? undefined : await followLanguage(undefined)
      if (language) {
        renderCache.clear()
        await recompileAll(diagnostics)
        return { ...(await relinkAndRender(diagnostics, started)), language }
      }
      const fast = structural ? undefined : await relinkPages(changed, diagnostics, started)
      return fast ?? relinkAndRender(diagnostics, started)
    },
    async reconcile() {
      const content = await discoverContent(options.root, { skip: [realPathOf(options.out)], rules })
      const changes: FileChange[] = []
      const present = new Set<string>()
      for (const ref of [...content.markdown, ...content.assets]) {
        present.add(ref.path)
        if (seen.changed(ref.path)) changes.push({ path: ref.path, kind: 'change' })
      }
      for (const path of seen.paths()) if (!present.has(path)) changes.push({ path, kind: 'unlink' })
      if (changes.length === 0) return { routes: [], removed: [], diagnostics: [], durationMs: 0 }
      return session.update(changes)
    },
    themeFiles: () => themeFiles,
    warmUp: () => warmUp(initial.state.compiled, options.root, compile, salt()),
    close: () => {
      clearTimeout(fullTextTimer)
      return parser.close()
    },
    async reconfigure(user, configModule) {
      const started = Date.now()
      const before = salt()
      const lang = config.site.lang
      config = resolveConfig(user, {
        base: options.base,
        contentFolderName: basename(resolve(options.root)),
        vault: readPublishSite(options.root).options,
      })
      await followLanguage(user)
      const language = config.site.lang !== lang && !languageSet ? { lang: config.site.lang, from: 'notes' as const } : undefined
      rules = readPublishRules(options.root, config.exclude)
      slots = await bundleThemeSlots(options.root, config)
      themeFiles = themeFilesOf()
      if (slots) await writeFiles(options.out, slots.files)
      renderCache.clear()
      const hadHooks = Boolean(hooked.markdown)
      hooked = withMarkdownHooks({ ...options, configModule }, config)
      await parser.reset(hooked.markdown)
      // a config with markdown hooks changed (or its hooks went), or other texts (site.lang, labels): every page as the
      // hooks and texts make it now, since a hook's behaviour may hang on anything in the config module
      const diagnostics: Diagnostic[] = []
      if (hadHooks || hooked.markdown || salt() !== before) await recompileAll(diagnostics)
      return { ...(await relinkAndRender(diagnostics, started)), ...(language ? { language } : {}) }
    },
  }
  return session
}

/** The error of a page the parser could not finish (it took too long, or its thread ran out of memory). */
function parseFailure(path: SourcePath, error: Error): Diagnostic {
  return {
    severity: 'error',
    code: 'parse-failed',
    file: path,
    line: 1,
    column: 1,
    message: `Page could not be parsed: ${error.message}; its last good version stays`,
    hint: 'Split the page, or move large data into a code block or an attached file.',
  }
}

/** Quiet time after an edit before the full-text index follows it, in ms. */
const FULL_TEXT_PAUSE_MS = 1000

/** Pages compiled by DevSession.warmUp. */
const WARM_UP_PAGES = 40

/**
 * The initial build compiled every page on the build's worker threads, so the page parser's thread has never parsed:
 * the first edits would take several times as long while the JavaScript engine optimises the parser.
 */
async function warmUp(
  compiled: readonly CompiledPage[],
  root: string,
  compile: (source: SourceFile) => unknown,
  salt: string,
): Promise<void> {
  const step = Math.max(1, Math.floor(compiled.length / WARM_UP_PAGES))
  for (let i = 0; i < compiled.length; i += step) {
    await new Promise((resolve) => setImmediate(resolve))
    try {
      const { sourcePath } = compiled[i]
      await compile(await readSource({ path: sourcePath, absolute: join(root, sourcePath) }, salt))
    } catch {
      // gone meanwhile: nothing to warm up with
    }
  }
}

/** The last change per path wins; a file added and removed in one batch is just removed. */
function dedupe(changes: FileChange[]): FileChange[] {
  const last = new Map<string, FileChange>()
  for (const change of changes) last.set(change.path, change)
  return [...last.values()]
}
