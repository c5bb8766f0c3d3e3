/**
 * Fetches the pages behind the links that scroll into view, a few at a time, so a click finds its page in the
 * cache (hover and focus prefetch live in the router, which needs no chunk for them). Skipped when the reader
 * asked to save data.
 */
import { isPageCached, prefetchPage } from './page-fetch.js'

/** Viewport prefetches running at once, so a page full of links does not flood the network. */
const MAX_PARALLEL_PREFETCHES = 2

/** The URL a link would navigate to on the client, or undefined when the router leaves it alone. */
export type RoutableUrl = (link: HTMLAnchorElement) => URL | undefined

function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '')
}

/** Watches the links inside `root` and prefetches each page once its link is in view; returns the cleanup. */
export function prefetchInView(root: HTMLElement, routableUrl: RoutableUrl): () => void {
  if (!('IntersectionObserver' in window) || savesData()) return () => {}
  const queue: URL[] = []
  let running = 0
  let stopped = false
  const pump = () => {
    while (!stopped && running < MAX_PARALLEL_PREFETCHES && queue.length > 0) {
      const url = queue.shift()
      if (!url || isPageCached(url)) continue
      running++
      void prefetchPage(url).finally(() => {
        running--
        pump()
      })
    }
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLAnchorElement)) continue
      observer.unobserve(entry.target)
      const url = routableUrl(entry.target)
      if (url) queue.push(url)
    }
    pump()
  })
  for (const link of root.querySelectorAll('a[href]')) observer.observe(link)
  return () => {
    stopped = true
    observer.disconnect()
  }
}
