/**
 * The URL decisions of the client router: which links it takes over and which URLs show the same document.
 * DOM-free, so each rule is unit-tested with literal URLs.
 */

/** What the router needs to know about a click on a link. */
export interface LinkClick {
  /** The link's absolute URL (`anchor.href`). */
  href: string
  /** The `target` attribute, '' when absent. */
  target: string
  /** The link has a `download` attribute. */
  download: boolean
  /** The mouse button (0 = main). */
  button: number
  /** Alt, Ctrl, Meta or Shift was held: the reader asked for a new tab, window or download. */
  modified: boolean
  /** Another handler (e.g. an island) already took care of the click. */
  defaultPrevented: boolean
}

/**
 * True when a click on a link should navigate on the client instead of loading a new document.
 *
 * Left alone: clicks with a modifier key or another button, links opening elsewhere (`target` other than
 * `_self`), downloads, other origins, non-page files (`/attachments/plan.pdf`) and a pure `#hash` of the page
 * already shown, which the browser scrolls to natively.
 */
export function isRoutableClick(click: LinkClick, current: URL): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.modified || click.download) return false
  if (click.target !== '' && click.target !== '_self') return false
  const url = parseUrl(click.href, current)
  return url !== undefined && isPageUrl(url, current) && !isHashOnly(url, current)
}

/** `new URL`, but undefined for a malformed address (`http://[x`) instead of an exception. */
export function parseUrl(href: string, base: URL): URL | undefined {
  try {
    return new URL(href, base)
  } catch {
    return undefined
  }
}

/**
 * True for a URL of this site that names a page rather than a file: same origin, over http(s), with a path
 * ending in `/`, `.html` or a last segment without a dot (`/glossary`). `/logo.svg` or `/plan.pdf` are files,
 * which the browser should open itself.
 */
export function isPageUrl(url: URL, current: URL): boolean {
  if (url.origin !== current.origin || !/^https?:$/.test(url.protocol)) return false
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  return !last.includes('.') || last.toLowerCase().endsWith('.html')
}

/** True when both URLs show the same document: same origin, path and query; the hash does not count. */
export function isSameDocument(a: URL, b: URL): boolean {
  return a.origin === b.origin && pathKey(a) === pathKey(b) && a.search === b.search
}

/** True for a link to a `#hash` of the document already shown. */
export function isHashOnly(url: URL, current: URL): boolean {
  return url.hash !== '' && isSameDocument(url, current)
}

/**
 * The path of a URL as the router remembers it (visited pages, progress bar): decoded, so `/wirkungsräume.html`
 * and `/wirkungsr%c3%a4ume.html` are one page; hash and query are ignored (spec §4 'Progress bar').
 */
export function pathKey(url: URL): string {
  try {
    return decodeURI(url.pathname)
  } catch {
    return url.pathname
  }
}
