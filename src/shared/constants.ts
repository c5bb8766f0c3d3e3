/**
 * Constants that the compiler, the CLI, the theme and the browser client must agree on: numbers and names from the
 * product specification (section cited on each) and the site's fixed file names.
 */

/** §9 Search: at most this many suggestions. */
export const MAX_SUGGESTIONS = 10
/** §3/§9: the one locale of the site; every search index entry carries it. */
export const PATH_LOCALE = '/'
/** The stable URL of the search index, relative to the base path. */
export const SEARCH_INDEX_FILE = 'search-index.json'
/**
 * wikigen's own scripts and styles, relative to the base path. No content file, page or redirect may take a path in
 * it (output/settle-outputs.ts), so a Content-Security-Policy can name it as the one place scripts come from.
 */
export const ASSETS_DIR = '_wikigen'
