/**
 * What a folder is, by its real path: where it really is (symbolic links followed), whether it holds another, and
 * whether it is an output of wikigen. Discovery uses it to never read an output folder as content; the output phase
 * (output/output-folder.ts) uses it to decide which folder a build may replace.
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'

/** The file a build leaves in its output folder, so that the next one knows the folder is its own to replace. */
export const OUTPUT_MARKER = '.wikigen-output'

/** True for a folder (not a file) that holds wikigen's output marker: such a folder is never read as content. */
export function isOutputFolder(folder: string, entries?: readonly string[]): boolean {
  return (entries ?? safeEntries(folder)).includes(OUTPUT_MARKER)
}

function safeEntries(folder: string): string[] {
  try {
    return readdirSync(folder)
  } catch {
    return []
  }
}

/** `outer` is `inner` or one of its ancestors. */
export function contains(outer: string, inner: string): boolean {
  const path = relative(outer, inner)
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path))
}

/**
 * The real path of `path`: symbolic links resolved for the part that exists, the rest appended as written. A dangling
 * symbolic link resolves to where it points.
 */
export function realPathOf(path: string): string {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch {
    // fall through: the path or a part of it does not exist
  }
  try {
    if (lstatSync(absolute).isSymbolicLink()) return resolve(dirname(absolute), readlinkSync(absolute))
  } catch {
    // does not exist at all
  }
  const parent = dirname(absolute)
  return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute))
}
