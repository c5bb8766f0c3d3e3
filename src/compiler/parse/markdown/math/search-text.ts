/**
 * Formulas in a body's HTML replaced by their TeX, for the full-text index: KaTeX's HTML holds each formula three
 * times (MathML, its TeX annotation, the glyphs of the HTML), and only the TeX, as written, is worth finding.
 *
 *     a <span class="katex">…<annotation encoding="application/x-tex">x^2</annotation>…</span> b   → 'a  x^2  b'
 */

const OPENING = '<span class="katex">'
const ANNOTATION = '<annotation encoding="application/x-tex">'

/** `html` with every formula KaTeX made replaced by its TeX (still HTML-escaped, as text in HTML is). */
export function texInPlaceOfMath(html: string): string {
  let at = html.indexOf(OPENING)
  if (at === -1) return html
  const parts: string[] = []
  let copied = 0
  while (at !== -1) {
    const end = endOfSpan(html, at)
    const annotation = html.indexOf(ANNOTATION, at)
    const tex =
      annotation !== -1 && annotation < end
        ? html.slice(annotation + ANNOTATION.length, html.indexOf('<', annotation + ANNOTATION.length))
        : ''
    parts.push(html.slice(copied, at), ` ${tex} `)
    copied = end
    at = html.indexOf(OPENING, end)
  }
  parts.push(html.slice(copied))
  return parts.join('')
}

/** The offset after the `</span>` that closes the span opened at `start` (KaTeX's markup nests spans only). */
function endOfSpan(html: string, start: number): number {
  let depth = 0
  let open = start
  let close = html.indexOf('</span>', start)
  while (close !== -1) {
    if (open !== -1 && open < close) {
      depth++
      open = html.indexOf('<span', open + 5)
    } else {
      if (--depth === 0) return close + 7
      close = html.indexOf('</span>', close + 7)
    }
  }
  return html.length
}
