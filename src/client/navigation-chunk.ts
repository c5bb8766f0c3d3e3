/**
 * The part of client navigation that only a navigation or a prefetch needs: fetching and caching pages, head
 * updates, the progress bar, viewport prefetching. The router loads it as one chunk once the page is idle
 * (or at the first hover, focus or click on a link), which keeps the initial bundle small.
 */
export { syncHead } from './head-sync.js'
export { clearPageCache, loadPage, prefetchPage } from './page-fetch.js'
export { prefetchInView } from './prefetch.js'
export { doneProgress, startProgress } from './progress.js'
