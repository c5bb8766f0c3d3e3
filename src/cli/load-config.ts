/**
 * Loads `wikigen.config.ts` (or .mts/.js/.mjs) from the content root. TypeScript is compiled with esbuild in
 * memory; `import { defineConfig } from 'wikigen'` resolves to wikigen's own helper.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { UserConfig } from '../compiler/config/config.js'
import { loadConfigModule } from '../compiler/config/config-module.js'
import type { ConfigProblem } from '../compiler/config/config-schema.js'
import type { Diagnostic } from '../compiler/diagnostics.js'
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
  // loaded only here: importing esbuild costs every command tens of milliseconds, and most sites have no config file
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
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
  const code = result.outputFiles[0].text
  const exported = await loadConfigModule(code)
  if (!exported) throw new ConfigError(file, 'does not export a configuration (export default defineConfig({ … }))')
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

/** A config file that cannot be used; shown to the user without a stack. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`${file}: ${reason}`)
  }
}
