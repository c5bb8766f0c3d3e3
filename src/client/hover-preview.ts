/**
 * Page preview on hover, like Obsidian Publish's: a link in the page's text or its backlinks that leads to another
 * page of the site shows, after the pointer rested on it (or the keyboard focused it) for a moment, that page's title
 * and start, or the section its `#heading` names. Sites with `theme.hoverPreview: false` (the build then leaves out
 * `data-hover-preview`) and devices without a hovering pointer (phones, tablets) get nothing, not even the code.
 * This module only waits for the first link that qualifies; hover-preview-chunk.ts does the rest.
 */
import type { PreviewTarget } from './hover-preview-rules.js'
import { preload } from './preload.js'
import { isPageUrl, isSameDocument, parseUrl } from './route-url.js'

type PreviewChunk = typeof import('./hover-preview-chunk.js')

/** The links that preview: those in the page's text and in its backlinks list. */
export const PREVIEW_LINKS = ':is([data-content], .backlinks) a[href]'

/** What the preview needs to know about a link. */
export interface PreviewLink {
  /** The link's absolute URL (`anchor.href`). */
  href: string
  /** The `target` attribute, '' when absent. */
  target: string
  /** The link has a `download` attribute. */
  download: boolean
}

/**
 * The page a link previews, or undefined when it gets none: only another page of this site (same origin, a route
 * such as `/ziel.html`), opened in this tab. Other sites, files (`/plan.pdf`), downloads, links that open elsewhere
 * and links into the page already shown (`#unten`) get none.
 */
export function previewUrl(link: PreviewLink, current: URL): URL | undefined {
  if (link.download || (link.target !== '' && link.target !== '_self')) return undefined
  const url = parseUrl(link.href, current)
  return url && isPageUrl(url, current) && !isSameDocument(url, current) ? url : undefined
}

let chunk: Promise<PreviewChunk | undefined> | undefined

/** Loads the preview code once; a failed load goes through the preload error event (preload.ts). */
function loadChunk(): Promise<PreviewChunk | undefined> {
  chunk ??= preload(() => import('./hover-preview-chunk.js'))
  return chunk
}

/** The link an event happened in and the page it previews, when it is a link that gets a preview. */
export function previewTargetOf(target: EventTarget | null): PreviewTarget | undefined {
  const link = target instanceof Element ? target.closest(PREVIEW_LINKS) : null
  if (!(link instanceof HTMLAnchorElement)) return undefined
  const url = previewUrl({ href: link.href, target: link.target, download: link.hasAttribute('download') }, new URL(location.href))
  return url ? { link, url } : undefined
}

/** Waits for the reader to point at (or tab to) a link that previews, then hands over to the chunk. */
export function mount(root: HTMLElement): () => void {
  if (!root.querySelector('[data-hover-preview]') || !matchMedia('(hover: hover)').matches) return () => {}
  let left = false
  let detach: (() => void) | undefined
  const first = (event: Event) => {
    if (event instanceof PointerEvent && event.pointerType === 'touch') return
    const found = previewTargetOf(event.target)
    if (!found) return
    stopWaiting()
    // the chunk gets the link rule from here: importing it itself would put the router's URL code in a chunk of its own
    void loadChunk().then((loaded) => {
      if (loaded && !left) detach = loaded.attachPreviews(root, found.link, previewTargetOf)
    })
  }
  const stopWaiting = () => {
    root.removeEventListener('pointerover', first)
    root.removeEventListener('focusin', first)
  }
  root.addEventListener('pointerover', first, { passive: true })
  root.addEventListener('focusin', first)
  return () => {
    left = true
    stopWaiting()
    detach?.()
  }
}
