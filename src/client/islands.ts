/**
 * Islands (see src/theme/Island.tsx) are hydrated with React, which is the largest part of the client. So React
 * is not in the initial bundle, and it is not loaded on its own either: it loads when the reader first reaches for
 * the page (a pointer over it, a touch, the focus inside it, a key), then hydrates every island of the page. A
 * reader who only reads never pays for it (loading it on idle cost a phone about 100 ms of blocked main thread
 * right after the page appeared). Until then the islands are plain server HTML, fully visible; what the reader does
 * in the meantime is kept: text typed into a field (hydrate.ts), and a click on an island's button, which is
 * replayed once React has taken over.
 */
type Hydrate = (root: HTMLElement) => () => void

let hydrator: Promise<Hydrate> | undefined

/** Loads the React chunk once. */
export function loadHydrator(): Promise<Hydrate> {
  hydrator ??= import('./hydrate.js').then((m) => m.hydrateIslands)
  return hydrator
}

/** The first contact with the page that starts hydration. */
const REACH = ['pointerover', 'touchstart', 'focusin', 'keydown'] as const

export function mount(root: HTMLElement): () => void {
  if (!root.querySelector('[data-island]')) return () => {}
  let cleanup: (() => void) | undefined
  let cancelled = false
  // a button inside an island clicked before React arrived: clicked again once it has
  let pendingClick: HTMLElement | undefined
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-island] button') : null
    if (button) pendingClick = button
  }
  const stopListening = () => {
    for (const type of REACH) root.removeEventListener(type, start)
    root.removeEventListener('click', onClick, true)
  }
  function start() {
    for (const type of REACH) root.removeEventListener(type, start)
    void loadHydrator().then((hydrate) => {
      if (cancelled || cleanup) return
      cleanup = hydrate(root)
      root.removeEventListener('click', onClick, true)
      document.documentElement.dataset.hydrated = 'true'
      document.dispatchEvent(new CustomEvent('wikigen:hydrated'))
      const button = pendingClick
      pendingClick = undefined
      // React attaches its handlers while it hydrates; the replay waits for that to finish
      if (button) setTimeout(() => button.isConnected && button.click(), 0)
    })
  }
  for (const type of REACH) root.addEventListener(type, start, { passive: true })
  root.addEventListener('click', onClick, true)
  return () => {
    cancelled = true
    stopListening()
    cleanup?.()
  }
}
