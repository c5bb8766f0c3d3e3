/**
 * The site's small icon at the root (spec §1: a head tag for a small site icon at the root). Browsers ask for
 * /favicon.ico on their own, and an icon kept in `attachments/` beside the logo would change its URL whenever the
 * vault is tidied up, so the build publishes the icon at the root, whatever its folder, and names it in every page's
 * head:
 *
 *     site.icon 'talwerk-logo.svg' (attachments/talwerk-logo.svg)  → /favicon.svg, <link rel="icon" href="/favicon.svg" type="image/svg+xml">
 *     head ['link', { rel: 'icon', href: '/Anhänge/Icon.png' }]     → /favicon.png, the link's href pointed at it
 *     public/favicon.ico                                            → kept where it is, <link rel="icon" href="/favicon.ico" …>
 *
 * Which file: `site.icon`, else the file an icon link of `site.head` names, else `theme.logo`, else a favicon of
 * `public/`, else one of the vault named as Obsidian Publish names it (`favicon-32x32.png`, `favicon.ico`); `site.icon: false` leaves the head as configured. A favicon of `public/` with the name the copy would
 * have is the owner's and is used as it is.
 */
import { posix } from 'node:path'
import type { HeadTag, ResolvedConfig } from '../config/config.js'
import { createAssetFinder, leavesContentFolder, vaultFavicon } from '../link/asset-finder.js'
import { isIconLink } from '../parse/head-tags.js'
import type { Site } from '../link/link-site.js'
import { isPublicFile, outputPathOf, type ContentRef } from '../discover/load.js'
import { hrefOf, safeDecodeURI } from '../paths.js'
import type { OutputFile } from './output-file.js'
import { feedHead } from './feed.js'
import { robotsHead } from './robots.js'

/** Media types of the image formats browsers take as a page icon. */
const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

/** Where the site's icon is and what the head says about it. */
export interface SiteIcon {
  /** The icon's href, base applied: '/favicon.svg', or a URL. */
  href: string
  /** The copy the build writes at the root of the site, when the icon's file is elsewhere in the content folder. */
  copy?: { path: string; from: string }
  /** The site's head tags, with the icon's link. */
  head: HeadTag[]
}

const URL_LIKE = /^[a-z][a-z\d+.-]*:|^\/\//i

/** The icon of a site, or undefined when it has none (or `site.icon: false`): the head stays as configured. */
export function resolveSiteIcon(config: ResolvedConfig, assets: readonly ContentRef[]): SiteIcon | undefined {
  const { icon, head, base } = config.site
  if (icon === false) return undefined
  const headIndex = head.findIndex(isIconLink)
  const headHref = headIndex === -1 ? undefined : head[headIndex][1].href
  const source =
    icon ??
    (typeof headHref === 'string' ? headHref : undefined) ??
    config.theme.logo ??
    publicFavicon(assets)?.path ??
    vaultFavicon(assets)?.path
  if (!source) return undefined
  const tagFor = (href: string, type: string | undefined): HeadTag => ['link', { rel: 'icon', href, ...(type ? { type } : {}) }]
  if (URL_LIKE.test(source)) {
    // a URL in the head's own link stays as written; one from site.icon or the logo gets a link of its own
    return source === headHref ? undefined : { href: source, head: [tagFor(source, typeOf(source)), ...head] }
  }
  const asset = findContentFile(source, base, assets)
  if (!asset) return undefined
  const type = typeOf(asset.path)
  const rootPath =
    isPublicFile(asset) && !outputPathOf(asset).includes('/') ? outputPathOf(asset) : `favicon${posix.extname(asset.path).toLowerCase()}`
  const href = hrefOf(base + rootPath)
  const taken = assets.some((other) => isPublicFile(other) && outputPathOf(other) === rootPath)
  const copy = taken ? undefined : { path: rootPath, from: asset.absolute }
  // the head's own icon link, when it names a file of the content folder, is pointed at the root copy
  const ownLink = headIndex !== -1 && typeof headHref === 'string' && findContentFile(headHref, base, assets)
  const withIcon = ownLink
    ? head.map((tag, i): HeadTag => (i === headIndex ? [tag[0], { ...tag[1], href, ...(type ? { type } : {}) }] : tag))
    : [tagFor(href, type), ...head]
  return { href, ...(copy ? { copy } : {}), head: withIcon }
}

/** The file of the content folder a config value names: 'logo.svg', 'attachments/logo.svg' or '/wiki/attachments/logo.svg'. */
function findContentFile(value: string, base: string, assets: readonly ContentRef[]): ContentRef | undefined {
  if (URL_LIKE.test(value) || leavesContentFolder(value)) return undefined
  const decoded = safeDecodeURI(value).normalize('NFC')
  const path = base !== '/' && decoded.startsWith(base) ? decoded.slice(base.length) : decoded
  return createAssetFinder(assets)(path)
}

/** A favicon the owner put at the root through `public/`, for a site without another icon. */
function publicFavicon(assets: readonly ContentRef[]): ContentRef | undefined {
  return assets.find((asset) => isPublicFile(asset) && /^favicon\.[a-z]+$/i.test(outputPathOf(asset)) && typeOf(asset.path))
}

function typeOf(path: string): string | undefined {
  return ICON_TYPES[
    posix
      .extname(path.replace(/[?#].*$/, ''))
      .slice(1)
      .toLowerCase()
  ]
}

const icons = new WeakMap<Site, SiteIcon | null>()

/** The icon of a linked site, resolved once per site. */
export function siteIconOf(site: Site): SiteIcon | undefined {
  let icon = icons.get(site)
  if (icon === undefined) icons.set(site, (icon = resolveSiteIcon(site.config, site.assets) ?? null))
  return icon ?? undefined
}

/** The head tags every page of the site starts with: the configured ones, with the icon's link, the feed's and robots'. */
export function siteHeadOf(site: Site): HeadTag[] {
  const head = siteIconOf(site)?.head ?? site.config.site.head
  const more = [...feedHead(site.config), ...robotsHead(site.config)]
  return more.length > 0 ? [...head, ...more] : head
}

/** The emitter of the icon's copy at the root of the site. */
export const siteIcon = {
  name: 'siteIcon',
  emit(site: Site): OutputFile[] {
    const copy = siteIconOf(site)?.copy
    return copy ? [{ path: copy.path, copyFrom: copy.from }] : []
  },
}
