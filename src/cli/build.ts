/**
 * `wikigen build`: builds the content root into the output folder and reports what it found.
 */
import { relative } from 'node:path'
import { build, type BuildResult } from '../compiler/build.js'
import { failsStrict, hasErrors, isUsageError, type Diagnostic } from '../compiler/diagnostics.js'
import { stateDirOf } from '../compiler/cache/site-key.js'
import { loadConfig } from './load-config.js'
import { createProgress, createReporter, languageLineOf, printDiagnostics, printUsageError, type Reporter } from './output.js'
import { bundledRuntime } from './runtime.js'

export interface BuildCommandOptions {
  root: string
  out: string
  base?: string
  /** Fail on warnings too, except those of diagnostics.ts NOT_STRICT (two notes of one name, a shallow clone). */
  strict?: boolean
  /** Use the build cache (default true). */
  cache?: boolean
  workers?: number
  /** Print the duration of each build phase. */
  timings?: boolean
}

/** Runs a build and prints diagnostics and a summary; returns the exit code. */
export async function run(options: BuildCommandOptions, reporter: Reporter = createReporter()): Promise<number> {
  const result = await runBuild(options, reporter)
  return result ? exitCodeOf(result.diagnostics, options.strict) : 1
}

/**
 * Exit code of a build: 1 with errors, or under --strict with any warning but those of NOT_STRICT (diagnostics.ts:
 * two notes of one name, a shallow clone), which are printed but fail no build; 0 otherwise.
 */
export function exitCodeOf(diagnostics: readonly Diagnostic[], strict = false): number {
  return hasErrors(diagnostics) || (strict && diagnostics.some(failsStrict)) ? 1 : 0
}

/** The build itself, shared by `build` and `search`; undefined when the config could not be read or the options are wrong. */
export async function runBuild(
  options: BuildCommandOptions,
  reporter: Reporter,
  extra: { dev?: boolean } = {},
): Promise<BuildResult | undefined> {
  const c = reporter.colors
  let config
  let configModule: string | undefined
  let configDiagnostics: Diagnostic[] = []
  try {
    ;({ config, module: configModule, diagnostics: configDiagnostics } = await loadConfig(options.root))
  } catch (error) {
    // a config that cannot be used (ConfigError) says where and why, without a stack; the last output stays
    if (!isUsageError(error)) throw error
    printUsageError(reporter, error)
    return undefined
  }
  const runtime = bundledRuntime()
  const progress = createProgress(reporter, { lang: config?.site?.lang })
  let result: BuildResult
  try {
    result = await build({
      root: options.root,
      out: options.out,
      base: options.base,
      config,
      configModule,
      workers: options.workers,
      workerFile: runtime.workerFile,
      fileWorkerFile: runtime.fileWorkerFile,
      clientDir: runtime.clientDir,
      cacheDir: options.cache === false ? false : stateDirOf('cache', options.root),
      setAsideDir: options.cache === false ? undefined : stateDirOf('removed', options.root),
      cacheSalt: runtime.cacheSalt,
      dev: extra.dev,
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    })
  } catch (error) {
    progress.done()
    if (!isUsageError(error)) throw error
    printUsageError(reporter, error)
    return undefined
  }
  progress.done()
  if (configDiagnostics.length > 0) result = { ...result, diagnostics: [...configDiagnostics, ...result.diagnostics] }
  printDiagnostics(reporter, result.diagnostics, relative(process.cwd(), options.root) || '.')
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length
  const warnings = result.diagnostics.length - errors
  const failed = exitCodeOf(result.diagnostics, options.strict) !== 0
  const mark = failed ? c.red('✗') : c.green('✓')
  const counts = [
    errors ? c.red(`${errors} error${errors === 1 ? '' : 's'}`) : '',
    warnings ? c.yellow(`${warnings} warning${warnings === 1 ? '' : 's'}`) : '',
  ]
    .filter(Boolean)
    .join(', ')
  const languageLine = languageLineOf(result.language)
  if (languageLine) reporter.err(c.dim(languageLine))
  reporter.err(
    `${mark} ${result.stats.pages} page${result.stats.pages === 1 ? '' : 's'} in ${(result.stats.durationMs / 1000).toFixed(2)} s${result.stats.cachedPages ? c.dim(` (${result.stats.cachedPages} from cache)`) : ''}` +
      `${counts ? ` · ${counts}` : ''} → ${relative(process.cwd(), options.out) || '.'}`,
  )
  if (options.timings) {
    for (const { phase, ms } of result.stats.timings) reporter.err(c.dim(`  ${(ms / 1000).toFixed(2).padStart(7)} s  ${phase}`))
  }
  return result
}
