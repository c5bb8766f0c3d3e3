/**
 * Images shown smaller than they are (an info graphic 900 px wide in a 335 px column, its text at 4 px) open in the
 * diagrams' full-screen view at their natural size, where the reader drags and zooms them (diagram-viewer.ts, loaded
 * from image-viewer-chunk.ts on the first open). Such an image gets a button in its corner that opens it (a tab stop
 * with a name, so the keyboard can too), and a click on the image opens it as well, instead of the zoom that
 * smaller images have (zoom.ts). Whether an image is shown smaller is checked again whenever its box changes (a
 * window resized or turned), so the button is there exactly while it helps.
 */
import { pageLabels } from './labels.js'
import { preload } from './preload.js'
import { findZoomableImages } from './zoom.js'

type ViewerChunk = typeof import('./image-viewer-chunk.js')

let chunk: Promise<ViewerChunk | undefined> | undefined

/** Loads the viewer once; a failed load goes through the preload error event (preload.ts) and is not retried. */
function loadViewer(): Promise<ViewerChunk | undefined> {
  chunk ??= preload(() => import('./image-viewer-chunk.js'))
  return chunk
}

/** The size an image has of its own, in CSS px: the file's, once loaded, else the size the build wrote. */
export function naturalSizeOf(image: HTMLImageElement): { width: number; height: number } {
  const width = image.naturalWidth || Number(image.getAttribute('width')) || 0
  const height =
    image.naturalHeight ||
    Number(image.getAttribute('height')) ||
    (image.clientWidth > 0 ? Math.round((width * image.clientHeight) / image.clientWidth) : 0)
  return { width, height }
}

/** True when `image` is shown narrower than its natural width (1 px of slack for rounding). */
export function isShownSmaller(shown: number, natural: number): boolean {
  return shown > 0 && natural > 0 && shown < natural - 1
}

const FRAME = 'image-frame'

/** The button of `image`'s frame, adding frame and button the first time. */
function buttonOf(image: HTMLImageElement): HTMLButtonElement {
  const parent = image.parentElement
  const existing = parent?.classList.contains(FRAME) ? parent.querySelector<HTMLButtonElement>(':scope > .image-open') : null
  if (existing) return existing
  const frame = document.createElement('span')
  frame.className = FRAME
  image.replaceWith(frame)
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'diagram-open image-open'
  const name = image.alt.trim()
  button.setAttribute('aria-label', name ? `${pageLabels().imageOpen}: ${name}` : pageLabels().imageOpen)
  button.title = pageLabels().imageOpen
  // two diagonal arrows: "enlarge", as on diagrams
  button.innerHTML =
    '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M14 4h6v6M20 4l-7 7M10 20H4v-6M4 20l7-7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>'
  frame.append(image, button)
  return button
}

/** Gives `image` its open button while it is shown smaller than it is, and hides the button while it is not. */
function update(image: HTMLImageElement): void {
  const smaller = isShownSmaller(image.clientWidth, naturalSizeOf(image).width)
  const framed = image.parentElement?.classList.contains(FRAME) === true
  if (!smaller && !framed) return
  const button = buttonOf(image)
  button.hidden = !smaller
  if (smaller) image.dataset.viewable = ''
  else delete image.dataset.viewable
}

async function open(image: HTMLImageElement): Promise<void> {
  const viewer = await loadViewer()
  const opener = buttonOf(image)
  viewer?.openImageViewer(image, opener, naturalSizeOf(image))
}

/**
 * Watches the content images of `root` (those zoom.ts zooms: not in a link or a diagram; nor those a canvas draws,
 * which zooms as a whole). Does nothing on a page without one. The cleanup stops watching and closes an open view.
 */
export function mount(root: HTMLElement): () => void {
  const images = findZoomableImages(root).filter((image) => !image.closest('svg, .canvas-node-content'))
  if (images.length === 0 || typeof ResizeObserver === 'undefined') return () => {}
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) update(entry.target as HTMLImageElement)
  })
  const onLoad = (event: Event) => {
    if (event.target instanceof HTMLImageElement && images.includes(event.target)) update(event.target)
  }
  for (const image of images) observer.observe(image)
  // an image without width and height in its markup tells its size once loaded ('load' does not bubble)
  root.addEventListener('load', onLoad, true)
  // before the image's own listeners (medium-zoom's): an image shown smaller opens in the view instead
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.defaultPrevented) return
    const target = event.target
    const image =
      target instanceof HTMLImageElement
        ? target
        : target instanceof Element
          ? target.closest(`.${FRAME}`)?.querySelector<HTMLImageElement>(':scope > img')
          : null
    if (!image || !images.includes(image)) return
    if (target === image && !isShownSmaller(image.clientWidth, naturalSizeOf(image).width)) return
    if (target !== image && !(target instanceof Element && target.closest('.image-open'))) return
    event.preventDefault()
    event.stopPropagation()
    void open(image)
  }
  root.addEventListener('click', onClick, true)
  return () => {
    observer.disconnect()
    root.removeEventListener('load', onLoad, true)
    root.removeEventListener('click', onClick, true)
    void chunk?.then((viewer) => viewer?.closeImageViewer())
  }
}
