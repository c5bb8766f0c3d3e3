/**
 * Image zoom (spec §2.3, §4, §8, §9): images in the page content open enlarged on click, like the reference's
 * medium-zoom plugin. medium-zoom itself (zoom-chunk.ts) is only loaded on pages that have such an image, so
 * it never weighs on the initial bundle. It is attached anew after every navigation and detached on cleanup.
 */
import { preload } from './preload.js'

type ZoomChunk = typeof import('./zoom-chunk.js')

let chunk: Promise<ZoomChunk | undefined> | undefined

/**
 * Loads medium-zoom once. A failed load goes through the preload error event (preload.ts), where a site can, say,
 * reload the page after a deployment replaced the chunk; it is not retried.
 */
function loadZoom(): Promise<ZoomChunk | undefined> {
  chunk ??= preload(() => import('./zoom-chunk.js'))
  return chunk
}

/**
 * The images of the page content that zoom. An image inside a link is left alone, since a click on it follows
 * the link (the reference's selector `[vp-content] :not(a) > img` has the same intent, but only looks at the
 * direct parent; this looks at every ancestor). Images inside a rendered diagram belong to the diagram.
 */
export function findZoomableImages(root: ParentNode): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>('[data-content] img')].filter((image) => !image.closest('a, [data-diagram]'))
}

/**
 * Makes the zoomable images of `root` zoom, loading medium-zoom first if needed; does nothing (and loads
 * nothing) on a page without one. The cleanup detaches them, closing an open zoom, since the page is being left.
 */
export function mount(root: HTMLElement): () => void {
  const images = findZoomableImages(root)
  if (images.length === 0) return () => {}
  let detach: (() => void) | undefined
  let left = false
  void loadZoom().then((zoom) => {
    if (zoom && !left) detach = zoom.attachZoom(images)
  })
  return () => {
    left = true
    detach?.()
  }
}
