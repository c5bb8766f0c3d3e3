/**
 * The keys that focus the search box from anywhere on the page: spec §9's 's' and '/', and Ctrl+K (⌘+K on a Mac),
 * the key most sites' search boxes answer to.
 *
 * As in the reference (S10), 's' and '/' compare only `event.key` and ignore modifiers: Ctrl+S and Alt+S focus the
 * search too, while Shift+S ('S') does not. Keys typed into a text control are the reader's text, so these two do
 * nothing while focus is in an input, a textarea, a select or editable content. Ctrl/⌘+K types no text, so it
 * works from anywhere, also from inside a field.
 */

/** §9 Search: hotkeys. */
export const SEARCH_HOTKEYS: readonly string[] = ['s', '/']

/** The parts of the focused element that decide whether a key is text. */
export interface FocusedElement {
  tagName: string
  isContentEditable?: boolean
}

/** The modifier keys held with a key press (a KeyboardEvent has them). */
export interface KeyModifiers {
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
}

/** Whether a key press should focus the search box, given the element that has focus (document.activeElement). */
export function isSearchHotkey(key: string, focused: FocusedElement | null | undefined, modifiers: KeyModifiers = {}): boolean {
  if (isCommandK(key, modifiers)) return true
  return SEARCH_HOTKEYS.includes(key) && !isTextControl(focused)
}

/** Ctrl+K or ⌘+K, with or without Shift, but not with Alt (AltGr+K types a letter on some layouts). */
function isCommandK(key: string, { ctrlKey, metaKey, altKey }: KeyModifiers): boolean {
  return (key === 'k' || key === 'K') && (ctrlKey === true || metaKey === true) && altKey !== true
}

function isTextControl(element: FocusedElement | null | undefined): boolean {
  if (!element) return false
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName.toUpperCase()) || element.isContentEditable === true
}
