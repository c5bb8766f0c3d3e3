/**
 * The error records. Content mistakes are data, not exceptions: every stage returns diagnostics next to its output,
 * and the CLI prints them once, sorted, as `file:line:col  severity  message  [code]` plus a hint. A mistake in how
 * wikigen was called is a UsageError (end of this file); anything else thrown is a bug.
 */
import type { SourcePath } from './paths.js'

export type Severity = 'error' | 'warning'

export type DiagnosticCode =
  | 'bad-frontmatter'
  | 'bad-frontmatter-type'
  | 'dead-link'
  | 'dead-anchor'
  | 'missing-image'
  | 'embed-cycle'
  | 'duplicate-slug'
  | 'unclosed-container'
  | 'bad-container'
  | 'diagram-too-large'
  | 'code-fence'
  | 'bad-math'
  | 'unknown-layout'
  | 'unreadable-file'
  | 'invalid-utf8'
  | 'shallow-clone'
  | 'symlink-loop'
  | 'symlink-outside-root'
  | 'broken-symlink'
  | 'bad-file-name'
  | 'file-name-too-long'
  | 'path-too-long'
  | 'not-a-file'
  | 'no-pages'
  | 'unsafe-head-tag'
  | 'no-url'
  | 'unclosed-comment'
  | 'bad-config'
  | 'bad-slot'
  | 'unknown-config-key'
  | 'bad-file-path'
  | 'too-many-delimiters'
  | 'table-too-wide'
  | 'page-too-large'
  | 'page-too-complex'
  | 'generated-path'
  | 'bad-redirect'
  | 'markdown-hook-failed'
  | 'parse-failed'
  | 'bad-permalink'
  | 'missing-sidebar'
  | 'too-deep'
  | 'bad-vault-settings'
  | 'missing-drawing-export'
  | 'bad-canvas'
  | 'bad-base'
  | 'base-expression'
  | 'bad-query'
  | 'active-file'
  | 'too-many-tags'
  | 'too-many-brackets'

export interface Diagnostic {
  severity: Severity
  code: DiagnosticCode
  file: SourcePath | ''
  /** 1-based; 0 when the problem concerns the whole file or the whole site. */
  line: number
  column: number
  /** What is wrong, with the offending value quoted. */
  message: string
  /** What to do, with the corrected value when it can be computed. */
  hint?: string
  /** For link problems: the target as written, and the closest existing page or heading. */
  target?: string
  suggestion?: string
}

/** Orders diagnostics by file, line and column, so output reads top to bottom. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column)
}

/** `content/odoo.md:14:7` style location of a diagnostic; `prefix` is the content root as the user named it. */
export function formatLocation(diagnostic: Diagnostic, prefix = ''): string {
  if (diagnostic.file === '') return prefix.replace(/\/$/, '') || '.'
  const file = prefix ? `${prefix.replace(/\/$/, '')}/${diagnostic.file}` : diagnostic.file
  return diagnostic.line > 0 ? `${file}:${diagnostic.line}:${diagnostic.column}` : file
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error')
}

/**
 * Warnings about the machine a build runs on rather than about the content: a shallow clone cuts the history the
 * last-updated dates come from, but the pages are as the authors wrote them, and the next full clone builds the same
 * pages with full dates. They are printed like any warning, and `--strict` does not fail on them.
 */
const MACHINE_CODES: ReadonlySet<DiagnosticCode> = new Set(['shallow-clone'])

/** True for a diagnostic about the content, false for one about the machine that builds it (see MACHINE_CODES). */
export function isAboutContent(diagnostic: Diagnostic): boolean {
  return !MACHINE_CODES.has(diagnostic.code)
}

/**
 * A mistake in how wikigen was called (an option, a folder), as opposed to a mistake in the content (a Diagnostic) or a
 * bug (any other Error). The CLI prints it as one line with a hint and no stack, and exits with 1.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    /** What to do instead. */
    readonly hint: string,
    /** A stable name for tests and tools, like a diagnostic code. */
    readonly code: string,
  ) {
    super(message)
    this.name = 'UsageError'
  }
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError
}
