export { inlineFootnoteSyntax } from './syntax.js'
export { inlineFootnoteFromMarkdown, placeInlineFootnotes } from './from-markdown.js'
export type { InlineFootnote } from './from-markdown.js'
