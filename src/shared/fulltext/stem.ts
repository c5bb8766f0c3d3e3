/**
 * Stems of a folded word, with the Snowball stemmers of German and English (Orama's stemmers): German for the
 * wiki's language, English for the English words a German company wiki is full of ("Backups", "Keys") and for English
 * pages. A word has up to two stems; matching any of them counts as a stemmed hit. Stems are remembered, since the
 * same words come up over and over.
 */
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as english } from '@orama/stemmers/english'

const known = new Map<string, string[]>()
const UMLAUTS: Record<string, string> = { a: 'ä', o: 'ö', u: 'ü' }
const MAX_KNOWN = 200_000

/** The stems of a folded word (none for words of fewer than three characters or with digits). */
export function stemsOf(word: string): string[] {
  let stems = known.get(word)
  if (stems) return stems
  if (word.length < 3 || /\d/.test(word)) stems = []
  else {
    // a participle stems like its verb: aufbewahrt → aufbewahr (as aufbewahren, Aufbewahrung)
    const participle = word.length >= 7 && /[^e]e?t$/.test(word) ? german(word.replace(/e?t$/, '')) : undefined
    // the German stemmer takes umlauts off a stem (Parkplätze → parkplatz), but not the two-letter spellings folding
    // made of them: the word is also stemmed with its umlauts back, so singular and plural find each other
    const unfolded = /[aou]e/.test(word) ? german(word.replace(/([aou])e/g, (_, vowel: string) => UMLAUTS[vowel])) : undefined
    stems = [...new Set([german(word), english(word), ...(participle ? [participle] : []), ...(unfolded ? [unfolded] : [])])]
  }
  if (known.size >= MAX_KNOWN) known.clear()
  known.set(word, stems)
  return stems
}
