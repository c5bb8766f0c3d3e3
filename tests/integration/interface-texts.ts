/**
 * The English texts of the interface, as the tables have them, and a scan for them: what a de-CH site must not show
 * (tests/integration/i18n-de-ch.test.ts on the built files, tests/e2e/german-interface.test.ts in the browser).
 */
import { labels as deCH } from '../../src/shared/labels.js'
import { LOCALES } from '../../src/shared/locales.js'

/** Every string value of a JSON document (not its keys: those are the format's names, or indexed words). */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(jsonStrings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(jsonStrings)
  return []
}

/**
 * The English texts of the interface a de-CH site must not show: every text of the en table that the de-CH table
 * writes otherwise, cut at its `{placeholders}`, that has a word in it. Not looked for: texts the two tables share
 * (the 404 page's messages and 'Take me home', which spec §8 writes in English for every site; 'Tag', 'Home', 'FAQ'),
 * and a text that is a word of a German text too ('Min' of 'Min.').
 */
export function englishTexts(): string[] {
  const english = LOCALES.en.labels as unknown as Record<string, unknown>
  const german = deCH as unknown as Record<string, unknown>
  const out: string[] = []
  const add = (own: string, other: unknown) => {
    if (own !== other) out.push(...own.split(/\{\w+\}/).map((part) => part.trim()))
  }
  for (const [key, value] of Object.entries(english)) {
    if (typeof value === 'string') add(value, german[key])
    else if (Array.isArray(value)) value.forEach((text, i) => add(text as string, (german[key] as string[])[i]))
    else
      for (const [kind, title] of Object.entries(value as Record<string, string>)) add(title, (german[key] as Record<string, string>)[kind])
  }
  const germanTexts = Object.values(german).flatMap(jsonStrings)
  return [...new Set(out)].filter((text) => /\p{L}{2}/u.test(text) && !germanTexts.some((de) => asWords(text).test(de)))
}

/** `text` as a run of whole words, case and all: 'Map' is not in 'Mappe', 'Close' not in 'close-button'. */
export const asWords = (text: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_-])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u')

/** The English texts of the interface in `texts`, as `where: "text" (English)`. */
export function englishIn(where: string, texts: string[], words: string[], phrasesOnly = false): string[] {
  const found: string[] = []
  const looked = phrasesOnly ? words.filter((word) => /\p{L}+\s+\p{L}+/u.test(word)) : words
  for (const text of texts)
    for (const word of looked) if (asWords(word).test(text)) found.push(`${where}: ${JSON.stringify(text.slice(0, 120))} (${word})`)
  return found
}
