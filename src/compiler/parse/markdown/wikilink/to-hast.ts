/**
 * Wiki links to HTML: each becomes a placeholder and a PageLink, since what it points at is known only once the
 * site is linked (link-site.ts resolves it, emit/substitute.ts puts the HTML in).
 *
 *     [[Odoo Hosting|Hosting]]   → link, label "Hosting"
 *     [[Odoo Hosting#Preise]]    → link, label "Odoo Hosting > Preise"
 *     ![[bild.png|300]]          → image 300 px wide; ![[bild.png#no-dim]] keeps its brightness in dark mode
 *     ![[plan.pdf#page=3]]       → PDF viewer; ![[clip.mp4|400]], ![[ton.mp3]]: video and audio players
 *     ![[Baustein]]              → embed of the page's body
 */
import type { Handler } from 'mdast-util-to-hast'
import { escapeHtml } from '../../../html.js'
import { raw, type BodyContext } from '../hast.js'
import type { WikiLink } from './from-markdown.js'
import { altText } from '../alt-text.js'
import { mediaKindOf, NO_DIM, splitSize } from '../media/index.js'

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
        // '|300', '|300x200', and '|Netzplan|300': the size is never part of the alt text
        const { text, width, height } = splitSize(node.alias ?? '')
        return raw(
          context.register({
            kind: 'image',
            syntax: 'wiki',
            target: node.target,
            alt: altText(text || stem(node.target), node.target),
            width,
            height,
            // ![[plan.png#no-dim]]: not dimmed in dark mode; other fragments of an image mean nothing
            ...(node.anchor === NO_DIM ? { anchor: NO_DIM } : {}),
            ...position,
          }),
        )
      }
      if (mediaKindOf(node.target)) {
        const { text, width, height } = splitSize(node.alias ?? '')
        return raw(
          context.register({
            kind: 'media',
            syntax: 'wiki',
            target: node.target,
            anchor: node.anchor,
            alt: text,
            width,
            height,
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
