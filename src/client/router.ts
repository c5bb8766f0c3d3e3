/**
 * Client-side navigation (spec §2.1, §4): a click on a link to another page of the site fetches that page's
 * HTML and swaps its `#app` into the document, without reloading the client. Title, `<html lang>` and head
 * tags follow the page, history gets an entry, the view scrolls to the hash target or the top, and
 * 'wikigen:navigate' on document lets every module mount on the new content (src/client/main.ts).
 *
 * Back/forward restore the scroll position. Redirects are followed (HTTP and wikigen's static redirect pages).
 * A navigation ends in one of: shown; a failure that changes nothing ('aborted': a 'wikigen:before-navigate'
 * listener cancelled it; 'cancelled': a newer navigation took over; 'duplicated': that URL is already shown);
 * or, when anything else goes wrong (network error, an error status other than 404, no `#app`), a full page
 * load of the target, which always works.
 *
 * This file holds only what must be ready at once (clicks, history, scroll positions); fetching, the cache,
 * head updates and the progress bar come in src/client/navigation-chunk.ts, loaded when the page is idle or
 * a link is first pointed at.
 */
import { vuepressAnchorOf } from '../shared/legacy-anchor.js'
import { whenIdle } from './idle.js'
import type { LoadedPage } from './page-fetch.js'
import { focusWithoutScroll, mainRegion } from './page-focus.js'
import { preload } from './preload.js'
import { isHashOnly, isPageUrl, isRoutableClick, isSameDocument, parseUrl, pathKey } from './route-url.js'
import { createEntryState, entryKey, rememberScroll, savedScroll, stateKey } from './scroll-memory.js'

type NavigationChunk = typeof import('./navigation-chunk.js')

/** How a navigation changes history: a new entry, the current one replaced, or back/forward. */
export type NavigationKind = 'push' | 'replace' | 'pop'

/** Where a navigation goes; the detail of 'wikigen:before-navigate' and 'wikigen:navigate'. */
export interface NavigationDetail {
  from: string
  to: string
  kind: NavigationKind
}

/** A navigation that changed nothing, and why (spec §4 'Navigation failures'). */
export interface NavigationFailure extends NavigationDetail {
  type: 'aborted' | 'cancelled' | 'duplicated'
}

declare global {
  interface DocumentEventMap {
    /** Before anything happens; `preventDefault()` aborts the navigation (not possible for back/forward). */
    'wikigen:before-navigate': CustomEvent<NavigationDetail>
    /** After the page was swapped in. */
    'wikigen:navigate': CustomEvent<NavigationDetail | undefined>
    'wikigen:navigation-failure': CustomEvent<NavigationFailure>
  }
}

let started = false
/** The document shown now; differs from `location` only while a back/forward is still loading. */
let shown: URL
/** The history entry shown now, whose scroll position is saved when the reader leaves it. */
let activeKey = ''
/** Number of the newest navigation; an older one that finishes later is 'cancelled'. */
let latest = 0
let pending: AbortController | undefined
/** True while the router itself fires 'wikigen:navigate'; any other such event comes from `wikigen dev`. */
let swapping = false
/** Paths shown in this page session: the progress bar only runs for others (spec §4). */
const visited = new Set<string>()
let announcer: HTMLElement | undefined
/** The head as the server wrote it for the first page, before any module added to it. */
let serverHead: Element[] = []
let chunk: Promise<NavigationChunk | undefined> | undefined

/** Loads the navigation chunk once; a failure goes through the preload error event (see preload.ts). */
function loadChunk(): Promise<NavigationChunk | undefined> {
  chunk ??= preload(() => import('./navigation-chunk.js'))
  return chunk
}

/**
 * Navigates on the client to `href` (relative to the current page) and resolves once the page is shown
 * (undefined), or with the failure when nothing changed. A URL that is not a page of this site loads normally.
 */
export function navigate(href: string, options: { replace?: boolean } = {}): Promise<NavigationFailure | undefined> {
  start()
  const url = parseUrl(href, new URL(location.href))
  if (!url || !isPageUrl(url, shown)) {
    location.assign(href)
    return Promise.resolve(undefined)
  }
  return go(url, options.replace ? 'replace' : 'push')
}

/** Takes over link clicks and prefetching inside `root`; the router's history state lives across mounts. */
export function mount(root: HTMLElement): () => void {
  start()
  let stopped = false
  let stopViewport = () => {}
  const cancelIdle = whenIdle(() => {
    loadChunk()
      .then((nav) => {
        if (nav && !stopped) stopViewport = nav.prefetchInView(root, prefetchUrl)
      })
      .catch(() => {})
  })
  root.addEventListener('click', onLinkClick)
  root.addEventListener('pointerover', onLinkHover, { passive: true })
  root.addEventListener('focusin', onLinkHover)
  return () => {
    stopped = true
    cancelIdle()
    stopViewport()
    root.removeEventListener('click', onLinkClick)
    root.removeEventListener('pointerover', onLinkHover)
    root.removeEventListener('focusin', onLinkHover)
  }
}

/** The HTML link an event happened in, if any (SVG links are left to the browser). */
function linkOf(event: Event): HTMLAnchorElement | undefined {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  return link instanceof HTMLAnchorElement ? link : undefined
}

function onLinkClick(event: MouseEvent): void {
  const link = linkOf(event)
  if (!link) return
  const current = new URL(location.href)
  const click = {
    href: link.href,
    target: link.target,
    download: link.hasAttribute('download'),
    button: event.button,
    modified: event.altKey || event.ctrlKey || event.metaKey || event.shiftKey,
    defaultPrevented: event.defaultPrevented,
  }
  if (isRoutableClick(click, current)) {
    event.preventDefault()
    void navigate(link.href)
    return
  }
  // the browser jumps to a #hash itself; remember where the reader was, so Back returns there
  const url = parseUrl(link.href, current)
  if (url && isHashOnly(url, current) && !event.defaultPrevented) rememberScroll(activeKey)
}

function onLinkHover(event: Event): void {
  const link = linkOf(event)
  const url = link && prefetchUrl(link)
  if (url)
    loadChunk()
      .then((nav) => nav?.prefetchPage(url))
      .catch(() => {})
}

/** Sets up what lives for the whole page session, once. */
function start(): void {
  if (started) return
  started = true
  shown = new URL(location.href)
  visited.add(pathKey(shown))
  serverHead = [...document.head.children]
  history.scrollRestoration = 'manual'
  activeKey = entryKey()
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  const saved = savedScroll(activeKey)
  // a reload or a return from another site: the browser no longer restores the position, so we do
  if (saved && entry && entry.type !== 'navigate') scrollTo(saved.x, saved.y)
  addEventListener('popstate', onPopState)
  addEventListener('pagehide', () => rememberScroll(activeKey))
  document.addEventListener('wikigen:navigate', () => {
    if (swapping) return
    // `wikigen dev` swapped in a rebuilt page: every cached page may be stale now
    chunk?.then((nav) => nav?.clearPageCache()).catch(() => {})
    shown = new URL(location.href)
  })
}

function onPopState(event: PopStateEvent): void {
  // entries the router made carry a key; a fresh entry without one is a native #hash jump, already scrolled
  const traversal = stateKey(event.state) !== undefined
  if (traversal) rememberScroll(activeKey)
  activeKey = entryKey()
  const url = new URL(location.href)
  if (!traversal && isSameDocument(url, shown)) return
  void go(url, 'pop')
}

async function go(to: URL, kind: NavigationKind): Promise<NavigationFailure | undefined> {
  const detail: NavigationDetail = { from: location.href, to: to.href, kind }
  if (kind !== 'pop' && to.href === location.href) return fail('duplicated', detail)
  const before = new CustomEvent('wikigen:before-navigate', { cancelable: kind !== 'pop', detail })
  if (!document.dispatchEvent(before)) return fail('aborted', detail)
  const id = ++latest
  pending?.abort()
  pending = undefined
  if (kind !== 'pop') rememberScroll(activeKey)
  if (isSameDocument(to, shown)) {
    record(to, kind)
    land(kind)
    // a bar of the navigation this one replaced
    chunk?.then((nav) => nav?.doneProgress()).catch(() => {})
    return undefined
  }
  const controller = new AbortController()
  pending = controller
  try {
    const nav = await loadChunk()
    if (!nav) throw new Error('Navigation chunk not loaded')
    if (id !== latest) return fail('cancelled', detail)
    if (!visited.has(pathKey(to))) nav.startProgress()
    const page = await nav.loadPage(to, controller.signal)
    if (id !== latest) return fail('cancelled', detail)
    // the page's new stylesheets first (KaTeX's on a page with math), so it is never shown unstyled
    const finishHead = await nav.syncHead(page.doc, serverHead)
    if (id !== latest) return fail('cancelled', detail)
    show(page, kind, detail, finishHead)
    nav.doneProgress()
  } catch {
    if (id !== latest) return fail('cancelled', detail)
    // the reader still gets the page: the browser loads it the ordinary way
    if (kind === 'push') location.assign(to.href)
    else location.replace(to.href)
    return undefined
  }
  pending = undefined
  return undefined
}

/** Swaps a loaded page into the document and lets every module mount on it. */
function show(page: LoadedPage, kind: NavigationKind, detail: NavigationDetail, finishHead: () => void): void {
  const next = page.doc.getElementById('app')
  const app = document.getElementById('app')
  if (!next || !app) throw new Error('A page without #app')
  record(page.url, kind)
  shown = page.url
  visited.add(pathKey(page.url))
  finishHead()
  app.replaceWith(document.adoptNode(next))
  swapping = true
  try {
    document.dispatchEvent(new CustomEvent('wikigen:navigate', { detail: { ...detail, to: page.url.href } }))
  } finally {
    swapping = false
  }
  land(kind)
  announce(document.title)
}

/** Writes the navigation into history: a new entry, the current one replaced, or (back/forward) a redirect. */
function record(url: URL, kind: NavigationKind): void {
  if (kind === 'push') history.pushState(createEntryState(), '', url.href)
  else if (kind === 'replace') history.replaceState(createEntryState(), '', url.href)
  else if (url.href !== location.href) history.replaceState(history.state, '', url.href)
  activeKey = entryKey()
}

/** Scrolls as spec §2.1 says (saved position on back/forward, else the hash target, else the top) and moves focus there. */
function land(kind: NavigationKind): void {
  const saved = kind === 'pop' ? savedScroll(activeKey) : undefined
  const target = hashTarget(location.hash)
  if (saved) scrollTo(saved.x, saved.y)
  else if (target) target.scrollIntoView()
  else scrollTo(0, 0)
  const app = document.getElementById('app')
  if (kind !== 'pop' && app) focusWithoutScroll(target ?? mainRegion(app))
}

/**
 * The element a `#hash` names: ids are written as text (`#wirkungsräume`), URLs carry them percent-encoded; an anchor
 * of the old VuePress site finds its heading too.
 */
export function hashTarget(hash: string): HTMLElement | null {
  const raw = hash.slice(1)
  if (!raw) return null
  let id = raw
  try {
    id = decodeURIComponent(raw)
  } catch {
    // a stray '%' in the hash: look it up as written
  }
  return document.getElementById(id) ?? document.getElementById(raw) ?? headingWithLegacyAnchor(id)
}

/**
 * The heading whose anchor on the old VuePress site was `id`: deep links saved from there keep working
 * (`#passwort-datenbank-offnen` finds "Passwort-Datenbank öffnen", whose anchor is now `#passwort-datenbank-öffnen`).
 */
export function headingWithLegacyAnchor(id: string): HTMLElement | null {
  const wanted = id.toLowerCase()
  for (const heading of document.querySelectorAll<HTMLElement>('[data-content] :is(h1, h2, h3, h4, h5, h6)[id]')) {
    if (vuepressAnchorOf(heading.textContent ?? '') === wanted) return heading
  }
  return null
}

function fail(type: NavigationFailure['type'], detail: NavigationDetail): NavigationFailure {
  const failure = { ...detail, type }
  document.dispatchEvent(new CustomEvent('wikigen:navigation-failure', { detail: failure }))
  return failure
}

/** Tells screen readers which page is now shown: a swapped page makes no announcement of its own. */
function announce(text: string): void {
  if (!announcer?.isConnected) {
    announcer = document.createElement('div')
    announcer.className = 'sr-only'
    announcer.setAttribute('aria-live', 'polite')
    announcer.setAttribute('aria-atomic', 'true')
    document.body.append(announcer)
  }
  announcer.textContent = text
}

/** The page a link leads to, when it is worth prefetching: another page of this site, opened in this tab. */
function prefetchUrl(link: HTMLAnchorElement): URL | undefined {
  if (link.hasAttribute('download') || (link.target !== '' && link.target !== '_self')) return undefined
  const url = parseUrl(link.href, shown)
  return url && isPageUrl(url, shown) && !isSameDocument(url, shown) ? url : undefined
}
