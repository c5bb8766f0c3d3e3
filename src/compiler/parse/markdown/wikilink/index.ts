export { wikiLinkSyntax } from './syntax.js'
export { wikiLinkFromMarkdown, parseWikiLinkValue } from './from-markdown.js'
export type { WikiLink } from './from-markdown.js'
export { createWikiLinkHandler, IMAGE_EXTENSIONS } from './to-hast.js'
