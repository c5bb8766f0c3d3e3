/**
 * The small hast vocabulary the markdown constructs build their HTML with, and the context they share while one page
 * is turned into HTML (to-hast.ts makes it).
 */
import type { Element, ElementContent, Properties } from 'hast'
import type { Nodes } from 'mdast'
import type { PageLink } from '../page.js'
import type { Labels } from '../../../shared/labels.js'

/** What a construct's to-hast handler may use of the page being rendered. */
export interface BodyContext {
  /** Records a link, image or embed the site resolves later; returns its placeholder. */
  register(link: PageLink): string
  /** Where a node starts in the author's file. */
  at(node: Nodes): { line: number; column: number }
  /** Notes that the page shows an image (the client loads image zoom only then). */
  markImage(): void
  /** Notes that the page has a tab group; returns its number on the page (1, 2, …). */
  nextTabGroup(): number
  /** The site's texts: titles of callouts and containers, the diagram placeholder, footnotes. */
  labels: Labels
}

export function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children }
}

export function text(value: string): ElementContent {
  return { type: 'text', value }
}

/** HTML passed through as it is: the placeholders of links, which are replaced after linking. */
export function raw(value: string): ElementContent {
  return { type: 'raw', value } as unknown as ElementContent
}
