/**
 * A record of values kept in sessionStorage under one key, so it survives a reload within the tab: read once, kept
 * in memory, written whole after each change. Storage that is full, disabled or holds something else leaves the
 * record in memory only.
 */
export interface SessionRecord<T> {
  /** The values, read from storage on first use. */
  values(): Record<string, T>
  /** Writes the values back to storage. */
  save(): void
}

export function sessionRecord<T>(storageKey: string): SessionRecord<T> {
  let values: Record<string, T> | undefined
  const read = (): Record<string, T> => {
    if (!values) {
      try {
        const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}')
        values = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, T>) : {}
      } catch {
        values = {}
      }
    }
    return values
  }
  return {
    values: read,
    save() {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(read()))
      } catch {
        // storage full or disabled: the values still hold until the next reload
      }
    },
  }
}
