import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react'
import { getLoadedSearchIndex, loadSearchIndex } from '../shared/search/load-index.js'
import { MAX_SUGGESTIONS } from '../shared/constants.js'
import { SearchSuggestion, suggestionLabel } from './SearchSuggestion.js'
import { useLabels } from './labels-context.js'
import { createComboboxState, highlightedIn, reduceCombobox } from './search/combobox.js'
import { isSearchHotkey } from '../shared/search/hotkeys.js'
import { fillLabel } from '../shared/labels.js'
import { NAVBAR_INPUT_ID, PAGE_INPUT_ID, searchHotkeyTarget } from './search/hotkey-target.js'
import { searchSuggestions, type SearchIndexEntry } from '../shared/search/match.js'

/** The island's props, serialised into the page by <Island>. */
export interface SearchBoxProps {
  /** URL of the search index (fetched on first focus). */
  indexHref: string
  /** The locale whose pages are searched (pathLocale of the index entries); '/' for this single-locale site. */
  locale: string
  /** The full-text search page: the open dropdown ends with a link to it for what was typed (not an option). */
  fullText?: { href: string; label: string }
  /** 'page' for the box in a page's content (the 404 page's), beside the navbar's; the navbar's by default. */
  variant?: 'page'
}

/**
 * The ids of the input (the island reads what was typed into the server-rendered input before it hydrated) and of
 * the list: one per box, the navbar's and a page's own. Not useId: islands hydrate apart from the server's tree.
 */
function idsOf(variant: SearchBoxProps['variant']) {
  const input = variant === 'page' ? PAGE_INPUT_ID : NAVBAR_INPUT_ID
  const list = variant === 'page' ? 'page-search-suggestions' : 'search-suggestions'
  return { input, list, option: (index: number) => `${list}-${index}` }
}

/**
 * The search box island (spec §4 'Search box', §5, §9; reference S9–S11), a WAI-ARIA combobox with a listbox.
 *
 * - 's', '/' or Ctrl/⌘+K anywhere focuses it (shared/search/hotkeys.ts; on a page with its own box, that one:
 *   search/hotkey-target.ts). The first focus fetches the index (shared/search/load-index.ts).
 * - Up to 10 suggestions from searchSuggestions, the matcher `wikigen search` uses too, in index order; shown
 *   only while the input has focus and there are some. The first is highlighted; ArrowDown/ArrowUp move the
 *   highlight and wrap; the pointer highlights what it hovers and nothing once it leaves the list. Typing puts
 *   the highlight back on the first suggestion (search/combobox.ts says why this differs from the reference).
 * - Enter, or pressing the mouse button on a suggestion, opens it by clicking its real link, so the client router
 *   takes it when there is one and the browser follows it otherwise. Then the query clears.
 * - With the index loaded and nothing matching, the open box says so; a polite live region announces how many
 *   suggestions there are, or that there are none, as the reader types.
 * - Server-rendered, the input works before React arrives; hydrating keeps what the reader typed and the focus.
 */
export function SearchBox({ indexHref, locale, fullText, variant }: SearchBoxProps) {
  const labels = useLabels()
  const ids = idsOf(variant)
  const [typed] = useState(() => readInputBeforeHydration(ids.input))
  const [state, dispatch] = useReducer(reduceCombobox, typed.value, createComboboxState)
  const [focused, setFocused] = useState(typed.focused)
  const index = useSearchIndex(indexHref, focused)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  useSearchHotkeys(inputRef)

  const suggestions = useMemo(
    () => (index ? searchSuggestions(index, state.query, { max: MAX_SUGGESTIONS, locale }) : []),
    [index, state.query, locale],
  )
  const shown = focused && suggestions.length > 0
  const highlighted = shown ? highlightedIn(state.highlight, suggestions.length) : undefined
  const query = state.query.trim()
  // shown only once hydrated: the server rendered no link, and the first client render must match it
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const fullTextShown = hydrated && focused && fullText !== undefined && query !== ''
  const fullTextRef = useRef<HTMLAnchorElement>(null)
  // the index is there, the reader typed, and no title matches: the open box says so
  const noMatch = hydrated && focused && index !== undefined && query !== '' && suggestions.length === 0
  const announcement =
    hydrated && focused && index !== undefined && query !== ''
      ? suggestions.length === 0
        ? fillLabel(labels.searchNoMatch, { query })
        : fillLabel(suggestions.length === 1 ? labels.searchCountOne : labels.searchCount, { count: suggestions.length })
      : ''

  /**
   * Opens suggestion `i` by clicking its link: the router takes the click when there is one, the browser follows
   * it otherwise. The highlight may point past the list or at none, so `i` is checked.
   */
  function open(i: number | undefined): void {
    if (i === undefined) return
    listRef.current?.querySelector<HTMLAnchorElement>(`#${ids.option(i)}`)?.click()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.nativeEvent.isComposing) return
    // Enter with no suggestion chosen searches the full text
    if (event.key === 'Enter' && highlighted === undefined && fullTextShown) {
      event.preventDefault()
      fullTextRef.current?.click()
      return
    }
    if (!shown) return
    if (event.key === 'ArrowDown') dispatch({ type: 'next', count: suggestions.length })
    else if (event.key === 'ArrowUp') dispatch({ type: 'previous', count: suggestions.length })
    else if (event.key === 'Enter') open(highlighted)
    else return
    event.preventDefault()
  }

  function onSuggestionMouseDown(event: MouseEvent<HTMLAnchorElement>, i: number): void {
    // as in the reference, the pick happens on mousedown; the list is gone (query cleared, input blurred) before
    // the button comes up, so the click that follows cannot open the page twice. Other buttons and modified
    // clicks keep the link's own behaviour (new tab, new window).
    if (isPlainClick(event)) open(i)
  }

  function onSuggestionClick(event: MouseEvent<HTMLAnchorElement>): void {
    // whatever activated the link (Enter, a mouse press, assistive technology), the box starts over
    if (isPlainClick(event)) dispatch({ type: 'opened' })
  }

  return (
    <div
      className={variant === 'page' ? 'search-box search-box-page' : 'search-box'}
      role="search"
      aria-label={variant === 'page' ? labels.pageSearchLandmark : labels.searchLandmark}
    >
      <input
        ref={inputRef}
        id={ids.input}
        className="search-input"
        type="search"
        placeholder={labels.searchPlaceholder}
        aria-label={labels.searchPlaceholder}
        role="combobox"
        aria-expanded={shown}
        aria-autocomplete="list"
        aria-controls={ids.list}
        aria-activedescendant={highlighted === undefined ? undefined : ids.option(highlighted)}
        autoComplete="off"
        spellCheck={false}
        value={state.query}
        onChange={(event) => dispatch({ type: 'input', query: event.target.value })}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
      />
      <div className="search-dropdown" hidden={!shown && !fullTextShown && !noMatch}>
        <ul
          ref={listRef}
          id={ids.list}
          className="suggestions"
          role="listbox"
          aria-label={labels.searchSuggestions}
          hidden={!shown}
          onMouseLeave={() => dispatch({ type: 'leave' })}
        >
          {shown &&
            suggestions.map((suggestion, i) => (
              <li key={i} className="suggestion" role="none">
                <a
                  id={ids.option(i)}
                  href={suggestion.link}
                  role="option"
                  aria-selected={i === highlighted}
                  aria-label={suggestionLabel(suggestion)}
                  tabIndex={-1}
                  onMouseEnter={() => dispatch({ type: 'hover', index: i })}
                  onMouseDown={(event) => onSuggestionMouseDown(event, i)}
                  onClick={onSuggestionClick}
                >
                  <SearchSuggestion suggestion={suggestion} />
                </a>
              </li>
            ))}
        </ul>
        {noMatch && <p className="search-empty">{fillLabel(labels.searchNoMatch, { query })}</p>}
        {fullTextShown && (
          <p className="fulltext-link">
            <a
              ref={fullTextRef}
              href={`${fullText.href}?q=${encodeURIComponent(query)}`}
              tabIndex={-1}
              onMouseDown={(event) => {
                // the input loses focus on mousedown and the link would be gone before the click
                if (isPlainClick(event)) event.currentTarget.click()
              }}
              onClick={(event) => {
                if (isPlainClick(event)) dispatch({ type: 'opened' })
              }}
            >
              {fullText.label}: „{query}“
            </a>
          </p>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  )
}

/**
 * What the reader did with the server-rendered input before this island hydrated: its text and whether it has
 * focus. Hydration keeps the DOM node, but a controlled input rendered with '' would wipe the text on the next
 * render, so the first client render starts from the DOM's state. On the server there is nothing to read.
 */
function readInputBeforeHydration(id: string): { value: string; focused: boolean } {
  if (typeof document === 'undefined') return { value: '', focused: false }
  const input = document.getElementById(id)
  if (!(input instanceof HTMLInputElement)) return { value: '', focused: false }
  return { value: input.value, focused: document.activeElement === input }
}

/** The index once it is loaded; the first time `wanted` turns true it starts the (single, cached) fetch. */
function useSearchIndex(href: string, wanted: boolean): readonly SearchIndexEntry[] | undefined {
  const [index, setIndex] = useState(() => getLoadedSearchIndex(href))
  useEffect(() => {
    if (!wanted || index) return
    let current = true
    loadSearchIndex(href).then(
      (loaded) => {
        if (current) setIndex(loaded)
      },
      (error: unknown) => console.warn('wikigen: the search index could not be loaded; the next focus tries again.', error),
    )
    return () => {
      current = false
    }
  }, [href, wanted, index])
  return index
}

/**
 * Focuses the input on 's' or '/' pressed anywhere outside a text control, or Ctrl/⌘+K anywhere, when it is the
 * page's hotkey target (a page with two boxes focuses its own, search/hotkey-target.ts).
 */
function useSearchHotkeys(inputRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (searchHotkeyTarget(document) !== inputRef.current) return
      if (!isSearchHotkey(event.key, document.activeElement, event)) return
      event.preventDefault()
      inputRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [inputRef])
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
}
