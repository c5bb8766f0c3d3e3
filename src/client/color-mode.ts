import { applyScheme, isDark, readScheme, systemPrefersDark, writeScheme } from './color-scheme.js'

/**
 * The colour-mode button flips between light and dark; the system's own mode is stored as 'auto'. It is a switch
 * named "Dunkler Modus", checked while the site shows dark, so screen readers announce the current mode.
 */
export function mount(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>('.toggle-color-mode-button')
  const media = matchMedia('(prefers-color-scheme: dark)')
  const show = () => button?.setAttribute('aria-checked', String(isDark(readScheme())))
  const follow = () => {
    applyScheme(readScheme())
    show()
  }
  media.addEventListener('change', follow)
  const toggle = () => {
    const wantDark = !isDark(readScheme())
    const scheme = wantDark === systemPrefersDark() ? 'auto' : wantDark ? 'dark' : 'light'
    writeScheme(scheme)
    applyScheme(scheme)
    show()
    document.dispatchEvent(new CustomEvent('wikigen:color-scheme'))
  }
  button?.addEventListener('click', toggle)
  show()
  return () => {
    media.removeEventListener('change', follow)
    button?.removeEventListener('click', toggle)
  }
}
