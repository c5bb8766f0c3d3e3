/**
 * The back-to-top button (spec §4, §9): fades in once the page is scrolled more than 100 px, shows how far the
 * reader has read as a ring, and scrolls smoothly to the top on click, moving focus to the page's main region
 * (the button itself fades out, and Tab should continue from the top). Pages whose front matter says
 * `backToTop: false` are marked `data-back-to-top="false"` by the server and get no button.
 */
import { pageLabels } from './labels.js'
import { focusWithoutScroll, mainRegion } from './page-focus.js'

/** Spec §9: shown when scrollY > 100 (strict, as in the reference). */
export const BACK_TO_TOP_THRESHOLD = 100

/** True when the button should show at this scroll position. */
export function isBackToTopVisible(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_THRESHOLD
}

/** How far down the page is read, 0–100, for the ring; a page that cannot scroll counts as read. */
export function readPercent(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const range = scrollHeight - viewportHeight
  return range <= 0 ? 100 : Math.round(Math.min(100, Math.max(0, (scrollY / range) * 100)))
}

/** Adds the button to `root` (unless the page opts out) and follows the scroll position; the cleanup removes it. */
export function mount(root: HTMLElement): () => void {
  if (root.querySelector('[data-back-to-top="false"]')) return () => {}
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'back-to-top-button'
  button.setAttribute('aria-label', pageLabels().backToTop)
  button.append(Object.assign(document.createElement('span'), { className: 'back-to-top-icon' }))
  root.append(button)
  let frame = 0
  const update = () => {
    frame = 0
    button.classList.toggle('show', isBackToTopVisible(scrollY))
    const percent = readPercent(scrollY, document.documentElement.scrollHeight, innerHeight)
    button.style.setProperty('--back-to-top-progress', `${percent}%`)
  }
  const onScroll = () => {
    frame ||= requestAnimationFrame(update)
  }
  const onClick = () => {
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
    scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
    focusWithoutScroll(mainRegion(root))
  }
  button.addEventListener('click', onClick)
  addEventListener('scroll', onScroll, { passive: true })
  update()
  return () => {
    cancelAnimationFrame(frame)
    removeEventListener('scroll', onScroll)
    button.remove()
  }
}
