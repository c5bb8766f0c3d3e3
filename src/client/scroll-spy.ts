/**
 * Header scroll-spy (spec §9, reference 'active header links'): 300 ms after scrolling stops, the sidebar link
 * of the last heading scrolled past is marked (class 'active', `aria-current="location"`) and the URL hash is
 * replaced by that heading's, without scrolling or a history entry; back at the very top the hash is cleared.
 * Only headings with a sidebar link count. The marked link, and on load the sidebar's active link, is scrolled into
 * the sidebar's view (a long glossary's sidebar is taller than the screen), by scrolling the sidebar alone: the page
 * stays where it is.
 */

/** Spec §9: delay 300 ms, offset 5 px. */
export const SCROLL_SPY_DELAY_MS = 300
export const SCROLL_SPY_OFFSET = 5

/** A heading the spy follows: its `#hash` (as the sidebar writes it) and its top in page coordinates. */
export interface SpiedHeading {
  hash: string
  top: number
}

/** Where the reader is, for `findActiveHash`. */
export interface ScrollState {
  scrollY: number
  /** The page cannot scroll further down. */
  atBottom: boolean
  /** The hash in the URL now, decoded ('' for none). */
  currentHash: string
}

/**
 * The hash to show for a scroll position: '' at the top (scrollY < 5), else the last heading whose top is at
 * most scrollY + 5, or undefined (leave the URL alone) above the first heading. `top` is where the heading
 * sits once scrolled to, so it already accounts for the fixed navbar.
 *
 * At the bottom of the page a hash further down that the reader chose (a link to the last section, which can
 * never reach the top) is kept rather than overwritten by the heading above it.
 */
export function findActiveHash(headings: readonly SpiedHeading[], state: ScrollState): string | undefined {
  if (state.scrollY < SCROLL_SPY_OFFSET) return ''
  let active = -1
  headings.forEach((heading, index) => {
    if (heading.top <= state.scrollY + SCROLL_SPY_OFFSET) active = index
  })
  const chosen = headings.findIndex((heading) => heading.hash === state.currentHash)
  if (state.atBottom && chosen > active) return headings[chosen].hash
  return active < 0 ? undefined : headings[active].hash
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash)
  } catch {
    return hash
  }
}

/**
 * The sidebar's scroll position that shows `link` (given as the rectangles of both), centred, or undefined when it
 * is in view already.
 */
export function revealedScrollTop(
  sidebar: { top: number; bottom: number; scrollTop: number },
  link: { top: number; bottom: number },
): number | undefined {
  if (link.top >= sidebar.top && link.bottom <= sidebar.bottom) return undefined
  const centre = (sidebar.bottom - sidebar.top - (link.bottom - link.top)) / 2
  return Math.max(0, Math.round(sidebar.scrollTop + link.top - sidebar.top - centre))
}

/** Scrolls the sidebar, not the page, until `link` is in its view. */
function reveal(sidebar: HTMLElement | null, link: Element | null | undefined): void {
  if (!sidebar || !link || sidebar.scrollHeight <= sidebar.clientHeight) return
  const box = sidebar.getBoundingClientRect()
  const own = link.getBoundingClientRect()
  const top = revealedScrollTop({ top: box.top, bottom: box.bottom, scrollTop: sidebar.scrollTop }, own)
  if (top !== undefined) sidebar.scrollTop = top
}

/** Follows the scroll position for the sidebar links of `root`; the cleanup stops it. */
export function mount(root: HTMLElement): () => void {
  const sidebar = root.querySelector<HTMLElement>('.sidebar')
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.sidebar a[href^="#"]')]
  const spied = links.flatMap((link) => {
    const hash = link.getAttribute('href') ?? ''
    const heading = document.getElementById(decodeHash(hash.slice(1)))
    return heading ? [{ hash, link, heading }] : []
  })
  if (spied.length === 0) {
    // a folder or configured sidebar: its page's link
    reveal(sidebar, sidebar?.querySelector('.sidebar-item.active'))
    return () => {}
  }
  const mark = (hash: string) => {
    let marked: HTMLAnchorElement | undefined
    for (const { hash: own, link } of spied) {
      const active = own === hash
      link.classList.toggle('active', active)
      if (active) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
      if (active) marked = link
    }
    reveal(sidebar, marked)
  }
  const update = () => {
    // headings land below the fixed navbar (CSS scroll-padding-top), so that is where "reached" is measured
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
    // a heading inside a folded section (folding.ts) is not on the page: it is never reached
    const headings = spied
      .filter(({ heading }) => heading.getClientRects().length > 0)
      .map(({ hash, heading }) => ({ hash, top: heading.getBoundingClientRect().top + scrollY - padding }))
    const atBottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 1
    const currentHash = decodeHash(location.hash)
    const hash = findActiveHash(headings, { scrollY, atBottom, currentHash })
    if (hash === undefined) return
    mark(hash)
    if (hash !== currentHash) history.replaceState(history.state, '', hash || location.pathname + location.search)
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const onScroll = () => {
    clearTimeout(timer)
    timer = setTimeout(update, SCROLL_SPY_DELAY_MS)
  }
  addEventListener('scroll', onScroll, { passive: true })
  mark(decodeHash(location.hash))
  return () => {
    clearTimeout(timer)
    removeEventListener('scroll', onScroll)
  }
}
