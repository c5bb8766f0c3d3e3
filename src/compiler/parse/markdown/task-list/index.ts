export { taskListSyntax } from './syntax.js'
export { taskListFromMarkdown } from './from-markdown.js'
