/**
 * Numbers from the product specification that only the compiler uses, named with its words; the section is cited on
 * each. What other runtimes need too is in src/shared/constants.ts.
 */

/** §3 Theme data / §9: sidebar built from headings of levels 2 and 3. */
export const SIDEBAR_DEPTH = 2
/** §3 Page front-matter options: heroHeight default. */
export const HERO_HEIGHT = 280
/** §9: the search index holds headings of these levels only. */
export const INDEX_HEADING_LEVELS = [2, 3] as const
/** §9 Diagrams: maximum text size of one diagram. */
export const MAX_DIAGRAM_TEXT = 50_000
/** Bumped whenever compiled page output changes shape, so cached pages from older versions are ignored. */
export const COMPILER_VERSION = 14
