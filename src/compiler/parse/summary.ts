/**
 * What a link preview and a search result show of a page that says nothing of itself (no `description`, no `image` or
 * `cover` in front matter): the text of its first paragraph and its first image, read from the body HTML (with link
 * placeholders) in the worker that compiles the page, so they are cached with it and cost the main thread nothing.
 *
 *     <h1>Odoo</h1><p>Wir <strong>betreiben</strong> Odoo<sup><a data-footnote-ref …>1</a></sup> mit <code>odoo-bin</code>.</p>
 *       → summary 'Wir betreiben Odoo mit .'   (footnote calls, code, formulas and screen-reader texts are no text)
 *     <p>…</p><p><img src="\uE0003\uE001" alt="Plan"></p>   → first image: link 3 (a file of the vault, found by linking)
 *     <p><img src="https://example.org/plan.png" …></p>       → first image: 'https://example.org/plan.png'
 */
import { decodeEntities } from './search-data.js'
import type { PageLink } from './page.js'

/** Most characters of a summary: what search engines show of a description. */
export const SUMMARY_CHARS = 160

/**
 * The plain text of the page's first paragraph that has any, at most `max` characters cut after a word with '…';
 * '' when no paragraph has text. Embeds and images are no text; a wiki link is its label, an inline tag `#tag`.
 */
export function summaryOf(html: string, links: readonly PageLink[], max = SUMMARY_CHARS): string {
  // the footnotes come last and are no part of the page's own text
  const footnotes = html.indexOf('<section data-footnotes')
  const end = footnotes === -1 ? html.length : footnotes
  // a callout's title is a paragraph too, but names the callout's kind ('Hinweis'), not what the page says
  const paragraph = /<p(?=[\s>])(?![^>]*\bclass="callout-title")[^>]*>([\s\S]*?)<\/p>/g
  paragraph.lastIndex = 0
  for (let match = paragraph.exec(html); match && match.index < end; match = paragraph.exec(html)) {
    const text = paragraphText(match[1], links)
    if (text !== '') return excerpt(text, max)
  }
  return ''
}

/** Elements whose text is not prose: code, footnote calls, formulas (KaTeX's spans), texts for screen readers only. */
const SKIPPED = /^(?:code|sup|kbd|script|style|svg|math|button)$/
const SKIPPED_CLASS = /\bclass="[^"]*\b(?:sr-only|katex|katex-display|math)\b/
const VOID = /^(?:img|br|wbr|input|hr|source|track)$/

/** The text of a paragraph's inner HTML: inline tags vanish, skipped elements with their content. */
function paragraphText(inner: string, links: readonly PageLink[]): string {
  const withLabels = inner.replace(/\uE000(\d+)\uE001/g, (_m, index: string) => {
    const link = links[Number(index)]
    if (link?.kind === 'link' && link.syntax === 'wiki') return link.labelHtml ?? ''
    if (link?.kind === 'tag') return `#${link.target}`
    return ' '
  })
  let text = ''
  // the open elements inside a skipped one, by name, so its end is found however its markup nests
  let skipping = 0
  let at = 0
  for (const tag of withLabels.matchAll(/<(\/?)([a-z][a-z\d-]*)\b[^>]*>/gi)) {
    if (skipping === 0) text += withLabels.slice(at, tag.index)
    at = tag.index + tag[0].length
    const name = tag[2].toLowerCase()
    if (VOID.test(name) || tag[0].endsWith('/>')) {
      if (skipping === 0 && name === 'br') text += ' '
      continue
    }
    if (tag[1] === '/') {
      if (skipping > 0) skipping--
    } else if (skipping > 0) skipping++
    else if (SKIPPED.test(name) || SKIPPED_CLASS.test(tag[0])) skipping = 1
  }
  if (skipping === 0) text += withLabels.slice(at)
  return decodeEntities(text).replace(/\s+/g, ' ').trim()
}

/** Up to `max` characters of `text`, cut after a whole word, with '…' when something was cut. */
export function excerpt(text: string, max: number): string {
  // a link's label stands between spaces in the full-text data (parse/search-data.ts): none before punctuation
  const clean = text
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/**
 * The page's first image: the index of its first image link (a file of the vault, which linking resolves and
 * publishes), or the address of its first image from the web; undefined when the page shows none. Images of embedded
 * pages are theirs, not this page's. SVG drawings are passed over: the networks that show link previews do not show
 * them (a front matter `image` may still name one).
 */
export function firstImageOf(html: string, links: readonly PageLink[]): number | string | undefined {
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"|\uE000(\d+)\uE001/g)) {
    const src = match[1]
    if (src !== undefined) {
      if (/^https?:\/\//i.test(src)) {
        if (!isSvg(src)) return decodeEntities(src)
        continue
      }
      const placeholder = /^\uE000(\d+)\uE001$/.exec(src)
      if (placeholder && isImageLink(links[Number(placeholder[1])])) return Number(placeholder[1])
      continue
    }
    const index = Number(match[2])
    if (isImageLink(links[index])) return index
  }
  return undefined
}

const isImageLink = (link: PageLink | undefined) => link?.kind === 'image' && link.part === undefined && !isSvg(link.target)

/** A file name or URL ending in .svg, before any query or fragment. */
const isSvg = (path: string) => /\.svg$/i.test(path.replace(/[?#].*$/, ''))
