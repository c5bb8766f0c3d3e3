/**
 * The lazily loaded React part of the client: hydrates every island of a page with its registered component.
 * A focused input keeps what the reader typed before React arrived.
 */
import { createElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { ISLANDS } from '../theme/island-registry.js'

export function hydrateIslands(root: HTMLElement): () => void {
  const roots: Root[] = []
  let leaving = false
  // Leaving the page (client navigation) unmounts the islands, perhaps while React is still hydrating them; React
  // then reports that the root got an update before hydrating. That update is the unmount itself: nothing to report.
  const onRecoverableError = (error: unknown) => {
    if (!leaving) globalThis.reportError(error)
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const component = ISLANDS[element.dataset.island ?? '']
    if (!component) continue
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>
    roots.push(hydrateRoot(element, createElement(component, props as never), { onRecoverableError }))
  }
  return () => {
    leaving = true
    for (const r of roots) r.unmount()
  }
}
