import { applyScheme, isDark, readScheme, systemPrefersDark, writeScheme } from './color-scheme.js'

/** The colour-mode button flips between light and dark; the system's own mode is stored as 'auto'. */
export function mount(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>('.toggle-color-mode-button')
  const media = matchMedia('(prefers-color-scheme: dark)')
  const follow = () => applyScheme(readScheme())
  media.addEventListener('change', follow)
  const toggle = () => {
    const wantDark = !isDark(readScheme())
    const scheme = wantDark === systemPrefersDark() ? 'auto' : wantDark ? 'dark' : 'light'
    writeScheme(scheme)
    applyScheme(scheme)
    document.dispatchEvent(new CustomEvent('wikigen:color-scheme'))
  }
  button?.addEventListener('click', toggle)
  return () => {
    media.removeEventListener('change', follow)
    button?.removeEventListener('click', toggle)
  }
}
