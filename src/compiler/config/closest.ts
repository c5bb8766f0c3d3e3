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

/** Names longer than this are matched only when they differ in case alone: an edit distance costs length². */
export const MAX_SUGGESTED_LENGTH = 120
/** Character pairs one search may compare: past it, the best candidate so far is the answer. */
const MAX_COMPARED_PAIRS = 2_000_000

/**
 * The candidate closest to `wanted` (case-insensitive), or undefined when none is within a third of its length. The
 * work is bounded, so a file full of long dead ids or anchors costs linear time: names past MAX_SUGGESTED_LENGTH are
 * matched only when equal but for case, and one search compares at most MAX_COMPARED_PAIRS character pairs.
 */
export function closestMatch(wanted: string, candidates: Iterable<string>): string | undefined {
  const target = wanted.toLowerCase()
  const limit = Math.max(2, Math.floor(target.length / 3))
  let best: string | undefined
  let bestDistance = limit + 1
  let budget = MAX_COMPARED_PAIRS
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase()
    if (target.length > MAX_SUGGESTED_LENGTH || lower.length > MAX_SUGGESTED_LENGTH) {
      if (lower === target) return candidate
      continue
    }
    budget -= target.length * lower.length
    if (budget < 0) break
    const distance = editDistance(target, lower, bestDistance - 1)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
      if (distance === 0) break
    }
  }
  return best
}
