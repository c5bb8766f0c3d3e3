import { pageLabels } from './labels.js'

/** Copy buttons on code blocks (spec §9): hidden up to 419 px, 'Kopiert' for 2000 ms after a copy. */
const COPIED_MS = 2000
const NARROW = '(max-width: 419px)'

export function mount(root: HTMLElement): () => void {
  if (matchMedia(NARROW).matches) {
    document.body.classList.add('no-copy-code')
    return () => {}
  }
  const buttons: HTMLButtonElement[] = []
  for (const block of root.querySelectorAll<HTMLElement>('[data-content] div[class*="language-"]')) {
    if (block.querySelector('.copy-code-button')) continue
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'copy-code-button'
    button.setAttribute('aria-label', pageLabels().copyCode)
    button.title = pageLabels().copyCode
    button.dataset.copied = pageLabels().copied
    button.addEventListener('click', async () => {
      const code = block.querySelector('pre')?.textContent ?? ''
      const text = /language-(bash|sh|shell|zsh|console)\b/.test(block.className) ? code.replace(/^ *(\$|>) /gm, '') : code
      try {
        await navigator.clipboard.writeText(text)
      } catch {
        return
      }
      button.classList.add('copied')
      setTimeout(() => {
        button.classList.remove('copied')
        button.blur()
      }, COPIED_MS)
    })
    block.prepend(button)
    buttons.push(button)
  }
  return () => buttons.forEach((b) => b.remove())
}
