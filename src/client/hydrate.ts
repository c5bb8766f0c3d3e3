/**
 * The lazily loaded React part of the client: hydrates every island of a page with its registered component.
 * A focused input keeps what the reader typed before React arrived. The islands read the page's texts (labels.ts).
 */
import { createElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { ISLANDS } from '../theme/island-registry.js'
import { LabelsContext } from '../theme/labels-context.js'
import { pageLabels } from './labels.js'

export function hydrateIslands(root: HTMLElement): () => void {
  const roots: Root[] = []
  let leaving = false
  // Leaving the page (client navigation) unmounts the islands, perhaps while React is still hydrating them; React
  // then reports that the root got an update before hydrating. That update is the unmount itself: nothing to report.
  const onRecoverableError = (error: unknown) => {
    if (!leaving) globalThis.reportError(error)
  }
  // the islands show the texts the server rendered them with: the page's
  const labels = pageLabels()
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const component = ISLANDS[element.dataset.island ?? '']
    if (!component) continue
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>
    const island = createElement(LabelsContext.Provider, { value: labels }, createElement(component, props as never))
    roots.push(hydrateRoot(element, island, { onRecoverableError }))
  }
  return () => {
    leaving = true
    for (const r of roots) r.unmount()
  }
}
