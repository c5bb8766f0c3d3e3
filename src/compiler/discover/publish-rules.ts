/**
 * What of a vault is never content, decided before anything is read: the files Obsidian itself was told to ignore
 * (`.obsidian/app.json` → `userIgnoreFilters`), the templates folder (`.obsidian/templates.json`, the Templater
 * plugin's setting, else a top-level `templates/`, `Templates/` or `_templates/`), drawing data of the Excalidraw
 * plugin (`*.excalidraw.md`), and the config's `exclude` globs.
 *
 * The vault's settings are read from its own `.obsidian` folder, inside the content root; a file there that is not
 * valid JSON is reported and ignored.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import picomatch from 'picomatch'
import type { Diagnostic } from '../diagnostics.js'
import { createLocator, readJson } from './json-reader.js'
import type { SourcePath } from '../paths.js'

export interface PublishRules {
  /** True for a path below the root ('/'-separated) that is left out with everything below it. */
  excludes(path: string): boolean
  /** The folder Obsidian saves attachments to, from the root ('' for the root itself); undefined when unset or per note. */
  attachmentFolder?: string
  /** The templates folder, from the root; its notes are never pages. */
  templatesFolder?: string
  /**
   * True for a vault whose single line breaks Obsidian shows as breaks: it has an `.obsidian` folder and the
   * "Strict line breaks" setting is off (Obsidian's default).
   */
  softBreaks: boolean
  diagnostics: Diagnostic[]
}

/** Folders taken for the templates folder when the vault's settings name none. */
const CONVENTIONAL_TEMPLATE_FOLDERS = ['templates', 'Templates', '_templates']

/** Drawing data of the Excalidraw plugin: shown through its exported image, never as a page. */
export const EXCALIDRAW_DATA = /\.excalidraw\.md$/i

/** Reads the publish rules of the vault at `root`, with the config's `exclude` globs (paths from the root). */
export function readPublishRules(root: string, exclude: readonly string[] = []): PublishRules {
  const diagnostics: Diagnostic[] = []
  const app = readSettings(root, '.obsidian/app.json', diagnostics)
  const templates = readSettings(root, '.obsidian/templates.json', diagnostics)
  const templater = readSettings(root, '.obsidian/plugins/templater-obsidian/data.json', diagnostics)

  const ignore = stringList(app?.userIgnoreFilters).map(obsidianFilter)
  const globs = exclude.length > 0 ? picomatch(exclude as string[], { dot: true }) : undefined
  const templatesFolder =
    folderSetting(templates?.folder) ??
    folderSetting(templater?.templates_folder) ??
    CONVENTIONAL_TEMPLATE_FOLDERS.find((name) => isFolder(join(root, name)))
  const attachment = typeof app?.attachmentFolderPath === 'string' ? app.attachmentFolderPath.trim() : undefined

  return {
    excludes(path) {
      if (EXCALIDRAW_DATA.test(path)) return true
      if (templatesFolder !== undefined && (path === templatesFolder || path.startsWith(`${templatesFolder}/`))) return true
      if (ignore.some((matches) => matches(path))) return true
      return globs !== undefined && (globs(path) || globs(`${path}/`))
    },
    attachmentFolder: attachment && !attachment.startsWith('..') && attachment !== '.' ? folderSetting(attachment) : undefined,
    templatesFolder,
    softBreaks: isFolder(join(root, '.obsidian')) && app?.strictLineBreaks !== true,
    diagnostics,
  }
}

/**
 * One entry of Obsidian's "Excluded files": `/…/` is a regular expression tested against the path, anything else a
 * path prefix ('Archiv/' or 'Archiv' leaves out the folder, 'Entwurf' also 'Entwurf 2.md', as in Obsidian).
 */
function obsidianFilter(filter: string): (path: string) => boolean {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(filter)
  if (regex) {
    try {
      const pattern = new RegExp(regex[1], regex[2].replace(/[gy]/g, ''))
      return (path) => pattern.test(path)
    } catch {
      return () => false
    }
  }
  const prefix = filter.replace(/^\/+/, '')
  return (path) => prefix !== '' && (path.startsWith(prefix) || `${path}/` === prefix)
}

/** A folder path from a setting: '/' separated, no leading or trailing slash; undefined for the root or nothing. */
function folderSetting(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const folder = value
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\/+|\/+$/g, '')
  return folder === '' || folder.split('/').includes('..') ? undefined : folder.normalize('NFC')
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false
}

/** A settings file of the vault as an object; undefined when it does not exist, with a warning when it is malformed. */
export function readSettings(root: string, file: string, diagnostics: Diagnostic[]): Record<string, unknown> | undefined {
  let text: string
  try {
    text = readFileSync(join(root, file), 'utf8')
  } catch {
    return undefined
  }
  const json = readJson(text, 'Open the vault in Obsidian once to rewrite the file, or fix it by hand.')
  const problem =
    'error' in json
      ? json
      : typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)
        ? { error: 'not an object', hint: 'The file should hold one JSON object: { … }.', offset: 0 }
        : undefined
  if (!problem) return (json as { value: Record<string, unknown> }).value
  diagnostics.push({
    severity: 'warning',
    code: 'bad-vault-settings',
    file: file as SourcePath,
    ...createLocator(text)(problem.offset),
    message: `Obsidian settings file is not valid JSON (${problem.error}); its settings are ignored`,
    hint: problem.hint,
  })
  return undefined
}
