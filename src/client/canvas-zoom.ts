/**
 * The numbers of zooming a canvas (canvas-chunk.ts), as pure functions, so they are tested without a browser.
 *
 * A scale is relative to the canvas's natural size, where one canvas unit is one CSS pixel and node text is as large
 * as the page's. In the page the canvas starts fitted to its column (the stylesheet: never larger than natural);
 * zooming goes from there up to MAX_IN_PLACE. The full-screen view takes its range from the diagram viewer
 * (diagram-zoom.ts `zoomLimits`): it opens with readable text and zooms out to the whole canvas.
 */
import type { Size } from './diagram-zoom.js'

/** One step of the zoom buttons and the `+` and `-` keys. */
export const ZOOM_STEP = 1.25
/** How far a canvas zooms in inside the page: node text at three times the page's size. */
export const MAX_IN_PLACE = 3
/** The smallest text a canvas draws at its natural size, in px: edge labels (styles/canvas.css, 0.875rem). */
export const SMALLEST_CANVAS_TEXT = 14

export interface ScaleRange {
  min: number
  max: number
}

/**
 * The scales a canvas of `natural` size can take in a frame `width` px wide: from fitted to the frame (at most its
 * natural size) to MAX_IN_PLACE.
 *
 *     inPlaceRange({ width: 1600, height: 800 }, 800) → { min: 0.5, max: 3 }
 *     inPlaceRange({ width: 400, height: 300 }, 800)  → { min: 1, max: 3 }
 */
export function inPlaceRange(natural: Size, width: number): ScaleRange {
  const fit = natural.width > 0 && width > 0 ? Math.min(1, width / natural.width) : 1
  return { min: fit, max: Math.max(fit, MAX_IN_PLACE) }
}

/** `scale` kept within `range`. */
export function clampScale(scale: number, range: ScaleRange): number {
  return Math.min(range.max, Math.max(range.min, scale))
}

/**
 * The scroll position that keeps the point of the drawing under `at` where it is after the drawing changed size:
 * `before` and `after` are the drawing's box (left or top edge and length along one axis, in the viewport), `at` the
 * point (in the viewport), `scroll` the frame's scroll offset along that axis before.
 *
 *     keepPoint({ start: 0, length: 100 }, { start: 0, length: 200 }, 50, 0) → 50   (the middle stays the middle)
 */
export function keepPoint(
  before: { start: number; length: number },
  after: { start: number; length: number },
  at: number,
  scroll: number,
): number {
  if (!(before.length > 0)) return scroll
  const share = (at - before.start) / before.length
  return scroll + after.start + share * after.length - at
}

/** The zoom shown to the reader: '125 %'. */
export function percentOf(scale: number): string {
  return `${Math.round(scale * 100)} %`
}
