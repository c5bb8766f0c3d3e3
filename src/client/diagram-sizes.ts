/**
 * The frame height each diagram ended up with, remembered for the browser session. Back/forward restores the
 * scroll position before the diagrams render again (scroll-memory.ts), so the page must be laid out as the reader
 * left it: a frame whose drawing did not fit the build's estimate reserves the height it had last time instead.
 * Keyed by the diagram's source (the same diagram on two pages has one size), in sessionStorage, like the
 * scroll positions, so a reload keeps them too.
 */

import { sessionRecord } from './session-record.js'

const heights = sessionRecord<number>('wikigen-diagram-heights')

/** The frame height remembered for the diagram with this key, if any. */
export function rememberedHeight(key: string): number | undefined {
  const value = heights.values()[key]
  return typeof value === 'number' && value > 0 ? value : undefined
}

/** Remembers the frame height of the diagram with this key (storage full or disabled: the estimate is used). */
export function rememberHeight(key: string, height: number): void {
  const all = heights.values()
  if (all[key] === height) return
  all[key] = height
  heights.save()
}
