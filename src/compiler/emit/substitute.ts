/**
 * Puts resolved links into a page body: the one place their markup is made. Every placeholder becomes the HTML or
 * attribute value of what its link resolved to (link-site.ts `Resolved`), and an embed placeholder becomes the
 * embedded page's body, resolved in turn.
 */
import { labels as deCH, type Labels } from '../../shared/labels.js'
import { escapeHtml } from '../html.js'
import type { Resolved } from '../link/link-site.js'
import { PLACEHOLDER } from '../parse/page.js'
import { mediaMarkupOf } from './media-markup.js'

/** Looks up the stored body HTML of a page by content hash. */
export type BodyLookup = (contentHash: string) => string

/** Replaces the placeholders of `html`; embedded bodies come from `bodies`. */
export function substituteLinks(html: string, resolved: readonly Resolved[], bodies: BodyLookup, labels: Labels = deCH): string {
  return html.replace(PLACEHOLDER, (_m, index: string) => {
    const value = resolved[Number(index)]
    return value === undefined ? '' : markupOf(value, bodies, labels)
  })
}

/**
 * The markup of one resolved link. A markdown link's placeholder is an attribute value (href or src), a wiki link's
 * the whole element.
 *
 *     page, wiki          → <a href="/odoo-hosting.html" class="wikilink">Hosting</a>
 *     page, markdown      → /odoo-hosting.html
 *     missing page, wiki  → <span class="wikilink missing" title="Seite fehlt: X">X</span>
 *     image, wiki         → <img src="/bild.png" alt="bild" width="300" height="200" loading="lazy" decoding="async">
 *     media               → a PDF viewer, a video or an audio player (media-markup.ts)
 */
function markupOf(value: Resolved, bodies: BodyLookup, labels: Labels): string {
  switch (value.kind) {
    case 'page':
    case 'anchor':
      return value.syntax === 'markdown'
        ? escapeHtml(value.href)
        : `<a href="${escapeHtml(value.href)}" class="wikilink">${value.labelHtml ?? ''}</a>`
    case 'asset':
      return value.syntax === 'markdown'
        ? escapeHtml(value.href)
        : `<a href="${escapeHtml(value.href)}" class="wikilink">${value.labelHtml ?? ''}</a>`
    case 'image': {
      if (value.part === 'size') return sizeAttributes(value.width, value.height)
      if (value.syntax === 'markdown') return escapeHtml(value.src)
      const className = value.className ? ` class="${escapeHtml(value.className)}"` : ''
      return `<img src="${escapeHtml(value.src)}" alt="${escapeHtml(value.alt)}"${sizeAttributes(value.width, value.height)}${className} loading="lazy" decoding="async">`
    }
    case 'media':
      return mediaMarkupOf(value, labels)
    case 'missing':
      // an image drawn in SVG draws nothing rather than ask for a file that is not there
      if (value.part) return ''
      if (value.link === 'media')
        return `<span class="missing-image" title="${escapeHtml(value.target)}">${escapeHtml(value.alt || value.target)}</span>`
      if (value.syntax === 'markdown') return escapeHtml(value.href)
      if (value.link === 'image')
        return `<span class="missing-image" title="${escapeHtml(value.target)}">${escapeHtml(value.alt ?? value.target)}</span>`
      if (value.link === 'embed') return `<p class="embed missing">${escapeHtml(`${labels.missingPage}: ${value.target}`)}</p>`
      return `<span class="wikilink missing" title="${escapeHtml(`${labels.missingPage}: ${value.target}`)}">${value.labelHtml ?? ''}</span>`
    case 'base':
    case 'query':
      return value.html
    case 'tag':
      return `<a href="${escapeHtml(value.href)}" class="tag">#${escapeHtml(value.tag)}</a>`
    case 'cycle':
      return `<p class="embed missing">${escapeHtml(`${labels.embedCycle}: ${value.title}`)}</p>`
    case 'embed': {
      const fragment = value.fragment
      const html = !fragment
        ? bodies(value.embed)
        : 'html' in fragment
          ? fragment.html
          : bodies(value.embed).slice(fragment.start, fragment.end)
      const body = substituteLinks(html, value.resolved, bodies, labels)
      return `<div class="embed" data-embed="${escapeHtml(value.href)}"><p class="embed-title"><a href="${escapeHtml(value.href)}">${escapeHtml(value.title)}</a></p>${body}</div>`
    }
  }
}

/** ` width="300" height="200"`, each only when known. */
function sizeAttributes(width: number | undefined, height: number | undefined): string {
  return `${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''}`
}
