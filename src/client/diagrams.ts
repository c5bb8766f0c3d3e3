/**
 * Diagrams (spec §1, §4, §8, §9): every ```mermaid block of the page content is rendered to SVG, one after another
 * from a queue, after first load and after each navigation. A rendered block is marked `data-processed="true"`
 * and never rendered again by a later mount; only a change of colour mode (the toggle's 'wikigen:color-scheme'
 * event, or the system's setting) renders it again in the other mermaid theme.
 *
 * mermaid is large, so diagram-chunk.ts (mermaid and the rendering code) is loaded with import() on pages that
 * have a diagram only, when the first diagram comes near the viewport. Without JavaScript the block shows the
 * diagram's source. With it, the source is only there for screen readers until the drawing replaces it: the
 * reader sees a placeholder of the size the build estimated (src/compiler/parse/markdown/diagram/), or the size this
 * diagram had earlier in the session (diagram-sizes.ts), so the page does not move when diagrams arrive and
 * back/forward returns to the exact position. Text is never drawn below 12 px: a wide diagram scrolls sideways
 * in its frame, and a click on it (or Enter on its focused frame, or its button) opens it full-screen with zoom
 * and pan (diagram-viewer.ts).
 *
 * Printing: on 'beforeprint' every diagram not rendered yet is queued at once (they otherwise wait until they
 * come near the viewport). Rendering is asynchronous and the browser lays out the print right after that event,
 * so that alone is too late for a print started at once. Two things make up for it:
 *  - Ctrl+P (⌘P) on a page with diagrams not drawn yet is taken over: the page draws them all, then opens the
 *    print dialog itself (window.print()), so the paper shows drawings, never mermaid source. A drawing that takes
 *    longer than PRINT_WAIT_MS is given up on, so the key always leads to the dialog.
 *  - A print from the browser's menu cannot wait. There, a diagram not drawn yet prints as one short line
 *    (labels.diagramNotPrinted, asking to print again, by when it is drawn) instead of its source (print.css;
 *    the text is the block's `data-print-note`). Without JavaScript the source prints: it is all there is.
 * Whoever drives printing otherwise (a print test) dispatches 'beforeprint' and waits until no
 * `[data-content] [data-diagram="mermaid"]` lacks `data-processed="true"` before printing. A failed diagram is
 * marked processed too, so that wait always ends.
 */
import { isDark, readScheme } from './color-scheme.js'
import { pageLabels } from './labels.js'
import type { DiagramTheme } from './diagram-config.js'
import { sourceKey } from './diagram-fit.js'
import { rememberedHeight } from './diagram-sizes.js'
import { preload } from './preload.js'
import { createSerialQueue } from './serial-queue.js'

type DiagramChunk = typeof import('./diagram-chunk.js')

/** The placeholders the build writes for ```mermaid blocks (src/compiler/parse/markdown/diagram/to-hast.ts). */
const DIAGRAM_BLOCKS = '[data-content] [data-diagram="mermaid"]'

let chunk: Promise<DiagramChunk | undefined> | undefined

/** How long Ctrl+P waits for the diagrams to be drawn before it prints anyway. */
export const PRINT_WAIT_MS = 15_000

/**
 * Loads the renderer once. A failed load goes through the preload error event (preload.ts), where a site can, say,
 * reload the page after a deployment replaced the chunk; it is not retried.
 */
function loadRenderer(): Promise<DiagramChunk | undefined> {
  chunk ??= preload(() => import('./diagram-chunk.js'))
  return chunk
}

/** The mermaid theme for the colour mode shown now (read from the stored choice, so listener order does not matter). */
function currentTheme(): DiagramTheme {
  return isDark(readScheme()) ? 'dark' : 'default'
}

/**
 * True when `block` has to be rendered for `theme`: it is still in the page and was not rendered yet, or was
 * rendered in the other theme. A block that failed stays as it is; its error does not depend on the theme.
 */
export function needsRender(block: { isConnected: boolean; dataset: DOMStringMap }, theme: DiagramTheme): boolean {
  if (!block.isConnected) return false
  if (block.dataset.processed !== 'true') return true
  return block.dataset.diagramError !== 'true' && block.dataset.diagramTheme !== theme
}

/** Shared by every mount: a block is checked again right before it renders, so adding it twice is harmless. */
const queue = createSerialQueue<HTMLElement>(
  async (block) => {
    if (!needsRender(block, currentTheme())) return
    const renderer = await loadRenderer()
    const theme = currentTheme()
    if (!renderer) showSourceInstead(block)
    else if (needsRender(block, theme)) await renderer.renderDiagram(block, theme)
  },
  (error) => console.error(error),
)

/** Without the renderer (its chunk failed to load) the reader gets the source, as without JavaScript. */
function showSourceInstead(block: HTMLElement): void {
  block.style.removeProperty('--diagram-height')
  delete block.dataset.diagramSized
  block.dataset.diagramError = 'true'
  block.dataset.processed = 'true'
}

/**
 * Fixes the height a block's frame reserves before its diagram is drawn: the one it had earlier in this session,
 * else the build's estimate. Blocks without either keep the placeholder's default height until drawn.
 */
function reserveHeight(block: HTMLElement): void {
  if (block.dataset.processed === 'true' || block.dataset.diagramReserved) return
  const source = block.querySelector(':scope > .diagram-source')?.textContent ?? ''
  const reserved = rememberedHeight(sourceKey(source)) ?? Number(block.dataset.diagramHeight)
  if (!(reserved > 0)) return
  block.dataset.diagramReserved = String(reserved)
  block.style.setProperty('--diagram-height', `${reserved}px`)
  block.dataset.diagramSized = ''
}

/**
 * Queues the diagrams of `root` for rendering (loading the renderer on the first), renders them again in the
 * other theme when the colour mode changes, and opens a rendered one full-screen on click or Enter. Does nothing
 * on a page without diagrams. The cleanup drops blocks still waiting, so a page that was left is not rendered,
 * and closes an open full-screen view; the next mount queues what still needs it.
 */
export function mount(root: HTMLElement): () => void {
  const blocks = () => [...root.querySelectorAll<HTMLElement>(DIAGRAM_BLOCKS)]
  if (blocks().length === 0) return () => {}
  // before anything is painted or scrolled to: back/forward restores the position right after this mount
  const note = pageLabels().diagramNotPrinted
  for (const block of blocks()) {
    reserveHeight(block)
    block.dataset.printNote = note
  }
  // a diagram renders (and mermaid loads) once it comes within a screen of the viewport: a page whose diagrams are
  // further down is interactive first, and one nobody scrolls to costs nothing
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target as HTMLElement)
      for (const block of near) observer.unobserve(block)
      if (near.length > 0) queue.add(near)
    },
    { rootMargin: '100% 0px' },
  )
  for (const block of blocks()) observer.observe(block)
  // a colour change renders again what was rendered; the rest renders in the new theme when it is reached
  const renderAll = () => queue.add(blocks().filter((block) => block.dataset.processed === 'true'))
  // printing shows the whole page: every diagram not drawn yet is drawn now, not when it would have been reached
  const renderPending = () => queue.add(blocks().filter((block) => needsRender(block, currentTheme())))
  const system = matchMedia('(prefers-color-scheme: dark)')
  document.addEventListener('wikigen:color-scheme', renderAll)
  system.addEventListener('change', renderAll)
  addEventListener('beforeprint', renderPending)
  // Ctrl+P / ⌘P: draw what is not drawn yet, then print (a key press when all is drawn is the browser's)
  let printing = false
  const onPrintKey = (event: KeyboardEvent) => {
    if (!isPrintKey(event) || printing) return
    if (!blocks().some((block) => needsRender(block, currentTheme()))) return
    event.preventDefault()
    printing = true
    renderPending()
    void printWhenDrawn().finally(() => (printing = false))
  }
  addEventListener('keydown', onPrintKey)
  root.addEventListener('click', onClick)
  root.addEventListener('keydown', onKeydown)
  return () => {
    observer.disconnect()
    queue.clear()
    document.removeEventListener('wikigen:color-scheme', renderAll)
    system.removeEventListener('change', renderAll)
    removeEventListener('beforeprint', renderPending)
    removeEventListener('keydown', onPrintKey)
    root.removeEventListener('click', onClick)
    root.removeEventListener('keydown', onKeydown)
    void chunk?.then((renderer) => renderer?.closeDiagramViewer())
  }
}

/** Ctrl+P, or ⌘P on a Mac: the browser's print shortcut (with Shift too: the system dialog in some browsers). */
export function isPrintKey(event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.altKey || event.ctrlKey === event.metaKey) return false
  return event.key.toLowerCase() === 'p' || event.code === 'KeyP'
}

/** Prints once the queue is done, or after PRINT_WAIT_MS at the latest. */
async function printWhenDrawn(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, PRINT_WAIT_MS)))
  await Promise.race([queue.idle(), late])
  clearTimeout(timer)
  // the drawings are in the DOM; one frame lets the browser lay them out before the print copies the page
  await new Promise((resolve) => requestAnimationFrame(resolve))
  print()
}

/** The rendered diagram block an event happened on, with the element that gets the focus back after the view. */
function openTarget(event: Event): { block: HTMLElement; opener: HTMLElement } | undefined {
  const target = event.target instanceof Element ? event.target : null
  const figure = target?.closest<HTMLElement>('[data-content] .diagram-figure')
  const block = figure?.querySelector<HTMLElement>(':scope > [data-diagram="mermaid"][data-processed="true"]')
  if (!figure || !block || block.dataset.diagramError === 'true' || !block.querySelector(':scope > svg')) return undefined
  const button = figure.querySelector<HTMLElement>(':scope > .diagram-open')
  if (target?.closest('.diagram-open')) return button ? { block, opener: button } : undefined
  if (!target?.closest('.diagram') || target.closest('a')) return undefined
  // the frame itself when it is a tab stop (it scrolls), else the button
  const opener = block.hasAttribute('tabindex') ? block : button
  return opener ? { block, opener } : undefined
}

function onClick(event: MouseEvent): void {
  if (event.button !== 0 || event.defaultPrevented) return
  // text selected by dragging over the labels is not a click on the diagram
  if (!(getSelection()?.isCollapsed ?? true)) return
  const found = openTarget(event)
  if (!found) return
  // a click on the frame's scrollbar is scrolling, not opening
  const { block } = found
  if (event.target === block && event.offsetY > block.clientHeight) return
  event.preventDefault()
  void open(found)
}

function onKeydown(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
  // Enter on the focused frame; the button opens with Enter by itself (a click)
  const found = openTarget(event)
  if (!found || event.target !== found.block) return
  event.preventDefault()
  void open(found)
}

async function open({ block, opener }: { block: HTMLElement; opener: HTMLElement }): Promise<void> {
  const renderer = await loadRenderer()
  renderer?.openViewer(block, opener)
}
