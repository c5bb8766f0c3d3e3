/**
 * The key of a page's record without what belongs to its body alone (cache/route-keys.ts): made where the page is
 * compiled, on the worker threads of a cold build, so the main thread hashes only pages it compiles itself.
 */
import { createHash } from 'node:crypto'
import type { CompiledPage } from '../parse/page.js'

/**
 * What the compiler learned of a page, without what belongs to its body alone: the content hash, and where in the
 * text its links, sections and problems are (an edit above them moves them). Both reach only routes that show the body.
 */
export function recordKeyOf(page: CompiledPage): string {
  const { contentHash: _body, links, externalLinks, fragments, diagnostics, ...rest } = page
  const record = {
    ...rest,
    links: links.map(withoutPlace),
    externalLinks: externalLinks.map(withoutPlace),
    fragments: fragments.map((fragment) => fragment.id),
    diagnostics: diagnostics.map(withoutPlace),
  }
  return createHash('sha1').update(stableJson(record)).digest('base64')
}

function withoutPlace<T extends { line?: number; column?: number; offset?: number }>(value: T): Omit<T, 'line' | 'column' | 'offset'> {
  const { line: _line, column: _column, offset: _offset, ...rest } = value
  return rest
}

/**
 * JSON that keeps what JSON.stringify would drop or blur: regular expressions and functions by their source. Most
 * values hold neither (a page's record never does), and JSON.stringify without a replacer is much faster: a look for
 * them decides.
 */
export function stableJson(value: unknown): string {
  return (holdsCode(value, 0) ? JSON.stringify(value, bySource) : JSON.stringify(value)) ?? ''
}

const bySource = (_key: string, value: unknown) => (value instanceof RegExp || typeof value === 'function' ? String(value) : value)

/** Whether `value` holds a regular expression or a function; true too for a structure too deep to look through. */
function holdsCode(value: unknown, depth: number): boolean {
  if (typeof value === 'function' || value instanceof RegExp) return true
  if (value === null || typeof value !== 'object') return false
  if (depth > 64) return true
  if (Array.isArray(value)) return value.some((item) => holdsCode(item, depth + 1))
  for (const key in value) if (holdsCode((value as Record<string, unknown>)[key], depth + 1)) return true
  return false
}
