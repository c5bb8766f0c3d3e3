/**
 * The vault's language as the last build decided it, by the stamps of the notes it read (discover/vault-language.ts):
 * a warm build whose sampled notes are unchanged takes it after a `stat` of each, without reading a note or loading
 * the language tables of text detection.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { LanguageMemo } from '../discover/vault-language.js'

/** A memo kept in the cache folder (`language.json`), or in memory only when there is none. */
export function loadLanguageMemo(cacheDir: string | undefined): LanguageMemo {
  const file = cacheDir && join(cacheDir, 'language.json')
  let stored: { key: string; lang: string | null } | undefined
  if (file) {
    try {
      const read = JSON.parse(readFileSync(file, 'utf8')) as unknown
      if (isStored(read)) stored = read
    } catch {
      // none yet, or torn: the notes are read
    }
  }
  return {
    get: (key) => (stored && stored.key === key ? stored.lang : undefined),
    set(key, lang) {
      stored = { key, lang }
      if (!file) return
      try {
        const temp = `${file}.${process.pid}.tmp`
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(temp, JSON.stringify(stored))
        renameSync(temp, file)
      } catch {
        // a memo that cannot be written is read again next time: the build goes on
      }
    },
  }
}

function isStored(value: unknown): value is { key: string; lang: string | null } {
  if (typeof value !== 'object' || value === null) return false
  const { key, lang } = value as Record<string, unknown>
  return typeof key === 'string' && (lang === null || typeof lang === 'string')
}
