/**
 * Which head tags a page may add through its front matter (`head:`). Pages are written by every employee and read by
 * customers, and a head tag acts on every visit before any content: only a `meta` with a `name` or `property` and a
 * `link` with a `rel` and an http(s) or relative URL are accepted; no `http-equiv` (it can refresh to another site or
 * set cookies), no scripts, no event handlers. The config's `head` is the site owner's and is not limited.
 *
 *     ['meta', { name: 'robots', content: 'noindex' }]          → kept
 *     ['meta', { property: 'og:image', content: 'https://…' }]   → kept
 *     ['link', { rel: 'alternate', href: '/feed.xml' }]          → kept
 *     ['meta', { 'http-equiv': 'refresh', content: '0;url=…' }]  → dropped: http-equiv
 *     ['script', { src: '/_wikigen/x.js' }]                        → dropped: not meta or link
 *     ['link', { rel: 'icon', onload: 'alert(1)' }]              → dropped: event handler
 *     ['link', { rel: 'x', href: 'javascript:alert(1)' }]        → dropped: not an http(s) or relative URL
 */
import type { HeadTag } from '../config/config-schema.js'

const ALLOWED = new Set(['meta', 'link'])
const URL_ATTRIBUTES = new Set(['src', 'href', 'content', 'action', 'formaction', 'srcset', 'imagesrcset'])
/** An http(s) URL, or a relative one (no scheme): a scheme is letters, digits, '+', '-' or '.', then ':'. */
const SAFE_URL = /^(?:https?:\/\/|(?![a-z][a-z\d+.-]*:))/i

/** Why a head tag from front matter is not accepted, or undefined when it is. */
export function headTagProblem([tag, attributes, content]: HeadTag): string | undefined {
  const name = tag.toLowerCase()
  if (!ALLOWED.has(name)) return `<${tag}> is not one of meta, link`
  const names = Object.keys(attributes).map((attribute) => attribute.toLowerCase())
  const handler = Object.keys(attributes).find((attribute) => /^on/i.test(attribute))
  if (handler) return `<${tag}> has the event handler "${handler}"`
  if (names.includes('http-equiv')) return `<${tag}> has "http-equiv"`
  for (const [attribute, value] of Object.entries(attributes)) {
    const plain = typeof value === 'string' ? value.replace(/[\u0000-\u0020]/g, '') : ''
    const isUrl = URL_ATTRIBUTES.has(attribute.toLowerCase()) && !(name === 'meta' && attribute.toLowerCase() === 'content')
    if (isUrl && !SAFE_URL.test(plain)) return `<${tag}> has a URL that is not http(s) or relative in "${attribute}"`
    if (/^(javascript|vbscript|data):/i.test(plain)) return `<${tag}> has a script URL in "${attribute}"`
  }
  if (name === 'meta' && !names.includes('name') && !names.includes('property')) return '<meta> without a name or property'
  if (name === 'link' && (typeof attributes.rel !== 'string' || attributes.rel.trim() === '')) return '<link> without a rel'
  if (content !== undefined && content.trim() !== '') return `<${tag}> has content`
  return undefined
}

/**
 * True for a `<link>` whose rel names the page icon: `rel="icon"` or the older `rel="shortcut icon"`, but not
 * `apple-touch-icon` or `mask-icon`, which are other files for other uses.
 */
export function isIconLink([tag, attributes]: HeadTag): boolean {
  const rel = attributes.rel
  return tag.toLowerCase() === 'link' && typeof rel === 'string' && rel.toLowerCase().split(/\s+/).includes('icon')
}
