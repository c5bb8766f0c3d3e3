/**
 * The theme's named slots (config `theme.slots`, docs/theming.md "Slots"): the places a team may fill with a component
 * of its own, and the props such a component receives. DOM-free and Node-free: the config's schema, the compiler and
 * the theme share it.
 */
import type { Labels } from './labels.js'

/**
 * Where each slot renders: `headerEnd` at the end of the navbar; `footer` in the footer area (the home page's footer
 * text, at the end of every other page); `homeHero` in place of the home page's hero; `pageTop` and `pageBottom`
 * around a content page's body; `notFound` below the 404 page's message and link, which stay.
 */
export const SLOT_NAMES = ['headerEnd', 'footer', 'homeHero', 'pageTop', 'pageBottom', 'notFound'] as const
export type SlotName = (typeof SLOT_NAMES)[number]

/** The props a slot component receives: plain data, the same on every thread. */
export interface SlotProps {
  /** The slot the component renders in (one component may serve several). */
  slot: SlotName
  page: {
    title: string
    /** The page's URL, base path included ('/wiki/handbuch.html'). */
    href: string
    /** The output name without extension ('handbuch'; '' for the home page, '404' for the 404 page). */
    slug: string
    layout: 'Layout' | 'Home' | 'NotFound'
    /** The page's front matter as its author wrote it (every key); empty for generated pages. */
    frontmatter: Record<string, unknown>
  }
  site: { title: string; description: string; lang: string; base: string }
  /** Every text of the interface in the page's language. */
  labels: Labels
}

/** A slot as the theme places it: its server-rendered HTML and, for an island, the href of its browser module. */
export interface SlotHtml {
  html: string
  client?: string
}

/** The attribute naming a slot's browser module (src/client/slot-islands.ts reads it). */
export const SLOT_CLIENT_ATTRIBUTE = 'data-slot-client'
