/**
 * Islands (see src/theme/Island.tsx) are hydrated with React, which is the largest part of the client. So React
 * is not in the initial bundle: it loads once the page is idle, or at once when the reader reaches for an
 * island (pointer, touch or focus), and then hydrates every island of the page. Until then the islands are
 * plain server HTML, fully visible.
 */
import { whenIdle } from './idle.js'

type Hydrate = (root: HTMLElement) => () => void

let hydrator: Promise<Hydrate> | undefined

/** Loads the React chunk once. */
export function loadHydrator(): Promise<Hydrate> {
  hydrator ??= import('./hydrate.js').then((m) => m.hydrateIslands)
  return hydrator
}

export function mount(root: HTMLElement): () => void {
  if (!root.querySelector('[data-island]')) return () => {}
  let cleanup: (() => void) | undefined
  let cancelled = false
  const start = () => {
    root.removeEventListener('pointerover', start)
    root.removeEventListener('focusin', start)
    root.removeEventListener('touchstart', start)
    void loadHydrator().then((hydrate) => {
      if (!cancelled && !cleanup) {
        cleanup = hydrate(root)
        document.documentElement.dataset.hydrated = 'true'
        document.dispatchEvent(new CustomEvent('wikigen:hydrated'))
      }
    })
  }
  root.addEventListener('pointerover', start, { passive: true })
  root.addEventListener('focusin', start)
  root.addEventListener('touchstart', start, { passive: true })
  const cancelIdle = whenIdle(start)
  return () => {
    cancelled = true
    cancelIdle()
    root.removeEventListener('pointerover', start)
    root.removeEventListener('focusin', start)
    root.removeEventListener('touchstart', start)
    cleanup?.()
  }
}
