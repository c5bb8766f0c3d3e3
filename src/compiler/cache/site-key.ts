/**
 * One name per content root, for the folders of wikigen's own state (build cache, dev output, the previous output
 * waiting to be removed) that live under
 * `.wikigen/` in the working directory.
 *
 * Keyed by the real path of the root, so `content`, `./content/` and a symbolic link to it share one cache, while two
 * roots never share one: a page of folder B is never taken from folder A's cache because its path, size and
 * modification time happen to match.
 */
import { createHash } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'

/**
 * A folder name for a content root: its own name (for whoever looks into `.wikigen/`) and a hash of its real path.
 *
 *     content            → content-3f9a1c02be
 *     /srv/vaults/Firma  → Firma-81d0c7aa4e
 */
export function siteKeyOf(root: string): string {
  let real = resolve(root)
  try {
    real = realpathSync(real)
  } catch {
    // a root that does not exist (yet) is keyed by its absolute path
  }
  const name =
    basename(real)
      .replace(/[^\w.-]+/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 40) || 'root'
  return `${name}-${createHash('sha1').update(real).digest('hex').slice(0, 10)}`
}

/** Where wikigen keeps the state of one content root: `<cwd>/.wikigen/<kind>/<site key>`. */
export function stateDirOf(kind: 'cache' | 'dev' | 'search' | 'removed', root: string, cwd = process.cwd()): string {
  return join(cwd, '.wikigen', kind, siteKeyOf(root))
}
