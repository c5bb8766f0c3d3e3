/** Numbers from the product specification, named with its words; the section is cited on each. */

/** §3 Theme data / §9: sidebar built from headings of levels 2 and 3. */
export const SIDEBAR_DEPTH = 2
/** §3 Page front-matter options: heroHeight default. */
export const HERO_HEIGHT = 280
/** §9: the search index holds headings of these levels only. */
export const INDEX_HEADING_LEVELS = [2, 3] as const
/** §3/§9: the one locale of the site. */
export const PATH_LOCALE = '/'
/** §9 Diagrams: maximum text size of one diagram. */
export const MAX_DIAGRAM_TEXT = 50_000
/** §9 Search: at most this many suggestions. */
export const MAX_SUGGESTIONS = 10
/** §9: the mobile breakpoint (CSS max-width). */
export const MOBILE_BREAKPOINT = 719
/** The stable URL of the search index, relative to the base path. */
export const SEARCH_INDEX_FILE = 'search-index.json'
/** Where hashed client assets go, relative to the base path. */
export const ASSETS_DIR = 'assets'
/** Bumped whenever compiled page output changes shape, so cached pages from older versions are ignored. */
export const COMPILER_VERSION = 4
