/**
 * How large a rendered diagram is drawn. Pure, so it is tested without a browser.
 *
 * The build reserves a height for each diagram, estimated from its source (src/compiler/parse/markdown/diagram/). The
 * drawing is scaled to fill exactly that height, so the page does not move when it arrives (and back/forward
 * lands where the reader was), but only within limits: its smallest text never gets below 12 px, and nothing is
 * enlarged by more than a quarter. Outside those limits the frame grows (an estimate far too small) or keeps its
 * height with the drawing centred in it (far too large).
 *
 * Then the width: a drawing a little too wide for its frame is made smaller until it fits, by at most 15 % and
 * never below 12 px text (the frame keeps its height, the drawing is centred in it); one that cannot fit that way
 * keeps its size and scrolls sideways, rather than leave much of its frame empty.
 */
import { MAX_DIAGRAM_SCALE, MIN_DIAGRAM_TEXT_PX } from '../shared/diagram-geometry.js'

/** What decides a diagram's scale. */
export interface FitInput {
  /** Height of mermaid's drawing at scale 1 (its viewBox), in px. */
  naturalHeight: number
  /** The height reserved for it, in px; undefined when the build had no estimate. */
  reservedHeight: number | undefined
  /** The smallest font size in the drawing at scale 1, in px (0 when it has no text). */
  smallestText: number
}

/** The result: the scale to draw at, and the height the frame's content takes. */
export interface Fit {
  scale: number
  /** The larger of the drawing's height at `scale` and the reserved height. */
  frameHeight: number
}

/**
 * Picks the scale that fills the reserved height, within [12 px ÷ smallest text, max(1.25, that)].
 *
 *     { naturalHeight: 100, reservedHeight: 110, smallestText: 16 } → scale 1.1, frameHeight 110
 *     { naturalHeight: 200, reservedHeight: 100, smallestText: 16 } → scale 0.75, frameHeight 150  (text stays 12 px)
 *     { naturalHeight: 100, reservedHeight: 200, smallestText: 16 } → scale 1.25, frameHeight 200  (centred)
 *     { naturalHeight: 100, reservedHeight: undefined, smallestText: 10 } → scale 1.2, frameHeight 120
 */
export function fitDiagram({ naturalHeight, reservedHeight, smallestText }: FitInput): Fit {
  const min = smallestText > 0 ? MIN_DIAGRAM_TEXT_PX / smallestText : 0
  const max = Math.max(MAX_DIAGRAM_SCALE, min)
  if (!(naturalHeight > 0)) return { scale: Math.max(1, min), frameHeight: reservedHeight ?? 0 }
  const wanted = reservedHeight && reservedHeight > 0 ? reservedHeight / naturalHeight : 1
  const scale = Math.min(max, Math.max(min, wanted))
  // the reserved height itself when it was met, so rounding cannot move the page by a fraction of a pixel
  const drawn = scale === wanted && reservedHeight ? reservedHeight : naturalHeight * scale
  return { scale, frameHeight: Math.max(drawn, reservedHeight ?? 0) }
}

/** A drawing is made at most this much smaller to fit its frame's width. */
export const WIDTH_FIT_LIMIT = 0.85

/** What decides how large a drawing is shown in a frame of fixed height. */
export interface DrawInput {
  /** The scale that fills the frame's height (`fitDiagram`). */
  scale: number
  /** Width of the drawing at scale 1, in px. */
  naturalWidth: number
  /** The width inside the frame, in px. */
  availableWidth: number
  /** The smallest font size in the drawing at scale 1, in px (0 when it has no text). */
  smallestText: number
}

/**
 * The scale a drawing is shown at: `scale`, or up to 15 % smaller to fit the frame's width when that keeps text
 * at 12 px.
 *
 *     { scale: 1, naturalWidth: 740, availableWidth: 640, smallestText: 16 }  → 0.865  (fits, 13.8 px text)
 *     { scale: 1, naturalWidth: 830, availableWidth: 640, smallestText: 16 }  → 1      (scrolls sideways)
 */
export function drawScale({ scale, naturalWidth, availableWidth, smallestText }: DrawInput): number {
  if (!(naturalWidth > 0) || !(availableWidth > 0) || naturalWidth * scale <= availableWidth) return scale
  const fitting = availableWidth / naturalWidth
  const min = smallestText > 0 ? MIN_DIAGRAM_TEXT_PX / smallestText : 0
  return fitting >= Math.max(min, scale * WIDTH_FIT_LIMIT) ? fitting : scale
}

/**
 * A short, stable key for a diagram source (FNV-1a), under which its frame height is remembered for the session.
 */
export function sourceKey(source: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}
