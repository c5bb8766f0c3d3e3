import { pageLabels } from './labels.js'

/**
 * Copy buttons on code blocks (spec §9): 'Kopiert' for 2000 ms after a copy. Every block gets its button; styles/code.css
 * hides them up to 419 px with a media query, so a window that grows or a phone turned to landscape shows them.
 */
const COPIED_MS = 2000

export function mount(root: HTMLElement): () => void {
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
