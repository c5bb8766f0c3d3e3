/**
 * Writes a build into a fresh staging folder and swaps it in only after success, so a failed or killed build leaves the
 * previous output untouched.
 *
 * The staging folder sits beside the output folder, and the swap is two renames on one file system; a kill between them
 * (a window of microseconds) leaves the previous output under its backup name, and the next build puts it back. An
 * output folder that cannot be renamed (a mount point) is swapped entry by entry from a staging folder inside it
 * instead: not atomic, but recoverable the same way.
 *
 * Every path here is the real path of the output folder (see output-folder.ts): a symbolic link named as the output
 * stays a link, and the build writes where it points.
 */
import { createHash } from 'node:crypto'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { OutputFile } from '../emit/output-file.js'
import { INSIDE_PREVIOUS, INSIDE_STAGING, isSwapFolder, markOutputFolder } from './output-folder.js'
import { removeFolder, reuseFile } from './file-ops.js'

const stagingPrefix = (out: string) => `.${shortName(out)}.staging-`
const backupPrefix = (out: string) => `.${shortName(out)}.previous-`

/** The output folder's name, or a hash of a name so long that the staging folder's name would not fit (255 bytes). */
function shortName(out: string): string {
  const name = basename(out)
  return Buffer.byteLength(name) <= 200 ? name : createHash('sha1').update(name).digest('hex').slice(0, 16)
}
/** Left in the previous-output folder of an entry-by-entry swap once every old entry is in it. */
const MOVED_OUT = '.moved-out'

const uniqueSuffix = () => `${process.pid}-${Date.now().toString(36)}`

/** Removes what killed builds left behind and restores an output folder lost in the middle of a swap. */
export function recoverOutput(out: string): void {
  const target = resolve(out)
  const parent = dirname(target)
  if (!existsSync(parent)) return
  const entries = readdirSync(parent)
  const backups = entries.filter((e) => e.startsWith(backupPrefix(target))).sort()
  if (!existsSync(target) && backups.length > 0) renameSync(join(parent, backups.pop()!), target)
  for (const entry of entries) {
    if (entry.startsWith(stagingPrefix(target)) || backups.includes(entry)) rmSync(join(parent, entry), { recursive: true, force: true })
  }
  if (!existsSync(target) || !statSync(target).isDirectory()) return
  for (const entry of readdirSync(target)) {
    if (entry.startsWith(INSIDE_STAGING)) rmSync(join(target, entry), { recursive: true, force: true })
    else if (entry.startsWith(INSIDE_PREVIOUS)) restoreEntries(target, join(target, entry))
  }
}

/** Puts the entries of an interrupted entry-by-entry swap back where they were. */
function restoreEntries(out: string, previous: string): void {
  const old = readdirSync(previous)
  if (old.includes(MOVED_OUT)) {
    // the new entries had started to arrive: they go, all the old ones come back
    for (const entry of readdirSync(out)) {
      if (!isSwapFolder(entry)) rmSync(join(out, entry), { recursive: true, force: true })
    }
  }
  for (const entry of old) if (entry !== MOVED_OUT) renameSync(join(previous, entry), join(out, entry))
  rmSync(previous, { recursive: true, force: true })
}

/**
 * True when `folder` is a mount point: renaming it would fail, so its entries are swapped instead. A bind mount of a
 * folder of the same file system has the same device as its parent, yet nothing can be renamed into it from outside
 * (EXDEV): a probe file tells.
 */
function isMountPoint(folder: string): boolean {
  return statSync(folder).dev !== statSync(dirname(folder)).dev || !canRenameInto(dirname(folder), folder)
}

/** True when a file made in `from` can be renamed into `to`: both are one mount. Leaves nothing behind either way. */
function canRenameInto(from: string, to: string): boolean {
  const name = `.wikigen-probe-${uniqueSuffix()}`
  const probe = join(from, name)
  try {
    writeFileSync(probe, '')
  } catch {
    // the parent cannot be written to: the staging folder goes inside the output folder anyway
    return false
  }
  try {
    renameSync(probe, join(to, name))
    rmSync(join(to, name), { force: true })
    return true
  } catch {
    rmSync(probe, { force: true })
    return false
  }
}

/** Creates an empty staging folder for the output folder `out` (a real path), marked as wikigen's. */
export async function createStaging(out: string): Promise<string> {
  recoverOutput(out)
  const target = resolve(out)
  const inside = existsSync(target) && isMountPoint(target)
  const parent = inside ? target : dirname(target)
  await mkdir(parent, { recursive: true })
  const staging = join(parent, `${inside ? INSIDE_STAGING : stagingPrefix(target)}${uniqueSuffix()}`)
  await mkdir(staging)
  markOutputFolder(staging)
  return staging
}

/**
 * Replaces the output folder `out` (a real path) by `staging`. The previous output, moved aside, goes with `remove`:
 * at once by default, or on the build's file thread (file-thread.ts), which the build waits for before it ends.
 */
export async function swapInOutput(staging: string, out: string, remove: (folder: string) => void = removeFolder): Promise<void> {
  const target = resolve(out)
  if (!existsSync(target)) {
    renameSync(staging, target)
    return
  }
  if (dirname(staging) !== target) {
    const backup = join(dirname(target), `${backupPrefix(target)}${uniqueSuffix()}`)
    try {
      renameSync(target, backup)
    } catch (error) {
      // a bind mount on the same device, or a folder whose own name is locked: swap what it holds instead
      if (!['EBUSY', 'EXDEV', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error
      swapEntries(staging, target, remove)
      return
    }
    renameSync(staging, target)
    remove(backup)
    return
  }
  swapEntries(staging, target, remove)
}

/**
 * Moves every entry of `out` aside and every entry of `staging` into it, then removes what was moved aside. Nothing is
 * moved unless the staging folder's entries can be renamed into `out`: the live site never loses its files halfway.
 */
function swapEntries(staging: string, out: string, remove: (folder: string) => void): void {
  if (!canRenameInto(staging, out)) {
    throw new Error(`The build's files cannot be moved from ${staging} into ${out} (another mount); the site there is unchanged`)
  }
  const previous = join(out, `${INSIDE_PREVIOUS}${uniqueSuffix()}`)
  mkdirSync(previous)
  for (const entry of readdirSync(out)) {
    if (!isSwapFolder(entry)) renameSync(join(out, entry), join(previous, entry))
  }
  writeFileSync(join(previous, MOVED_OUT), '')
  for (const entry of readdirSync(staging)) renameSync(join(staging, entry), join(out, entry))
  rmSync(staging, { recursive: true, force: true })
  // the old entries are now as good as a stale staging folder, and named so: a removal cut short (Ctrl-C while the file
  // thread removes them) leaves a folder the next build deletes, not one it would put back in place of the new entries
  const discarded = join(out, `${INSIDE_STAGING}${uniqueSuffix()}-old`)
  renameSync(previous, discarded)
  remove(discarded)
}

/** Deletes a staging folder after a failed build. */
export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true, maxRetries: 3 })
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
      if (!(file.immutable && previousDir && reuseFile(resolve(previousDir, file.path), target, made)))
        await copyFile(file.copyFrom, target)
    } else if (!(file.immutable && previousDir && reuseFile(resolve(previousDir, file.path), target, made))) {
      await writeFile(target, file.contents)
      bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength
    }
  }
  return bytes
}
