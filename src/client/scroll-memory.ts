/**
 * Remembers the scroll position of every history entry, so back/forward return to where the reader was
 * (spec §2.1: saved position, else the hash target, else the top). The browser cannot do it for client
 * navigations, since it would scroll before the page content is swapped; so restoration is manual, each
 * entry gets a key in `history.state`, and the positions live in sessionStorage to survive a reload.
 *
 * A saved position is only right if the page is laid out as it was when the reader left. Diagrams are drawn
 * after the position is restored, so they reserve their final height before (diagrams.ts, diagram-sizes.ts):
 * otherwise everything below a diagram would move by the difference once it is drawn.
 */

import { sessionRecord } from './session-record.js'

interface ScrollPosition {
  x: number
  y: number
}

const positions = sessionRecord<ScrollPosition>('wikigen-scroll')
const stored = () => positions.values()

/** A fresh `history.state` for a new entry. */
export function createEntryState(): { key: string } {
  return { key: Math.random().toString(36).slice(2, 10) }
}

/**
 * The key of the current history entry. Entries without one (the first page, a native `#hash` jump) get one
 * now, keeping whatever else the state holds.
 */
export function entryKey(): string {
  const state: unknown = history.state
  const key = stateKey(state)
  if (key) return key
  const fresh = createEntryState()
  history.replaceState(typeof state === 'object' && state !== null ? { ...state, ...fresh } : fresh, '')
  return fresh.key
}

/** The entry key inside a `history.state` value, if it has one. */
export function stateKey(state: unknown): string | undefined {
  const key = typeof state === 'object' && state !== null && 'key' in state ? state.key : undefined
  return typeof key === 'string' ? key : undefined
}

/** Stores the current scroll position under `key` (by default the current entry's). */
export function rememberScroll(key = entryKey()): void {
  stored()[key] = { x: Math.round(scrollX), y: Math.round(scrollY) }
  positions.save()
}

/** The position stored for `key`, if any. */
export function savedScroll(key: string): ScrollPosition | undefined {
  return stored()[key]
}
