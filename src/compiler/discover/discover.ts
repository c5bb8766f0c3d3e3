/**
 * The discover step: which files of the content root make the site (load.ts decides what is a page and what an
 * asset), checked against what the build can write: no pages at all is worth a warning, and an asset whose copy
 * would pass the file system's path limit is left out with an error.
 */
import { statSync } from 'node:fs'
import { UsageError, type Diagnostic } from '../diagnostics.js'
import { discoverContent, type ContentFiles, type ContentRef } from './load.js'
import { readPublishRules } from './publish-rules.js'

/** Longest path the file system takes (Linux's PATH_MAX less its terminating NUL). */
const MAX_PATH_BYTES = 4095

/** Lists the pages and assets of `root` for a build into `out` (a real path, never read as content). */
export async function discoverSite(root: string, out: string | undefined, exclude: readonly string[] = []): Promise<ContentFiles> {
  const rules = readPublishRules(requireRoot(root), exclude)
  const content = await discoverContent(root, { skip: out ? [out] : [], rules })
  if (content.markdown.length === 0) {
    content.diagnostics.push({
      severity: 'warning',
      code: 'no-pages',
      file: '',
      line: 0,
      column: 0,
      message: `Content folder ${JSON.stringify(root)} holds no markdown page; the site has only its 404 page`,
      hint: 'Check --root: it names the folder with the .md files (the Obsidian vault).',
    })
  }
  if (out) content.assets = content.assets.filter((asset) => fitsOutput(asset, out, content.diagnostics))
  return content
}

/**
 * False, with a diagnostic, for an asset whose copy in the staging folder would have a longer path than the file
 * system allows: deep folders of an Obsidian vault near that limit, built into a folder with a longer path.
 */
function fitsOutput(asset: ContentRef, out: string, diagnostics: Diagnostic[]): boolean {
  const staged = `${out}.staging-${'x'.repeat(28)}/${asset.path}`
  if (Buffer.byteLength(staged) <= MAX_PATH_BYTES) return true
  diagnostics.push({
    severity: 'error',
    code: 'path-too-long',
    file: asset.path,
    line: 0,
    column: 0,
    message: `Path is too long to be copied into the output folder (${Buffer.byteLength(staged)} of at most ${MAX_PATH_BYTES} bytes); it is left out`,
    hint: 'Move the file into a folder closer to the content root, or build into a folder with a shorter path.',
  })
  return false
}

/**
 * The content root, checked to be a folder: a missing one is a usage mistake, not a bug. So is a path through a file
 * (`notes.md/sub`), a loop of symbolic links, a name too long or a folder this user may not read: one line each.
 */
export function requireRoot(root: string): string {
  let info
  try {
    info = statSync(root, { throwIfNoEntry: false })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOTDIR') info = undefined
    else if (code === 'ELOOP' || code === 'EACCES' || code === 'ENAMETOOLONG' || code === 'EPERM')
      throw new UsageError(
        `Content folder ${JSON.stringify(root)} cannot be read (${code})`,
        code === 'ELOOP'
          ? 'Follow the symbolic links of the path: one of them points back at itself.'
          : 'Name a folder you may read with --root.',
        'missing-root',
      )
    else throw error
  }
  if (!info)
    throw new UsageError(
      `Content folder ${JSON.stringify(root)} does not exist`,
      'Name the folder of markdown with --root, e.g. --root docs.',
      'missing-root',
    )
  if (!info.isDirectory())
    throw new UsageError(
      `Content folder ${JSON.stringify(root)} is a file, not a folder`,
      'Name the folder that holds the markdown with --root.',
      'missing-root',
    )
  return root
}
