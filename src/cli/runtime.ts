/**
 * Where the bundled pieces of wikigen live next to the CLI: the build worker, the file thread and the browser client.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

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
  // pages compile in the worker, in the CLI's chunks (small sites, dev) and with lib/katex.cjs (scripts/bundle.mjs):
  // the salt covers every script in lib/; the bundle writes it beside them (7 MB to hash at every build otherwise)
  const lib = here('./')
  let salt: string
  try {
    salt = readFileSync(lib + 'bundle-salt.txt', 'utf8').trim()
  } catch {
    const hash = createHash('sha1')
    for (const name of readdirSync(lib)
      .filter((file) => /\.c?js$/.test(file))
      .sort())
      hash.update(name).update(readFileSync(lib + name))
    salt = hash.digest('hex').slice(0, 12)
  }
  // the client is part of the bundle: when it is missing the build must fail, not write a site without CSS and JS
  return { workerFile, fileWorkerFile, clientDir, cacheSalt: salt }
}
