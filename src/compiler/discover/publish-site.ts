/**
 * The site settings of Obsidian Publish kept in the vault (`site-options.json` at its root, which Publish's headless
 * client reads and writes): the site's name, logo, colour mode, backlinks and hover previews. They stand in for the config's values
 * where the config sets none, so a vault published with Obsidian Publish keeps its name and look without a config.
 *
 *     { "siteName": "Handbuch", "logo": "Anhänge/logo.svg", "defaultTheme": "dark", "showBacklinks": false,
 *       "showHoverPreview": false }
 *       → site.title "Handbuch", theme.logo, theme.colorMode "dark", theme.backlinks false, theme.hoverPreview false
 *
 * Other settings (navigation order, graph) have no counterpart and are ignored.
 */
import type { VaultSiteOptions } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import { readSettings } from './publish-rules.js'

export const PUBLISH_SITE_FILE = 'site-options.json'

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
  if (typeof settings.showHoverPreview === 'boolean') options.hoverPreview = settings.showHoverPreview
  return { options, diagnostics }
}
