/**
 * Content that scrolls sideways (a long code line, a wide diagram or formula) can be scrolled with the keyboard: such a block
 * becomes focusable (`tabindex="0"`) while it overflows, and stops being a tab stop when it fits again (a wider
 * window, a diagram that rendered smaller). Watched with a ResizeObserver, so diagrams rendered later count too.
 */
const SCROLLABLE = '[data-content] pre, [data-content] .diagram, [data-content] table, [data-content] .katex-display'

export function mount(root: HTMLElement): () => void {
  const blocks = [...root.querySelectorAll<HTMLElement>(SCROLLABLE)]
  if (blocks.length === 0 || typeof ResizeObserver === 'undefined') return () => {}
  const update = (block: HTMLElement) => {
    const overflows = block.scrollWidth > block.clientWidth + 1 || block.scrollHeight > block.clientHeight + 1
    if (overflows && !block.hasAttribute('tabindex')) {
      block.tabIndex = 0
      block.dataset.scrollRegion = ''
    } else if (!overflows && block.dataset.scrollRegion !== undefined) {
      block.removeAttribute('tabindex')
      delete block.dataset.scrollRegion
    }
  }
  const blockOf = new Map<Element, HTMLElement>()
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const block = blockOf.get(entry.target)
      if (block) update(block)
    }
  })
  for (const block of blocks) {
    update(block)
    blockOf.set(block, block)
    observer.observe(block)
    // a diagram's content changes size when it renders, not its box
    if (block.firstElementChild) {
      blockOf.set(block.firstElementChild, block)
      observer.observe(block.firstElementChild)
    }
  }
  return () => observer.disconnect()
}
