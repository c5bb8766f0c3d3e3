/**
 * 'Did you mean …' for dead links: the candidate with the smallest edit distance, if it is close enough.
 */

/** Levenshtein distance of two strings, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      best = Math.min(best, current[j])
    }
    if (best > limit) return limit + 1
    previous = current
  }
  return previous[b.length]
}

/** The candidate closest to `wanted` (case-insensitive), or undefined when none is within a third of its length. */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | undefined {
  const target = wanted.toLowerCase()
  const limit = Math.max(2, Math.floor(target.length / 3))
  let best: string | undefined
  let bestDistance = limit + 1
  for (const candidate of candidates) {
    const distance = editDistance(target, candidate.toLowerCase(), bestDistance - 1)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
      if (distance === 0) break
    }
  }
  return best
}
