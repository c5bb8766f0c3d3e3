/**
 * What a folded heading hides, as Obsidian's reading view folds: the siblings after it up to the next heading of the
 * same or a higher level. Pure, so the rules are tested without a page (folding.ts applies them to the DOM).
 */

/**
 * One child of a container, in order: a heading's level (2 for h2), or 0 for any other content. A boundary that no
 * section runs past (an h1, the footnotes) is level 1.
 */
export interface FoldItem {
  level: number
  /** A heading the reader folded. */
  folded: boolean
}

/** The indices the heading at `index` folds: the items after it, up to the next heading of its level or higher. */
export function foldRange(items: readonly FoldItem[], index: number): number[] {
  const own = items[index]?.level ?? 0
  if (own === 0) return []
  const range: number[] = []
  for (let i = index + 1; i < items.length; i++) {
    const level = items[i].level
    if (level !== 0 && level <= own) break
    range.push(i)
  }
  return range
}

/**
 * Which items are hidden by the folded headings, each folded heading hiding its range; a folded heading inside a
 * folded section stays folded (and hidden) and shows its own range folded again when the outer one unfolds.
 */
export function hiddenByFolds(items: readonly FoldItem[]): boolean[] {
  // the levels of the folded headings whose section is still open, outermost first
  const open: number[] = []
  return items.map(({ level, folded }) => {
    if (level !== 0) while (open.length > 0 && open[open.length - 1] >= level) open.pop()
    const hidden = open.length > 0
    if (level !== 0 && folded) open.push(level)
    return hidden
  })
}

/** The folded headings whose range holds the item at `index`: what must unfold to show it. */
export function foldsHiding(items: readonly FoldItem[], index: number): number[] {
  const folds: number[] = []
  // going back, a heading covers `index` when it is higher than every heading from it up to `index`
  let ceiling = items[index]?.level || Infinity
  for (let i = index - 1; i >= 0; i--) {
    const { level, folded } = items[i]
    if (level === 0 || level >= ceiling) continue
    if (folded && level > 1) folds.push(i)
    ceiling = level
    if (level === 1) break
  }
  return folds
}
