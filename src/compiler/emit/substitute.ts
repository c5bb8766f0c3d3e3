/**
 * Puts resolved links into a page body: every placeholder becomes its resolved HTML or attribute value,
 * and an embed placeholder becomes the embedded page's body, resolved in turn.
 */
import { PLACEHOLDER } from '../page.js'
import type { Resolved } from '../link-site.js'
import { escapeHtml } from '../html.js'

/** Looks up the stored body HTML of a page by content hash. */
export type BodyLookup = (contentHash: string) => string

/** Replaces the placeholders of `html`; embedded bodies come from `bodies`. */
export function substituteLinks(html: string, resolved: readonly Resolved[], bodies: BodyLookup): string {
  return html.replace(PLACEHOLDER, (_m, index: string) => {
    const value = resolved[Number(index)]
    if (value === undefined) return ''
    if (typeof value === 'string') return value
    const body = substituteLinks(bodies(value.embed), value.resolved, bodies)
    return `<div class="embed" data-embed="${escapeHtml(value.href)}"><p class="embed-title"><a href="${escapeHtml(value.href)}">${escapeHtml(value.title)}</a></p>${body}</div>`
  })
}
