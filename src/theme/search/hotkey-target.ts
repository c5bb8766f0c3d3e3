/**
 * Which search field the hotkeys focus: a page's own search box (the 404 page has one in its content, the box a
 * reader who landed there is looking at) before the navbar's. Both the early hotkeys (client/search-hotkeys.ts) and
 * every hydrated search box ask this, so a page with two boxes focuses the same one whoever answers the key first.
 */

/** The id of the navbar's search field. */
export const NAVBAR_INPUT_ID = 'search-input'
/** The id of the search field in a page's content (the 404 page's). */
export const PAGE_INPUT_ID = 'page-search-input'

/** The field the search hotkeys focus in `root` (the document or the page's #app). */
export function searchHotkeyTarget(root: ParentNode): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(`#${PAGE_INPUT_ID}`) ?? root.querySelector<HTMLInputElement>(`#${NAVBAR_INPUT_ID}`)
}
