/**
 * The browser modules of the theme's slots (config `theme.slots` with `client`): the build marks a slot's element with
 * its module's href (src/theme/Slot.tsx); this module imports it and calls its default export with the element after
 * each page load and client navigation, and the cleanup it returned before the next. A page without such a slot
 * loads nothing.
 */
import { SLOT_CLIENT_ATTRIBUTE } from '../shared/theme-slots.js'

type SlotClient = (element: HTMLElement) => void | (() => void)

/** Runs the slot modules of `root`'s slots; returns the cleanup of every one that started. */
export function mount(root: HTMLElement): () => void {
  const elements = [...root.querySelectorAll<HTMLElement>(`[${SLOT_CLIENT_ATTRIBUTE}]`)]
  if (elements.length === 0) return () => {}
  let left = false
  const cleanups: (() => void)[] = []
  for (const element of elements) {
    const href = element.getAttribute(SLOT_CLIENT_ATTRIBUTE)!
    import(href)
      .then((module: { default?: SlotClient }) => {
        if (left || typeof module.default !== 'function') return
        const cleanup = module.default(element)
        if (typeof cleanup === 'function') cleanups.push(cleanup)
      })
      .catch((error: unknown) => console.error(`wikigen: the slot module ${href} failed`, error))
  }
  return () => {
    left = true
    for (const cleanup of cleanups.splice(0)) cleanup()
  }
}
