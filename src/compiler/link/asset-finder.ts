/**
 * Finds the files of the content folder that front matter and config name by file name or path (hero images, logos),
 * the way authors write them: 'logo.svg', 'bilder/titel.png', '/bilder/titel.png' or '[[titel.png]]'.
 */
import { posix } from 'node:path'
import { outputPathOf, type ContentRef } from '../discover/load.js'
import { hrefOf } from '../paths.js'
import { nameKey } from './resolve-links.js'

/**
 * The href of an image named in front matter or config (an attachment name, a path from the content root, or a URL);
 * undefined for a path that leaves the content folder.
 */
export type AssetUrl = (nameOrPath: string) => string | undefined

/** Resolves image names from front matter and config: attachment names, content paths or URLs. */
export function createAssetUrl(base: string, assets: readonly ContentRef[]): AssetUrl {
  const find = createAssetFinder(assets)
  return (value) => {
    if (/^[a-z][a-z\d+.-]*:/i.test(value)) return value
    if (leavesContentFolder(value)) return undefined
    const asset = find(value)
    return hrefOf(base + (asset ? outputPathOf(asset) : value.replace(/^\//, '')))
  }
}

/** True for a path with a '..' segment: front matter and config name files of the content folder only. */
export function leavesContentFolder(value: string): boolean {
  return value.split(/[/\\]/).includes('..')
}

/** Finds the content file an image name or path from front matter or config refers to. */
export function createAssetFinder(assets: readonly ContentRef[]): (value: string) => ContentRef | undefined {
  const byName = new Map<string, ContentRef>()
  for (const asset of assets) {
    byName.set(asset.path.toLowerCase(), asset)
    const name = nameKey(posix.basename(asset.path))
    if (!byName.has(name)) byName.set(name, asset)
  }
  return (value) => {
    const key = value.replace(/^\//, '').replace(/^\[\[|\]\]$/g, '')
    return byName.get(key.toLowerCase()) ?? byName.get(nameKey(posix.basename(key)))
  }
}

/**
 * A favicon of the vault as Obsidian Publish names them, anywhere in the vault: `favicon.svg`, `favicon.ico`,
 * `favicon-32.png`, `favicon-32x32.png`; of several, an SVG, else the largest PNG, else the ICO.
 */
export function vaultFavicon(assets: readonly ContentRef[]): ContentRef | undefined {
  const rank = (asset: ContentRef) => {
    const match = /(?:^|\/)favicon(?:-(\d+)(?:x\d+)?)?\.(svg|png|ico)$/i.exec(asset.path)
    if (!match) return -1
    const type = match[2].toLowerCase()
    return type === 'svg' ? 10_000 : type === 'png' ? 1 + Number(match[1] ?? 0) : 0.5
  }
  let best: ContentRef | undefined
  for (const asset of assets) if (rank(asset) >= 0 && (!best || rank(asset) > rank(best))) best = asset
  return best
}
