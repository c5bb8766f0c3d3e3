/**
 * The keys that focus the search box from anywhere on the page (spec §9: 's' and '/').
 *
 * As in the reference (S10), only `event.key` is compared and modifiers are ignored: Ctrl+S and Alt+S focus
 * the search too, while Shift+S ('S') does not. Keys typed into a text control are the reader's text, so the
 * hotkeys do nothing while focus is in an input, a textarea, a select or editable content.
 */

/** §9 Search: hotkeys. */
export const SEARCH_HOTKEYS: readonly string[] = ['s', '/']

/** The parts of the focused element that decide whether a key is text. */
export interface FocusedElement {
  tagName: string
  isContentEditable?: boolean
}

/** Whether a key press should focus the search box, given the element that has focus (document.activeElement). */
export function isSearchHotkey(key: string, focused: FocusedElement | null | undefined): boolean {
  return SEARCH_HOTKEYS.includes(key) && !isTextControl(focused)
}

function isTextControl(element: FocusedElement | null | undefined): boolean {
  if (!element) return false
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName.toUpperCase()) || element.isContentEditable === true
}
