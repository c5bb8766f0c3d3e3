/**
 * The state of the search box's suggestion list (spec §4 'Search box', reference S11) as a pure reducer, so
 * every transition is tested without a browser: the query as typed and the highlighted suggestion.
 *
 * The highlight is an index into the suggestions; -1 means none (the pointer left the list). It may point past
 * the end of the list, so every reader of it checks the range (see highlightedIn); Enter then does nothing.
 */

export interface ComboboxState {
  /** The text in the input, as typed (untrimmed: a trailing space changes the match, spec §5). */
  query: string
  /** The highlighted suggestion; 0 at first (spec §9), -1 for none. */
  highlight: number
}

/** What the reader did. */
export type ComboboxAction =
  /** The reader changed the text. */
  | { type: 'input'; query: string }
  /** ArrowDown / ArrowUp over a list of `count` suggestions: one step, wrapping at both ends. */
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  /** The pointer entered suggestion `index`. */
  | { type: 'hover'; index: number }
  /** The pointer left the list. */
  | { type: 'leave' }
  /** A suggestion was opened: the box empties and starts over. */
  | { type: 'opened' }

/** The state of a box that holds `query` (what the reader typed before the island hydrated, or ''). */
export function createComboboxState(query = ''): ComboboxState {
  return { query, highlight: 0 }
}

/**
 * The next state.
 *
 * Unlike the reference, changing the query puts the highlight back on the first suggestion: VuePress keeps
 * the old index, so after highlighting the 5th of 8 suggestions and typing on to 2, Enter does nothing. Here
 * Enter right after typing always opens the first suggestion, as in the usual combobox with list autocomplete.
 */
export function reduceCombobox(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'input':
      return action.query === state.query ? state : { query: action.query, highlight: 0 }
    case 'next':
      return withHighlight(state, nextHighlight(state.highlight, action.count))
    case 'previous':
      return withHighlight(state, previousHighlight(state.highlight, action.count))
    case 'hover':
      return withHighlight(state, action.index)
    case 'leave':
      return withHighlight(state, -1)
    case 'opened':
      return createComboboxState()
  }
}

function withHighlight(state: ComboboxState, highlight: number): ComboboxState {
  return highlight === state.highlight ? state : { ...state, highlight }
}

/** One step down: from the last (or from beyond the list) back to the first; from none (-1) to the first. */
export function nextHighlight(highlight: number, count: number): number {
  if (count <= 0) return highlight
  return highlight >= count - 1 ? 0 : highlight + 1
}

/** One step up: from the first (or from none, -1) to the last; from beyond the list to the last. */
export function previousHighlight(highlight: number, count: number): number {
  if (count <= 0) return highlight
  return highlight <= 0 || highlight > count - 1 ? count - 1 : highlight - 1
}

/** The highlighted index when it points at one of `count` suggestions, else undefined. */
export function highlightedIn(highlight: number, count: number): number | undefined {
  return highlight >= 0 && highlight < count ? highlight : undefined
}
