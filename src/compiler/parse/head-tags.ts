/**
 * Which head tags a page may add through its front matter (`head:`). Authors are staff, but front matter travels
 * further than markdown (templates, imports, synced vaults), and a head tag runs on every visit before any content:
 * only `meta`, `link` and `script` with a `src` are accepted, without event-handler attributes or `javascript:` URLs.
 * The config's `head` is the site owner's and is not limited.
 *
 *     ['meta', { name: 'robots', content: 'noindex' }]     → kept
 *     ['script', { src: '/assets/x.js' }]                   → kept
 *     ['script', {}, 'alert(1)']                             → dropped: inline script
 *     ['link', { rel: 'icon', onload: 'alert(1)' }]          → dropped: event handler
 *     ['base', { href: '//evil.example/' }]                  → dropped: not meta, link or script
 */
import type { HeadTag } from '../config/config-schema.js'

const ALLOWED = new Set(['meta', 'link', 'script'])
const URL_ATTRIBUTES = new Set(['src', 'href', 'content', 'action', 'formaction', 'srcset', 'imagesrcset'])

/** Why a head tag from front matter is not accepted, or undefined when it is. */
export function headTagProblem([tag, attributes, content]: HeadTag): string | undefined {
  const name = tag.toLowerCase()
  if (!ALLOWED.has(name)) return `<${tag}> is not one of meta, link, script`
  const handler = Object.keys(attributes).find((attribute) => /^on/i.test(attribute))
  if (handler) return `<${tag}> has the event handler "${handler}"`
  for (const [attribute, value] of Object.entries(attributes)) {
    if (
      URL_ATTRIBUTES.has(attribute.toLowerCase()) &&
      typeof value === 'string' &&
      /^\s*(javascript|vbscript|data\s*:\s*text\/html)/i.test(value.replace(/[\u0000-\u001f]/g, ''))
    ) {
      return `<${tag}> has a script URL in "${attribute}"`
    }
  }
  if (name === 'script' && (typeof attributes.src !== 'string' || attributes.src.trim() === ''))
    return '<script> without a src (inline scripts are not allowed)'
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
