/**
 * The typed site configuration: site data, theme data, navbar, analytics and legacy redirect rules (spec §3).
 * Every field has a default, so a folder of markdown alone builds. Authors set values in
 * `wikigen.config.ts` at the content root with `defineConfig` (see loadConfig in the CLI).
 */
import { SIDEBAR_DEPTH } from './constants.js'
import type { ResolvedConfig, SiteData, ThemeData, AnalyticsConfig, RedirectRule, UserConfig } from './config-schema.js'

// The types come from the schema (config-schema.ts), the one source of what a config may hold; type-only, so the
// `wikigen` module a config file imports (lib/index.js) stays free of the schema library.
export type {
  AnalyticsConfig,
  HeadTag,
  NavbarItem,
  RedirectRule,
  ResolvedConfig,
  SidebarConfig,
  SidebarItem,
  SiteData,
  ThemeData,
  UserConfig,
} from './config-schema.js'

/** Identity function that gives a config file types and completion. */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}

/** The time zone of the machine that builds (the TZ variable, else the system's), as Intl knows it; UTC without one. */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export const DEFAULT_CONFIG: ResolvedConfig = {
  site: {
    base: '/',
    lang: 'de-CH',
    // asked of Intl when a config is resolved, not when this module loads: Intl's first time zone costs about 30 ms,
    // which a command that resolves no config (`--version`, `--help`, `serve`) need not pay
    get timeZone() {
      return machineTimeZone()
    },
    title: 'Wiki',
    description: '',
    head: [],
  },
  theme: {
    docsBranch: 'main',
    docsDir: 'content',
    editLink: false,
    colorMode: 'auto',
    colorModeSwitch: true,
    folding: true,
    sidebar: 'heading',
    sidebarDepth: SIDEBAR_DEPTH,
    lastUpdated: true,
    contributors: true,
    navbar: [{ text: 'Home', link: '/' }],
    backlinks: true,
    graph: false,
    hoverPreview: true,
    properties: true,
    styles: [],
  },
  redirects: [],
  redirectMode: 'both',
  precompress: false,
  redirectPublishUrls: false,
  exclude: [],
  activeFiles: [],
  labels: {},
}

/** Site settings a vault keeps for Obsidian Publish (discover/publish-site.ts): used where the config sets none. */
export interface VaultSiteOptions {
  title?: string
  logo?: string
  colorMode?: 'auto' | 'light' | 'dark'
  backlinks?: boolean
  graph?: boolean
  /** Publish shows its navigation (`showNavigation`): the folder sidebar, unless the config names a sidebar. */
  sidebar?: 'folders'
  /** Publish's navigation order and hidden items, for the folder sidebar. */
  folderSidebar?: { order?: string[]; hidden?: string[] }
  /** The vault was published with Obsidian Publish: its URLs redirect to the pages unless the config says otherwise. */
  published?: boolean
  hoverPreview?: boolean
}

/** What the build knows besides the config file: the `--base` option, the content folder's name, the vault's settings. */
export interface ConfigOverrides {
  base?: string
  /** Name of the content folder: the vault's name for `theme.obsidianLink: true`. */
  contentFolderName?: string
  /** The vault's Obsidian Publish settings, beneath the config's own values. */
  vault?: VaultSiteOptions
}

/** Fills a user config with defaults, normalises the base path and names the vault of `theme.obsidianLink: true`. */
export function resolveConfig(user: UserConfig = {}, overrides: ConfigOverrides = {}): ResolvedConfig {
  const base = normaliseBase(overrides.base ?? user.site?.base ?? DEFAULT_CONFIG.site.base)
  const { title, published, ...vaultTheme } = overrides.vault ?? {}
  const theme = { ...DEFAULT_CONFIG.theme, ...vaultTheme, ...user.theme } as ThemeData
  if (theme.obsidianLink === true && overrides.contentFolderName) theme.obsidianLink = { vault: overrides.contentFolderName }
  return {
    site: { ...DEFAULT_CONFIG.site, ...(title ? { title } : {}), ...user.site, base, head: user.site?.head ?? [] } as SiteData,
    theme,
    analytics: user.analytics?.src && user.analytics.domain ? (user.analytics as AnalyticsConfig) : undefined,
    redirects: (user.redirects ?? []) as RedirectRule[],
    redirectMode: user.redirectMode ?? DEFAULT_CONFIG.redirectMode,
    precompress: user.precompress ?? DEFAULT_CONFIG.precompress,
    redirectPublishUrls: user.redirectPublishUrls ?? published ?? DEFAULT_CONFIG.redirectPublishUrls,
    exclude: user.exclude ?? [],
    activeFiles: user.activeFiles ?? [],
    ...(user.search ? { search: user.search } : {}),
    ...(user.markdown ? { markdown: user.markdown } : {}),
    labels: user.labels ?? {},
  }
}

/**
 * The config with the site language a build found for it: a config without `site.lang` speaks the vault's language
 * (discover/vault-language.ts). The same config when the language is its own already.
 */
export function withSiteLanguage(config: ResolvedConfig, lang: string): ResolvedConfig {
  return config.site.lang === lang ? config : { ...config, site: { ...config.site, lang } }
}

/** Whether single line breaks show as breaks: the config's `markdown.lineBreaks`, else the vault's own setting. */
export function softBreaksOf(config: ResolvedConfig, vault: boolean | undefined): boolean {
  const chosen = config.markdown?.lineBreaks
  return chosen ? chosen === 'soft' : vault === true
}

/** A base path as the build uses it: one leading and one trailing slash (`wiki` → `/wiki/`). */
export function normaliseBase(base: string): string {
  let out = base.trim()
  if (!out.startsWith('/')) out = `/${out}`
  if (!out.endsWith('/')) out = `${out}/`
  return out
}
