/**
 * The frame height each diagram ended up with, remembered for the browser session. Back/forward restores the
 * scroll position before the diagrams render again (scroll-memory.ts), so the page must be laid out as the reader
 * left it: a frame whose drawing did not fit the build's estimate reserves the height it had last time instead.
 * Keyed by the diagram's source (the same diagram on two pages has one size), in sessionStorage, like the
 * scroll positions, so a reload keeps them too.
 */

const STORAGE_KEY = 'wikigen-diagram-heights'

let heights: Record<string, number> | undefined

function stored(): Record<string, number> {
  if (!heights) {
    try {
      const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}')
      heights = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {}
    } catch {
      heights = {}
    }
  }
  return heights
}

/** The frame height remembered for the diagram with this key, if any. */
export function rememberedHeight(key: string): number | undefined {
  const value = stored()[key]
  return typeof value === 'number' && value > 0 ? value : undefined
}

/** Remembers the frame height of the diagram with this key. */
export function rememberHeight(key: string, height: number): void {
  const all = stored()
  if (all[key] === height) return
  all[key] = height
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(all))
  } catch {
    // storage full or disabled: the estimate is used, which is right in most cases
  }
}
