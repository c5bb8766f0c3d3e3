/**
 * Canvases (src/compiler/parse/canvas/render.ts): the build draws each as an SVG that the stylesheet fits to the
 * column, so without JavaScript the whole canvas is seen at once. On a page with a canvas this loads canvas-chunk.ts,
 * which adds what makes its text readable: zoom buttons and keys in the page, and a full-screen view with zoom and
 * pan (canvas-viewer.ts). Pages without a canvas load nothing.
 */
import { preload } from './preload.js'

type CanvasChunk = typeof import('./canvas-chunk.js')

/** The canvases of the page content, also those embedded in a note; an empty canvas has nothing to zoom. */
const CANVASES = '[data-content] figure.canvas:not(.canvas-empty)'

let chunk: Promise<CanvasChunk | undefined> | undefined

/** Loads the zoom code once; a failed load goes through the preload error event (preload.ts) and is not retried. */
function loadChunk(): Promise<CanvasChunk | undefined> {
  chunk ??= preload(() => import('./canvas-chunk.js'))
  return chunk
}

/** Makes the canvases of `root` zoomable; does nothing on a page without one. The cleanup closes a full-screen view. */
export function mount(root: HTMLElement): () => void {
  const figures = [...root.querySelectorAll<HTMLElement>(CANVASES)]
  if (figures.length === 0) return () => {}
  let left = false
  let cleanup: (() => void) | undefined
  void loadChunk().then((canvas) => {
    if (canvas && !left) cleanup = canvas.enhanceCanvases(figures)
  })
  return () => {
    left = true
    cleanup?.()
  }
}
