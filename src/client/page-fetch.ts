/**
 * Fetches the HTML of a page for the client router, with a cache of the pages fetched in this session, and
 * follows redirects: HTTP ones (the response URL differs) and the static redirect pages wikigen writes for
 * legacy URLs (`<meta http-equiv="refresh" content="0; url=…">`). Each page's HTML is the page's own data, so
 * nothing but the page is fetched.
 */
import { refreshTarget } from './refresh-target.js'

/** A page ready to be shown: its final URL (after redirects, with the hash asked for) and its parsed document. */
export interface LoadedPage {
  url: URL
  doc: Document
}

interface FetchedHtml {
  /** The response URL, after HTTP redirects. */
  url: string
  html: string
}

/** Pages kept in memory; the oldest is dropped beyond this (a long session must not grow without bound). */
const MAX_CACHED_PAGES = 40
/** Redirect pages followed in a row before giving up (a loop of legacy URLs). */
const MAX_REDIRECTS = 5

const cache = new Map<string, Promise<FetchedHtml>>()

/** The cache key of a URL: the document, without its hash. */
function keyOf(url: URL): string {
  return url.href.replace(/#.*$/, '')
}

async function request(url: string, signal?: AbortSignal): Promise<FetchedHtml> {
  const response = await fetch(url, { signal, credentials: 'same-origin', headers: { Accept: 'text/html' } })
  // 404 still carries the site's 404 page, which the router shows like any other; other errors fall back
  if (!response.ok && response.status !== 404) throw new Error(`HTTP ${response.status} for ${url}`)
  if (!/html/i.test(response.headers.get('Content-Type') ?? 'text/html')) throw new Error(`Not a page: ${url}`)
  const fetched = { url: response.url || url, html: await response.text() }
  // only good pages are kept: a 404 may be written a moment later (wikigen dev)
  if (!response.ok) cache.delete(url)
  return fetched
}

/** Rejects as soon as `signal` aborts, even while another caller's fetch of the same page goes on. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** The HTML of a document, from the cache or the network. A failed fetch leaves no trace in the cache. */
function fetchHtml(url: URL, signal?: AbortSignal): Promise<FetchedHtml> {
  const key = keyOf(url)
  let entry = cache.get(key)
  if (entry) {
    cache.delete(key)
  } else {
    entry = request(key, signal)
    entry.catch(() => {
      if (cache.get(key) === entry) cache.delete(key)
    })
  }
  cache.set(key, entry)
  for (const old of cache.keys()) {
    if (cache.size <= MAX_CACHED_PAGES) break
    cache.delete(old)
  }
  return signal ? untilAborted(entry, signal) : entry
}

/**
 * Loads a page to show it: fetches (or takes from the cache) its HTML, parses it and follows redirect pages.
 * Rejects when the fetch fails, `signal` aborts, or the response is neither a page with `#app` nor a redirect;
 * the router then falls back to a full page load.
 */
export async function loadPage(target: URL, signal: AbortSignal): Promise<LoadedPage> {
  let url = target
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const fetched = await fetchHtml(url, signal)
    const doc = new DOMParser().parseFromString(fetched.html, 'text/html')
    const final = new URL(fetched.url)
    final.hash = url.hash
    if (doc.getElementById('app')) return { url: final, doc }
    const refresh = doc.querySelector<HTMLMetaElement>('meta[http-equiv="refresh" i]')
    const next = refresh && refreshTarget(refresh.content, final)
    if (!next) break
    // the redirect page names the new path only; the reader's #hash still means the same heading
    if (!next.hash) next.hash = url.hash
    url = next
  }
  throw new Error(`No page at ${target.href}`)
}

/** Fetches a page into the cache ahead of a click (hover, link in view); failures are ignored here. */
export function prefetchPage(url: URL): Promise<void> {
  return fetchHtml(url).then(
    () => undefined,
    () => undefined,
  )
}

/** True when the page is in the cache or being fetched. */
export function isPageCached(url: URL): boolean {
  return cache.has(keyOf(url))
}

/** Forgets every fetched page, e.g. when `wikigen dev` rebuilt the site. */
export function clearPageCache(): void {
  cache.clear()
}
