/**
 * Loads what a client module needs later (a lazy chunk, a stylesheet, a script) the way the reference's
 * preload helper does (spec §7, §8): with the page's content-security nonce on every element it creates,
 * and with failures reported as a cancelable 'wikigen:preloadError' event on window. A failure is rethrown
 * unless a listener called `preventDefault()`; a site can, say, reload the page on a stale chunk instead.
 *
 *     const zoom = await preload(() => import('medium-zoom'), ['/_wikigen/zoom.css'])
 */

/** The event fired on window when a chunk, script or stylesheet fails to load; `payload` is the error. */
export interface PreloadErrorEvent extends Event {
  payload: unknown
}

declare global {
  interface WindowEventMap {
    'wikigen:preloadError': PreloadErrorEvent
  }
}

/**
 * The nonce of `<meta property="csp-nonce">`, which a site with a strict Content-Security-Policy puts into its
 * pages; undefined without one. Read from the `nonce` property first, since browsers hide the attribute.
 */
export function cspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta ? meta.nonce || meta.getAttribute('nonce') || meta.content || undefined : undefined
}

/** Gives `element` the page's nonce, if the page has one; for every script, style and link the client creates. */
export function withNonce<T extends HTMLElement>(element: T): T {
  const nonce = cspNonce()
  if (nonce) element.nonce = nonce
  return element
}

/**
 * Reports a failed load: fires 'wikigen:preloadError' (cancelable, `payload` = the error) on window, then
 * throws the error unless a listener prevented the default.
 */
export function reportPreloadError(error: unknown): void {
  const event = Object.assign(new Event('wikigen:preloadError', { cancelable: true }), { payload: error })
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
}

/** Resolves when `element` (already in the page) loaded; rejects with `failure` when it could not. */
function loaded(element: HTMLElement, failure: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), { once: true })
    element.addEventListener('error', () => reject(failure()), { once: true })
  })
}

/**
 * Adds a stylesheet to the head (once per href) and resolves when it applies; rejects with
 * `Error('Unable to preload CSS for <href>')` when it fails (spec §8).
 */
export function loadStylesheet(href: string): Promise<void> {
  const url = new URL(href, location.href).href
  if ([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((l) => l.href === url)) return Promise.resolve()
  const link = withNonce(document.createElement('link'))
  link.rel = 'stylesheet'
  link.href = href
  const done = loaded(link, () => new Error(`Unable to preload CSS for ${href}`))
  document.head.append(link)
  return done
}

/** Adds a script (a module with `{ module: true }`) to the head and resolves when it ran; rejects when it fails. */
export function loadScript(src: string, options: { module?: boolean } = {}): Promise<void> {
  const script = withNonce(document.createElement('script'))
  if (options.module) script.type = 'module'
  script.src = src
  script.async = true
  const done = loaded(script, () => new Error(`Unable to preload script ${src}`))
  document.head.append(script)
  return done
}

/**
 * Runs `load` (typically `() => import('./chunk.js')`) after the stylesheets among `deps` applied (scripts
 * among them are hinted with `modulepreload`). Every failure goes through `reportPreloadError`: when a
 * listener cancels it, a failed stylesheet is skipped and a failed `load` resolves to undefined.
 */
export async function preload<T>(load: () => Promise<T>, deps: readonly string[] = []): Promise<T | undefined> {
  const results = await Promise.allSettled(deps.map(preloadDependency))
  for (const result of results) if (result.status === 'rejected') reportPreloadError(result.reason)
  try {
    return await load()
  } catch (error) {
    reportPreloadError(error)
    return undefined
  }
}

function preloadDependency(href: string): Promise<void> {
  if (/\.css(?:$|\?)/.test(href)) return loadStylesheet(href)
  const hint = withNonce(document.createElement('link'))
  hint.rel = 'modulepreload'
  hint.href = href
  document.head.append(hint)
  return Promise.resolve()
}
