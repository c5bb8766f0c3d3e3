/**
 * Loads `wikigen.config.ts` (or .mts/.js/.mjs) from the content root. TypeScript is compiled with esbuild in
 * memory; `import { defineConfig } from 'wikigen'` resolves to wikigen's own helper.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { UserConfig } from '../compiler/config.js'

export const CONFIG_FILES = ['wikigen.config.ts', 'wikigen.config.mts', 'wikigen.config.js', 'wikigen.config.mjs']

/** Path of the config file of a content root, if it has one. */
export function findConfigFile(root: string): string | undefined {
  return CONFIG_FILES.map((name) => join(root, name)).find((file) => existsSync(file))
}

/** Reads the config of a content root; an empty config when there is none. Errors name the file. */
export async function loadConfig(root: string): Promise<{ config: UserConfig; file?: string }> {
  const file = findConfigFile(root)
  if (!file) return { config: {} }
  // loaded only here: importing esbuild costs every command tens of milliseconds, and most sites have no config file
  const { build } = await import('esbuild')
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [{
      name: 'wikigen-config',
      setup(b) {
        b.onResolve({ filter: /^wikigen(\/config)?$/ }, () => ({ path: 'wikigen', namespace: 'wikigen-config' }))
        b.onLoad({ filter: /.*/, namespace: 'wikigen-config' }, () => ({ contents: 'export const defineConfig = (config) => config', loader: 'js' }))
      },
    }],
  })
  const code = result.outputFiles[0].text
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default?: UserConfig }
  if (!module.default || typeof module.default !== 'object') throw new ConfigError(file, 'does not export a configuration (export default defineConfig({ … }))')
  return { config: module.default, file }
}

/** A config file that cannot be used; shown to the user without a stack. */
export class ConfigError extends Error {
  constructor(readonly file: string, reason: string) {
    super(`${file}: ${reason}`)
  }
}
