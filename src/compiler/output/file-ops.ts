/**
 * The file operations a build repeats thousands of times: hard-linking an unchanged file of the previous output into
 * the staging folder, writing the small files of a full-text delta, and removing the previous output once the new one
 * is in place. Synchronous, with nothing but `node:fs`: they run on the main thread or, in a build of a previous
 * output, on the file thread (file-thread.ts).
 */
import { copyFileSync, linkSync, mkdirSync, readdirSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Hard-links (or copies, across file systems) a file of the previous output into the staging folder; false when the
 * previous output does not have it. `folders` remembers the folders already made.
 */
export function reuseFile(from: string, to: string, folders: Set<string>): boolean {
  try {
    const folder = dirname(to)
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true })
      folders.add(folder)
    }
    try {
      linkSync(from, to)
    } catch {
      copyFileSync(from, to)
    }
    return true
  } catch {
    return false
  }
}

/** Reuses every [from, to] pair with reuseFile; returns the pairs whose file the previous output does not have. */
export function reuseFiles<Pair extends readonly [from: string, to: string]>(pairs: readonly Pair[]): Pair[] {
  const folders = new Set<string>()
  return pairs.filter(([from, to]) => !reuseFile(from, to, folders))
}

/** A file to write: its absolute path and contents. */
export interface FileToWrite {
  path: string
  contents: string | Uint8Array
}

/** Writes every file, making the folders they are in. */
export function writeAll(files: readonly FileToWrite[]): void {
  const folders = new Set<string>()
  for (const file of files) {
    const folder = dirname(file.path)
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true })
      folders.add(folder)
    }
    writeFileSync(file.path, file.contents)
  }
}

/**
 * Removes a previous output that was moved aside: every file unlinked as its folder lists it. Synchronous (the promise
 * version took half again as long for the thousands of files of an output), and without the `lstat` of every file
 * that `rmSync` makes first (half its system calls). Whatever it does not expect (a file
 * that went meanwhile, a permission) leaves the rest to `rmSync`.
 */
export function removeFolder(folder: string): void {
  try {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      // a symbolic link is unlinked, never followed: Dirent describes the link itself
      if (entry.isDirectory()) removeFolder(path)
      else unlinkSync(path)
    }
    rmdirSync(folder)
  } catch {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** Every file under `folder` (not its folders), folder by folder; undefined when a folder cannot be read. */
export function filesUnder(folder: string): string[] | undefined {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else files.push(path)
    }
  }
  try {
    walk(folder)
    return files
  } catch {
    return undefined
  }
}

/** Unlinks every file; one that cannot be is left for removeFolder, which removes what is left of its folder. */
export function unlinkAll(files: readonly string[]): void {
  for (const file of files) {
    try {
      unlinkSync(file)
    } catch {
      // removeFolder's fallback deals with it
    }
  }
}
