import pc from 'picocolors'
import type { Reporter } from '../../../src/cli/output.js'

/** A reporter that collects lines instead of printing, without colours. */
export function captureReporter(): Reporter & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = []
  const stderr: string[] = []
  return {
    colors: pc.createColors(false),
    isTerminal: false,
    out: (l) => void stdout.push(l),
    err: (l) => void stderr.push(l),
    stdout,
    stderr,
  }
}
