/**
 * Which folder a build may replace. A build swaps its output folder out as a whole, so pointing `--out` at the wrong
 * folder would delete it: the content itself, the project with its `.git`, a home folder. A build therefore writes
 * only into a folder that is new, empty, or marked as its own by an earlier build, and never into a folder that holds
 * the content root, the working directory or the home folder.
 *
 * The check runs before anything is written, and works on real paths: a symbolic link named as `--out` is followed
 * (the build writes through it and the link stays), and `--out ../wiki/..` is recognised for what it is.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { OUTPUT_MARKER, contains, realPathOf } from '../discover/folder-identity.js'
import { UsageError } from '../diagnostics.js'

const MARKER_TEXT = 'This folder was made by "wikigen build". The next build replaces it as a whole.\n'

/**
 * Files that every output of wikigen before the marker had: such a folder is recognised as an earlier output too, so
 * that existing sites keep building after an upgrade. No folder a person keeps looks like this by chance.
 */
const EARLIER_OUTPUT = ['404.html', '_redirects', 'redirects.nginx.map', 'search-index.json']

export interface OutputFolderContext {
  /** The content root; the output may be inside it (it is then never read as content), never above it. */
  root: string
  /** Working directory; default process.cwd(). */
  cwd?: string
  /** Home folder; default os.homedir(). */
  home?: string
}

/**
 * The real path a build writes its output to, after checking that replacing it loses nothing the build did not make.
 * Throws a UsageError (one line and a hint for the terminal, nothing written) when it does not.
 */
export function resolveOutputFolder(out: string, context: OutputFolderContext): string {
  const target = realPathOf(out)
  const root = realPathOf(context.root)
  const cwd = realPathOf(context.cwd ?? process.cwd())
  const home = realPathOf(context.home ?? homedir())
  const named = JSON.stringify(out)
  const refuse = (why: string, hint: string): never => {
    throw new UsageError(`Refusing to write the site into ${named}: ${why}; nothing was changed`, hint, 'unsafe-output')
  }
  const elsewhere = 'Choose a folder of its own for the site, e.g. --out dist (the default).'
  if (target === dirname(target)) refuse('it is the root of the file system', elsewhere)
  if (contains(target, root)) {
    refuse(target === root ? 'it is the content folder' : `it contains the content folder ${JSON.stringify(context.root)}`, elsewhere)
  }
  if (contains(target, cwd)) refuse(target === cwd ? 'it is the current directory' : 'it contains the current directory', elsewhere)
  if (contains(target, home)) refuse(target === home ? 'it is the home folder' : 'it contains the home folder', elsewhere)
  if (!existsSync(target)) return target
  if (!statSync(target).isDirectory()) refuse('it is a file, not a folder', elsewhere)
  if (!isReplaceable(target)) {
    refuse(
      'it holds files that wikigen did not make',
      `Empty the folder or choose another one; wikigen only replaces a folder that an earlier build wrote (it has a ${OUTPUT_MARKER} file).`,
    )
  }
  return target
}

/** Names of the folders of an entry-by-entry swap inside the output folder (write-output.ts). */
export const INSIDE_STAGING = '.wikigen-staging-'
export const INSIDE_PREVIOUS = '.wikigen-previous-'

/** True for a folder of an entry-by-entry swap, which the next build puts back or removes. */
export const isSwapFolder = (entry: string) => entry.startsWith(INSIDE_STAGING) || entry.startsWith(INSIDE_PREVIOUS)

/**
 * True for a folder that is empty, an earlier output of wikigen, or what an interrupted swap left in one: its entries
 * moved aside into a swap folder, which the build puts back before anything else.
 */
function isReplaceable(folder: string): boolean {
  const entries = readdirSync(folder)
  if (entries.length === 0 || entries.includes(OUTPUT_MARKER) || EARLIER_OUTPUT.every((name) => entries.includes(name))) return true
  return entries.every(isSwapFolder) && entries.some((entry) => entry.startsWith(INSIDE_PREVIOUS))
}

/** Marks a (staging) folder as output of wikigen. */
export function markOutputFolder(folder: string): void {
  writeFileSync(join(folder, OUTPUT_MARKER), MARKER_TEXT)
}
