/**
 * Where the bundled pieces of wikigen live next to the CLI: the build worker and the browser client.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The bundled worker entry and client folder (lib/ beside the bundled CLI), plus a cache salt from their code. */
export function bundledRuntime(): { workerFile?: string; clientDir?: string; cacheSalt: string } {
  const workerFile = here('./worker.js')
  const clientDir = here('./client/')
  if (!existsSync(workerFile)) return { cacheSalt: '' }
  const salt = createHash('sha1').update(readFileSync(workerFile)).digest('hex').slice(0, 12)
  // the client is part of the bundle: when it is missing the build must fail, not write a site without CSS and JS
  return { workerFile, clientDir, cacheSalt: salt }
}
