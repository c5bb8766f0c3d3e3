/**
 * Where the bundled pieces of wikigen live next to the CLI: the build worker, the file thread and the browser client.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { UsageError } from '../compiler/diagnostics.js'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The bundled worker entries (the build worker and the file thread's) and client folder (lib/ beside the bundled CLI),
 * plus a cache salt from their code.
 */
export function bundledRuntime(): { workerFile?: string; fileWorkerFile?: string; clientDir?: string; cacheSalt: string } {
  const workerFile = here('./worker.js')
  const fileWorkerFile = here('./file-worker.js')
  const clientDir = here('./client/')
  if (!existsSync(workerFile)) return { cacheSalt: '' }
  // pages compile in the worker, in the CLI itself (small sites, dev) and with lib/katex.cjs: the cache's salt is the
  // hash of every script in lib/, which scripts/bundle.mjs writes beside them
  let salt: string
  try {
    salt = readFileSync(here('./bundle-salt.txt'), 'utf8').trim()
  } catch {
    throw new UsageError(
      `The bundle of wikigen is incomplete: ${here('./bundle-salt.txt')} is missing`,
      'Run "npm run bundle" in the wikigen folder (or reinstall wikigen), then build again.',
      'incomplete-bundle',
    )
  }
  // the client is part of the bundle: when it is missing the build must fail, not write a site without CSS and JS
  return { workerFile, fileWorkerFile, clientDir, cacheSalt: salt }
}
