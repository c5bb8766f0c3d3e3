/**
 * Fenced code at build time: highlighted with lowlight (highlight.js grammars, languages.ts) into hast, wrapped in the
 * markup the copy button looks for (`div.language-x > pre > code`). Browsers get no highlighter. Lines named in the
 * info string (`ts {2,4-5}`) are wrapped one by one so they can be marked; `:line-numbers` numbers them (drawn by CSS, so
 * the code's text stays the code). Mermaid blocks become diagram placeholders (markdown/diagram/).
 */
import type { Element, ElementContent } from 'hast'
import { closestMatch } from '../../../config/closest.js'
import { parseFenceInfo, type FenceInfo } from './info.js'
import { grammarOf, highlighter, knownLanguages, labelOf } from './languages.js'
import { splitLines } from './lines.js'

export { parseFenceInfo, type FenceInfo } from './info.js'

/** The `<div class="language-x"><pre><code>` block for a fenced code block. */
export function codeBlock(value: string, info: FenceInfo): Element {
  const grammar = grammarOf(info.lang)
  const highlighted = typeof grammar === 'string'
  let children: ElementContent[] = highlighted
    ? (highlighter().highlight(grammar, value).children as ElementContent[])
    : [{ type: 'text', value }]
  if (info.highlight.size > 0 || info.lineNumbers) children = markLines(children, info)
  const label = labelOf(info.lang)
  const block: Element = {
    type: 'element',
    tagName: 'div',
    properties: { className: [`language-${label}`, ...(info.lineNumbers ? ['line-numbers-mode'] : [])], dataExt: label },
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [{ type: 'element', tagName: 'code', properties: highlighted ? { className: ['hljs'] } : {}, children }],
      },
    ],
  }
  return block
}

/**
 * Every line in its own span, newlines between them; the lines named in braces get class `highlighted`, and with line
 * numbers each line carries its number in `data-n`, which CSS draws before it: not text, so neither copied nor indexed.
 */
function markLines(children: ElementContent[], info: FenceInfo): ElementContent[] {
  return splitLines(children).flatMap((content, index): ElementContent[] => {
    const line: Element = {
      type: 'element',
      tagName: 'span',
      properties: {
        className: info.highlight.has(index + 1) ? ['line', 'highlighted'] : ['line'],
        ...(info.lineNumbers ? { dataN: String(info.start + index) } : {}),
      },
      children: content,
    }
    return index === 0 ? [line] : [{ type: 'text', value: '\n' }, line]
  })
}

/** What is wrong with a fence's info string, for a warning at the fence; empty when nothing is. */
export function fenceProblems(info: FenceInfo, lineCount: number): { message: string; hint: string }[] {
  const problems: { message: string; hint: string }[] = []
  if (grammarOf(info.lang) === undefined) {
    const known = knownLanguages()
    const suggestion = closestMatch(info.lang, known)
    problems.push({
      message: `Unknown code language "${info.lang}"; the block is shown without highlighting`,
      hint: (suggestion ? `Did you mean "${suggestion}"? ` : '') + `Known languages: ${known.join(', ')}. Write "text" for plain text.`,
    })
  }
  const beyond = [...info.highlight].filter((line) => line > lineCount || line < 1).sort((a, b) => a - b)
  if (beyond.length > 0) {
    problems.push({
      message: `${beyond.length === 1 ? 'Line to highlight is' : 'Lines to highlight are'} outside the block: ${formatLines(beyond)} (it has ${lineCount} ${lineCount === 1 ? 'line' : 'lines'})`,
      hint: 'Count from 1, the first line after the fence, also where :line-numbers=N shows other numbers; e.g. ```ts {2,4-5}.',
    })
  }
  return problems
}

/** `3, 7-9` for a sorted list of line numbers. */
function formatLines(lines: number[]): string {
  const parts: string[] = []
  for (let i = 0; i < lines.length; i++) {
    let j = i
    while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++
    parts.push(j > i ? `${lines[i]}-${lines[j]}` : String(lines[i]))
    i = j
  }
  return parts.join(', ')
}

/** Mermaid blocks have their own module; to-hast.ts takes both kinds of fence from here. */
export { diagramBlock, internalLinksOf } from '../diagram/index.js'
