/**
 * The typed site configuration: site data, theme data, navbar, analytics and legacy redirect rules (spec §3).
 * Every field has a default, so a folder of markdown alone builds. Authors set values in
 * `wikigen.config.ts` at the content root with `defineConfig` (see loadConfig in the CLI).
 */
import type { HeadTag } from './frontmatter.js'
import { SIDEBAR_DEPTH } from './constants.js'

export interface NavbarItem {
  text: string
  link?: string
  children?: NavbarItem[]
  /** Prefix joined to the links of children. */
  prefix?: string
  ariaLabel?: string
  /** Regular expression (source) of paths for which the item shows as active. */
  activeMatch?: string
}

/** An item of a configured sidebar: a link, a group of items, or a page path written as a string. */
export interface SidebarItem {
  text: string
  link?: string
  children?: (SidebarItem | string)[]
  /** A collapsible group starts closed unless it holds the current page. */
  collapsible?: boolean
}

/** Sidebars by path prefix, VuePress style: { '/odoo': [...], '/': 'heading' }. The longest matching prefix wins. */
export type SidebarConfig = Record<string, (SidebarItem | string)[] | 'heading'>

export interface SiteData {
  /** Base path the site is served under; starts and ends with '/'. */
  base: string
  lang: string
  title: string
  description: string
  head: HeadTag[]
  /** Origin used for absolute URLs in sitemap.xml, e.g. 'https://wiki.talwerk.example'. No sitemap without it. */
  hostname?: string
}

export interface ThemeData {
  /** Logo image (an attachment name or a path), shown in the navbar. */
  logo?: string
  logoDark?: string
  /** Source repository URL: the navbar repo link and the base of edit links. */
  repo?: string
  /** Label of the repo link; inferred from the host when empty. */
  repoLabel?: string
  docsBranch: string
  /** Folder of the content inside the repository, for edit links. */
  docsDir: string
  /** Edit links are built but shown only when true (spec: false). */
  editLink: boolean
  editLinkPattern?: string
  colorMode: 'auto' | 'light' | 'dark'
  colorModeSwitch: boolean
  /** 'heading': each page's own headings; false: none; an object: configured sidebars by path prefix. */
  sidebar: 'heading' | false | SidebarConfig
  sidebarDepth: number
  lastUpdated: boolean
  contributors: boolean
  navbar: NavbarItem[]
}

export interface AnalyticsConfig {
  /** URL of the provider's loader script, appended to head with `defer`. */
  src: string
  /** The site domain the script is tagged with (`data-domain`). */
  domain: string
}

export interface RedirectRule {
  from: string
  to: string
}

export interface ResolvedConfig {
  site: SiteData
  theme: ThemeData
  analytics?: AnalyticsConfig
  /** Extra legacy URLs: `from` (an old path) redirects to `to` (a path or a page name). */
  redirects: RedirectRule[]
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] }

/** What `wikigen.config.ts` exports: any subset of the resolved configuration. */
export type UserConfig = DeepPartial<ResolvedConfig>

/** Identity function that gives a config file types and completion. */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}

export const DEFAULT_CONFIG: ResolvedConfig = {
  site: { base: '/', lang: 'de-CH', title: 'Wiki', description: '', head: [] },
  theme: {
    docsBranch: 'main',
    docsDir: 'content',
    editLink: false,
    colorMode: 'auto',
    colorModeSwitch: true,
    sidebar: 'heading',
    sidebarDepth: SIDEBAR_DEPTH,
    lastUpdated: true,
    contributors: true,
    navbar: [{ text: 'Home', link: '/' }],
  },
  redirects: [],
}

/** Fills a user config with defaults and normalises the base path. */
export function resolveConfig(user: UserConfig = {}, overrides: { base?: string } = {}): ResolvedConfig {
  const base = normaliseBase(overrides.base ?? user.site?.base ?? DEFAULT_CONFIG.site.base)
  return {
    site: { ...DEFAULT_CONFIG.site, ...user.site, base, head: user.site?.head ?? [] } as SiteData,
    theme: { ...DEFAULT_CONFIG.theme, ...user.theme } as ThemeData,
    analytics: user.analytics?.src && user.analytics.domain ? (user.analytics as AnalyticsConfig) : undefined,
    redirects: (user.redirects ?? []) as RedirectRule[],
  }
}

function normaliseBase(base: string): string {
  let out = base.trim()
  if (!out.startsWith('/')) out = `/${out}`
  if (!out.endsWith('/')) out = `${out}/`
  return out
}
