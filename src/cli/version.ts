/**
 * The version of the installed wikigen (`wikigen --version`), read from its package.json: the one beside the bundle
 * (lib/cli.js → ../package.json) or beside the sources (src/cli/version.ts → ../../package.json), whichever exists.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The `version` of wikigen's package.json; `0.0.0` when the installation has none (never in a packed package). */
export function packageVersion(): string {
  const candidates = ['../package.json', '../../package.json'].map((path) => fileURLToPath(new URL(path, import.meta.url)))
  for (const file of candidates) {
    if (!existsSync(file)) continue
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown }
    if (manifest.name === 'wikigen' && typeof manifest.version === 'string') return manifest.version
  }
  return '0.0.0'
}
