/**
 * The site settings of Obsidian Publish kept in the vault (`site-options.json` at its root, which Publish's headless
 * client reads and writes): the site's name, logo, colour mode, backlinks, graph and hover
 * previews. They stand in for the config's values
 * where the config sets none, so a vault published with Obsidian Publish keeps its name and look without a config.
 *
 *     { "siteName": "Handbuch", "logo": "Anhänge/logo.svg", "defaultTheme": "dark", "showBacklinks": false, "showGraph": true,
 *       "showHoverPreview": false }
 *       → site.title "Handbuch", theme.logo, theme.colorMode "dark", theme.backlinks false, theme.graph true,
 *         theme.hoverPreview false
 *
 *     { "showNavigation": true, "navigationOrdering": ["Anleitungen", "Anleitungen/Start.md", "Über uns.md"],
 *       "navigationHiddenItems": ["Archiv"] }
 *       → theme.sidebar "folders", theme.folderSidebar { order, hidden }
 *
 * A vault with this file, a `publish.css` at its root or `.obsidian/publish.json` was published with Obsidian Publish:
 * its old URLs redirect to the pages (link/publish-urls.ts) unless the config's `redirectPublishUrls` says otherwise.
 * Other settings have no counterpart and are ignored.
 */
import type { VaultSiteOptions } from '../config/config.js'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Diagnostic } from '../diagnostics.js'
import { readSettings } from './publish-rules.js'

export const PUBLISH_SITE_FILE = 'site-options.json'

/** Files only a vault published with Obsidian Publish has. */
const PUBLISH_MARKERS = [PUBLISH_SITE_FILE, 'publish.css', '.obsidian/publish.json']

/** The vault paths of a navigation list: strings without leading or trailing slashes, empty ones left out. */
function paths(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) =>
    typeof item === 'string' && item.trim() !== ''
      ? [
          item
            .trim()
            .replace(/^\/+|\/+$/g, '')
            .normalize('NFC'),
        ]
      : [],
  )
}

const COLOR_MODES: Record<string, VaultSiteOptions['colorMode']> = { system: 'auto', light: 'light', dark: 'dark' }

/** The Publish settings of the vault at `root`; none when it has no such file, with a warning when it is malformed. */
export function readPublishSite(root: string): { options: VaultSiteOptions; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const settings = readSettings(root, PUBLISH_SITE_FILE, diagnostics) ?? {}
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)
  const options: VaultSiteOptions = {}
  const title = text(settings.siteName)
  if (title) options.title = title
  const logo = text(settings.logo)
  if (logo && !logo.split('/').includes('..')) options.logo = logo
  const colorMode = COLOR_MODES[text(settings.defaultTheme) ?? '']
  if (colorMode) options.colorMode = colorMode
  if (typeof settings.showBacklinks === 'boolean') options.backlinks = settings.showBacklinks
  if (typeof settings.showGraph === 'boolean') options.graph = settings.showGraph
  if (settings.showNavigation === true) options.sidebar = 'folders'
  const order = paths(settings.navigationOrdering)
  const hidden = paths(settings.navigationHiddenItems)
  if (order.length > 0 || hidden.length > 0) options.folderSidebar = { order, hidden }
  if (PUBLISH_MARKERS.some((file) => existsSync(join(root, file)))) options.published = true
  if (typeof settings.showHoverPreview === 'boolean') options.hoverPreview = settings.showHoverPreview
  return { options, diagnostics }
}
