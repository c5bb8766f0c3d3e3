/**
 * The fingerprint of every route as last rendered (see `fingerprintOf` in emit/page-routes.ts: body hash, resolved
 * links, theme props). A build hard-links a route whose fingerprint is unchanged from the previous output instead of
 * rendering it again; the dev session renders only the routes whose fingerprint changed.
 *
 * Kept in the cache folder as `render-state.json`, together with the output folder it describes: fingerprints of a
 * build into another folder are no use.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export interface RenderCache {
  /** True when the route `file` was last rendered with this fingerprint; remembers the fingerprint either way. */
  isFresh(file: string, fingerprint: string): boolean
  /** Forgets a route that no longer exists. */
  forget(file: string): void
  /** Forgets every route: everything renders again. */
  clear(): void
  /** Writes this build's fingerprints for the next build. */
  save(): void
}

interface RenderState {
  out: string
  files: Record<string, string>
}

const stateFile = (cacheDir: string) => join(cacheDir, 'render-state.json')

/**
 * The fingerprints of the last build of `out`, read from `cacheDir`, for a build that records its own as it goes.
 * Without a cache folder there is none, and every route is rendered without computing its fingerprint.
 */
export function loadRenderCache(cacheDir: string | undefined, out: string): RenderCache | undefined {
  if (!cacheDir) return undefined
  const previous = readState(cacheDir, out)
  const next: Record<string, string> = {}
  return {
    isFresh(file, fingerprint) {
      next[file] = fingerprint
      return previous[file] === fingerprint
    },
    forget(file) {
      delete next[file]
    },
    clear() {
      for (const file in previous) delete previous[file]
    },
    save() {
      writeFileSync(stateFile(cacheDir), JSON.stringify({ out: resolve(out), files: next } satisfies RenderState))
    },
  }
}

/** Fingerprints held in memory only, compared with the ones recorded last: what a dev session renders against. */
export function createLiveRenderCache(): RenderCache {
  const fingerprints = new Map<string, string>()
  return {
    isFresh(file, fingerprint) {
      const fresh = fingerprints.get(file) === fingerprint
      fingerprints.set(file, fingerprint)
      return fresh
    },
    forget: (file) => void fingerprints.delete(file),
    clear: () => fingerprints.clear(),
    save() {},
  }
}

function readState(cacheDir: string, out: string): Record<string, string> {
  if (!existsSync(stateFile(cacheDir))) return {}
  try {
    const state = JSON.parse(readFileSync(stateFile(cacheDir), 'utf8')) as RenderState
    return state.out === resolve(out) ? state.files : {}
  } catch {
    return {}
  }
}
