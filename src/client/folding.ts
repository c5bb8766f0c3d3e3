/**
 * Folding of headings and nested lists in the reading view (`theme.folding`, folding-chunk.ts). The buttons are
 * loaded as their own small chunk, once, on pages that have something to fold: the main bundle carries this check
 * only. Until the chunk is there nothing can be folded, so nothing needs unfolding either.
 */
import { pageLabels } from './labels.js'
import { preload } from './preload.js'
import { hashTarget } from './router.js'

type FoldingChunk = typeof import('./folding-chunk.js')

let chunk: Promise<FoldingChunk | undefined> | undefined

/** A heading (other than the footnotes' hidden one) or a list item with a nested list in the page content. */
const FOLDABLE = '[data-content] :is(h2, h3, h4, h5, h6):not(.sr-only), [data-content] li > :is(ul, ol)'

export function mount(root: HTMLElement): () => void {
  if (root.querySelector('[data-folding="false"]') || !root.querySelector(FOLDABLE)) return () => {}
  let detach: (() => void) | undefined
  let left = false
  chunk ??= preload(() => import('./folding-chunk.js'))
  void chunk.then((folding) => {
    if (folding && !left) detach = folding.attachFolding(root, { labels: pageLabels(), hashTarget })
  })
  return () => {
    left = true
    detach?.()
  }
}
