/**
 * Terminal output: colours (see `colorsWanted`), diagnostics, progress bar, summary.
 */
import { stripVTControlCharacters } from 'node:util'
import pc from 'picocolors'
import type { BuildPhase } from '../compiler/build.js'
import { formatLocation, type Diagnostic, type UsageError } from '../compiler/diagnostics.js'

export interface Reporter {
  /** Formats for either stream: a line goes out coloured only where its stream wants colour. */
  colors: ReturnType<typeof pc.createColors>
  /** True when stderr is an interactive terminal outside CI: only then is a progress bar drawn. */
  isTerminal: boolean
  out(line: string): void
  err(line: string): void
}

type Env = Readonly<Record<string, string | undefined>>

/**
 * Whether output to `stream` is coloured, by the common conventions in this order:
 *
 *     FORCE_COLOR=1 (any value but 0/false)  → colour, also into a pipe or file (force-color.org; wins, as in Node)
 *     FORCE_COLOR=0 or false                 → no colour
 *     NO_COLOR=1 (any non-empty value)       → no colour (no-color.org)
 *     TERM=dumb, or not a terminal           → no colour
 *     otherwise                              → colour
 *
 * An empty variable counts as unset, as both conventions say. CI logs are not terminals, so they get no colour unless
 * the pipeline sets FORCE_COLOR (GitLab and GitHub both show ANSI colours).
 */
export function colorsWanted(stream: { isTTY?: boolean }, env: Env = process.env): boolean {
  const force = env.FORCE_COLOR
  if (force !== undefined && force !== '') return !/^(0|false)$/i.test(force)
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return Boolean(stream.isTTY) && env.TERM !== 'dumb'
}

/** A reporter for the real process, or for tests with captured lines. */
export function createReporter(options: { stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream; env?: Env } = {}): Reporter {
  const stdout = options.stdout ?? process.stdout
  const stderr = options.stderr ?? process.stderr
  const env = options.env ?? process.env
  const outColor = colorsWanted(stdout, env)
  const errColor = colorsWanted(stderr, env)
  // commands format a line once and may print it on either stream (`search` results on stdout, problems on stderr),
  // so the colours are on when either stream wants them and taken out again on the stream that does not
  const plain = (wanted: boolean) => (line: string) => (wanted ? line : stripVTControlCharacters(line))
  const forOut = plain(outColor)
  const forErr = plain(errColor)
  return {
    colors: pc.createColors(outColor || errColor),
    isTerminal: Boolean(stderr.isTTY) && !env.CI && env.TERM !== 'dumb',
    out: (line) => void stdout.write(`${forOut(line)}\n`),
    err: (line) => void stderr.write(`${forErr(line)}\n`),
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

/**
 * The progress bar's word for each phase, in the site's language (config `site.lang`): the people who watch a build
 * are its authors, who write in that language. German for any `de…` tag, English for every other.
 */
const PROGRESS_LABELS = {
  de: { compile: 'Seiten', render: 'HTML' },
  en: { compile: 'Pages', render: 'HTML' },
} as const satisfies Record<string, Record<BuildPhase, string>>

/** The progress labels for a site language such as `de-CH` or `en`. */
export function progressLabelsOf(lang: string | undefined): Record<BuildPhase, string> {
  return /^de(-|$)/i.test(lang ?? 'de') ? PROGRESS_LABELS.de : PROGRESS_LABELS.en
}

export interface ProgressOptions {
  /** The site's language (config `site.lang`, default de-CH): the labels follow it. */
  lang?: string
  /** Where the bar is drawn (default stderr, beside the diagnostics). */
  stream?: NodeJS.WriteStream
}

/**
 * A one-line progress bar, redrawn in place with `\r`, on terminals only: in a pipe, a file or a CI log the redraws
 * would pile up as lines, so it stays silent there (whatever FORCE_COLOR says). Returns update and done functions.
 */
export function createProgress(reporter: Reporter, options: ProgressOptions = {}) {
  const stream = options.stream ?? process.stderr
  const labels = progressLabelsOf(options.lang)
  let last = 0
  return {
    update(phase: BuildPhase, done: number, total: number) {
      if (!reporter.isTerminal || total === 0) return
      const now = Date.now()
      if (now - last < 50 && done < total) return
      last = now
      const width = 24
      const filled = Math.round((done / total) * width)
      stream.write(
        `\r${reporter.colors.cyan('█'.repeat(filled))}${reporter.colors.dim('░'.repeat(width - filled))} ${labels[phase]} ${done}/${total}\x1b[K`,
      )
    },
    done() {
      if (reporter.isTerminal) stream.write('\r\x1b[K')
    },
  }
}
