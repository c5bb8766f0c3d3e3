/**
 * Sidebar on narrow screens (spec §4): the toggle flips it, a swipe right that starts within 80 px of the left
 * edge opens it, a horizontal swipe of more than 40 px to the left closes it, a click on the mask closes it.
 */
const SWIPE_THRESHOLD = 40
const EDGE_ZONE = 80

export function mount(root: HTMLElement): () => void {
  const container = root.querySelector<HTMLElement>('.theme-container')
  const button = root.querySelector<HTMLButtonElement>('.toggle-sidebar-button')
  const mask = root.querySelector<HTMLElement>('.sidebar-mask')
  if (!container) return () => {}
  const set = (open: boolean) => {
    container.classList.toggle('sidebar-open', open)
    button?.setAttribute('aria-expanded', String(open))
  }
  const toggle = () => set(!container.classList.contains('sidebar-open'))
  const close = () => set(false)
  let start: { x: number; y: number } | undefined
  const onStart = (e: TouchEvent) => {
    start = { x: e.changedTouches[0].clientX, y: e.changedTouches[0].clientY }
  }
  const onEnd = (e: TouchEvent) => {
    if (!start) return
    const dx = e.changedTouches[0].clientX - start.x
    const dy = e.changedTouches[0].clientY - start.y
    if (Math.abs(dx) > Math.abs(dy) && Math.abs(dx) > SWIPE_THRESHOLD) {
      if (dx > 0 && start.x <= EDGE_ZONE) set(true)
      else if (dx < 0) set(false)
    }
    start = undefined
  }
  button?.addEventListener('click', toggle)
  mask?.addEventListener('click', close)
  document.addEventListener('touchstart', onStart, { passive: true })
  document.addEventListener('touchend', onEnd, { passive: true })
  return () => {
    button?.removeEventListener('click', toggle)
    mask?.removeEventListener('click', close)
    document.removeEventListener('touchstart', onStart)
    document.removeEventListener('touchend', onEnd)
    close()
  }
}
