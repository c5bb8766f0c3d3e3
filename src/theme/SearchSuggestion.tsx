import type { Suggestion } from '../shared/search/match.js'

/**
 * The text of one search suggestion: the page title and, for a heading match, the heading on a second line
 * after a '›'. Plain React text, never HTML, so a heading like "<b>fett</b>" shows as written.
 */
export function SearchSuggestion({ suggestion }: { suggestion: Suggestion }) {
  return (
    <>
      <span className="page-title">{titleOf(suggestion)}</span>
      {suggestion.header !== undefined && (
        <span className="page-header">
          <span className="page-header-marker" aria-hidden="true">
            ›{' '}
          </span>
          {suggestion.header}
        </span>
      )}
    </>
  )
}

/**
 * What a screen reader announces for a suggestion: "Title" or "Title, Heading". Given as the option's label
 * because names computed from the two lines differ between browsers ("Title Heading", "Title › Heading").
 */
export function suggestionLabel(suggestion: Suggestion): string {
  const title = titleOf(suggestion)
  return suggestion.header === undefined ? title : `${title}, ${suggestion.header}`
}

/** The title, or for a page without one (the 404 page) its path, so no suggestion is an empty line. */
function titleOf(suggestion: Suggestion): string {
  if (suggestion.title !== '') return suggestion.title
  const path = suggestion.link.split('#')[0] ?? suggestion.link
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}
