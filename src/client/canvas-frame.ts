/**
 * What the page's canvas frame and the full-screen stage share (canvas-chunk.ts, canvas-viewer.ts): the drawing's
 * natural size, resizing it around a point, and panning by dragging. Both are scroll containers and the drawing is
 * resized through its `width` and `height`, not a CSS transform, so scrollbars, touch scrolling and the arrow keys
 * pan it as they pan any scrolled box, and the text is laid out afresh at each size.
 */
import { keepPoint } from './canvas-zoom.js'
import type { Size } from './diagram-zoom.js'

/** A point in the viewport. */
export interface Point {
  x: number
  y: number
}

/** The canvas's size at scale 1, from its viewBox (its `width` and `height` change while it is zoomed). */
export function naturalSizeOf(svg: SVGSVGElement): Size {
  const box = svg.viewBox.baseVal
  return {
    width: box?.width || Number(svg.getAttribute('width')) || 0,
    height: box?.height || Number(svg.getAttribute('height')) || 0,
  }
}

/** Sets the drawing's `width` and `height` to `natural` × `scale`. */
export function setDrawingSize(svg: SVGSVGElement, natural: Size, scale: number): void {
  svg.setAttribute('width', String(Math.round(natural.width * scale * 100) / 100))
  svg.setAttribute('height', String(Math.round(natural.height * scale * 100) / 100))
}

/**
 * Runs `resize` (which changes the drawing's size) and scrolls `frame` so that the point of the drawing that was
 * under `at` is there again; without `at`, the middle of the frame's visible part.
 */
export function resizeAround(frame: HTMLElement, svg: SVGSVGElement, at: Point | undefined, resize: () => void): void {
  const before = svg.getBoundingClientRect()
  const point = at ?? middleOf(frame)
  resize()
  const after = svg.getBoundingClientRect()
  frame.scrollLeft = keepPoint(
    { start: before.left, length: before.width },
    { start: after.left, length: after.width },
    point.x,
    frame.scrollLeft,
  )
  frame.scrollTop = keepPoint(
    { start: before.top, length: before.height },
    { start: after.top, length: after.height },
    point.y,
    frame.scrollTop,
  )
}

/** The middle of the part of `frame` inside the viewport. */
function middleOf(frame: HTMLElement): Point {
  const box = frame.getBoundingClientRect()
  const left = Math.max(box.left + frame.clientLeft, 0)
  const right = Math.min(box.left + frame.clientLeft + frame.clientWidth, innerWidth)
  const top = Math.max(box.top + frame.clientTop, 0)
  const bottom = Math.min(box.top + frame.clientTop + frame.clientHeight, innerHeight)
  return { x: (left + right) / 2, y: (top + bottom) / 2 }
}

/** A drag moves this far (px) before it pans; a shorter one is a click (on a link in a node, say). */
const DRAG_THRESHOLD = 4

export interface DragOptions {
  /** Whether a drag by this pointer may pan now (e.g. only a mouse, only while zoomed in). */
  accepts(event: PointerEvent): boolean
  /** Two pointers at once: the distance between them grew by `ratio` around their middle `at`. */
  pinch?(ratio: number, at: Point): void
}

/**
 * Pans `frame` by dragging it, and, with `pinch`, zooms it with two fingers. A pointer that moves less than a few
 * pixels clicks as usual; the click that ends a drag is swallowed, so letting go over a link or image after panning
 * does not open it. Returns the cleanup.
 */
export function dragToPan(frame: HTMLElement, { accepts, pinch }: DragOptions): () => void {
  const pointers = new Map<number, Point>()
  let dragging = false
  let moved = false
  const down = (event: PointerEvent) => {
    if (event.button !== 0 || !accepts(event)) return
    if ((event.target as Element | null)?.closest('button, input, select, textarea')) return
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY })
    moved = false
    if (pointers.size === 2) startDrag(event)
  }
  const startDrag = (event: PointerEvent) => {
    dragging = true
    moved = true
    for (const id of pointers.keys()) tryCapture(id)
    frame.classList.add('is-dragging')
  }
  const tryCapture = (id: number) => {
    try {
      frame.setPointerCapture(id)
    } catch {
      // the pointer is gone already
    }
  }
  const move = (event: PointerEvent) => {
    const last = pointers.get(event.pointerId)
    if (!last) return
    const now = { x: event.clientX, y: event.clientY }
    if (!dragging) {
      if (Math.hypot(now.x - last.x, now.y - last.y) < DRAG_THRESHOLD) return
      startDrag(event)
    }
    if (pointers.size === 1) {
      frame.scrollLeft -= now.x - last.x
      frame.scrollTop -= now.y - last.y
    } else if (pointers.size === 2 && pinch) {
      const other = [...pointers].find(([id]) => id !== event.pointerId)?.[1]
      if (other) {
        const before = Math.hypot(last.x - other.x, last.y - other.y)
        const after = Math.hypot(now.x - other.x, now.y - other.y)
        if (before > 0) pinch(after / before, { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 })
      }
    }
    pointers.set(event.pointerId, now)
  }
  const up = (event: PointerEvent) => {
    pointers.delete(event.pointerId)
    if (pointers.size > 0) return
    dragging = false
    frame.classList.remove('is-dragging')
    // the click that ends a drag comes right after this; one that comes later is a click of its own
    setTimeout(() => (moved = false))
  }
  // a link or image under the pointer would start the browser's own drag and drop, which ends the pointer's events
  const dragstart = (event: DragEvent) => {
    if (pointers.size > 0) event.preventDefault()
  }
  const click = (event: MouseEvent) => {
    if (!moved) return
    moved = false
    event.preventDefault()
    event.stopPropagation()
  }
  frame.addEventListener('pointerdown', down)
  frame.addEventListener('pointermove', move)
  frame.addEventListener('pointerup', up)
  frame.addEventListener('pointercancel', up)
  frame.addEventListener('dragstart', dragstart)
  // capture: before an image's zoom or a link sees the click
  frame.addEventListener('click', click, true)
  return () => {
    frame.removeEventListener('pointerdown', down)
    frame.removeEventListener('pointermove', move)
    frame.removeEventListener('pointerup', up)
    frame.removeEventListener('pointercancel', up)
    frame.removeEventListener('dragstart', dragstart)
    frame.removeEventListener('click', click, true)
  }
}
