/**
 * The `style` attributes authors write in raw HTML (`<span style="color: teal">`), kept as classes: a style attribute
 * would be blocked by the site's Content-Security-Policy (`style-src 'self'`), so each declaration an author may use
 * becomes a class of the site's generated stylesheet (emit/math-sheet.ts), as KaTeX's declarations do.
 *
 *     authorDeclarations('color: Teal; font-weight:bold')      → ['color:Teal', 'font-weight:bold']
 *     authorDeclarations('background:url(https://x/y.png)')    → []   (no URLs: nothing is loaded from a style)
 *     authorDeclarations('position:fixed; top:0')              → ['top:0']   (nothing pinned over the page)
 *
 * What stays out: what could lay an element over the site's own controls or pin it on the screen (`position: fixed`
 * or `sticky`, `z-index`, `transform`), anything that loads (`url()`, `image-set()`, `@import`), and any value that
 * could end the rule or the sheet. `position: relative` and `absolute` with offsets stay, as the embed codes of video
 * hosts use them (a frame filling a box of a fixed aspect ratio): without a z-index such a box is painted below the
 * navbar, the sidebar and every other layer of the site.
 */
import { isSafeDeclaration } from './math/styles.js'

/** The properties an author's style may set: how text and boxes look, not where they are placed on the page. */
const ALLOWED_PROPERTIES = new Set([
  'color',
  'background-color',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'font-variant',
  'text-align',
  'text-decoration',
  'text-decoration-color',
  'text-decoration-line',
  'text-decoration-style',
  'text-transform',
  'text-indent',
  'vertical-align',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'white-space',
  'opacity',
  'display',
  'float',
  'clear',
  'width',
  'min-width',
  'max-width',
  'height',
  'min-height',
  'max-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'list-style-type',
  'column-count',
  'column-gap',
  'position',
  'top',
  'right',
  'bottom',
  'left',
])

/** The positions an element of an author's may take: in the flow, or placed inside its box, never on the screen. */
const ALLOWED_POSITIONS = new Set(['static', 'relative', 'absolute'])

/** At most this many declarations per attribute, and characters per declaration: a style, not a stylesheet. */
const MAX_DECLARATIONS = 20
const MAX_LENGTH = 200

/** The declarations of `style` that an author may use, each as `property:value`, in their order. */
export function authorDeclarations(style: string): string[] {
  const kept: string[] = []
  for (const part of style.split(';').slice(0, MAX_DECLARATIONS)) {
    const colon = part.indexOf(':')
    if (colon < 0) continue
    const property = part.slice(0, colon).trim().toLowerCase()
    const value = part
      .slice(colon + 1)
      .trim()
      .replace(/\s+/g, ' ')
    if (!ALLOWED_PROPERTIES.has(property) || value === '' || property.length + value.length > MAX_LENGTH) continue
    if (property === 'position' && !ALLOWED_POSITIONS.has(value.toLowerCase())) continue
    // only what the sheet can hold (math/styles.ts): no URL, comment, open bracket or `!important`
    if (isSafeDeclaration(`${property}:${value}`)) kept.push(`${property}:${value}`)
  }
  return kept
}
