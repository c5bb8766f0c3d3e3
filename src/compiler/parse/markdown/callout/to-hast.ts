/**
 * Obsidian callouts to HTML:
 *
 *     > [!warning] Achtung   → <div class="callout" data-callout="warning"><p class="callout-title">Achtung</p>…
 *     > [!note]- Zu          → <details class="callout" data-callout="note"><summary class="callout-title">…
 *     > [!faq]+ Offen        → <details class="callout" data-callout="faq" open>…
 *
 * The type is kept as written (lower-cased), aliases too (`faq`), so a site's CSS can style any of them; the theme's
 * colours and icons know the 13 types of Obsidian and their aliases, and give any other type the look of `note`
 * (src/theme/styles/callouts.css). Without a title of its own a callout is titled by its type in the site's language
 * (labels.calloutTitles), else by the type in title case (`[!recipe]` → "Recipe").
 */
import type { Handler } from 'mdast-util-to-hast'
import { element, text, type BodyContext } from '../hast.js'
import type { Callout } from './transform.js'

/** The callout handler, titling callouts without a title of their own in the site's language. */
export const createCalloutHandler =
  ({ labels }: BodyContext): Handler =>
  (state, node: Callout) => {
    const title =
      node.title.length > 0
        ? state.all({ type: 'paragraph', children: node.title })
        : [text(Object.hasOwn(labels.calloutTitles, node.kind) ? labels.calloutTitles[node.kind] : titleCase(node.kind))]
    // a callout of a title alone (`> [!tip] Gut zu wissen`) has no content box
    const body = node.children.length > 0 ? [element('div', { className: ['callout-content'] }, state.all(node))] : []
    // a block id (`^id` after the callout, block-ids.ts) makes it a link and embed target
    const id = node.data?.hProperties?.id
    const own = { className: ['callout'], dataCallout: node.kind, ...(typeof id === 'string' ? { id } : {}) }
    if (node.fold) {
      return element('details', { ...own, open: node.fold === 'open' }, [
        element('summary', { className: ['callout-title'] }, title),
        ...body,
      ])
    }
    return element('div', own, [element('p', { className: ['callout-title'] }, title), ...body])
  }

/** `recipe` → `Recipe`, as Obsidian titles a type it has no title for. */
function titleCase(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1)
}
