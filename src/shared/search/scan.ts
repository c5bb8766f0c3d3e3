/**
 * Finds the candidate texts of a query in a corpus (prepared-index.ts), in corpus order: the texts that
 * contain every needle ('all', for ASCII queries, whose words must all occur) or at least one ('any', for
 * queries with non-ASCII characters, whose words are alternatives).
 *
 * Each needle keeps a cursor on its next occurrence, so a whole search reads the corpus about once per needle,
 * whatever the number of texts: a query that matches nothing costs a few native `indexOf` calls.
 */
import type { Corpus } from './prepared-index.js'

/** Returns `next(from)`: the first text at or after text `from` that is a candidate, or -1 when none is left. */
export function createScanner(corpus: Corpus, needles: readonly string[], mode: 'all' | 'any'): (from: number) => number {
  const count = corpus.starts.length - 1
  const cursors = needles.map(() => -1)
  // the position each cursor was searched from; a cursor answers for any later position it does not pass
  const searchedFrom = needles.map(() => Number.POSITIVE_INFINITY)

  function occurrence(i: number, position: number): number {
    const at = cursors[i]
    if (searchedFrom[i] <= position && (at === -1 || at >= position)) return at
    searchedFrom[i] = position
    cursors[i] = corpus.all.indexOf(needles[i], position)
    return cursors[i]
  }

  function nextAny(from: number): number {
    const position = corpus.starts[from]
    let first = -1
    for (let i = 0; i < needles.length; i++) {
      const at = occurrence(i, position)
      if (at !== -1 && (first === -1 || at < first)) first = at
    }
    return first === -1 ? -1 : textAt(corpus.starts, first, from)
  }

  function nextAll(from: number): number {
    // leapfrog: jump to the text of the farthest next occurrence until all needles meet in one text
    for (let text = from; text < count;) {
      let target = text
      for (let i = 0; i < needles.length; i++) {
        const at = occurrence(i, corpus.starts[text])
        if (at === -1) return -1
        target = Math.max(target, textAt(corpus.starts, at, text))
      }
      if (target === text) return text
      text = target
    }
    return -1
  }

  return (from) => (from >= count ? -1 : mode === 'any' ? nextAny(from) : nextAll(from))
}

/** The text containing corpus offset `at`: the last start ≤ at, searched from text `low` on. */
function textAt(starts: Int32Array, at: number, low: number): number {
  let high = starts.length - 2
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle] <= at) low = middle
    else high = middle - 1
  }
  return low
}

/** Text `t` of the corpus, without copying (V8 slices long strings). */
export function textOf(corpus: Corpus, t: number): string {
  return corpus.all.slice(corpus.starts[t], corpus.starts[t + 1] - 1)
}
