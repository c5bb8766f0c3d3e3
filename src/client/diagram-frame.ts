/**
 * A rendered diagram's frame: the drawing's size in it (diagram-fit.ts), kept right when the frame's width
 * changes, and what the frame shows besides the drawing: the button that opens the full-screen view, and, while
 * the drawing is wider than the frame, a scroll hint and faded edges on the sides with more to see. That state is
 * `data-overflow` on the figure ('start', 'end', 'both'; absent when the drawing fits), kept current by one
 * ResizeObserver for the page and a scroll listener per frame. Button and hint sit in the frame's top strip
 * (positioned), so adding them moves nothing. Part of the diagram chunk.
 */
import { pageLabels } from './labels.js'
import { drawScale } from './diagram-fit.js'
import { overflowSides } from './scroll-regions.js'

export { overflowSides }

/** What the renderer found out about a drawing, kept for resizing it later. */
export interface DrawingFacts {
  naturalWidth: number
  naturalHeight: number
  /** The scale that fills the frame's height. */
  scale: number
  smallestText: number
}

const facts = new WeakMap<HTMLElement, DrawingFacts>()

/**
 * Sizes the drawing in `frame` for the frame's current width: at `scale`, or smaller where that makes it fit
 * with readable text. Only the drawing changes; the frame's height is fixed, so nothing around it moves.
 */
export function sizeDrawing(frame: HTMLElement, known?: DrawingFacts): void {
  if (known) facts.set(frame, known)
  const drawing = facts.get(frame)
  const svg = frame.querySelector<SVGSVGElement>(':scope > svg[role="img"]')
  if (!drawing || !svg) return
  const style = getComputedStyle(frame)
  const availableWidth = frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
  const scale = drawScale({ ...drawing, availableWidth })
  // rounded up, so text at the smallest scale stays at 12 px, not a hair below
  svg.setAttribute('width', String(Math.ceil(drawing.naturalWidth * scale * 100) / 100))
  svg.setAttribute('height', String(Math.ceil(drawing.naturalHeight * scale * 100) / 100))
}

function update(frame: HTMLElement): void {
  const figure = frame.parentElement
  if (!figure) return
  const sides = overflowSides(frame)
  if (sides) figure.dataset.overflow = sides
  else delete figure.dataset.overflow
  markRegion(frame, sides !== undefined)
}

/**
 * A frame that scrolls is a named region and a tab stop, so a keyboard reaches and scrolls it and a screen reader
 * says what it holds ('Diagramm: Ablauf'); one that fits is neither (a tab stop set by scroll-regions.ts stays its).
 */
function markRegion(frame: HTMLElement, scrolls: boolean): void {
  if (scrolls) {
    frame.setAttribute('role', 'region')
    frame.setAttribute('aria-label', frame.dataset.diagramName ?? pageLabels().diagram)
    if (!frame.hasAttribute('tabindex')) {
      frame.tabIndex = 0
      frame.dataset.scrollRegion = ''
    }
  } else if (frame.getAttribute('role') === 'region') {
    frame.removeAttribute('role')
    frame.removeAttribute('aria-label')
  }
}

/** Heading text without what the client adds to a heading (the fold button, hidden marks). */
function headingText(heading: Element): string {
  const copy = heading.cloneNode(true) as Element
  for (const extra of copy.querySelectorAll('button, [aria-hidden="true"]')) extra.remove()
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim()
}

/**
 * The accessible name of the diagram in `frame`: the title its source gives (`title`, see diagram-title.ts), else
 * 'Diagramm: ' and the heading it stands under (the nearest one before it, the page's title at the latest), else
 * just 'Diagramm'.
 */
export function diagramName(frame: HTMLElement, title: string | undefined): string {
  if (title) return title
  const scope = frame.closest('.theme-default-content') ?? frame.ownerDocument.body
  let heading = ''
  for (const candidate of scope.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    if (!(candidate.compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING)) break
    heading = headingText(candidate) || heading
  }
  const word = pageLabels().diagram
  return heading ? `${word}: ${heading}` : word
}

let resizes: ResizeObserver | undefined

/**
 * Adds the open button and the scroll hint to the figure around the rendered diagram `frame` (once), and keeps its
 * overflow state current.
 */
export function decorateFrame(frame: HTMLElement): void {
  const figure = frame.parentElement
  if (!figure?.classList.contains('diagram-figure')) return
  if (!figure.querySelector(':scope > .diagram-open')) {
    const open = document.createElement('button')
    open.type = 'button'
    open.className = 'diagram-open'
    open.setAttribute('aria-label', pageLabels().diagramOpen)
    open.title = pageLabels().diagramOpen
    // two diagonal arrows: "enlarge"
    open.innerHTML =
      '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M14 4h6v6M20 4l-7 7M10 20H4v-6M4 20l7-7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>'
    const hint = document.createElement('p')
    hint.className = 'diagram-hint'
    hint.setAttribute('aria-hidden', 'true')
    hint.textContent = `↔ ${pageLabels().diagramScrollHint}`
    figure.append(open, hint)
    frame.addEventListener('scroll', () => update(frame), { passive: true })
  }
  resizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      const target = entry.target as HTMLElement
      if (!target.isConnected) {
        resizes?.unobserve(target)
        continue
      }
      const isFrame = target.classList.contains('diagram')
      if (isFrame) sizeDrawing(target)
      update(isFrame ? target : (target.parentElement ?? target))
    }
  })
  resizes.observe(frame)
  // the drawing changes size on its own when it renders again in the other colour mode
  const svg = frame.querySelector(':scope > svg')
  if (svg) resizes.observe(svg)
  update(frame)
}
