/**
 * The geometry of the full-screen diagram view (diagram-viewer.ts): where the drawing sits and how large, as pure
 * functions of sizes and pointer positions, so they are tested without a browser.
 *
 * A view `{ scale, x, y }` draws the diagram's point (u, v) at (x + scale·u, y + scale·v) of the stage.
 */
import { MIN_DIAGRAM_TEXT_PX } from '../shared/diagram-geometry.js'

/** Where and how large the drawing is shown. */
export interface View {
  scale: number
  x: number
  y: number
}

export interface Size {
  width: number
  height: number
}

/** The scales a reader can zoom between, and the one the view opens at. */
export interface ZoomLimits {
  min: number
  max: number
  initial: number
  /** The scale that shows the whole drawing (a small one enlarged at most twice). */
  whole: number
}

/** Space kept around the drawing when it is fitted into the stage, in px. */
export const VIEW_MARGIN = 16
/** A fitted small diagram is enlarged at most this much when the view opens. */
const MAX_INITIAL_SCALE = 2
/** How far a reader can zoom in, at least. */
const MAX_SCALE = 4
/** So much of the drawing stays on the stage however far it is dragged, in px. */
const KEEP_VISIBLE = 80

/**
 * The zoom range for a drawing of `content` size (at scale 1) on a `stage`, whose smallest text is `smallestText`
 * px: it opens as large as fits, but never with text below 12 px (a wide diagram on a phone opens readable at its
 * start, and the reader zooms out for the whole); zooming out stops at the whole drawing.
 */
export function zoomLimits(content: Size, stage: Size, smallestText: number): ZoomLimits {
  const fit = Math.min((stage.width - 2 * VIEW_MARGIN) / content.width, (stage.height - 2 * VIEW_MARGIN) / content.height)
  const readable = smallestText > 0 ? MIN_DIAGRAM_TEXT_PX / smallestText : 1
  const whole = Math.min(fit, MAX_INITIAL_SCALE)
  return { min: Math.min(whole, readable), max: Math.max(MAX_SCALE, 2 * readable), initial: Math.max(readable, whole), whole }
}

/**
 * The view at `scale`: centred on each axis where the drawing fits, else starting at its top or left edge.
 *
 *     initialView({ width: 400, height: 100 }, { width: 800, height: 600 }, 1) → { scale: 1, x: 200, y: 250 }
 */
export function initialView(content: Size, stage: Size, scale: number): View {
  const place = (length: number, room: number) => (length <= room - 2 * VIEW_MARGIN ? (room - length) / 2 : VIEW_MARGIN)
  return { scale, x: place(content.width * scale, stage.width), y: place(content.height * scale, stage.height) }
}

/** The view zoomed to `scale` (kept within `limits`) around the stage point `at`, which stays where it is. */
export function zoomAt(view: View, scale: number, at: { x: number; y: number }, limits: Pick<ZoomLimits, 'min' | 'max'>): View {
  const next = Math.min(limits.max, Math.max(limits.min, scale))
  const ratio = next / view.scale
  return { scale: next, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio }
}

/** The view moved by (dx, dy), but never so far that the drawing leaves the stage. */
export function panBy(view: View, dx: number, dy: number, content: Size, stage: Size): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, content, stage)
}

/** Keeps at least a strip of the drawing on the stage on each axis. */
export function clampView(view: View, content: Size, stage: Size): View {
  const clamp = (position: number, length: number, room: number) => {
    const keep = Math.min(KEEP_VISIBLE, length)
    return Math.min(room - keep, Math.max(keep - length, position))
  }
  return { ...view, x: clamp(view.x, content.width * view.scale, stage.width), y: clamp(view.y, content.height * view.scale, stage.height) }
}
