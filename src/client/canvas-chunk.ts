/**
 * Zoom and pan for the canvases of a page, loaded by canvas.ts on pages with one. Each canvas gets a row of buttons
 * in its frame's top strip (which the stylesheet keeps free on scripted pages, so nothing moves when they arrive):
 *
 *     [−] [+] [whole canvas] [full screen]
 *
 * and its frame, already a tab stop, answers `+` and `-` (zoom), `0` (the whole canvas again), the arrow keys (pan,
 * as in any scrolled box) and Enter (full screen, canvas-viewer.ts); Ctrl with the mouse wheel and a touchpad's pinch
 * zoom at the pointer, and a zoomed canvas is dragged with the mouse (touch scrolls it). At rest the stylesheet fits
 * the canvas to its column; zoomed, it has its own size and the frame scrolls.
 */
import { pageLabels } from './labels.js'
import { dragToPan, naturalSizeOf, resizeAround, setDrawingSize, type Point } from './canvas-frame.js'
import { closeCanvasViewer, openCanvasViewer } from './canvas-viewer.js'
import { clampScale, inPlaceRange, ZOOM_STEP } from './canvas-zoom.js'

/** Numbers the help texts the frames point at; ids must not repeat on a page. */
let helpCount = 0

/** Adds the zoom controls to each canvas `figure`; the cleanup closes a full-screen view and takes the controls away. */
export function enhanceCanvases(figures: readonly HTMLElement[]): () => void {
  const cleanups = figures.map(enhanceCanvas)
  return () => {
    closeCanvasViewer()
    for (const cleanup of cleanups) cleanup()
  }
}

function enhanceCanvas(figure: HTMLElement): () => void {
  const frame = figure.querySelector<HTMLElement>(':scope > .canvas-scroll')
  const svg = frame?.querySelector<SVGSVGElement>(':scope > svg.canvas-svg')
  if (!frame || !svg || figure.querySelector(':scope > .canvas-toolbar')) return () => {}
  const labels = pageLabels()
  const natural = naturalSizeOf(svg)
  // the build names every canvas by its file; the page's title, in the site's words, should a name ever be missing
  const title = frame.getAttribute('aria-label') || document.title

  const toolbar = document.createElement('div')
  toolbar.className = 'canvas-toolbar'
  toolbar.setAttribute('role', 'group')
  toolbar.setAttribute('aria-label', title)
  const zoomOut = toolButton(labels.diagramZoomOut, MINUS_ICON)
  const zoomIn = toolButton(labels.diagramZoomIn, PLUS_ICON)
  const whole = toolButton(labels.canvasZoomFit, WHOLE_ICON)
  const full = toolButton(labels.canvasFullScreen, FULL_SCREEN_ICON)
  toolbar.append(zoomOut, zoomIn, whole, full)
  const help = document.createElement('p')
  help.className = 'sr-only'
  help.id = `canvas-help-${++helpCount}`
  help.textContent = labels.canvasHelp
  figure.prepend(toolbar)
  figure.append(help)
  frame.setAttribute('aria-describedby', help.id)

  /** The scale while zoomed in; undefined while the stylesheet fits the canvas to the column. */
  let scale: number | undefined
  const range = () => inPlaceRange(natural, frame.clientWidth)
  const shown = () => scale ?? range().min
  const update = () => {
    const { max } = range()
    zoomOut.setAttribute('aria-disabled', String(scale === undefined))
    whole.setAttribute('aria-disabled', String(scale === undefined))
    zoomIn.setAttribute('aria-disabled', String(shown() >= max - 1e-6))
  }
  /** Sizes the drawing for `scale` in the page: its own size while zoomed, else the stylesheet's fit. */
  const size = () => {
    figure.classList.toggle('is-zoomed', scale !== undefined)
    setDrawingSize(svg, natural, scale ?? 1)
  }
  const zoomTo = (next: number, at?: Point) => {
    const limits = range()
    const target = clampScale(next, limits)
    resizeAround(frame, svg, at, () => {
      scale = target > limits.min + 1e-6 ? target : undefined
      size()
    })
    update()
  }
  const openFull = (opener: HTMLElement) => openCanvasViewer({ frame, svg, natural, title, opener, restore: size })

  zoomIn.addEventListener('click', () => zoomTo(shown() * ZOOM_STEP))
  zoomOut.addEventListener('click', () => zoomTo(shown() / ZOOM_STEP))
  whole.addEventListener('click', () => zoomTo(0))
  full.addEventListener('click', () => openFull(full))
  const onKeydown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    if (event.key === '+' || event.key === '=') zoomTo(shown() * ZOOM_STEP)
    else if (event.key === '-' || event.key === '_') zoomTo(shown() / ZOOM_STEP)
    else if (event.key === '0') zoomTo(0)
    // Enter on a link in a node follows the link
    else if (event.key === 'Enter' && event.target === frame && !event.shiftKey) openFull(frame)
    else return
    event.preventDefault()
  }
  const onWheel = (event: WheelEvent) => {
    // only Ctrl (and a touchpad's pinch, which arrives with it) zooms: the wheel alone scrolls the page
    if (!event.ctrlKey) return
    event.preventDefault()
    const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY
    // a mouse wheel's notch is a large delta: one step at most per event
    const factor = Math.min(ZOOM_STEP, Math.max(1 / ZOOM_STEP, Math.exp(-delta * 0.01)))
    zoomTo(shown() * factor, { x: event.clientX, y: event.clientY })
  }
  frame.addEventListener('keydown', onKeydown)
  frame.addEventListener('wheel', onWheel, { passive: false })
  // touch pans a zoomed canvas by scrolling it; the mouse drags it
  const stopDragging = dragToPan(frame, { accepts: (event) => scale !== undefined && event.pointerType === 'mouse' })
  update()
  // the page as the build wrote it, so a later mount on the same content starts afresh
  return () => {
    frame.removeEventListener('keydown', onKeydown)
    frame.removeEventListener('wheel', onWheel)
    stopDragging()
    toolbar.remove()
    help.remove()
    frame.removeAttribute('aria-describedby')
    scale = undefined
    size()
  }
}

function toolButton(label: string, icon: string): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.className = 'canvas-button'
  element.setAttribute('aria-label', label)
  element.title = label
  element.innerHTML = icon
  return element
}

const icon = (path: string) =>
  `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="${path}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`
const MINUS_ICON = icon('M5 12h14')
const PLUS_ICON = icon('M12 5v14M5 12h14')
/** Four corners pointing inwards: "all of it". */
const WHOLE_ICON = icon('M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5')
/** Two diagonal arrows outwards: "enlarge", as on diagrams. */
const FULL_SCREEN_ICON = icon('M14 4h6v6M20 4l-7 7M10 20H4v-6M4 20l7-7')
