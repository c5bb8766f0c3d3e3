/**
 * medium-zoom, loaded as its own chunk by zoom.ts on pages with zoomable images only.
 *
 * The package's main build injects a `<style>` element into the head when it is imported, which a
 * Content-Security-Policy without 'unsafe-inline' styles blocks; without those rules the zoom never finishes
 * (it waits for the `transitionend` of a transition that only that stylesheet declares). So this imports the
 * package's "pure" build, which is the same code without the injection, and the rules live in
 * src/theme/styles/media.css. What medium-zoom still sets at runtime (`element.style.transform`, the overlay
 * background) goes through the CSSOM, which a CSP does not restrict.
 */
import mediumZoom, { type Zoom } from 'medium-zoom/dist/pure'

/** Spec §9: a zoomed image closes once the page scrolls more than this many pixels. */
export const ZOOM_SCROLL_OFFSET = 40
/** The reference (VuePress) zooms right up to the viewport's edges. */
export const ZOOM_MARGIN = 0
/** The overlay takes the page background, so it follows light and dark mode while open. */
export const ZOOM_BACKGROUND = 'var(--c-bg)'

/**
 * One zoom for the whole page session: medium-zoom adds its click, keyup, scroll and resize listeners to
 * document and window when it is created and never removes them, so a new one per navigation would pile up.
 */
let zoom: Zoom | undefined

/**
 * Makes `images` zoomable: a click opens the image enlarged over the page, and a click anywhere, Escape, a
 * window resize or scrolling more than 40 px closes it. An image with `data-zoom-src` shows that (larger) file
 * when zoomed; if it cannot be loaded, medium-zoom logs 'Unable to reach the zoom image target …' and zooms
 * the image itself. Returns the detach function, which also closes an open zoom (the page is being left).
 */
export function attachZoom(images: HTMLImageElement[]): () => void {
  if (!zoom) {
    zoom = mediumZoom({ margin: ZOOM_MARGIN, scrollOffset: ZOOM_SCROLL_OFFSET, background: ZOOM_BACKGROUND })
    discardFailedZoomTargets(zoom)
    closeAfterOpening(zoom)
  }
  const instance = zoom
  instance.attach(images)
  return () => {
    instance.detach(images)
  }
}

/**
 * Works around a medium-zoom 1.1.0 bug. For `data-zoom-src` it polls the larger image's `complete`, which a
 * failed image reports too, so it may put that image into the page just before its error handler forgets it;
 * the broken picture then stayed over the page, even after closing. So an image of an open zoom that fails to
 * load is hidden at once, and one that medium-zoom left behind is removed when the zoom has closed.
 */
function discardFailedZoomTargets(instance: Zoom): void {
  document.addEventListener(
    'error',
    (event) => {
      const image = event.target
      if (
        image instanceof HTMLImageElement &&
        image.parentElement === document.body &&
        image.classList.contains('medium-zoom-image--opened')
      )
        image.hidden = true
    },
    // 'error' does not bubble; capturing on document sees it for every image in the page
    true,
  )
  instance.on('closed', () => {
    for (const left of document.querySelectorAll('body > img.medium-zoom-image--opened[hidden]')) left.remove()
  })
}

/**
 * medium-zoom ignores every way of closing while its opening transition runs: an Escape, a click, a resize or a scroll
 * in those 0.3 s was lost, and the image stayed open although the reader had asked to close it. So such a request is
 * kept, and the zoom closes as soon as it has opened; so does a page scrolled more than the offset meanwhile. The click
 * that opens the zoom is not a request: this capturing listener sees it before medium-zoom's own starts the opening.
 */
function closeAfterOpening(instance: Zoom): void {
  let opening = false
  let asked = false
  let scrolledFrom = 0
  instance.on('open', () => {
    opening = true
    asked = false
    scrolledFrom = window.scrollY
  })
  instance.on('opened', () => {
    opening = false
    if (asked || Math.abs(window.scrollY - scrolledFrom) > ZOOM_SCROLL_OFFSET) void instance.close()
    asked = false
  })
  const ask = () => {
    if (opening) asked = true
  }
  document.addEventListener('keyup', (event) => {
    if (event.key === 'Escape' || event.key === 'Esc') ask()
  })
  document.addEventListener('click', ask, true)
  window.addEventListener('resize', ask)
}
