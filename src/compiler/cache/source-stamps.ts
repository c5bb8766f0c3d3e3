/**
 * Size and modification time of every content file as last compiled, with the content hash it had then: a warm build
 * takes an unchanged file's page from the cache after one `stat`, without reading and hashing the file.
 *
 * A stamp is only trusted when the file was last modified well before the build that recorded it: a file written in
 * the same instant as it was read could change again without its modification time showing it.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Files modified less than this long before a build are read again by the next one. */
const SETTLE_MS = 2000

export interface FileStat {
  size: number
  mtimeMs: number
}

export interface SourceStamps {
  /** The content hash the file had when it was last compiled, if its size and modification time are unchanged. */
  hashOf(path: string, stat: FileStat): string | undefined
  /** Remembers the hash of a file read in this build. */
  record(path: string, stat: FileStat, hash: string): void
  /** Writes the stamps of this build's files (only those) for the next build. */
  save(): void
}

type Stamp = [size: number, mtimeMs: number, hash: string]

export function loadSourceStamps(cacheDir: string | undefined, salt: string, buildStarted: number): SourceStamps {
  const file = cacheDir && join(cacheDir, 'sources.json')
  let previous: Record<string, Stamp> = {}
  if (file) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { salt: string; files: Record<string, Stamp> }
      if (stored.salt === salt) previous = stored.files
    } catch {
      // none yet, or torn: every file is read
    }
  }
  const next: Record<string, Stamp> = {}
  return {
    hashOf(path, stat) {
      const stamp = previous[path]
      if (!stamp || stamp[0] !== stat.size || stamp[1] !== stat.mtimeMs) return undefined
      next[path] = stamp
      return stamp[2]
    },
    record(path, stat, hash) {
      if (buildStarted - stat.mtimeMs > SETTLE_MS) next[path] = [stat.size, stat.mtimeMs, hash]
    },
    save() {
      if (!file) return
      const temp = `${file}.${process.pid}.tmp`
      // a site with no page yet compiled none, so nothing has made the folder
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(temp, JSON.stringify({ salt, files: next }))
      renameSync(temp, file)
    },
  }
}

/**
 * Size and modification time of each content file as a dev session last built it: what its reconcile pass compares
 * the folder with, to catch changes a file watcher merged or dropped.
 */
export interface FolderStamps {
  /** Records the current stamp of `path`, or forgets it when the file is gone. */
  update(path: string): void
  forget(path: string): void
  /** True when `path` differs from its recorded stamp (or has none). */
  changed(path: string): boolean
  /** Every path with a recorded stamp. */
  paths(): IterableIterator<string>
}

export function createFolderStamps(root: string): FolderStamps {
  const stamps = new Map<string, string>()
  // synchronous: an update touches a few files, and a turn in Node's thread pool (shared with the file watcher) took
  // longer than the work itself
  const stampOf = (path: string) => {
    const info = statSync(join(root, path), { throwIfNoEntry: false })
    return info && `${info.size}:${info.mtimeMs}`
  }
  return {
    update(path) {
      const stamp = stampOf(path)
      if (stamp) stamps.set(path, stamp)
      else stamps.delete(path)
    },
    forget: (path) => void stamps.delete(path),
    changed: (path) => stamps.get(path) !== stampOf(path),
    paths: () => stamps.keys(),
  }
}
