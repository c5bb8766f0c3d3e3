/**
 * How wide a diagram label will be in the browser, without a browser: the build has no fonts to measure with, so
 * text width comes from a table of average sans-serif advance widths. The page's font differs by platform (Segoe
 * UI, San Francisco, Roboto, DejaVu Sans are a few per cent apart), so this is an estimate; the client absorbs the
 * difference by scaling the drawing (src/client/diagram-fit.ts).
 */
import { DIAGRAM_LINE_HEIGHT } from '../../../../shared/diagram-geometry.js'

/**
 * Advance widths of printable ASCII (space to '~') in thousandths of an em: the metrics of Helvetica, which
 * Arial copies and most system sans-serif fonts come close to.
 */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]

/** System UI fonts run a little wider than Helvetica's metrics (DejaVu Sans about 10 %, Segoe UI about the same). */
const FONT_FACTOR = 1.1

/** The width of one character in em: accented letters as their base letter, anything else as a digit. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32] / 1000
  if (char === 'ß') return 0.611
  const base = char.normalize('NFD').charCodeAt(0)
  if (base >= 32 && base <= 126) return ASCII_WIDTHS[base - 32] / 1000
  // CJK and emoji are about square
  return code >= 0x2e80 ? 1 : 0.556
}

/** The estimated width of `text` on one line at `fontSize` px. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0
  for (const char of text) em += charWidth(char)
  return em * fontSize * FONT_FACTOR
}

/** A label's size in px, as mermaid draws it. */
export interface LabelSize {
  width: number
  height: number
}

/**
 * The plain text of a mermaid label: markdown strings ("`**fett**`"), HTML tags and entities removed, `<br>` as a
 * line break.
 *
 *     'Erfassen<br/>und prüfen'  → 'Erfassen\nund prüfen'
 *     '"`**Neu**`"'              → 'Neu'
 */
export function labelText(raw: string): string {
  return raw
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .replace(/^`(.*)`$/s, '$1')
    .replace(/<br\s*\/?>|\\n/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/#\w+;|&\w+;/g, 'x')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
}

/**
 * The size of a label at `fontSize`: one line per explicit break, and lines wider than `wrapAt` broken at spaces
 * and hyphens the way the browser breaks mermaid's labels (mermaid then makes the label exactly `wrapAt` wide).
 * Without `wrapAt` nothing wraps (sequence diagrams, edge labels of state diagrams).
 */
export function labelSize(raw: string, fontSize: number, wrapAt?: number): LabelSize {
  const text = labelText(raw)
  if (text.trim() === '') return { width: 0, height: 0 }
  const lineHeight = (DIAGRAM_LINE_HEIGHT / 16) * fontSize
  let width = 0
  let lines = 0
  for (const line of text.split('\n')) {
    const natural = textWidth(line, fontSize)
    if (wrapAt === undefined || natural <= wrapAt) {
      width = Math.max(width, natural)
      lines += 1
      continue
    }
    width = wrapAt
    lines += wrappedLineCount(line, fontSize, wrapAt)
  }
  return { width, height: lines * lineHeight }
}

/** Greedy line breaking of `line` at `maxWidth`, after spaces and hyphens; a word wider than the line gets its own. */
function wrappedLineCount(line: string, fontSize: number, maxWidth: number): number {
  const pieces = line.match(/[^\s-]*-|[^\s-]+\s*|\s+/g) ?? [line]
  let count = 1
  let used = 0
  for (const piece of pieces) {
    const width = textWidth(piece.trimEnd(), fontSize)
    if (used > 0 && used + width > maxWidth) {
      count += 1
      used = 0
    }
    used += textWidth(piece, fontSize)
  }
  return count
}
