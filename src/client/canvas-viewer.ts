/**
 * The full-screen view of a canvas, after the diagram viewer (diagram-viewer.ts, whose look it shares): a modal
 * <dialog> over the page where the canvas opens with readable text (on a phone at its top left corner) and can be
 * zoomed (buttons, mouse wheel, pinch, double click, `+`/`-`, `0` for the whole canvas) and panned (dragging, touch,
 * arrow keys, scrollbars). Escape or the close button closes it, and focus returns to what opened it.
 *
 * The drawing itself moves into the dialog and back, not a copy, so the page keeps one of each node (ids, links,
 * images); meanwhile a stand-in of its size keeps the page's frame as it was.
 */
import { pageLabels } from './labels.js'
import { fillViewer } from './viewer-chrome.js'
import { dragToPan, resizeAround, setDrawingSize, type Point } from './canvas-frame.js'
import { clampScale, percentOf, SMALLEST_CANVAS_TEXT, ZOOM_STEP } from './canvas-zoom.js'
import { zoomLimits, type Size, type ZoomLimits } from './diagram-zoom.js'

/** Arrow keys move the canvas by this many px. */
const PAN_STEP = 60

export interface ViewerOptions {
  /** The page's frame the drawing lives in. */
  frame: HTMLElement
  svg: SVGSVGElement
  natural: Size
  title: string
  /** Gets the focus back when the view closes. */
  opener: HTMLElement
  /** Called once the drawing is back in the page's frame, to size it as it was there. */
  restore(): void
}

let current: HTMLDialogElement | undefined

/** Opens the full-screen view of a canvas. */
export function openCanvasViewer({ frame, svg, natural, title, opener, restore }: ViewerOptions): void {
  closeCanvasViewer()
  const labels = pageLabels()
  const dialog = document.createElement('dialog')
  dialog.className = 'diagram-viewer canvas-viewer'
  dialog.setAttribute('aria-label', `${labels.canvasFullScreen}: ${title}`)
  const {
    zoomOut,
    level,
    zoomIn,
    fit: whole,
    close,
    stage,
  } = fillViewer(dialog, title, labels.canvasZoomFit, 'canvas-viewer-stage', 'canvas-viewer-help')

  const shown = svg.getBoundingClientRect()
  const stand = document.createElement('div')
  stand.className = 'canvas-stand-in'
  stand.style.width = `${shown.width}px`
  stand.style.height = `${shown.height}px`
  const scrolled = { left: frame.scrollLeft, top: frame.scrollTop }
  svg.replaceWith(stand)
  stage.append(svg)
  document.body.append(dialog)
  dialog.showModal()

  const stageSize = (): Size => ({ width: stage.clientWidth, height: stage.clientHeight })
  let limits: ZoomLimits = zoomLimits(natural, stageSize(), SMALLEST_CANVAS_TEXT)
  let scale = limits.initial
  const zoomTo = (next: number, at?: Point) => {
    scale = clampScale(next, limits)
    resizeAround(stage, svg, at, () => setDrawingSize(svg, natural, scale))
    level.value = percentOf(scale)
    zoomOut.setAttribute('aria-disabled', String(scale <= limits.min + 1e-6))
    zoomIn.setAttribute('aria-disabled', String(scale >= limits.max - 1e-6))
  }
  zoomTo(scale)
  stage.scrollTo(0, 0)

  zoomIn.addEventListener('click', () => zoomTo(scale * ZOOM_STEP))
  zoomOut.addEventListener('click', () => zoomTo(scale / ZOOM_STEP))
  whole.addEventListener('click', () => zoomTo(limits.whole))
  close.addEventListener('click', () => dialog.close())
  dialog.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    }
    const move = moves[event.key]
    if (move) stage.scrollBy(move[0], move[1])
    else if (event.key === '+' || event.key === '=') zoomTo(scale * ZOOM_STEP)
    else if (event.key === '-' || event.key === '_') zoomTo(scale / ZOOM_STEP)
    else if (event.key === '0') zoomTo(limits.whole)
    else return
    event.preventDefault()
  })
  stage.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault()
      // a pinch on a touchpad arrives as a wheel with ctrlKey and small deltas: both zoom, the pinch faster
      const speed = event.ctrlKey ? 0.01 : 0.002
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY
      zoomTo(scale * Math.exp(-delta * speed), { x: event.clientX, y: event.clientY })
    },
    { passive: false },
  )
  stage.addEventListener('dblclick', (event) => {
    if ((event.target as Element | null)?.closest('a')) return
    zoomTo(scale * 2, { x: event.clientX, y: event.clientY })
  })
  const stopDragging = dragToPan(stage, { accepts: () => true, pinch: (ratio, at) => zoomTo(scale * ratio, at) })

  const onResize = () => {
    limits = zoomLimits(natural, stageSize(), SMALLEST_CANVAS_TEXT)
    zoomTo(scale)
  }
  addEventListener('resize', onResize)

  dialog.addEventListener('close', () => {
    removeEventListener('resize', onResize)
    stopDragging()
    stand.replaceWith(svg)
    restore()
    frame.scrollLeft = scrolled.left
    frame.scrollTop = scrolled.top
    dialog.remove()
    if (current === dialog) current = undefined
    if (opener.isConnected) opener.focus({ preventScroll: true })
  })
  current = dialog
  stage.focus()
}

/** Closes the view if one is open (the page is being left). */
export function closeCanvasViewer(): void {
  current?.close()
}
