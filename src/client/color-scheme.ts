/**
 * Colour mode shared by the head script and the toggle (spec §4): 'auto', 'light' or 'dark' in localStorage.
 * Choosing the mode the system already has stores 'auto', so the site follows the system again.
 */
export const COLOR_SCHEME_KEY = 'vuepress-color-scheme'

export type ColorScheme = 'auto' | 'light' | 'dark'

/** The mode the reader chose, else the site's default (`theme.colorMode`, on the html element), else 'auto'. */
export function readScheme(): ColorScheme {
  try {
    const value = localStorage.getItem(COLOR_SCHEME_KEY)
    if (value === 'light' || value === 'dark' || value === 'auto') return value
  } catch {
    // storage disabled: the site's default
  }
  return siteScheme()
}

/** The site's colour mode before a reader chooses: `data-color-mode` of the html element, else 'auto'. */
export function siteScheme(): ColorScheme {
  const value = document.documentElement.dataset.colorMode
  return value === 'light' || value === 'dark' ? value : 'auto'
}

export function writeScheme(scheme: ColorScheme): void {
  try {
    localStorage.setItem(COLOR_SCHEME_KEY, scheme)
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

export function systemPrefersDark(): boolean {
  return matchMedia('(prefers-color-scheme: dark)').matches
}

/** Whether `scheme` means dark right now. */
export function isDark(scheme: ColorScheme): boolean {
  return scheme === 'dark' || (scheme === 'auto' && systemPrefersDark())
}

export function applyScheme(scheme: ColorScheme): void {
  const dark = isDark(scheme)
  const root = document.documentElement
  root.dataset.theme = dark ? 'dark' : 'light'
  // Obsidian's classes for the same, which a vault's publish.css and CSS snippets select on
  root.classList.toggle('theme-dark', dark)
  root.classList.toggle('theme-light', !dark)
}
