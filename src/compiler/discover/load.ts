/**
 * Content discovery and reading: the only code that touches content files on disk.
 *
 * Every '.md' file under the root is a page, every other file an asset (copied to the output when a page uses it).
 * Hidden entries ('.obsidian', '.git', '.trash'), node_modules, the config file, folders that hold a build's output
 * and what the vault's settings or the config exclude (publish-rules.ts) are skipped.
 *
 * Nothing outside the root is ever read: a symbolic link is followed only when its target lies inside the root (a link
 * pointing elsewhere is reported and left out), and once (a link back into a folder already being walked is reported,
 * not followed forever). Entries that are neither files nor folders (a FIFO or socket named like a page) are reported
 * and left out too, since reading one would block the build.
 */
import { createHash } from 'node:crypto'
import { lstatSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs'
import { readFile, readdir, realpath, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { COMPILER_VERSION } from '../config/constants.js'
import { IMAGE_FILE, readImageSize, type ImageSize } from './image-size.js'
import { VIDEO_HEADER_FILE, readVideoInfo } from './video-size.js'
import type { Diagnostic, DiagnosticCode } from '../diagnostics.js'
import { contains, isOutputFolder } from './folder-identity.js'
import { toSourcePath, type SourcePath } from '../paths.js'
import { readPublishRules, type PublishRules } from './publish-rules.js'

/**
 * A content file as read from disk, the input of `parsePage`: `load` is the only code that produces these.
 */
export interface SourceFile {
  path: SourcePath
  /** Decoded text: NFC, without BOM, private-use placeholder characters replaced. */
  text: string
  /** Hash of the path, the raw bytes, the compiler version and the cache salt: the page's cache key. */
  contentHash: string
  /** True for a file that is no text (it has NUL bytes): it is reported, never parsed. */
  binary?: true
  /** Problems found while reading (invalid UTF-8, binary content); parsing still runs unless `binary`. */
  diagnostics: Diagnostic[]
}

/** A file found under the content root. */
export interface ContentRef {
  path: SourcePath
  /** Absolute path on disk, as spelled there (may be NFD). */
  absolute: string
  /**
   * Width and height of an image or a video, read from its header while discovering, so that linking needs no file
   * access.
   */
  size?: ImageSize
  /** True for a video container without a picture track (an audio-only .webm or .mp4): it is shown as audio. */
  audioOnly?: true
}

/**
 * Files that become pages: markdown notes, Obsidian Bases (`.base`, list pages made from the notes' properties) and
 * canvases (`.canvas`, JSON Canvas drawn as SVG). Every other file is an asset.
 */
export const PAGE_SOURCE = /\.(md|base|canvas)$/i

/** The folder whose files are published as they are, at the root of the site ('public/robots.txt' → '/robots.txt'). */
export const PUBLIC_FOLDER = 'public'

/** True for a file of the `public/` folder: published whether a page uses it or not. */
export function isPublicFile(ref: ContentRef): boolean {
  return ref.path.startsWith(`${PUBLIC_FOLDER}/`)
}

/** Where a content file is published, relative to the site's base: its path, without `public/` for the public folder. */
export function outputPathOf(ref: ContentRef): string {
  return isPublicFile(ref) ? ref.path.slice(PUBLIC_FOLDER.length + 1) : ref.path
}

/** A content file's record, with the size of an image or video read from its header. */
function contentRef(path: SourcePath, absolute: string): ContentRef {
  if (IMAGE_FILE.test(path)) {
    const size = readImageSize(absolute)
    return size ? { path, absolute, size } : { path, absolute }
  }
  if (VIDEO_HEADER_FILE.test(path)) {
    const info = readVideoInfo(absolute)
    if (info === 'audio') return { path, absolute, audioOnly: true }
    return info ? { path, absolute, size: info } : { path, absolute }
  }
  return { path, absolute }
}

export interface ContentFiles {
  markdown: ContentRef[]
  assets: ContentRef[]
  diagnostics: Diagnostic[]
  /** Where the vault saves attachments (its Obsidian settings); links look there first. */
  attachmentFolder?: string
  /** The vault shows single line breaks as breaks (PublishRules.softBreaks). */
  softBreaks?: boolean
}

export interface DiscoverOptions {
  /** Folders never read as content, e.g. an output folder inside the root (real paths). */
  skip?: readonly string[]
  /** What the vault's settings and the config leave out; read from the root when not given. */
  rules?: PublishRules
}

const SKIPPED = /^(\.|node_modules$|wikigen\.config\.[cm]?[jt]s$)/

/**
 * Longest page name, in bytes of UTF-8: its route file adds ".html", and file systems allow 255 bytes per name.
 * Some room is left for the legacy spellings that become redirect files beside it.
 */
export const MAX_PAGE_NAME_BYTES = 240

/** Characters that separate paths on other systems or in URLs, or are control characters: never in a name here. */
const BAD_NAME = /[\\\u0000-\u001f\u007f]/

/** Lists the pages and assets under `root`, sorted by path so that every build sees them in the same order. */
export async function discoverContent(root: string, options: DiscoverOptions = {}): Promise<ContentFiles> {
  const rules = options.rules ?? readPublishRules(root)
  const result: ContentFiles = {
    markdown: [],
    assets: [],
    diagnostics: [...rules.diagnostics],
    attachmentFolder: rules.attachmentFolder,
    softBreaks: rules.softBreaks,
  }
  const walking = new Set<string>()
  const realRoot = await realpath(root)
  const skip = new Set(options.skip ?? [])
  const report = (code: DiagnosticCode, path: string, message: string, hint: string, severity: Diagnostic['severity'] = 'warning') => {
    result.diagnostics.push({ severity, code, file: asWritten(path), line: 0, column: 0, message, hint })
  }

  async function walk(dir: string, relative: string, real: string): Promise<void> {
    if (walking.has(real)) {
      report(
        'symlink-loop',
        relative,
        `Folder "${relative}" links back to a folder that contains it`,
        'Remove the symbolic link; its content is already part of the wiki.',
      )
      return
    }
    walking.add(real)
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if (relative === '') throw error
      report(
        'unreadable-file',
        relative,
        `Folder "${relative}" cannot be read (${(error as NodeJS.ErrnoException).code}); it is left out`,
        'Check its permissions, or shorten the folder names if the path is very long.',
        'error',
      )
      walking.delete(real)
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    if (
      relative !== '' &&
      isOutputFolder(
        dir,
        entries.map((e) => e.name),
      )
    ) {
      walking.delete(real)
      return
    }
    for (const entry of entries) {
      if (SKIPPED.test(entry.name)) continue
      const absolute = join(dir, entry.name)
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (rules.excludes(path.normalize('NFC'))) continue
      if (BAD_NAME.test(entry.name)) {
        report(
          'bad-file-name',
          path,
          `Name ${JSON.stringify(entry.name)} contains a backslash or a control character; it is left out`,
          'Rename it: Obsidian does not allow these characters either, and browsers read a backslash in a URL as "/".',
          'error',
        )
        continue
      }
      let target = absolute
      let info: Pick<Stats, 'isDirectory' | 'isFile'> = entry
      if (entry.isSymbolicLink()) {
        const resolved = await realpath(absolute).catch(() => undefined)
        if (!resolved) {
          report('broken-symlink', path, `Symbolic link "${path}" points to nothing`, 'Remove the link or restore what it pointed to.')
          continue
        }
        if (!contains(realRoot, resolved)) {
          report(
            'symlink-outside-root',
            path,
            `Symbolic link "${path}" points outside the content folder (to ${JSON.stringify(resolved)}); it is left out`,
            'Move what it points to into the content folder: wikigen never publishes files from outside it.',
          )
          continue
        }
        target = resolved
        info = await stat(resolved)
      }
      if (skip.has(target)) continue
      if (info.isDirectory()) await walk(absolute, path, target)
      else if (info.isFile()) {
        const isPage = PAGE_SOURCE.test(entry.name)
        const nameBytes = Buffer.byteLength(entry.name.replace(PAGE_SOURCE, ''))
        if (isPage && nameBytes > MAX_PAGE_NAME_BYTES) {
          report(
            'file-name-too-long',
            path,
            `Page name is ${nameBytes} bytes long; at most ${MAX_PAGE_NAME_BYTES} fit into a file name of the site, so it is left out`,
            'Shorten the file name; a title of any length can be set with "title:" in the front matter.',
            'error',
          )
          continue
        }
        if (isPage) result.markdown.push({ path: toSourcePath(path), absolute })
        else result.assets.push(contentRef(toSourcePath(path), absolute))
      } else if (PAGE_SOURCE.test(entry.name)) {
        report(
          'not-a-file',
          path,
          `"${path}" is a named pipe, socket or device, not a file; it is left out`,
          'Remove it from the content folder: only files and folders can be published.',
        )
      }
    }
    walking.delete(real)
  }

  await walk(root, '', realRoot)
  const byPath = (a: ContentRef, b: ContentRef) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  result.markdown.sort(byPath)
  result.assets.sort(byPath)
  return result
}

/**
 * A path as the author wrote it, for a diagnostic about a name that is no valid SourcePath (toSourcePath would read
 * its backslashes as folder separators).
 */
function asWritten(path: string): SourcePath {
  return path.normalize('NFC') as SourcePath
}

/** What a path below the content root is, as discovery would see it. */
export type ContentEntry = { kind: 'page' | 'asset'; ref: ContentRef } | { kind: 'missing' } | { kind: 'excluded'; diagnostic: Diagnostic }

/**
 * Looks at one path below the content root with the rules of discoverContent: for the few files of a dev update, which
 * come from a file watcher and must not be read when discovery would not have read them.
 */
export function inspectContentPath(root: string, path: string, rules: PublishRules = readPublishRules(root)): ContentEntry {
  const absolute = join(root, path)
  const excluded = (code: DiagnosticCode, message: string, hint: string): ContentEntry => ({
    kind: 'excluded',
    diagnostic: { severity: 'warning', code, file: asWritten(path), line: 0, column: 0, message, hint },
  })
  if (path.split('/').some((part) => part === '' || part === '..' || SKIPPED.test(part))) return { kind: 'missing' }
  if (rules.excludes(path.normalize('NFC'))) return { kind: 'missing' }
  if (BAD_NAME.test(path))
    return excluded(
      'bad-file-name',
      `Name ${JSON.stringify(path)} contains a backslash or a control character; it is left out`,
      'Rename it: Obsidian does not allow these characters either.',
    )
  const link = lstatSync(absolute, { throwIfNoEntry: false })
  if (!link) return { kind: 'missing' }
  let real: string
  try {
    real = realpathSync(absolute)
  } catch {
    return { kind: 'missing' }
  }
  if (!contains(realpathSync(resolve(root)), real)) {
    return excluded(
      'symlink-outside-root',
      `"${path}" points outside the content folder (to ${JSON.stringify(real)}); it is left out`,
      'Move what it points to into the content folder: wikigen never publishes files from outside it.',
    )
  }
  const info = statSync(real, { throwIfNoEntry: false })
  if (!info) return { kind: 'missing' }
  if (!info.isFile()) {
    return info.isDirectory()
      ? { kind: 'missing' }
      : excluded(
          'not-a-file',
          `"${path}" is a named pipe, socket or device, not a file; it is left out`,
          'Remove it from the content folder: only files and folders can be published.',
        )
  }
  const isPage = PAGE_SOURCE.test(path)
  return {
    kind: isPage ? 'page' : 'asset',
    ref: isPage ? { path: toSourcePath(path), absolute } : contentRef(toSourcePath(path), absolute),
  }
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
    return { path, text: '', contentHash, binary: true, diagnostics }
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
