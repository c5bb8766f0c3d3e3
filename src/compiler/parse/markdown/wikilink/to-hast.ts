/**
 * Wiki links to HTML: each becomes a placeholder and a PageLink, since what it points at is known only once the
 * site is linked (link-site.ts resolves it, emit/substitute.ts puts the HTML in).
 *
 *     [[Odoo Hosting|Hosting]]   → link, label "Hosting"
 *     [[Odoo Hosting#Preise]]    → link, label "Odoo Hosting > Preise"
 *     ![[bild.png|300]]          → image 300 px wide
 *     ![[Baustein]]              → embed of the page's body
 */
import type { Handler } from 'mdast-util-to-hast'
import { escapeHtml } from '../../../html.js'
import { raw, type BodyContext } from '../hast.js'
import type { WikiLink } from './from-markdown.js'
import { altText } from '../alt-text.js'

/** File names that `![[…]]` shows as an image rather than embeds as a page. */
export const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico)$/i

/** An Excalidraw drawing, shown through the image the plugin exports beside it (link-site.ts finds it). */
const DRAWING = /\.excalidraw(\.md)?$/i

export function createWikiLinkHandler(context: BodyContext): Handler {
  return (_state, node: WikiLink) => {
    const position = context.at(node)
    if (node.embed) {
      if (IMAGE_EXTENSIONS.test(node.target) || DRAWING.test(node.target)) {
        context.markImage()
        const size = /^(\d+)(?:x(\d+))?$/.exec(node.alias ?? '')
        return raw(
          context.register({
            kind: 'image',
            syntax: 'wiki',
            target: node.target,
            alt: altText(size ? stem(node.target) : (node.alias ?? stem(node.target)), node.target),
            width: size?.[1],
            height: size?.[2],
            ...position,
          }),
        )
      }
      return raw(context.register({ kind: 'embed', syntax: 'wiki', target: node.target, anchor: node.anchor, ...position }))
    }
    // [[Seite#Kapitel#Abschnitt]] reads 'Seite > Kapitel > Abschnitt', as in Obsidian
    const anchor = node.anchor?.startsWith('^') ? node.anchor : node.anchor?.split('#').join(' > ')
    const label = node.alias ?? (anchor ? (node.target ? `${node.target} > ${anchor}` : anchor) : node.target)
    return raw(
      context.register({
        kind: 'link',
        syntax: 'wiki',
        target: node.target,
        anchor: node.anchor,
        labelHtml: escapeHtml(label),
        ...position,
      }),
    )
  }
}

/** 'Bilder/karte.png' → 'karte' */
function stem(file: string): string {
  return file.replace(/^.*\//, '').replace(/\.[^.]+$/, '')
}
