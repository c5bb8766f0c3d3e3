/**
 * One owner per output path. The site's generated files (the search index, redirect tables, sitemap, client files,
 * the generated 404 page) come first; then the pages' routes, the content's assets and the redirect pages at old
 * URLs. A later claim on a path already taken, or on a path that is a folder of another claim (or the other way
 * round), is refused with an error naming both, and the earlier owner keeps the path: content never silently
 * replaces what the build generates, and no file of the site silently replaces another.
 *
 *     content/index.html         vs the home page route   → error, the asset is left out
 *     content/Archiv/Index.md    vs the home page route   → error, the page is not written
 *     redirectFrom: /attachments vs assets in attachments/ → error, the redirect is not written
 */
import type { Diagnostic } from '../diagnostics.js'
import type { SourcePath } from '../paths.js'

export interface OutputClaim {
  /** Path in the output folder: 'index.html', 'assets/client-1234.js'. */
  path: string
  /** What makes the file, for messages: 'the search index', 'page "Odoo.md"'. */
  owner: string
  /** The content file behind the claim, named by the diagnostic; none for generated files. */
  source?: SourcePath
  /** The claim is a folder the build fills as a whole (the client's, the full-text index's). */
  wholeFolder?: boolean
  /** A claim the build guessed (an Obsidian Publish URL's forwarding page): refused without a word. */
  quiet?: boolean
  /**
   * Refused also where it differs from a path taken only in case: a case-insensitive file system (macOS, Windows)
   * would write both into one file.
   */
  foldCase?: boolean
}

/**
 * Settles the claims in the order given (earlier claims win); returns the refused ones with an error each. A refused
 * claim of a generated file is a bug and throws.
 */
export function settleOutputClaims(claims: readonly OutputClaim[]): { refused: Set<OutputClaim>; diagnostics: Diagnostic[] } {
  const owners = new Map<string, OutputClaim>()
  /** Every folder of a claimed path, with a claim that needs it. */
  const folders = new Map<string, OutputClaim>()
  const refused = new Set<OutputClaim>()
  const diagnostics: Diagnostic[] = []
  // claimed files and folders in lower case, made when the first claim asks (such claims come last)
  let folded: { files: Set<string>; folders: Set<string> } | undefined
  const takenInAnyCase = (key: string) => {
    folded ??= {
      files: new Set([...owners.keys()].map((path) => path.toLowerCase())),
      folders: new Set([...folders.keys()].map((path) => path.toLowerCase())),
    }
    const lower = key.toLowerCase()
    return folded.files.has(lower) || folded.folders.has(lower) || parentsOf(lower).some((parent) => folded!.files.has(parent))
  }
  for (const claim of claims) {
    const key = claim.path.normalize('NFC')
    const tooLong = longestName(key)
    if (tooLong > MAX_NAME_BYTES) {
      refused.add(claim)
      // a warning: the rest of the site is whole, and a long tag should not stop a deployment
      diagnostics.push({
        severity: 'warning',
        code: 'path-too-long',
        file: claim.source ?? '',
        line: 0,
        column: 0,
        message: `${capitalised(claim.owner.length > 90 ? `${claim.owner.slice(0, 89)}…` : claim.owner)} has a file name of ${tooLong} bytes, more than the ${MAX_NAME_BYTES} a file system allows; it is left out`,
        hint: 'Shorten the tag, section, alias, redirect or file name it is made from.',
      })
      continue
    }
    const folderOwner = folders.get(key)
    const taken =
      owners.get(key) ??
      folderOwner ??
      parentsOf(key)
        .map((parent) => owners.get(parent))
        .find(Boolean)
    if (claim.quiet && (taken || (claim.foldCase && takenInAnyCase(key)))) {
      refused.add(claim)
      continue
    }
    if (taken) {
      if (!claim.source) throw new Error(`Two generated files claim ${claim.path}: ${taken.owner} and ${claim.owner}`)
      refused.add(claim)
      const clash = taken.wholeFolder
        ? `inside ${taken.owner}`
        : taken === folderOwner
          ? `a folder of ${taken.owner}`
          : owners.get(key) === taken
            ? taken.owner
            : `${taken.owner} (a file where it needs a folder)`
      diagnostics.push({
        severity: 'error',
        code: 'generated-path',
        file: claim.source,
        line: 0,
        column: 0,
        message: `${capitalised(claim.owner)} would write "${claim.path}", which is ${clash}; it is left out`,
        hint: taken.source
          ? `Rename one of "${claim.source}" and "${taken.source}".`
          : 'Rename or move it: wikigen writes that path itself.',
      })
      continue
    }
    owners.set(key, claim)
    for (const parent of parentsOf(key)) if (!folders.has(parent)) folders.set(parent, claim)
    if (folded) {
      folded.files.add(key.toLowerCase())
      for (const parent of parentsOf(key)) folded.folders.add(parent.toLowerCase())
    }
  }
  return { refused, diagnostics }
}

/** The most bytes a file or folder name may have on the file systems sites are built on (ext4, APFS, NTFS). */
export const MAX_NAME_BYTES = 255

/** The bytes of the longest file or folder name of a path (UTF-8, as the file system stores it). */
function longestName(path: string): number {
  let longest = 0
  for (const name of path.split('/')) longest = Math.max(longest, Buffer.byteLength(name))
  return longest
}

/** 'a/b/c.html' → ['a', 'a/b'] */
function parentsOf(path: string): string[] {
  const parts = path.split('/')
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'))
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
