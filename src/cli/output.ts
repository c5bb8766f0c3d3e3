/**
 * Terminal output: colours (see `colorsWanted`), diagnostics, progress bar, summary.
 */
import { stripVTControlCharacters } from 'node:util'
import pc from 'picocolors'
import type { BuildPhase } from '../compiler/build.js'
import { DEFAULT_CONFIG } from '../compiler/config/config.js'
import { formatLocation, type Diagnostic, type UsageError } from '../compiler/diagnostics.js'
import type { SiteLanguage } from '../compiler/discover/vault-language.js'

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

/**
 * The line that names a site language told by the notes (a config without `site.lang`), in that language as the
 * progress bar speaks it: a vault whose interface changed language is told why, and how to keep one.
 *
 *     en     → Site language: en (detected from the notes; site.lang in wikigen.config.ts sets one)
 *     de-CH  → Sprache der Website: de-CH (aus den Notizen erkannt; site.lang in wikigen.config.ts legt sie fest)
 */
export function detectedLanguageLine(lang: string): string {
  return progressLabelsOf(lang) === PROGRESS_LABELS.de
    ? `Sprache der Website: ${lang} (aus den Notizen erkannt; site.lang in wikigen.config.ts legt sie fest)`
    : `Site language: ${lang} (detected from the notes; site.lang in wikigen.config.ts sets one)`
}

/**
 * The line a build prints about its language, if any: only for a language the notes told that is not the default
 * (de-CH). A German vault reads as it always did, so its builds stay as quiet as before; an English one is told once
 * per build why its interface is English, which a config's `site.lang` then makes a choice of its own.
 */
export function languageLineOf(language: SiteLanguage): string | undefined {
  return language.from === 'notes' && language.lang !== DEFAULT_CONFIG.site.lang ? detectedLanguageLine(language.lang) : undefined
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
