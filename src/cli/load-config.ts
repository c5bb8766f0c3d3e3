/**
 * Loads `wikigen.config.ts` (or .mts/.js/.mjs) from the content root. TypeScript is compiled with esbuild in
 * memory; `import { defineConfig } from 'wikigen'` resolves to wikigen's own helper.
 */
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import type { UserConfig } from '../compiler/config/config.js'
import { loadConfigModule } from '../compiler/config/config-module.js'
import type { ConfigProblem } from '../compiler/config/config-schema.js'
import { PlacedUsageError, type Diagnostic } from '../compiler/diagnostics.js'
import { importModule } from '../compiler/import-module.js'
import type { SourcePath } from '../compiler/paths.js'
import { guidePath } from '../compiler/package-files.js'

export const CONFIG_FILES = ['wikigen.config.ts', 'wikigen.config.mts', 'wikigen.config.js', 'wikigen.config.mjs']

/** Path of the config file of a content root, if it has one. */
export function findConfigFile(root: string): string | undefined {
  return CONFIG_FILES.map((name) => join(root, name)).find((file) => existsSync(file))
}

/**
 * Reads the config of a content root; an empty config when there is none. A config that cannot be run throws a
 * ConfigError naming the file; keys the schema does not know and values of the wrong type are diagnostics naming the
 * file and the key, and are left out (their defaults apply).
 */
export async function loadConfig(root: string): Promise<{ config: UserConfig; file?: string; module?: string; diagnostics: Diagnostic[] }> {
  const file = findConfigFile(root)
  if (!file) return { config: {}, diagnostics: [] }
  const { code, map } = await compileConfig(file)
  const exported = await runConfig(file, code, map)
  if (!exported)
    throw new ConfigError(
      file,
      1,
      1,
      'does not export a configuration',
      'End the file with export default defineConfig({ … }) (import { defineConfig } from "wikigen"); wikigen stopped before reading any page.',
    )
  // the schema library is loaded only for sites that have a config file, like esbuild
  const { validateConfig } = await import('../compiler/config/config-schema.js')
  const { config, problems } = validateConfig(exported)
  const source = readFileSync(file, 'utf8')
  return {
    config,
    file,
    // build workers run the module themselves for the config's markdown hooks (see compiler/config-module.ts)
    ...(config.markdown ? { module: code } : {}),
    diagnostics: problems.map((problem) => toDiagnostic(problem, basename(file) as SourcePath, source)),
  }
}

/** A config problem as a diagnostic, placed at the key's first mention in the file (the config is code: a guess). */
function toDiagnostic(problem: ConfigProblem, file: SourcePath, source: string): Diagnostic {
  const key = [...problem.path].reverse().find((part) => typeof part === 'string')
  const at = key === undefined ? -1 : source.search(new RegExp(`(^|[\\s{,'"])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`, 'm'))
  const before = at === -1 ? '' : source.slice(0, at + 1)
  const line = at === -1 ? 0 : before.split('\n').length
  const column = at === -1 ? 0 : at - before.lastIndexOf('\n') + 1
  const unknown = problem.kind !== 'wrong-value'
  return {
    severity: problem.kind === 'unknown-key' ? 'warning' : 'error',
    code: unknown ? 'unknown-config-key' : 'bad-config',
    file,
    line,
    column,
    message: problem.message,
    // the schema names the reference as the checkout has it; a team reads it in node_modules/wikigen/docs/
    hint: problem.hint.replace('docs/config.md', guidePath('config.md')),
  }
}

/**
 * A config file that cannot be used: a syntax error, an exception while it runs, no default export. Shown like any
 * usage error, with the file, line and column and a hint, never with a stack; the dev server shows it in the browser.
 */
export class ConfigError extends PlacedUsageError {
  constructor(
    /** Absolute path of the file at fault: the config or a module it imports. */
    file: string,
    line: number,
    column: number,
    reason: string,
    hint: string,
  ) {
    super(file, line, column, reason, hint, 'bad-config', shownPath(file))
    this.name = 'ConfigError'
  }

  /** The error as a diagnostic of the content root `root`, for the dev server's overlay. */
  toDiagnostic(root: string): Diagnostic {
    const inRoot = relative(root, this.file)
    return this.diagnosticOf(inRoot.startsWith('..') ? this.file : inRoot.split(sep).join('/'))
  }
}

const shownPath = (file: string) => {
  const rel = relative(process.cwd(), file)
  return rel.startsWith('..') ? file : rel
}

/** The config bundled into one module (its imports inside), with its source map; a syntax error is a ConfigError. */
async function compileConfig(file: string): Promise<{ code: string; map: string }> {
  // loaded only here: importing esbuild costs every command tens of milliseconds, and most sites have no config file
  const { build } = await importModule<typeof import('esbuild')>('esbuild')
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      // never written: the name places the source map's paths beside the config
      outfile: join(dirname(file), 'wikigen.config.bundled.mjs'),
      sourcemap: 'external',
      sourcesContent: false,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'wikigen-config',
          setup(b) {
            b.onResolve({ filter: /^wikigen(\/config)?$/ }, () => ({ path: 'wikigen', namespace: 'wikigen-config' }))
            b.onLoad({ filter: /.*/, namespace: 'wikigen-config' }, () => ({
              contents: 'export const defineConfig = (config) => config',
              loader: 'js',
            }))
          },
        },
      ],
    })
    const code = result.outputFiles.find((out) => !out.path.endsWith('.map'))!.text
    const map = result.outputFiles.find((out) => out.path.endsWith('.map'))?.text ?? '{}'
    // the bundle ends with a comment naming the map file, which does not exist
    return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map }
  } catch (error) {
    const messages = (error as { errors?: EsbuildMessage[] }).errors
    const first = messages?.find((message) => message.location) ?? messages?.[0]
    if (!first) throw error
    const at = first.location
    throw new ConfigError(
      at ? resolve(at.file) : file,
      at?.line ?? 1,
      (at?.column ?? 0) + 1,
      first.text,
      `Fix the config's syntax at this place${messages!.length > 1 ? ` (${messages!.length} errors in all)` : ''}; wikigen stopped before reading any page, and the last output stays.`,
    )
  }
}

interface EsbuildMessage {
  text: string
  location: { file: string; line: number; column: number } | null
}

/**
 * Runs the bundled config and returns its default export. An exception it throws is a ConfigError at the line of
 * the `throw` (or of the call that failed) in the author's file, found through the bundle's source map.
 */
async function runConfig(file: string, code: string, map: string): Promise<Record<string, unknown> | undefined> {
  try {
    return await loadConfigModule(code)
  } catch (error) {
    const frame = /data:text\/javascript;base64,[\w+/=]*:(\d+):(\d+)/.exec(String((error as Error)?.stack ?? ''))
    let place: { file: string; line: number; column: number } = { file, line: 1, column: 1 }
    if (frame) {
      const entry = new SourceMap(JSON.parse(map)).findEntry(Number(frame[1]) - 1, Number(frame[2]) - 1) as {
        originalSource?: string
        originalLine?: number
        originalColumn?: number
      }
      if (entry.originalSource !== undefined && entry.originalLine !== undefined)
        place = {
          file: resolve(dirname(file), entry.originalSource.replace(/^file:\/\//, '')),
          line: entry.originalLine + 1,
          column: (entry.originalColumn ?? 0) + 1,
        }
    }
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : `threw ${String(error)}`
    throw new ConfigError(
      place.file,
      place.line,
      place.column,
      reason,
      'The config runs whenever wikigen reads it: fix what fails here; wikigen stopped before reading any page, and the last output stays.',
    )
  }
}
