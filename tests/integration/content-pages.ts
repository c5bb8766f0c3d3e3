/**
 * The pages of the Talwerk wiki in content/, read once for the content tests: path, name, front matter, lines and
 * body (the text after the front matter).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { parseDocument } from 'yaml'
import { repoRoot } from './helpers.js'

export const contentRoot = join(repoRoot, 'content')

export interface ContentPage {
  /** Path inside content/, with '/'. */
  path: string
  name: string
  frontMatter: Record<string, unknown>
  /** The lines of the file, to name the line of a property in a message. */
  lines: readonly string[]
  /** The text after the front matter. */
  body: string
  /** The line number (1-based) of the body's first line. */
  bodyLine: number
  /** What YAML reports about the front matter, such as a key given twice. */
  frontMatterErrors: string[]
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** Reads one page of content/ (or any markdown file, named by `path` relative to content/). */
export function readContentPage(file: string): ContentPage {
  const path = relative(contentRoot, file).split(sep).join('/')
  const text = readFileSync(file, 'utf8')
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text)
  const document = match ? parseDocument(match[1], { uniqueKeys: true }) : null
  const data: unknown = document ? document.toJS() : null
  const frontMatterErrors = document ? document.errors.map((error) => error.message.split('\n')[0]) : []
  const frontMatter = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
  const body = match ? text.slice(match[0].length) : text
  const bodyLine = match ? match[0].split('\n').length : 1
  return {
    path,
    name: path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, ''),
    frontMatter,
    lines: text.split(/\r?\n/),
    body,
    bodyLine,
    frontMatterErrors,
  }
}

/** Every page below content/. */
export function contentPages(): ContentPage[] {
  return markdownFiles(contentRoot).map(readContentPage)
}
