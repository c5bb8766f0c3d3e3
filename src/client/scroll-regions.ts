/**
 * Content that scrolls sideways (a long code line, a wide table, diagram or formula) can be scrolled with the keyboard:
 * such a block becomes focusable (`tabindex="0"`) while it overflows, and stops being a tab stop when it fits again (a
 * wider window, a diagram that rendered smaller). Watched with a ResizeObserver, so diagrams rendered later count too.
 *
 * A code block or table that overflows also says so, as a diagram's frame does (diagram-frame.ts): its name tells a
 * screen reader it scrolls (a code block becomes a named region; a table keeps its role and gets the name), and
 * `data-overflow` ('start', 'end', 'both') fades out the sides with more to see (styles/code.css, content.css), kept
 * current while it scrolls.
 */
import { pageLabels } from './labels.js'

const SCROLLABLE = '[data-content] pre, [data-content] .diagram, [data-content] table, [data-content] .katex-display'

/** Which sides of a scrolling box have more beyond them, or undefined when it all fits (1 px of slack for rounding). */
export function overflowSides(frame: {
  scrollLeft: number
  scrollWidth: number
  clientWidth: number
}): 'start' | 'end' | 'both' | undefined {
  const hidden = frame.scrollWidth - frame.clientWidth
  if (hidden <= 1) return undefined
  const atStart = Math.abs(frame.scrollLeft) <= 1
  const atEnd = Math.abs(frame.scrollLeft) >= hidden - 1
  if (atStart) return 'end'
  if (atEnd) return 'start'
  return 'both'
}

/** The name a code block or table gets while it scrolls sideways; the others keep theirs. */
function regionName(block: HTMLElement): string | undefined {
  if (block.localName === 'pre') return pageLabels().codeScrollRegion
  if (block.localName === 'table') return pageLabels().tableScrollRegion
  return undefined
}

/** Keeps the fade of a code block or table current: the sides with more to see. */
function showSides(block: HTMLElement): void {
  const sides = overflowSides(block)
  if (sides) block.dataset.overflow = sides
  else delete block.dataset.overflow
}

export function mount(root: HTMLElement): () => void {
  const blocks = [...root.querySelectorAll<HTMLElement>(SCROLLABLE)]
  if (blocks.length === 0 || typeof ResizeObserver === 'undefined') return () => {}
  const update = (block: HTMLElement) => {
    const overflows = block.scrollWidth > block.clientWidth + 1 || block.scrollHeight > block.clientHeight + 1
    const name = regionName(block)
    if (overflows && !block.hasAttribute('tabindex')) {
      block.tabIndex = 0
      block.dataset.scrollRegion = ''
      // only a block without a name of the author's gets one (and a role, where that does not hide what it is)
      if (name && !block.hasAttribute('aria-label') && !block.hasAttribute('role')) {
        block.dataset.scrollRegion = 'named'
        block.setAttribute('aria-label', name)
        if (block.localName === 'pre') block.setAttribute('role', 'region')
      }
    } else if (!overflows && block.dataset.scrollRegion !== undefined) {
      block.removeAttribute('tabindex')
      if (block.dataset.scrollRegion === 'named') {
        block.removeAttribute('aria-label')
        if (block.localName === 'pre') block.removeAttribute('role')
      }
      delete block.dataset.scrollRegion
    }
    if (name) showSides(block)
  }
  const blockOf = new Map<Element, HTMLElement>()
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const block = blockOf.get(entry.target)
      if (block) update(block)
    }
  })
  const onScroll = (event: Event) => showSides(event.currentTarget as HTMLElement)
  const scrolled: HTMLElement[] = []
  for (const block of blocks) {
    update(block)
    blockOf.set(block, block)
    observer.observe(block)
    // a diagram's content changes size when it renders, not its box
    if (block.firstElementChild) {
      blockOf.set(block.firstElementChild, block)
      observer.observe(block.firstElementChild)
    }
    if (regionName(block)) {
      block.addEventListener('scroll', onScroll, { passive: true })
      scrolled.push(block)
    }
  }
  return () => {
    observer.disconnect()
    for (const block of scrolled) block.removeEventListener('scroll', onScroll)
  }
}
