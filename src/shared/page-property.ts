/**
 * A page's properties as the compiler makes them (link/page-relations.ts) from front matter and the theme shows them
 * at the page's top (PageProperties.tsx). A record of both runtimes, so it lives here and neither imports the other.
 */

/** A front-matter value as the page shows it at its top, as Obsidian's properties view does. */
export type PropertyValue =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string; external: boolean }
  | { kind: 'list'; items: PropertyValue[] }
  | { kind: 'date'; iso: string; text: string }
  | { kind: 'bool'; value: boolean }

/** One property: its front-matter key, the name the config gives it (theme.properties), and its value. */
export interface PageProperty {
  key: string
  /** Shown instead of the key; absent where the config names none. */
  name?: string
  value: PropertyValue
}
