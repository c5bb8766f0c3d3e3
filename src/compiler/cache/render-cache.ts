/**
 * The fingerprint of every route as last rendered (see `fingerprintOf` in emit/page-routes.ts: body hash, resolved
 * links, theme props). A build hard-links a route whose fingerprint is unchanged from the previous output instead of
 * rendering it again; the dev session renders only the routes whose fingerprint changed.
 *
 * A build also keeps each route's key (cache/route-keys.ts): a route whose key is unchanged has its last fingerprint,
 * which is then not computed again.
 *
 * Kept in the cache folder as `render-state.json`, together with the output folder it describes: fingerprints of a
 * build into another folder are no use.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Diagnostic } from '../diagnostics.js'

export interface RenderCache {
  /**
   * True when the route `file` was last rendered with this fingerprint; remembers the fingerprint either way. With the
   * route's key, the fingerprint is computed only when the key differs from the last build's.
   */
  isFresh(file: string, fingerprint: string | (() => string), key?: string): boolean
  /** The problems the job of route `file` reported when it was last made with this key (emit/page-routes.ts KnownRoutes). */
  problemsOf(file: string, key: string): Diagnostic[] | undefined
  /** Keeps the problems of the job of route `file`, made with this key, for the next build. */
  keepProblems(file: string, key: string, problems: Diagnostic[]): void
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
  /** Each route's key, for the routes that have one. */
  keys?: Record<string, string>
  /** The problems of the routes whose jobs reported some, with the key they were made with. */
  problems?: Record<string, [key: string, problems: Diagnostic[]]>
}

const stateFile = (cacheDir: string) => join(cacheDir, 'render-state.json')

/**
 * The fingerprints of the last build of `out`, read from `cacheDir`, for a build that records its own as it goes.
 * Without a cache folder there is none, and every route is rendered without computing its fingerprint.
 */
export function loadRenderCache(cacheDir: string | undefined, out: string): RenderCache | undefined {
  if (!cacheDir) return undefined
  const previous = readState(cacheDir, out)
  const next: Required<RenderState> = { out: resolve(out), files: {}, keys: {}, problems: {} }
  return {
    isFresh(file, fingerprint, key) {
      const last = previous.files[file]
      if (key !== undefined) {
        next.keys[file] = key
        if (last !== undefined && previous.keys?.[file] === key) {
          next.files[file] = last
          return true
        }
      }
      const current = typeof fingerprint === 'string' ? fingerprint : fingerprint()
      next.files[file] = current
      return last === current
    },
    problemsOf(file, key) {
      // a state without the problems' record is an older one's: nothing is known
      if (!previous.problems || previous.keys?.[file] !== key || previous.files[file] === undefined) return undefined
      const recorded = previous.problems[file]
      return recorded && recorded[0] === key ? recorded[1] : []
    },
    keepProblems(file, key, problems) {
      if (problems.length > 0) next.problems[file] = [key, problems]
    },
    forget(file) {
      delete next.files[file]
      delete next.keys[file]
      delete next.problems[file]
    },
    clear() {
      previous.files = {}
      previous.keys = {}
      previous.problems = {}
    },
    save() {
      writeFileSync(stateFile(cacheDir), JSON.stringify(next satisfies RenderState))
    },
  }
}

/** Fingerprints held in memory only, compared with the ones recorded last: what a dev session renders against. */
export function createLiveRenderCache(): RenderCache {
  const fingerprints = new Map<string, string>()
  return {
    isFresh(file, fingerprint) {
      const current = typeof fingerprint === 'string' ? fingerprint : fingerprint()
      const fresh = fingerprints.get(file) === current
      fingerprints.set(file, current)
      return fresh
    },
    problemsOf: () => undefined,
    keepProblems() {},
    forget: (file) => void fingerprints.delete(file),
    clear: () => fingerprints.clear(),
    save() {},
  }
}

function readState(cacheDir: string, out: string): RenderState {
  const none: RenderState = { out: resolve(out), files: {} }
  if (!existsSync(stateFile(cacheDir))) return none
  try {
    const state = JSON.parse(readFileSync(stateFile(cacheDir), 'utf8')) as RenderState
    return state.out === resolve(out) ? state : none
  } catch {
    return none
  }
}
