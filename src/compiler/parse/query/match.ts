/**
 * Evaluates a parsed query (parse.ts) over one note, as Obsidian's search does: words and phrases anywhere in the
 * note's text or path, operators for its name, path, tags, properties, and for the lines, blocks, sections and tasks
 * of its text. A note's text is what its markdown says without front matter and comments (`%%…%%`, `<!--…-->`: they
 * are not published, so no search may show them) and without the text of ```query blocks; it is made only when a
 * query reads it (`QueryNote.content`), and cut at `MAX_TEXT` characters, so a regular expression runs on bounded text.
 */
import type { QueryNode } from './parse.js'

/** Most characters of a note that are searched. */
export const MAX_TEXT = 100_000

export interface QueryNote {
  /** The path in the vault, 'Projekte/Plan.md'. */
  path: string
  /** The file's name, 'Plan.md'. */
  name: string
  /** Tags without '#', nested ones with '/'. */
  tags: readonly string[]
  properties: Readonly<Record<string, unknown>>
  /** The searched text of the note, made on first use. */
  content(): QueryContent
}

export interface QueryContent {
  text: string
  lines: string[]
  /** The text between two headings, each with its heading. */
  sections: string[]
  /** Paragraphs, list items, code blocks: text between blank lines. */
  blocks: string[]
  tasks: { text: string; done: boolean }[]
}

/** What a term is compared with: the whole note, some texts, the note's tags, or a property's values. */
type Unit =
  { kind: 'note' } | { kind: 'texts'; texts: readonly string[] } | { kind: 'tags' } | { kind: 'values'; values: readonly unknown[] }

/** A compiled query: tests a note, and finds the matches of its terms in a line for highlighting. */
export interface QueryMatcher {
  matches(note: QueryNote): boolean
  /** The ranges [start, end) in `line` of the terms the note was found by, sorted, not overlapping. */
  highlights(line: string): [number, number][]
  /** True when the query searches text, so a result shows its matching lines. */
  readsText: boolean
}

export function compileQuery(root: QueryNode): QueryMatcher {
  const patterns = new Map<QueryNode, RegExp>()
  const patternOf = (node: Extract<QueryNode, { type: 'text' }>, sensitive: boolean): RegExp => {
    let pattern = patterns.get(node)
    if (!pattern) {
      const source = node.regex ? node.text : escapeRegex(node.text)
      pattern = regExp(source, sensitive ? '' : 'i')
      patterns.set(node, pattern)
    }
    return pattern
  }

  const test = (node: QueryNode, note: QueryNote, unit: Unit, sensitive: boolean): boolean => {
    switch (node.type) {
      case 'and':
        return node.children.every((child) => test(child, note, unit, sensitive))
      case 'or':
        return node.children.some((child) => test(child, note, unit, sensitive))
      case 'not':
        return !test(node.child, note, unit, sensitive)
      case 'case':
        return test(node.child, note, unit, node.sensitive)
      case 'property': {
        const key = Object.keys(note.properties).find((name) => name.toLowerCase() === node.name.toLowerCase())
        if (key === undefined) return false
        if (!node.value) return true
        const value = note.properties[key]
        return test(node.value, note, { kind: 'values', values: Array.isArray(value) ? value : [value] }, sensitive)
      }
      case 'scope':
        return testScope(node, note, sensitive)
      case 'text':
        return testText(node, note, unit, sensitive)
    }
  }

  const testScope = (node: Extract<QueryNode, { type: 'scope' }>, note: QueryNote, sensitive: boolean): boolean => {
    const within = (texts: readonly string[]) => texts.some((text) => test(node.child, note, { kind: 'texts', texts: [text] }, sensitive))
    switch (node.scope) {
      case 'file':
        return test(node.child, note, { kind: 'texts', texts: [note.name] }, sensitive)
      case 'path':
        return test(node.child, note, { kind: 'texts', texts: [note.path] }, sensitive)
      case 'content':
        return test(node.child, note, { kind: 'texts', texts: [note.content().text] }, sensitive)
      case 'tag':
        return test(node.child, note, { kind: 'tags' }, sensitive)
      case 'line':
        return within(note.content().lines)
      case 'section':
        return within(note.content().sections)
      case 'block':
        return within(note.content().blocks)
      case 'task':
        return within(note.content().tasks.map((task) => task.text))
      case 'task-todo':
        return within(note.content().tasks.flatMap((task) => (task.done ? [] : [task.text])))
      case 'task-done':
        return within(note.content().tasks.flatMap((task) => (task.done ? [task.text] : [])))
    }
  }

  const testText = (node: Extract<QueryNode, { type: 'text' }>, note: QueryNote, unit: Unit, sensitive: boolean): boolean => {
    const pattern = patternOf(node, sensitive)
    switch (unit.kind) {
      case 'note':
        return pattern.test(note.path) || pattern.test(note.content().text)
      case 'texts':
        return unit.texts.some((text) => pattern.test(text))
      case 'tags': {
        if (node.regex) return note.tags.some((tag) => pattern.test(tag))
        // tag:#projekt finds #projekt and #projekt/intern, not #altprojekt
        const wanted = sensitive ? node.text : node.text.toLowerCase()
        return note.tags.some((tag) => {
          const name = sensitive ? tag : tag.toLowerCase()
          return name === wanted || name.startsWith(`${wanted}/`)
        })
      }
      case 'values':
        return unit.values.some((value) => valueMatches(value, node, pattern))
    }
  }

  const marks = highlightPatterns(root, false, patternOf)
  return {
    matches: (note) => test(root, note, { kind: 'note' }, false),
    highlights: (line) => rangesOf(line, marks),
    readsText: marks.length > 0,
  }
}

/** A property's value against a term: 'null' for an empty value, `>5` and `<5` for numbers, else its text. */
function valueMatches(value: unknown, node: Extract<QueryNode, { type: 'text' }>, pattern: RegExp): boolean {
  if (!node.regex) {
    if (node.text === 'null') return value === null || value === undefined || value === ''
    const compare = /^([<>]=?)(-?\d+(?:\.\d+)?)$/.exec(node.text)
    if (compare) {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
      if (Number.isNaN(number)) return false
      const limit = Number(compare[2])
      return compare[1] === '<'
        ? number < limit
        : compare[1] === '>'
          ? number > limit
          : compare[1] === '<='
            ? number <= limit
            : number >= limit
    }
  }
  const text = textOfValue(value)
  return text !== undefined && pattern.test(text)
}

function textOfValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().replace(/T00:00:00\.000Z$/, '')
  return undefined
}

/**
 * The patterns of the terms a note is found by in its text: not those under a negation, and not those of its name,
 * path, tags or properties.
 */
function highlightPatterns(
  node: QueryNode,
  sensitive: boolean,
  patternOf: (node: Extract<QueryNode, { type: 'text' }>, sensitive: boolean) => RegExp,
): RegExp[] {
  switch (node.type) {
    case 'and':
    case 'or':
      return node.children.flatMap((child) => highlightPatterns(child, sensitive, patternOf))
    case 'not':
    case 'property':
      return []
    case 'case':
      return highlightPatterns(node.child, node.sensitive, patternOf)
    case 'scope':
      return node.scope === 'file' || node.scope === 'path' || node.scope === 'tag'
        ? []
        : highlightPatterns(node.child, sensitive, patternOf)
    case 'text': {
      const pattern = patternOf(node, sensitive)
      return [new RegExp(pattern.source, `${pattern.flags}g`)]
    }
  }
}

/** Where `patterns` match in `line`: merged ranges; a pattern that matches the empty string marks nothing. */
function rangesOf(line: string, patterns: readonly RegExp[]): [number, number][] {
  const ranges: [number, number][] = []
  for (const pattern of patterns) {
    pattern.lastIndex = 0
    for (let match = pattern.exec(line); match; match = pattern.exec(line)) {
      if (match[0] === '') {
        pattern.lastIndex++
        continue
      }
      ranges.push([match.index, match.index + match[0].length])
      if (ranges.length > 100) break
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const range of ranges) {
    const last = merged[merged.length - 1]
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([...range])
  }
  return merged
}

/** A regular expression with Unicode semantics where the source allows them (`\p{L}`), else without. */
function regExp(source: string, flags: string): RegExp {
  try {
    return new RegExp(source, `${flags}u`)
  } catch {
    return new RegExp(source, flags)
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const FRONT_MATTER = /^---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)/
const HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/
const TASK = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+\[(.)\](?:[ \t]+(.*))?$/

/** The searched text of a note's markdown source (see the module's comment). */
export function queryContentOf(source: string): QueryContent {
  let text = source.replace(/^\uFEFF/, '').replace(FRONT_MATTER, '')
  // comments keep their line breaks, so lines stay where they are
  text = text.replace(/%%[\s\S]*?(?:%%|$)|<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ''))
  if (text.length > MAX_TEXT) text = text.slice(0, MAX_TEXT)
  const lines: string[] = []
  const sections: string[] = []
  const blocks: string[] = []
  const tasks: { text: string; done: boolean }[] = []
  let section: string[] = []
  let block: string[] = []
  let fence: { marker: string; query: boolean } | undefined
  const endBlock = () => {
    if (block.length > 0) blocks.push(block.join('\n'))
    block = []
  }
  for (const raw of text.split(/\r?\n/)) {
    if (fence) {
      if (raw.trimStart().startsWith(fence.marker) && raw.trim().replace(/[`~]/g, '') === '') {
        const wasQuery = fence.query
        fence = undefined
        if (wasQuery) continue
      } else if (fence.query) continue
      lines.push(raw)
      section.push(raw)
      block.push(raw)
      continue
    }
    const opening = FENCE.exec(raw)
    if (opening) {
      fence = { marker: opening[1], query: opening[2].toLowerCase() === 'query' }
      if (fence.query) continue
    } else if (HEADING.test(raw)) {
      // a heading starts a section and is a block of its own
      if (section.length > 0) sections.push(section.join('\n'))
      section = [raw]
      endBlock()
      blocks.push(raw)
      lines.push(raw)
      continue
    } else if (raw.trim() === '') {
      endBlock()
      lines.push(raw)
      section.push(raw)
      continue
    } else {
      const task = TASK.exec(raw)
      if (task) {
        endBlock()
        tasks.push({ text: task[2] ?? '', done: task[1] !== ' ' })
      } else if (/^[ \t]*(?:[-*+]|\d+[.)])[ \t]/.test(raw)) endBlock()
    }
    lines.push(raw)
    section.push(raw)
    block.push(raw)
  }
  endBlock()
  if (section.length > 0) sections.push(section.join('\n'))
  return { text: lines.join('\n'), lines, sections, blocks, tasks }
}
