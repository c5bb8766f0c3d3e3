/**
 * The records of the build's interface (build.ts): what a caller passes, and what a build or a check gives back,
 * with the state an incremental session (dev-session.ts) continues from.
 */
import type { ClientBundle } from './emit/client-manifest.js'
import type { ResolvedConfig, UserConfig } from './config/config.js'
import type { Diagnostic } from './diagnostics.js'
import type { ContentFiles } from './discover/load.js'
import type { GitInfoResult } from './discover/git-info.js'
import type { SiteLanguage } from './discover/vault-language.js'
import type { FullTextState } from './emit/fulltext-index.js'
import type { ThemeSlots } from './emit/theme-slots.js'
import type { Site } from './link/link-site.js'
import type { CompiledPage } from './parse/page.js'
import type { ScopeOptions } from './workers/build-scope.js'

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
  /** The theme's slots as bundled (emit/theme-slots.ts); none for a site without. */
  slots?: ThemeSlots
}

export interface BuildResult {
  site: Site
  /** Every problem found, sorted by file and position. */
  diagnostics: Diagnostic[]
  stats: BuildStats
  state: BuildState
  /** The site's language (also `state.config.site.lang`) and whether the config set it or the notes told it. */
  language: SiteLanguage
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
