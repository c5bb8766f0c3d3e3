/**
 * Diagrams (spec §1, §4, §8, §9): every ```mermaid block of the page content is rendered to SVG, one after another
 * from a queue, after first load and after each navigation. A rendered block is marked `data-processed="true"`
 * and never rendered again by a later mount; only a change of colour mode (the toggle's 'wikigen:color-scheme'
 * event, or the system's setting) renders it again in the other mermaid theme.
 *
 * mermaid is large, so diagram-chunk.ts (mermaid and the rendering code) is loaded with import() on pages that
 * have a diagram only, when the first diagram comes near the viewport. Without JavaScript, or until it rendered, the block shows the diagram's source.
 */
import { isDark, readScheme } from './color-scheme.js'
import type { DiagramTheme } from './diagram-config.js'
import { preload } from './preload.js'
import { createSerialQueue } from './serial-queue.js'

type DiagramChunk = typeof import('./diagram-chunk.js')

/** The placeholders the build writes for ```mermaid blocks (src/compiler/markdown/code.ts). */
const DIAGRAM_BLOCKS = '[data-content] [data-diagram="mermaid"]'

let chunk: Promise<DiagramChunk | undefined> | undefined

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
    if (renderer && needsRender(block, theme)) await renderer.renderDiagram(block, theme)
  },
  (error) => console.error(error),
)

/**
 * Queues the diagrams of `root` for rendering (loading the renderer on the first), and renders them again in the
 * other theme when the colour mode changes. Does nothing on a page without diagrams. The cleanup drops blocks
 * still waiting, so a page that was left is not rendered; the next mount queues what still needs it.
 */
export function mount(root: HTMLElement): () => void {
  const blocks = () => [...root.querySelectorAll<HTMLElement>(DIAGRAM_BLOCKS)]
  if (blocks().length === 0) return () => {}
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
  const system = matchMedia('(prefers-color-scheme: dark)')
  document.addEventListener('wikigen:color-scheme', renderAll)
  system.addEventListener('change', renderAll)
  // printing shows the whole page: every diagram not drawn yet is drawn now, not when it would have been reached
  const renderPending = () => queue.add(blocks().filter((block) => needsRender(block, currentTheme())))
  addEventListener('beforeprint', renderPending)
  return () => {
    observer.disconnect()
    queue.clear()
    document.removeEventListener('wikigen:color-scheme', renderAll)
    system.removeEventListener('change', renderAll)
    removeEventListener('beforeprint', renderPending)
  }
}
