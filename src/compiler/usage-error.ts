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
