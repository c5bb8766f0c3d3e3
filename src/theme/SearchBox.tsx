import { labels } from './labels.js'

export interface SearchBoxProps {
  /** URL of the search index (fetched on first focus). */
  indexHref: string
  /** Base path, for locale matching. */
  locale: string
}

/** The search box island (spec §4, §5, §9). Behaviour: see src/theme/search/match.ts for matching. */
export function SearchBox({ indexHref }: SearchBoxProps) {
  return (
    <div className="search-box" role="search">
      <input
        className="search-input"
        type="search"
        placeholder={labels.searchPlaceholder}
        aria-label={labels.searchPlaceholder}
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        aria-controls="search-suggestions"
        autoComplete="off"
        spellCheck={false}
        data-index={indexHref}
      />
    </div>
  )
}
