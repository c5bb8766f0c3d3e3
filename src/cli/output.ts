/**
 * Terminal output: colours (off for CI, NO_COLOR and non-terminals), diagnostics, progress bar, summary.
 */
import pc from 'picocolors'
import { formatLocation, type Diagnostic } from '../compiler/diagnostics.js'
import type { UsageError } from '../compiler/usage-error.js'

export interface Reporter {
  colors: ReturnType<typeof pc.createColors>
  isTerminal: boolean
  out(line: string): void
  err(line: string): void
}

/** A reporter for the real process, or for tests with captured lines. */
export function createReporter(options: { stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream } = {}): Reporter {
  const stdout = options.stdout ?? process.stdout
  const stderr = options.stderr ?? process.stderr
  const isTerminal = Boolean(stderr.isTTY) && !process.env.CI
  const useColor = isTerminal && !process.env.NO_COLOR && process.env.TERM !== 'dumb'
  return {
    colors: pc.createColors(useColor),
    isTerminal,
    out: (line) => void stdout.write(`${line}\n`),
    err: (line) => void stderr.write(`${line}\n`),
  }
}

/** Prints diagnostics as `file:line:col  severity  message  [code]` plus the hint, sorted. */
export function printDiagnostics(reporter: Reporter, diagnostics: readonly Diagnostic[], root: string): void {
  const c = reporter.colors
  for (const d of diagnostics) {
    const severity = d.severity === 'error' ? c.red('error') : c.yellow('warning')
    reporter.err(`${c.bold(formatLocation(d, root))}  ${severity}  ${d.message}  ${c.dim(`[${d.code}]`)}`)
    if (d.hint) reporter.err(`  ${c.dim('hint:')} ${d.hint}`)
  }
}

/** Prints a usage mistake (a wrong option or folder) as one line and its hint, without a stack. */
export function printUsageError(reporter: Reporter, error: UsageError): void {
  reporter.err(`${reporter.colors.red('error')}  ${error.message}  ${reporter.colors.dim(`[${error.code}]`)}`)
  reporter.err(`  ${reporter.colors.dim('hint:')} ${error.hint}`)
}

/** A one-line progress bar on terminals; silent elsewhere. Returns update and done functions. */
export function createProgress(reporter: Reporter, stream: NodeJS.WriteStream = process.stderr) {
  let last = 0
  return {
    update(label: string, done: number, total: number) {
      if (!reporter.isTerminal || total === 0) return
      const now = Date.now()
      if (now - last < 50 && done < total) return
      last = now
      const width = 24
      const filled = Math.round((done / total) * width)
      stream.write(
        `\r${reporter.colors.cyan('█'.repeat(filled))}${reporter.colors.dim('░'.repeat(width - filled))} ${label} ${done}/${total}\x1b[K`,
      )
    },
    done() {
      if (reporter.isTerminal) stream.write('\r\x1b[K')
    },
  }
}
