/**
 * Content discovery and reading: the only code that touches content files on disk.
 *
 * Every '.md' file under the root is a page, every other file an asset copied to the output. Hidden entries
 * ('.obsidian', '.git', '.trash'), node_modules and the config file are skipped. Symbolic links are followed
 * once: a link back into a folder already being walked is reported, not followed forever.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile, readdir, realpath, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { COMPILER_VERSION } from './constants.js'
import type { Diagnostic } from './diagnostics.js'
import type { SourceFile } from './parse-page.js'
import { toSourcePath, type SourcePath } from './paths.js'

/** A file found under the content root. */
export interface ContentRef {
  path: SourcePath
  /** Absolute path on disk, as spelled there (may be NFD). */
  absolute: string
}

export interface ContentFiles {
  markdown: ContentRef[]
  assets: ContentRef[]
  diagnostics: Diagnostic[]
}

const SKIPPED = /^(\.|node_modules$|wikigen\.config\.[cm]?[jt]s$)/

/** Lists the pages and assets under `root`, sorted by path so that every build sees them in the same order. */
export async function discoverContent(root: string): Promise<ContentFiles> {
  const result: ContentFiles = { markdown: [], assets: [], diagnostics: [] }
  const walking = new Set<string>()

  async function walk(dir: string, relative: string): Promise<void> {
    const real = await realpath(dir)
    if (walking.has(real)) {
      result.diagnostics.push({
        severity: 'warning',
        code: 'symlink-loop',
        file: toSourcePath(relative),
        line: 0,
        column: 0,
        message: `Folder "${relative}" links back to a folder that contains it`,
        hint: 'Remove the symbolic link; its content is already part of the wiki.',
      })
      return
    }
    walking.add(real)
    const entries = await readdir(dir, { withFileTypes: true })
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      if (SKIPPED.test(entry.name)) continue
      const absolute = join(dir, entry.name)
      const path = relative ? `${relative}/${entry.name}` : entry.name
      let isDirectory = entry.isDirectory()
      let isFile = entry.isFile()
      if (entry.isSymbolicLink()) {
        const target = await stat(absolute).catch(() => undefined)
        isDirectory = target?.isDirectory() ?? false
        isFile = target?.isFile() ?? false
      }
      if (isDirectory) await walk(absolute, path)
      else if (isFile) (/\.md$/i.test(entry.name) ? result.markdown : result.assets).push({ path: toSourcePath(path), absolute })
    }
    walking.delete(real)
  }

  await walk(root, '')
  const byPath = (a: ContentRef, b: ContentRef) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  result.markdown.sort(byPath)
  result.assets.sort(byPath)
  return result
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false })

/**
 * Reads one content file. A UTF-8 BOM is dropped; invalid UTF-8 is decoded with replacement characters and
 * reported; a file with NUL bytes is taken for binary and yields no text. Private-use placeholder characters
 * that wikigen uses internally are replaced, so no author text can forge a link placeholder. Text is NFC, so
 * an umlaut typed on macOS (NFD) and one typed elsewhere are the same character everywhere after this.
 */
export async function readSource(ref: ContentRef, salt = ''): Promise<SourceFile> {
  return sourceOf(ref, await readFile(ref.absolute), salt)
}

/** readSource, synchronously: for the few files of a dev update, where waiting for the thread pool costs more. */
export function readSourceSync(ref: ContentRef, salt = ''): SourceFile {
  return sourceOf(ref, readFileSync(ref.absolute), salt)
}

function sourceOf(ref: ContentRef, bytes: Uint8Array, salt: string): SourceFile {
  const contentHash = createHash('sha1').update(`${COMPILER_VERSION}\0${salt}\0${ref.path}\0`).update(bytes).digest('hex')
  return decodeSource(ref.path, bytes, contentHash)
}

/** Turns the bytes of a content file into a SourceFile; see readSource. */
export function decodeSource(path: SourcePath, bytes: Uint8Array, contentHash: string): SourceFile {
  const diagnostics: Diagnostic[] = []
  if (bytes.includes(0)) {
    diagnostics.push({
      severity: 'error',
      code: 'unreadable-file',
      file: path,
      line: 0,
      column: 0,
      message: 'File looks binary (it contains NUL bytes), not like markdown text',
      hint: 'Rename it without ".md" if it is an attachment, or save it again as UTF-8 text.',
    })
    return { path, text: '', contentHash, diagnostics }
  }
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    text = lenientUtf8.decode(bytes)
    const index = text.indexOf('\uFFFD')
    const before = text.slice(0, index)
    const line = before.split('\n').length
    diagnostics.push({
      severity: 'warning',
      code: 'invalid-utf8',
      file: path,
      line,
      column: index - before.lastIndexOf('\n'),
      message: 'File is not valid UTF-8; unreadable bytes are shown as "\uFFFD"',
      hint: 'Save the file as UTF-8 (Obsidian does by default; older editors may use Windows-1252).',
    })
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  return { path, text: text.replace(/[\uE000\uE001]/g, '\uFFFD').normalize('NFC'), contentHash, diagnostics }
}
