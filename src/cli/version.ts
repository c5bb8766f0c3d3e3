/**
 * The version of the installed wikigen (`wikigen --version`), read from its package.json (see
 * compiler/package-files.ts), and how to upgrade it.
 */
import { guidePath, wikigenPackage } from '../compiler/package-files.js'

/** The `version` of wikigen's package.json; `0.0.0` when the installation has none (never in a packed package). */
export function packageVersion(): string {
  return wikigenPackage()?.manifest.version ?? '0.0.0'
}

/** Printed on stderr after `--version`, so that `$(wikigen --version)` stays the bare version. */
export function upgradeHint(): string {
  return `To upgrade: install the newer package the way you got this one (${guidePath('install.md')}, "Upgrading").`
}
