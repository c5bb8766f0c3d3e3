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
