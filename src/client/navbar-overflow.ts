/**
 * Navbar links that do not fit: from the last one on, they move into the "Mehr" list (a <details> the navbar renders
 * hidden) until the site's name shows whole and nothing leaves the bar, however many links a site configures and
 * whatever their length. Laid out again when the window's width changes, when the search field grows with the focus
 * or shrinks again, and once the web fonts are in. On phones
 * (max-width 719px) the navbar shows no links: they are in the sidebar.
 *
 * Without JavaScript the links row scrolls sideways instead (layout.css), so every link stays reachable.
 */
const PHONE = '(max-width: 719px)'

export function mount(root: HTMLElement): () => void {
  const navbar = root.querySelector<HTMLElement>('.navbar')
  const items = navbar?.querySelector<HTMLElement>('.navbar-items')
  const more = items?.querySelector<HTMLDetailsElement>('.navbar-more')
  const list = more?.querySelector('ul')
  if (!navbar || !items || !more || !list) return () => {}
  const entries = [...items.children].filter((child): child is HTMLElement => child !== more && child instanceof HTMLElement)
  const name = navbar.querySelector<HTMLElement>('.site-name')
  const phone = matchMedia(PHONE)
  let width = -1

  // widths as fractions: a name cut by half a pixel already shows an ellipsis, which whole-pixel widths round away
  const nameFits = () => {
    if (!name) return true
    const text = document.createRange()
    text.selectNodeContents(name)
    return text.getBoundingClientRect().width <= name.getBoundingClientRect().width + 0.5
  }
  const fits = () => nameFits() && navbar.scrollWidth <= navbar.clientWidth + 1
  const layout = () => {
    width = window.innerWidth
    more.open = false
    more.hidden = true
    list.replaceChildren()
    for (const entry of entries) entry.classList.remove('navbar-collapsed')
    if (phone.matches || fits()) return
    more.hidden = false
    let shown = entries.length
    while (shown > 0 && !fits()) entries[--shown].classList.add('navbar-collapsed')
    for (const entry of entries.slice(shown)) list.append(moreItem(entry))
  }
  let frame = 0
  const relayout = () => {
    cancelAnimationFrame(frame)
    frame = requestAnimationFrame(layout)
  }
  const onResize = () => {
    if (window.innerWidth !== width) relayout()
  }
  // the search field grows while it has the focus (and shrinks after): the links make room for it, the name stays whole
  let fieldWidth = -1
  const field = new ResizeObserver((records) => {
    const next = Math.round(records[records.length - 1].borderBoxSize?.[0]?.inlineSize ?? -1)
    if (next === fieldWidth) return
    const first = fieldWidth === -1
    fieldWidth = next
    if (!first) relayout()
  })
  const onPointer = (event: PointerEvent) => {
    if (more.open && !more.contains(event.target as Node)) more.open = false
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !more.open) return
    more.open = false
    more.querySelector('summary')?.focus()
  }
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) more.open = false
  }

  layout()
  void document.fonts?.ready.then(() => {
    if (navbar.isConnected) layout()
  })
  window.addEventListener('resize', onResize)
  const search = navbar.querySelector('.search-input')
  if (search) field.observe(search)
  document.addEventListener('pointerdown', onPointer)
  more.addEventListener('keydown', onKey)
  list.addEventListener('click', onClick)
  return () => {
    cancelAnimationFrame(frame)
    window.removeEventListener('resize', onResize)
    field.disconnect()
    document.removeEventListener('pointerdown', onPointer)
    more.removeEventListener('keydown', onKey)
    list.removeEventListener('click', onClick)
  }
}

/** A navbar entry as an item of the "Mehr" list: its link, or a dropdown's title with its links. */
function moreItem(entry: HTMLElement): HTMLLIElement {
  const item = document.createElement('li')
  item.className = 'navbar-dropdown-item'
  const dropdown = entry.querySelector('.navbar-dropdown')
  if (!dropdown) {
    for (const link of entry.querySelectorAll('a')) item.append(link.cloneNode(true))
    return item
  }
  const title = document.createElement('span')
  title.className = 'navbar-more-group'
  title.textContent = entry.querySelector('.navbar-dropdown-title')?.textContent ?? ''
  const links = document.createElement('ul')
  for (const link of dropdown.querySelectorAll('a')) {
    const child = document.createElement('li')
    child.append(link.cloneNode(true))
    links.append(child)
  }
  item.append(title, links)
  return item
}
