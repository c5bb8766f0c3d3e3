/**
 * The lazily loaded React part of the client: hydrates every island of a page with its registered component.
 * A focused input keeps what the reader typed before React arrived.
 */
import { createElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { ISLANDS } from '../theme/island-registry.js'

export function hydrateIslands(root: HTMLElement): () => void {
  const roots: Root[] = []
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const component = ISLANDS[element.dataset.island ?? '']
    if (!component) continue
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>
    roots.push(hydrateRoot(element, createElement(component, props as never)))
  }
  return () => {
    for (const r of roots) r.unmount()
  }
}
