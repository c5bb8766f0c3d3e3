/**
 * Where keyboard and screen-reader focus goes when the view jumps (a client navigation, back to top): to the
 * jump's target, so the next Tab continues from there instead of from a link that is gone or hidden.
 */

/** The page's main region (`#main-content` in every layout), or `root` when a page has none. */
export function mainRegion(root: HTMLElement): HTMLElement {
  return root.querySelector<HTMLElement>('#main-content') ?? root
}

/**
 * Focuses `element` without scrolling. An element that cannot take focus (a `<main>`) becomes focusable by
 * script only (`tabindex="-1"`) and is marked `data-route-focus`, whose outline CSS hides: the whole page
 * framed after every navigation would only distract.
 */
export function focusWithoutScroll(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1')
    element.setAttribute('data-route-focus', '')
  }
  element.focus({ preventScroll: true })
}
