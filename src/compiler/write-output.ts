/**
 * Writes a build into a fresh staging folder beside the output folder and swaps it in only after success,
 * so a failed or killed build leaves the previous output untouched.
 *
 * The swap is two renames on one file system. A kill between them (a window of microseconds) leaves the
 * previous output under its backup name; the next build puts it back before it starts.
 */
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { OutputFile } from './emit/output-file.js'

const stagingPrefix = (out: string) => `.${basename(out)}.staging-`
const backupPrefix = (out: string) => `.${basename(out)}.previous-`

/** Removes what killed builds left behind and restores an output folder lost between the two renames. */
export async function recoverOutput(out: string): Promise<void> {
  const parent = dirname(resolve(out))
  if (!existsSync(parent)) return
  const entries = await readdir(parent)
  const backups = entries.filter((e) => e.startsWith(backupPrefix(out))).sort()
  if (!existsSync(out) && backups.length > 0) await rename(join(parent, backups.pop()!), resolve(out))
  for (const entry of entries) {
    if (entry.startsWith(stagingPrefix(out)) || backups.includes(entry)) await rm(join(parent, entry), { recursive: true, force: true })
  }
}

/** Creates an empty staging folder for `out`. */
export async function createStaging(out: string): Promise<string> {
  await recoverOutput(out)
  const parent = dirname(resolve(out))
  await mkdir(parent, { recursive: true })
  const staging = join(parent, `${stagingPrefix(out)}${process.pid}-${Date.now().toString(36)}`)
  await mkdir(staging)
  return staging
}

/** Replaces `out` by `staging`. */
export async function swapInOutput(staging: string, out: string): Promise<void> {
  const target = resolve(out)
  if (existsSync(target)) {
    const backup = join(dirname(target), `${backupPrefix(out)}${process.pid}-${Date.now().toString(36)}`)
    await rename(target, backup)
    await rename(staging, target)
    // synchronous: the promise version took half again as long for the thousands of files of an output
    rmSync(backup, { recursive: true, force: true })
  } else {
    await rename(staging, target)
  }
}

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

/** Deletes a staging folder after a failed build. */
export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true })
}

/**
 * Writes output files into a folder; file paths are relative and may not leave it. An immutable file that the
 * previous output (`previousDir`) has too is hard-linked from there instead of copied.
 */
export async function writeFiles(dir: string, files: readonly OutputFile[], previousDir?: string): Promise<number> {
  let bytes = 0
  const made = new Set<string>()
  for (const file of files) {
    const target = resolve(dir, file.path)
    if (!target.startsWith(resolve(dir) + '/')) throw new Error(`Output path leaves the output folder: ${file.path}`)
    const folder = dirname(target)
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true })
      made.add(folder)
    }
    if ('copyFrom' in file) {
      if (!(file.immutable && previousDir && reuseFile(resolve(previousDir, file.path), target, made))) await copyFile(file.copyFrom, target)
    } else {
      await writeFile(target, file.contents)
      bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength
    }
  }
  return bytes
}
