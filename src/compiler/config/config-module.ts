/**
 * Running a bundled `wikigen.config.ts` (one ES module, its imports included; see loadConfig in the CLI): on the main
 * thread to read the config, and in each build worker that needs the config's markdown hooks, which are functions
 * no message between threads can carry.
 */
import { createHash } from 'node:crypto'
import { importModule } from '../import-module.js'

/** The default export of the bundled config module `code`. */
export async function loadConfigModule(code: string): Promise<Record<string, unknown> | undefined> {
  const module = await importModule<{ default?: unknown }>(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
  return typeof module.default === 'object' && module.default !== null ? (module.default as Record<string, unknown>) : undefined
}

/**
 * The cache salt of a build whose pages run the config's markdown hooks: the hooks' code is part of every page's
 * output, so a change of the config module (or of a module it imports, which the bundle holds) compiles every page
 * again. Without hooks the salt stays as it is and an edit of the config keeps the cache.
 */
export function saltWithHooks(salt: string, configModule: string | undefined, hooks: readonly unknown[]): string {
  const hash = createHash('sha1').update(salt).update('\0markdown hooks\0')
  // a config given as an object (the API, tests) has no module: the hooks' source text stands in for it
  hash.update(configModule ?? hooks.map((hook) => (typeof hook === 'function' ? hook.toString() : (JSON.stringify(hook) ?? ''))).join('\0'))
  return hash.digest('hex').slice(0, 12)
}
