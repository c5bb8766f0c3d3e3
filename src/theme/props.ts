/**
 * The props every layout receives: plain data computed at build time, identical on the server and,
 * for the hydrated shell, in the browser. DOM-free and Node-free.
 */
import type { Labels } from '../shared/labels.js'
import type { PageProperty } from '../shared/page-property.js'

/** A navbar entry: a link, or a dropdown of entries (spec §3 'Navbar item'). */
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

/** A button of the home page's hero. */
export interface HeroAction {
  text: string
  link: string
  type: 'primary' | 'secondary'
}

/** A feature of the home page: a title and its details, linked to its section's list where it names a section. */
export interface Feature {
  title: string
  details: string
  /** The section the front matter names (`section:`); else the one named like the title is linked. */
  section?: string
  href?: string
}

/** A heading of the page as the sidebar lists it: levels 2 and 3, h3s nested under their h2. */
export interface Heading {
  level: number
  title: string
  slug: string
  /** '#' + slug */
  link: string
  children: Heading[]
}

/** The layouts this theme provides; a page asking for another one is an error. */
export const LAYOUTS = ['Layout', 'Home', 'NotFound'] as const
export type LayoutName = (typeof LAYOUTS)[number]

export interface SiteProps {
  title: string
  description: string
  lang: string
  base: string
  /** Home link target, base applied. */
  home: string
  navbar: NavbarItem[]
  logo?: string
  logoDark?: string
  /** Width of the logo at its navbar height of 28 px, so its space is reserved before it loads. */
  logoWidth?: number
  repo?: { href: string; label: string }
  colorModeSwitch: boolean
  /** Links to other pages show a preview of them on hover (`theme.hoverPreview`; src/client/hover-preview.ts). */
  hoverPreview: boolean
  /** Fold buttons beside headings and nested lists (`theme.folding`); the client adds them. */
  folding: boolean
  /** The colour mode before a reader chooses one, when it is not the system's (`theme.colorMode`). */
  colorMode?: 'light' | 'dark'
  searchIndexHref: string
  /** The full-text search page and the label of the search box's link to it ("Im Volltext suchen"). */
  fullText?: { href: string; label: string }
  /** Every text of the theme, in the site's language with the config's changes (src/shared/locales.ts). */
  labels: Labels
}

export interface ChangelogItem {
  hash: string
  message: string
  /** Formatted in the site's language and time zone. */
  date: string
  iso: string
  tag?: string
}

export interface HeroProps {
  text: string | null
  tagline: string | null
  image?: string
  imageDark?: string
  alt: string
  height: number
  actions: HeroAction[]
}

/** A resolved sidebar entry. */
export interface SidebarLink {
  text: string
  href?: string
  active: boolean
  collapsible: boolean
  /** Collapsible groups: open when they hold the active page. */
  open: boolean
  children: SidebarLink[]
}

/** Which sidebar a page shows: its own headings, configured items, or (undefined) none. */
export type SidebarProps = { kind: 'heading' } | { kind: 'items'; items: SidebarLink[] }

export type { PageProperty, PropertyValue } from '../shared/page-property.js'

export interface PageProps {
  layout: LayoutName
  title: string
  /** Print the title as h1 (the body has none of its own). */
  showTitle: boolean
  href: string
  headers: Heading[]
  sidebar?: SidebarProps
  sidebarDepth: number
  navbar: boolean
  pageClass?: string
  kind?: string
  section?: string
  /** The list of the section's pages (emit/way-finding.ts), which the section badge links to. */
  sectionHref?: string
  /** Home › section or folders; absent on the home page, pages right below it and generated pages. */
  breadcrumbs?: { text: string; href?: string }[]
  lastUpdated?: { text: string; iso: string }
  contributors: string[]
  changelog: ChangelogItem[]
  /** Where to edit the page's file in the repository (theme.editLink), with its label in the page's language. */
  editLink?: { href: string; label: string }
  /** obsidian:// URL that opens the page's note in the vault (theme.obsidianLink), with its label. */
  obsidianLink?: { href: string; label: string }
  prev?: { text: string; href: string }
  next?: { text: string; href: string }
  backToTop: boolean
  hero?: HeroProps
  features: Feature[]
  footer?: { text: string; html: boolean }
  /** Front matter shown at the top of the page (theme.properties). */
  properties?: PageProperty[]
  /** Tags of the page (front matter and inline), each linking to its tag page. */
  tags?: { name: string; href: string }[]
  /** The pages that link to or embed this one, under a heading in the page's language. */
  backlinks?: { title: string; links: { text: string; href: string }[] }
  /** The page's local graph (theme.graph), laid out by the build (src/compiler/emit/local-graph.ts). */
  graph?: GraphProps
  /** The glossary's letters (its headings A to Z), for the letter bar of phones, where the sidebar is hidden. */
  letters?: { text: string; href: string }[]
  /** Shown only by `wikigen dev --drafts`: the page is not published. */
  draft?: boolean
}

/** One node of a local graph: the page itself (`current`, no link) or a page linked with it. */
export interface GraphNode {
  x: number
  y: number
  /** Where the label sits: right of the node ('start'), left of it ('end'), or under it ('middle'). */
  anchor: 'start' | 'end' | 'middle'
  /** The title, cut to fit. */
  label: string
  /** The whole title, as the node's tooltip and accessible name. */
  title: string
  href?: string
  current?: true
}

/** A page's local graph as the build laid it out, in the SVG's own units. */
export interface GraphProps {
  /** Heading and accessible name, in the page's language. */
  title: string
  /** x, y, width, height. */
  viewBox: [number, number, number, number]
  nodes: GraphNode[]
  /** Pairs of indices into `nodes`. */
  edges: [number, number][]
  /** The neighbours left out past the cap, as one node: "+N" with their names as tooltip. */
  more?: { x: number; y: number; label: string; title: string }
}
