/**
 * Sidebar on narrow screens (spec §4): the toggle flips it, a swipe right that starts within 80 px of the left
 * edge opens it, a horizontal swipe of more than 40 px to the left closes it, a click on the mask closes it. Every
 * navigation closes it, also a link to a heading of the same page, which loads nothing; Escape closes it and gives
 * the focus back to the toggle.
 */
const SWIPE_THRESHOLD = 40
const EDGE_ZONE = 80

export function mount(root: HTMLElement): () => void {
  const container = root.querySelector<HTMLElement>('.theme-container')
  const button = root.querySelector<HTMLButtonElement>('.toggle-sidebar-button')
  const mask = root.querySelector<HTMLElement>('.sidebar-mask')
  const sidebar = root.querySelector<HTMLElement>('.sidebar')
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
  const isOpen = () => container.classList.contains('sidebar-open')
  const onLink = (e: MouseEvent) => {
    if (isOpen() && (e.target as Element).closest('a[href]')) close()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !isOpen()) return
    close()
    button?.focus()
  }
  button?.addEventListener('click', toggle)
  mask?.addEventListener('click', close)
  sidebar?.addEventListener('click', onLink)
  document.addEventListener('keydown', onKey)
  document.addEventListener('touchstart', onStart, { passive: true })
  document.addEventListener('touchend', onEnd, { passive: true })
  return () => {
    button?.removeEventListener('click', toggle)
    mask?.removeEventListener('click', close)
    sidebar?.removeEventListener('click', onLink)
    document.removeEventListener('keydown', onKey)
    document.removeEventListener('touchstart', onStart)
    document.removeEventListener('touchend', onEnd)
    close()
  }
}
