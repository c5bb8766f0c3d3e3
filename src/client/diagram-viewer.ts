/**
 * The full-screen view of a diagram: a modal <dialog> over the page where the drawing can be zoomed (buttons,
 * mouse wheel, pinch, `+`/`-`, `0` for the whole drawing) and dragged (pointer, arrow keys). Escape or the close
 * button closes it, and focus returns to what opened it.
 *
 * The drawing itself moves into the dialog and back, not a copy: mermaid's styles are scoped by the SVG's id,
 * which must stay unique, and the page keeps one accessible image per diagram. While it is away, a stand-in of
 * the same size keeps the frame as it was (its height, its sideways scroll, its tab stop). Part of the diagram
 * chunk, so it costs nothing on pages without diagrams.
 *
 * The same view shows an image of the page that is shown smaller than it is (image-viewer.ts): a copy of it, opened
 * at its natural size. That part reaches the page through image-viewer-chunk.ts, without mermaid.
 */
import { pageLabels } from './labels.js'
import { fillViewer } from './viewer-chrome.js'
import { sizeDrawing } from './diagram-frame.js'
import { clampView, initialView, panBy, zoomAt, zoomLimits, type Size, type View, type ZoomLimits } from './diagram-zoom.js'

/** One step of the zoom buttons and keys. */
const ZOOM_STEP = 1.25
/** Arrow keys move the drawing by this many px. */
const PAN_STEP = 60

interface OpenView {
  dialog: HTMLDialogElement
  close: () => void
}

/** The view open now, if any. */
let current: OpenView | undefined

/** Opens the full-screen view of the rendered diagram `block`; `opener` gets the focus back when it closes. */
export function openDiagramViewer(block: HTMLElement, opener: HTMLElement, smallestText: number): void {
  closeDiagramViewer()
  const svg = block.querySelector<SVGSVGElement>(':scope > svg[role="img"]')
  if (!svg) return
  const box = svg.viewBox.baseVal
  const content: Size = { width: box?.width || svg.clientWidth, height: box?.height || svg.clientHeight }
  const title = viewerTitle(block, svg)

  // the drawing moves over; a stand-in of its size keeps the frame unchanged meanwhile
  const frame = block
  const scrollLeft = frame.scrollLeft
  const stand = document.createElement('div')
  stand.className = 'diagram-stand-in'
  stand.style.width = `${svg.getBoundingClientRect().width}px`
  stand.style.height = `${svg.getBoundingClientRect().height}px`
  const size = { width: svg.getAttribute('width'), height: svg.getAttribute('height') }
  svg.replaceWith(stand)
  svg.setAttribute('width', String(content.width))
  svg.setAttribute('height', String(content.height))

  showInViewer({
    item: svg,
    content,
    title,
    label: `${pageLabels().diagramViewer}: ${title}`,
    fitLabel: pageLabels().diagramZoomFit,
    limits: (stage) => zoomLimits(content, stage, smallestText),
    opener,
    restore: () => {
      svg.style.removeProperty('transform')
      if (size.width !== null) svg.setAttribute('width', size.width)
      if (size.height !== null) svg.setAttribute('height', size.height)
      stand.replaceWith(svg)
      // the window may have changed while the view was open
      sizeDrawing(frame)
      frame.scrollLeft = scrollLeft
    },
  })
}

/**
 * Opens the full-screen view of an image of the page shown smaller than it is (image-viewer.ts): a copy of it,
 * at its natural size (`content`, in CSS px), which the reader drags and zooms as a diagram; "show all" fits it in.
 */
export function openImageViewer(image: HTMLImageElement, opener: HTMLElement, content: Size): void {
  closeDiagramViewer()
  const copy = document.createElement('img')
  copy.src = image.currentSrc || image.src
  copy.alt = image.alt
  copy.width = content.width
  copy.height = content.height
  copy.draggable = false
  // an image the author keeps bright in dark mode stays so here (styles/media.css)
  if (image.classList.contains('no-dim')) copy.className = 'no-dim'
  const title = image.alt.trim() || image.title.trim() || pageLabels().image
  showInViewer({
    item: copy,
    content,
    title,
    label: `${pageLabels().imageViewer}: ${title}`,
    fitLabel: pageLabels().imageZoomFit,
    // natural size first, whatever the stage: one image px is one CSS px, so its text reads as drawn
    limits: (stage) => ({ ...zoomLimits(content, stage, 0), initial: 1 }),
    opener,
    restore: () => {},
  })
}

/** What the viewer shows, and how the page gets it back. */
interface ViewerItem {
  /** The drawing or image, put on the stage and moved and scaled there. */
  item: HTMLElement | SVGElement
  /** Its size at scale 1. */
  content: Size
  title: string
  /** The dialog's accessible name. */
  label: string
  /** The name of the "show all" button. */
  fitLabel: string
  /** The zoom range on a stage of this size (asked again when the window changes). */
  limits: (stage: Size) => ZoomLimits
  /** Gets the focus back when the view closes. */
  opener: HTMLElement
  /** Puts the page back as it was, once the view has closed. */
  restore: () => void
}

function showInViewer({ item, content, title, label, fitLabel, limits: limitsFor, opener, restore }: ViewerItem): void {
  const dialog = document.createElement('dialog')
  dialog.className = 'diagram-viewer'
  dialog.setAttribute('aria-label', label)
  const { zoomOut, level, zoomIn, fit, close, stage } = fillViewer(dialog, title, fitLabel, 'diagram-viewer-stage', 'diagram-viewer-help')
  stage.append(item)
  document.body.append(dialog)
  dialog.showModal()

  const stageSize = (): Size => ({ width: stage.clientWidth, height: stage.clientHeight })
  let limits: ZoomLimits = limitsFor(stageSize())
  let view: View = initialView(content, stageSize(), limits.initial)
  const apply = () => {
    item.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`
    level.value = `${Math.round(view.scale * 100)} %`
    zoomOut.disabled = view.scale <= limits.min + 1e-6
    zoomIn.disabled = view.scale >= limits.max - 1e-6
  }
  const centre = () => ({ x: stage.clientWidth / 2, y: stage.clientHeight / 2 })
  const zoomTo = (scale: number, at = centre()) => {
    view = clampView(zoomAt(view, scale, at, limits), content, stageSize())
    apply()
  }
  const showWhole = () => {
    view = initialView(content, stageSize(), limits.whole)
    apply()
  }
  apply()

  zoomIn.addEventListener('click', () => zoomTo(view.scale * ZOOM_STEP))
  zoomOut.addEventListener('click', () => zoomTo(view.scale / ZOOM_STEP))
  fit.addEventListener('click', showWhole)
  close.addEventListener('click', () => dialog.close())

  dialog.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    }
    const move = moves[event.key]
    if (move) {
      view = panBy(view, move[0], move[1], content, stageSize())
      apply()
    } else if (event.key === '+' || event.key === '=') zoomTo(view.scale * ZOOM_STEP)
    else if (event.key === '-' || event.key === '_') zoomTo(view.scale / ZOOM_STEP)
    else if (event.key === '0') showWhole()
    else return
    event.preventDefault()
  })

  stage.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault()
      const rect = stage.getBoundingClientRect()
      // a pinch on a touchpad arrives as a wheel with ctrlKey and small deltas: both zoom, the pinch faster
      const speed = event.ctrlKey ? 0.01 : 0.002
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY
      zoomTo(view.scale * Math.exp(-delta * speed), { x: event.clientX - rect.left, y: event.clientY - rect.top })
    },
    { passive: false },
  )
  stage.addEventListener('dblclick', (event) => {
    const rect = stage.getBoundingClientRect()
    zoomTo(view.scale * 2, { x: event.clientX - rect.left, y: event.clientY - rect.top })
  })

  // dragging with one pointer pans; two pointers pinch
  const pointers = new Map<number, { x: number; y: number }>()
  stage.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return
    stage.setPointerCapture(event.pointerId)
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY })
    stage.classList.add('is-dragging')
  })
  stage.addEventListener('pointermove', (event) => {
    const last = pointers.get(event.pointerId)
    if (!last) return
    const now = { x: event.clientX, y: event.clientY }
    if (pointers.size === 1) {
      view = panBy(view, now.x - last.x, now.y - last.y, content, stageSize())
      apply()
    } else if (pointers.size === 2) {
      const [other] = [...pointers].filter(([id]) => id !== event.pointerId).map(([, point]) => point)
      const before = Math.hypot(last.x - other.x, last.y - other.y)
      const after = Math.hypot(now.x - other.x, now.y - other.y)
      const rect = stage.getBoundingClientRect()
      if (before > 0) zoomTo(view.scale * (after / before), { x: (now.x + other.x) / 2 - rect.left, y: (now.y + other.y) / 2 - rect.top })
    }
    pointers.set(event.pointerId, now)
  })
  const release = (event: PointerEvent) => {
    pointers.delete(event.pointerId)
    if (pointers.size === 0) stage.classList.remove('is-dragging')
  }
  stage.addEventListener('pointerup', release)
  stage.addEventListener('pointercancel', release)

  const onResize = () => {
    limits = limitsFor(stageSize())
    view = clampView(zoomAt(view, view.scale, centre(), limits), content, stageSize())
    apply()
  }
  addEventListener('resize', onResize)

  dialog.addEventListener('close', () => {
    removeEventListener('resize', onResize)
    restore()
    dialog.remove()
    if (current?.dialog === dialog) current = undefined
    if (opener.isConnected) opener.focus({ preventScroll: true })
  })
  current = { dialog, close: () => dialog.close() }
  stage.focus()
}

/** Closes the view if one is open (the page is being left, or another diagram opens). */
export function closeDiagramViewer(): void {
  current?.close()
}

/**
 * What the view is called: the diagram's own title, else the heading of the section it is in ("Neue Instanz"),
 * else just "Diagramm".
 */
function viewerTitle(block: HTMLElement, svg: SVGSVGElement): string {
  const own = svg.getAttribute('aria-label')
  if (own && own !== pageLabels().diagram) return own
  const content = block.closest('[data-content]')
  const headings = content ? [...content.querySelectorAll<HTMLElement>('h1, h2, h3, h4')] : []
  const before = headings.filter((heading) => heading.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING)
  const heading = before.at(-1)?.textContent?.trim()
  return heading || pageLabels().diagram
}
