/**
 * 's', '/' and Ctrl/⌘+K focus the search field from the first moment, before React has hydrated the search island
 * (which then takes the field over with the same hotkeys; focusing twice is harmless). The field is the page's own
 * search box where it has one (the 404 page), else the navbar's (theme/search/hotkey-target.ts).
 */
import { isSearchHotkey } from '../shared/search/hotkeys.js'
import { searchHotkeyTarget } from '../theme/search/hotkey-target.js'

export function mount(root: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const input = searchHotkeyTarget(root)
    if (!input || !isSearchHotkey(event.key, document.activeElement, event)) return
    event.preventDefault()
    input.focus()
  }
  document.addEventListener('keydown', onKeyDown)
  return () => document.removeEventListener('keydown', onKeyDown)
}
