/**
 * A wiki built with the real CLI into a fresh folder and served on localhost, for browser tests that need a site of
 * their own (the shared reader fixture is built once in global-setup.ts).
 */
import { execFileSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startServer } from '../../src/cli/serve.js'
import { repoRoot, tempDir } from '../integration/helpers.js'

export interface ServedSite {
  /** The built site's folder. */
  site: string
  /** Where it is served, without a trailing slash: 'http://127.0.0.1:40123'. */
  baseUrl: string
  close(): Promise<void>
}

/**
 * Builds the vault at `root` (relative to the repository or absolute) and serves it. With `failing: true` the build
 * may exit non-zero (a vault with a broken file on purpose: every other page is built and served all the same).
 */
export async function buildAndServe(root: string, { failing = false }: { failing?: boolean } = {}): Promise<ServedSite> {
  const site = join(tempDir('wikigen-e2e-site-'), 'site')
  try {
    execFileSync(process.execPath, [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', site, '--no-cache'], {
      cwd: repoRoot,
      env: { ...process.env, CI: '1' },
      stdio: 'pipe',
    })
  } catch (error) {
    if (!failing) throw error
  }
  const server = await startServer({ dir: site, port: 0, host: '127.0.0.1' })
  return {
    site,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
