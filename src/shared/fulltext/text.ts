/**
 * Words as the full-text search compares them: lower-cased, umlauts and ß folded to their two-letter spellings
 * (ä → ae, ö → oe, ü → ue, ß → ss, so `Strasse` and `Straße`, `Maerz` and `März` are one word), other accents
 * dropped; split at everything that is not a letter or digit. The same functions run when the index is built and when
 * a reader searches, in the browser and in `wikigen search --full-text`.
 */

const FOLDS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', œ: 'oe' }

/**
 * Characters that decomposition leaves as they are or turns into no letter or digit: a text of only these (most
 * German text, once its umlauts are folded) needs no Unicode decomposition, which is the slow part of folding.
 */
const PLAIN = /^[\x00-\x7f\u00a0\u00a7\u00ab\u00b0\u00b7\u00bb\u00d7\u00f7\u2010-\u2027\u2030\u2039\u203a\u20ac\u2190-\u21ff]*$/

/** 'Größe Übersicht' → 'groesse uebersicht' */
export function fold(text: string): string {
  const lower = lowerFolded(text)
  return PLAIN.test(lower) ? lower : decomposed(lower)
}

const lowerFolded = (text: string) => text.toLowerCase().replace(/[äöüßæœ]/g, (c) => FOLDS[c])
const decomposed = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '')

const WORD = /[\p{L}\p{N}]+/gu
/** The letters and digits of a plain text, once lower-cased: a faster pattern for the same words. */
const PLAIN_WORD = /[a-z0-9]+/g

/** The folded words of a text, in order. */
export function words(text: string): string[] {
  const lower = lowerFolded(text)
  return (PLAIN.test(lower) ? lower.match(PLAIN_WORD) : decomposed(lower).match(WORD)) ?? []
}

/**
 * Words that carry no meaning of their own in a question ("wie lange werden backups aufbewahrt"): left out of the
 * index and of queries, German and English.
 */
export const STOPWORDS = new Set(
  (
    'der die das den dem des ein eine einer einen einem eines und oder aber auch als am an auf aus bei bis da dann ' +
    'dass daß durch fuer für im in ist sind war wird werden wurde hat haben habe mit nach nicht noch nur ob so ' +
    'sich sie er es wir ihr ich du um von vor wie wo was wer zu zum zur ueber über unter man mehr sehr schon ' +
    'wann warum wieso weshalb welche welcher welches lange gibt kann können muss müssen soll sollen darf dürfen ' +
    'mein meine meinen unser unsere unseren mich mir uns einem ' +
    'the a an and or but of to in on at for with by from is are was were be been it this that as not can how what ' +
    'when where who which do does i my we our you your should must need long get'
  )
    .split(' ')
    .map(fold),
)

/**
 * Edit distance of two words where swapping two neighbouring letters is one edit, as a typist makes it ("wiregaurd"
 * for "wireguard"): the optimal string alignment distance. Stops early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1)
      current[j] = value
      if (value < best) best = value
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]
}

/** How many edits a query word of this length may be away from a word of the index: none below 5 letters, two from 8. */
export function editsAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 5 ? 1 : 0
}
