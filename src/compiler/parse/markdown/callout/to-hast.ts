/**
 * Obsidian callouts to HTML:
 *
 *     > [!warning] Achtung   → <div class="callout" data-callout="warning"><p class="callout-title">Achtung</p>…
 *     > [!note]- Zu          → <details class="callout" data-callout="note"><summary class="callout-title">…
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
        : [text(labels.calloutTitles[node.kind] ?? node.kind.charAt(0).toUpperCase() + node.kind.slice(1))]
    const body = element('div', { className: ['callout-content'] }, state.all(node))
    if (node.fold) {
      return element('details', { className: ['callout'], dataCallout: node.kind, open: node.fold === 'open' }, [
        element('summary', { className: ['callout-title'] }, title),
        body,
      ])
    }
    return element('div', { className: ['callout'], dataCallout: node.kind }, [element('p', { className: ['callout-title'] }, title), body])
  }
