/**
 * Where wikigen's own files are: the package folder (the one whose package.json is named wikigen or @scope/wikigen, beside the bundle
 * `lib/cli.js` or the sources `src/compiler/`), and the guides in its docs/ folder, which messages name as a path a
 * reader can open from where they ran the command: `docs/SECURITY.md` in a checkout of wikigen,
 * `node_modules/wikigen/docs/SECURITY.md` in a team's project.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface PackageManifest {
  name: string
  version: string
}

/** 'wikigen', or the name a company registry gave it (`npm run package -- --scope @talwerk`: '@talwerk/wikigen'). */
const isWikigen = (name: unknown) => typeof name === 'string' && /^(@[^/]+\/)?wikigen$/.test(name)

let found: { root: string; manifest: PackageManifest } | null | undefined

/** wikigen's package folder and manifest; undefined when the installation has none (never in a packed package). */
export function wikigenPackage(): { root: string; manifest: PackageManifest } | undefined {
  if (found !== undefined) return found ?? undefined
  found = null
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<PackageManifest>
      if (isWikigen(manifest.name) && typeof manifest.version === 'string') {
        found = { root: dir, manifest: manifest as PackageManifest }
        break
      }
    }
    if (dirname(dir) === dir) break
  }
  return found ?? undefined
}

/**
 * The path of one of wikigen's guides (`SECURITY.md`, `config.md` …) as a message shows it: relative to the working
 * folder when the package lies inside it, else absolute; `docs/<name>` when the package cannot be found.
 */
export function guidePath(name: string, cwd = process.cwd()): string {
  const pkg = wikigenPackage()
  if (!pkg) return `docs/${name}`
  const path = join(pkg.root, 'docs', name)
  const rel = relative(cwd, path)
  return (rel.startsWith('..') ? path : rel).split(sep).join('/')
}
