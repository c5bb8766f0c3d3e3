export { mathSyntax, withMathDocument } from './syntax.js'
export { mathFromMarkdown } from './from-markdown.js'
export { createMathHandlers, keepGluedTextWithMath, type MathProblem } from './to-hast.js'
