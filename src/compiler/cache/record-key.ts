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

/** JSON that keeps what JSON.stringify would drop or blur: regular expressions and functions by their source. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof RegExp || typeof v === 'function' ? String(v) : v)) ?? ''
}
