export { highlightSyntax } from './syntax.js'
export { highlightFromMarkdown } from './from-markdown.js'
export type { Highlight } from './from-markdown.js'
