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
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Diagnostic } from '../diagnostics.js'
import type { OutputFile } from '../emit/output-file.js'
import type { GeneratedShell } from '../emit/page-routes.js'

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
  /** The routes of a kind of generated route as last made under this site key (emit/page-routes.ts KnownRoutes). */
  generatedOf(kind: string, key: string): GeneratedShell[] | undefined
  /** Keeps the routes of a kind of generated route made under this site key, for the next build. */
  keepGenerated(kind: string, key: string, shells: GeneratedShell[]): void
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
  /** The routes of each kind of generated route, with the site key they were made under. */
  generated?: Record<string, [key: string, shells: GeneratedShell[]]>
}

const stateFile = (cacheDir: string) => join(cacheDir, 'render-state.json')

/**
 * The fingerprints of the last build of `out`, read from `cacheDir`, for a build that records its own as it goes.
 * Without a cache folder there is none, and every route is rendered without computing its fingerprint.
 */
export function loadRenderCache(cacheDir: string | undefined, out: string): RenderCache | undefined {
  if (!cacheDir) return undefined
  const previous = readState(cacheDir, out)
  const next: Required<RenderState> = { out: resolve(out), files: {}, keys: {}, problems: {}, generated: {} }
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
    generatedOf(kind, key) {
      const recorded = previous.generated?.[kind]
      // the routes are known only while their files are: a route of the kind whose fingerprint is gone is made again
      if (!recorded || recorded[0] !== key || recorded[1].some((shell) => previous.files[shell.file] === undefined)) return undefined
      return recorded[1]
    },
    keepGenerated(kind, key, shells) {
      next.generated[kind] = [key, shells]
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
      previous.generated = {}
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
    generatedOf: () => undefined,
    keepGenerated() {},
    forget: (file) => void fingerprints.delete(file),
    clear: () => fingerprints.clear(),
    save() {},
  }
}

/**
 * Lets the files whose contents follow from the site's key (OutputFile `keyed`: the search index) be linked from the
 * previous output when they are unchanged: under the last build's site key without making their contents, else when
 * their contents hash as last time. Recorded in the cache beside the routes, under their paths.
 */
export function keepKeyedFiles(files: readonly OutputFile[], cache: RenderCache | undefined, siteKey: string | undefined): void {
  if (!cache) return
  for (const file of files) {
    if (!('keyed' in file) || !file.keyed) continue
    const fingerprint = () => createHash('sha1').update(file.contents).digest('base64')
    if (cache.isFresh(file.path, fingerprint, siteKey)) file.immutable = true
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
