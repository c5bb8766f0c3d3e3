/**
 * Sidebar on narrow screens (spec §4): the toggle flips it, a swipe right that starts within 80 px of the left
 * edge opens it, a horizontal swipe of more than 40 px to the left closes it, a click on the mask closes it. Every
 * navigation closes it, also a link to a heading of the same page, which loads nothing; Escape closes it.
 *
 * While it is open on a phone it is the only part of the page a reader can reach: the rest is `inert` (the ☰ toggle
 * and the mask aside, which close it), the page behind does not scroll (`overflow: hidden` on the root, with its
 * scrollbar's room kept where there is one, so nothing moves sideways), and the focus moves to its first link. Closing
 * it gives the focus back to ☰, unless a link was followed (the router places the focus on the new page then).
 */
const SWIPE_THRESHOLD = 40
const EDGE_ZONE = 80
/** The width up to which the sidebar is a menu over the page (layout.css). */
const PHONE = '(max-width: 719px)'
const FOCUSABLE = 'a[href], button:not([disabled]), summary, input:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function mount(root: HTMLElement): () => void {
  const container = root.querySelector<HTMLElement>('.theme-container')
  const button = root.querySelector<HTMLButtonElement>('.toggle-sidebar-button')
  const mask = root.querySelector<HTMLElement>('.sidebar-mask')
  const sidebar = root.querySelector<HTMLElement>('.sidebar')
  if (!container) return () => {}
  const phone = matchMedia(PHONE)
  let release: (() => void) | undefined
  const isOpen = () => container.classList.contains('sidebar-open')
  const set = (open: boolean, focusBack = false) => {
    const wasOpen = isOpen()
    container.classList.toggle('sidebar-open', open)
    button?.setAttribute('aria-expanded', String(open))
    if (open && !release && sidebar && phone.matches) {
      release = holdPage([sidebar, ...(button ? [button] : []), ...(mask ? [mask] : [])])
      sidebar.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true })
    } else if (!open && release) {
      release()
      release = undefined
      if (wasOpen && focusBack) button?.focus()
    }
  }
  const toggle = () => set(!isOpen(), true)
  const closeBack = () => set(false, true)
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
      else if (dx < 0) set(false, true)
    }
    start = undefined
  }
  const onLink = (e: MouseEvent) => {
    if (isOpen() && (e.target as Element).closest('a[href]')) set(false)
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && isOpen()) closeBack()
  }
  // a phone turned sideways past the phone width shows the sidebar beside the page: nothing stays held
  const onWidth = () => {
    if (!phone.matches) set(false)
  }
  button?.addEventListener('click', toggle)
  mask?.addEventListener('click', closeBack)
  sidebar?.addEventListener('click', onLink)
  document.addEventListener('keydown', onKey)
  document.addEventListener('touchstart', onStart, { passive: true })
  document.addEventListener('touchend', onEnd, { passive: true })
  phone.addEventListener('change', onWidth)
  return () => {
    button?.removeEventListener('click', toggle)
    mask?.removeEventListener('click', closeBack)
    sidebar?.removeEventListener('click', onLink)
    document.removeEventListener('keydown', onKey)
    document.removeEventListener('touchstart', onStart)
    document.removeEventListener('touchend', onEnd)
    phone.removeEventListener('change', onWidth)
    set(false)
  }
}

/**
 * Makes everything of the document but `keep` (and what holds them) inert and stops the page from scrolling; the
 * returned function undoes exactly that. Elements already inert stay so.
 */
export function holdPage(keep: readonly Element[]): () => void {
  const marked: HTMLElement[] = []
  const visit = (parent: Element) => {
    for (const child of parent.children) {
      if (!(child instanceof HTMLElement) || keep.includes(child)) continue
      if (keep.some((element) => child.contains(element))) visit(child)
      else if (!child.inert && !(child instanceof HTMLScriptElement || child instanceof HTMLStyleElement)) {
        child.inert = true
        marked.push(child)
      }
    }
  }
  visit(document.body)
  const html = document.documentElement
  const before = { overflow: html.style.overflow, gutter: html.style.scrollbarGutter }
  // a scrollbar that takes room keeps it, so the page does not widen under the menu
  if (innerWidth > html.clientWidth) html.style.scrollbarGutter = 'stable'
  html.style.overflow = 'hidden'
  return () => {
    for (const element of marked) element.inert = false
    html.style.overflow = before.overflow
    html.style.scrollbarGutter = before.gutter
  }
}
