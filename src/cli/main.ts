/**
 * The entry of the bundled CLI (lib/cli.cjs, run by lib/launch.js from V8's code cache; see launch.ts).
 */
import { runInterruptCleanups, wasInterrupted } from '../compiler/workers/interrupt.js'
import { isUsageError } from '../compiler/diagnostics.js'
import { useImporter } from '../compiler/import-module.js'
import { createProgram } from './index.js'
import { createReporter, printUsageError } from './output.js'

/** Exit codes of a process ended by a signal, as shells report them (128 + the signal's number). */
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const

/** Runs the command of `process.argv`; `importModule` is the launcher's `import()`, which the CLI's script cannot call. */
export async function run(importModule?: (specifier: string) => Promise<unknown>): Promise<void> {
  if (importModule) useImporter(importModule)
  for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
    // Ctrl-C in the middle of a build: the staging folder and temporary cache go, the previous output stays
    process.once(signal, () => void runInterruptCleanups().finally(() => process.exit(code)))
  }
  // `wikigen search … | head`: a reader that stops reading ends the output, not with a stack trace
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw error
    })
  }
  try {
    await createProgram().parseAsync(process.argv)
  } catch (error) {
    // a build stopped by a signal fails on its way out: the signal's cleanups end the process with its exit code
    if (wasInterrupted()) return new Promise(() => {})
    if (!isUsageError(error)) throw error
    printUsageError(createReporter(), error)
    process.exitCode = 1
  }
}
