/**
 * The entry of the bundled CLI (lib/cli.cjs): bin/wikigen.js calls `run` with its own `import()`.
 */
import { createProgram } from './index.js'
import { useImporter } from './import-module.js'

export async function run(importModule: (specifier: string) => Promise<unknown>): Promise<void> {
  useImporter(importModule)
  await createProgram().parseAsync(process.argv)
}
