/**
 * Runs in <head> before first paint: applies the stored colour mode (no flash of the wrong theme) and marks
 * the document as scripted, so CSS may hide what the client will manage (inactive tabs).
 */
import { COLOR_SCHEME_KEY, applyScheme, readScheme, siteScheme } from './color-scheme.js'

applyScheme(readScheme())
document.documentElement.classList.add('js')
try {
  if (localStorage.getItem(COLOR_SCHEME_KEY) === null) localStorage.setItem(COLOR_SCHEME_KEY, siteScheme())
} catch {
  // storage disabled
}
