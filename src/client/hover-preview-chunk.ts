/**
 * The page preview itself, loaded by hover-preview.ts at the first link that previews. One popover at a time, a
 * `role="tooltip"` the link names with `aria-describedby`; it never takes the focus. It opens 400 ms after the pointer
 * came to rest on a link (or the keyboard focused it) and closes when the pointer leaves link and popover for a moment
 * (time enough to move into the popover and scroll it), on Escape, on a click, on scrolling the page and on
 * navigation (the router swaps `#app`, and with it the popover, and main.ts calls the cleanup).
 *
 * The target page comes through the router's page cache (page-fetch.ts), so a page already prefetched is not
 * fetched again; each page is asked for once per page session, and one that failed shows no preview. Its content
 * is the site's own sanitised HTML: copied without scripts, ids and diagrams (mermaid would not run in it).
 */
import { type ContentBlock, type PreviewTarget, placePreview, sectionRange } from './hover-preview-rules.js'
import { loadPage } from './page-fetch.js'

/** Rest on a link before the preview opens, and the grace period before it closes, in ms. */
export const OPEN_DELAY = 400
export const CLOSE_DELAY = 300

/** Pages whose preview content is kept; the oldest is dropped beyond this. */
const MAX_KEPT_PAGES = 30

/** What a page contributes to its previews: its title and the top-level blocks of its content. */
interface PagePreview {
  title: string
  /** The page's URL after redirects: its links' and images' relative addresses resolve against it. */
  url: URL
  blocks: Element[]
}

/** Each page's preview, fetched once: undefined when the page could not be loaded or has no content. */
const pages = new Map<string, Promise<PagePreview | undefined>>()

/** Elements never copied into a preview. */
const DROPPED = 'script, noscript, template, iframe, object, embed, .island, .diagram-figure, [data-diagram], .diagram-placeholder'
/** Attributes that name other elements by id, which mean nothing in a copy without ids. */
const ID_REFERENCES = ['id', 'aria-describedby', 'aria-labelledby', 'aria-controls', 'aria-owns', 'for', 'tabindex']

let counter = 0

/** The preview of the page at `url`: from this session's previews, else through the router's cache. */
function previewOf(url: URL): Promise<PagePreview | undefined> {
  const key = url.href.replace(/#.*$/, '')
  let entry = pages.get(key)
  if (!entry) {
    const page = new URL(key)
    entry = loadPage(page, new AbortController().signal).then(
      (loaded) => readPage(loaded.doc, loaded.url),
      () => undefined,
    )
    pages.set(key, entry)
    for (const old of pages.keys()) {
      if (pages.size <= MAX_KEPT_PAGES) break
      pages.delete(old)
    }
  }
  return entry
}

/** Title and content blocks of a fetched page; undefined for a page without content (the 404 page). */
function readPage(doc: Document, url: URL): PagePreview | undefined {
  const content = doc.querySelector('#app [data-content]')
  if (!content) return undefined
  const heading = doc.querySelector('#app .theme-default-content h1')
  const title = heading?.textContent?.trim() || doc.title
  const blocks = [...content.children]
  // the title stands above the preview already
  if (blocks[0]?.tagName === 'H1' && blocks[0].textContent?.trim() === title) blocks.shift()
  return { title, url, blocks }
}

function describe(block: Element): ContentBlock {
  const heading = /^H([1-6])$/.exec(block.tagName)
  return { level: heading ? Number(heading[1]) : 0, id: block.id || undefined }
}

/**
 * The blocks to show for `hash`: the section its heading starts (hash-named elements inside a block, such as a list
 * item with a block id, count as that block), or the start of the page.
 */
function blocksFor(page: PagePreview, hash: string): Element[] {
  const anchor = hash.replace(/^#/, '')
  const described = page.blocks.map(describe)
  if (anchor !== '') {
    const inner = page.blocks.findIndex((block) => block.id !== anchor && hasId(block, anchor))
    if (inner !== -1 && !described.some((d) => d.id === anchor)) described[inner] = { ...described[inner], id: anchor }
  }
  const [start, end] = sectionRange(described, anchor)
  return page.blocks.slice(start, end)
}

function hasId(block: Element, anchor: string): boolean {
  let id = anchor
  try {
    id = decodeURIComponent(anchor)
  } catch {
    // looked up as written
  }
  return [...block.querySelectorAll('[id]')].some((element) => element.id === id || element.id === anchor)
}

/** Copies blocks of the fetched page into this document, fit for a preview. */
function copyBlocks(blocks: Element[], base: URL): DocumentFragment {
  const fragment = document.createDocumentFragment()
  for (const block of blocks) {
    if (block.matches(DROPPED)) continue
    const copy = document.importNode(block, true)
    for (const dropped of copy.querySelectorAll(DROPPED)) dropped.remove()
    for (const element of [copy, ...copy.querySelectorAll('*')]) {
      for (const name of ID_REFERENCES) element.removeAttribute(name)
    }
    for (const link of copy.querySelectorAll('a[href]')) link.setAttribute('href', new URL(link.getAttribute('href') ?? '', base).href)
    for (const image of copy.querySelectorAll('img[src]')) image.setAttribute('src', new URL(image.getAttribute('src') ?? '', base).href)
    fragment.append(copy)
  }
  return fragment
}

/**
 * Shows previews for the links inside `root` until the cleanup; `first` is the link that loaded the chunk, previewed
 * when the reader is still on it. `targetOf` tells which links preview, and what (hover-preview.ts).
 */
export function attachPreviews(
  root: HTMLElement,
  first: HTMLAnchorElement,
  targetOf: (target: EventTarget | null) => PreviewTarget | undefined,
): () => void {
  const id = `hover-preview-${++counter}`
  /** The link whose preview is open or about to open. */
  let active: HTMLAnchorElement | undefined
  let popover: HTMLElement | undefined
  /** How the active link was reached: a focused link's preview closes when it loses the focus. */
  let byFocus = false
  let openTimer = 0
  let closeTimer = 0
  /** Counts the openings, so a page that arrives after its link was left is not shown. */
  let generation = 0
  /** A link whose preview the reader closed with Escape: it stays closed until the reader leaves the link. */
  let dismissed: HTMLAnchorElement | undefined
  /** Where the pointer is, to place the preview by the line of a link that wraps. */
  let pointerY = -1

  const inside = (node: EventTarget | null): boolean =>
    node instanceof Node && ((active?.contains(node) ?? false) || (popover?.contains(node) ?? false))

  const close = () => {
    clearTimeout(openTimer)
    clearTimeout(closeTimer)
    generation++
    active?.removeAttribute('aria-describedby')
    popover?.remove()
    popover = undefined
    active = undefined
  }

  const schedule = (link: HTMLAnchorElement, focus: boolean) => {
    if (link === active) {
      clearTimeout(closeTimer)
      return
    }
    if (link === dismissed) return
    close()
    active = link
    byFocus = focus
    openTimer = window.setTimeout(() => void open(link), OPEN_DELAY)
  }

  const open = async (link: HTMLAnchorElement) => {
    const url = targetOf(link)?.url
    if (!url) return
    const mine = ++generation
    const page = await previewOf(url)
    if (mine !== generation || active !== link || !link.isConnected || !page) return
    // a reader who moved on while the page loaded (or scrolled the link away) did not ask for it any more
    if (!(byFocus ? link.matches(':focus') : link.matches(':hover'))) return
    const blocks = blocksFor(page, url.hash)
    const card = document.createElement('div')
    card.className = 'hover-preview'
    card.id = id
    card.setAttribute('role', 'tooltip')
    const title = document.createElement('p')
    title.className = 'hover-preview-title'
    title.textContent = page.title
    const body = document.createElement('div')
    body.className = 'hover-preview-body theme-default-content'
    body.append(copyBlocks(blocks, page.url))
    card.append(title, body)
    popover = card
    root.append(card)
    link.setAttribute('aria-describedby', id)
    place(card, link)
  }

  const place = (card: HTMLElement, link: HTMLAnchorElement) => {
    const lines = [...link.getClientRects()]
    const line = lines.find((rect) => pointerY >= rect.top && pointerY <= rect.bottom) ?? lines[0] ?? link.getBoundingClientRect()
    const { left, top, maxHeight } = placePreview(
      { left: line.left, top: line.top, width: line.width, height: line.height },
      { width: card.offsetWidth, height: card.offsetHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
    )
    // CSSOM, not a style attribute: allowed under the site's Content-Security-Policy
    card.style.setProperty('--hover-preview-left', `${left}px`)
    card.style.setProperty('--hover-preview-top', `${top}px`)
    if (maxHeight !== undefined) card.style.setProperty('--hover-preview-max-height', `${maxHeight}px`)
    card.classList.add('placed')
  }

  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return
    pointerY = event.clientY
    if (inside(event.target)) {
      clearTimeout(closeTimer)
      return
    }
    const found = targetOf(event.target)
    if (found) schedule(found.link, false)
  }
  const onPointerOut = (event: PointerEvent) => {
    const within = (element: Element | undefined, node: EventTarget | null) => node instanceof Node && (element?.contains(node) ?? false)
    // the reader left the link whose preview Escape closed: the next visit opens it again
    if (within(dismissed, event.target) && !within(dismissed, event.relatedTarget)) dismissed = undefined
    if (!inside(event.target) || inside(event.relatedTarget)) return
    if (byFocus) return
    if (!popover) close()
    else closeTimer = window.setTimeout(close, CLOSE_DELAY)
  }
  const onFocusIn = (event: FocusEvent) => {
    const found = targetOf(event.target)
    // a click focuses its link too, and navigates: only the keyboard's focus previews
    if (found && found.link.matches(':focus-visible')) schedule(found.link, true)
  }
  const onFocusOut = (event: FocusEvent) => {
    if (event.target === dismissed) dismissed = undefined
    if (byFocus && event.target === active) close()
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !active) return
    dismissed = active
    close()
  }
  const onPointerDown = (event: PointerEvent) => {
    if (!popover?.contains(event.target as Node)) close()
  }
  const onScroll = () => {
    if (popover) close()
  }

  root.addEventListener('pointerover', onPointerOver, { passive: true })
  root.addEventListener('pointerout', onPointerOut, { passive: true })
  root.addEventListener('focusin', onFocusIn)
  root.addEventListener('focusout', onFocusOut)
  document.addEventListener('keydown', onKey)
  document.addEventListener('pointerdown', onPointerDown, { passive: true })
  document.addEventListener('wikigen:before-navigate', close)
  window.addEventListener('scroll', onScroll, { passive: true })

  if (first.matches(':hover')) schedule(first, false)
  else if (first.matches(':focus-visible')) schedule(first, true)

  return () => {
    close()
    root.removeEventListener('pointerover', onPointerOver)
    root.removeEventListener('pointerout', onPointerOut)
    root.removeEventListener('focusin', onFocusIn)
    root.removeEventListener('focusout', onFocusOut)
    document.removeEventListener('keydown', onKey)
    document.removeEventListener('pointerdown', onPointerDown)
    document.removeEventListener('wikigen:before-navigate', close)
    window.removeEventListener('scroll', onScroll)
  }
}
