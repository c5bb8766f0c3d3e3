/**
 * 's' and '/' focus the search field from the first moment, before React has hydrated the search island
 * (which then takes the field over with the same hotkeys; focusing twice is harmless).
 */
import { isSearchHotkey } from '../shared/search/hotkeys.js'

export function mount(root: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const input = root.querySelector<HTMLInputElement>('#search-input')
    if (!input || !isSearchHotkey(event.key, document.activeElement)) return
    event.preventDefault()
    input.focus()
  }
  document.addEventListener('keydown', onKeyDown)
  return () => document.removeEventListener('keydown', onKeyDown)
}
