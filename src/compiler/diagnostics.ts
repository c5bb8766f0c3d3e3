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
 * The warnings `build --strict` prints but does not fail on, each with the reason the guides and `build --help` give.
 * Every other warning fails a strict build as an error fails any build: dead links and anchors, missing images and
 * embeds, embed cycles, bad front matter, content shown as text because it is too large, and so on. These are left
 * out because nothing in the content is wrong:
 *
 * - two notes of one name in different folders (or names that differ only in case or umlaut spelling) are allowed in
 *   Obsidian; both pages build, each at its own URL, and links lead to the one whose path they match;
 * - a shallow clone cuts the history the last-updated dates come from, but the pages are as the authors wrote them,
 *   and the next full clone builds them with full dates.
 */
export const NOT_STRICT: ReadonlyMap<DiagnosticCode, string> = new Map<DiagnosticCode, string>([
  ['duplicate-slug', 'two notes of one name: Obsidian allows it, both pages build and links lead by path'],
  ['shallow-clone', 'a shallow clone: about the machine, not the content'],
])

/** True for a diagnostic that fails `build --strict`: every error, and every warning not listed in NOT_STRICT. */
export function failsStrict(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === 'error' || !NOT_STRICT.has(diagnostic.code)
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

/**
 * A usage error at a place in the team's own code (the config, a theme slot's component): printed as
 * `file:line:column: reason` with a hint, never with a stack, and shown by the dev server's overlay as a diagnostic.
 */
export class PlacedUsageError extends UsageError {
  constructor(
    /** The file at fault, as the error keeps it (see each subclass). */
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
    hint: string,
    code: 'bad-config' | 'bad-slot',
    /** The file as the message names it. */
    shownFile = file,
  ) {
    super(`${shownFile}:${line}:${column}: ${reason}`, hint, code)
  }

  /** The error as an error diagnostic of `file`, the path the overlay shows. */
  protected diagnosticOf(file: string): Diagnostic {
    return {
      severity: 'error',
      code: this.code as DiagnosticCode,
      file: file as SourcePath,
      line: this.line,
      column: this.column,
      message: this.reason,
      hint: this.hint,
    }
  }
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError
}
