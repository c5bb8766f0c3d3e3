/**
 * The site's search index in the browser: fetched on the first focus of the search box (never on page load, so
 * readers who do not search never download it), once, and kept for the session in this module's scope. The
 * module lives in the lazily loaded island chunk, which stays loaded across client-side navigations, so a search
 * box hydrated again on the next page finds the index already there.
 */
import type { SearchHeader, SearchIndexEntry } from './index-entry.js'
import { prepareIndex } from './prepared-index.js'

const loading = new Map<string, Promise<readonly SearchIndexEntry[]>>()
const loaded = new Map<string, readonly SearchIndexEntry[]>()

/**
 * The index at `href`, fetched at most once at a time and kept once it arrived. A failed fetch is forgotten,
 * so the next focus tries again (a reader who went offline for a moment is not left without search).
 */
export function loadSearchIndex(href: string): Promise<readonly SearchIndexEntry[]> {
  let load = loading.get(href)
  if (!load) {
    load = fetchSearchIndex(href).then(
      (index) => {
        // lower-case and join the texts now, while the reader is still typing, not on the first keystroke
        prepareIndex(index)
        loaded.set(href, index)
        return index
      },
      (error: unknown) => {
        loading.delete(href)
        throw error
      },
    )
    loading.set(href, load)
  }
  return load
}

/** The index at `href` if it has already arrived in this session, else undefined; never fetches. */
export function getLoadedSearchIndex(href: string): readonly SearchIndexEntry[] | undefined {
  return loaded.get(href)
}

/** Forgets every index; for tests. */
export function forgetSearchIndexes(): void {
  loading.clear()
  loaded.clear()
}

async function fetchSearchIndex(href: string): Promise<readonly SearchIndexEntry[]> {
  const response = await fetch(href, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`Search index ${href}: HTTP ${response.status}`)
  const data: unknown = await response.json()
  if (!Array.isArray(data)) throw new Error(`Search index ${href}: not a list of pages`)
  // an entry of the wrong shape is left out rather than breaking every search
  return data.filter(isSearchIndexEntry)
}

/** Whether `value` has the shape the build writes (spec §3 'Search-index page entry'), headings included. */
export function isSearchIndexEntry(value: unknown): value is SearchIndexEntry {
  if (!isRecord(value)) return false
  return (
    typeof value.title === 'string' &&
    typeof value.path === 'string' &&
    typeof value.pathLocale === 'string' &&
    Array.isArray(value.extraFields) &&
    value.extraFields.every((field) => typeof field === 'string') &&
    areHeaders(value.headers)
  )
}

function areHeaders(value: unknown): value is SearchHeader[] {
  return (
    Array.isArray(value) &&
    value.every((h) => isRecord(h) && typeof h.title === 'string' && typeof h.slug === 'string' && areHeaders(h.children))
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
