/**
 * Fenced code at build time: highlighted with lowlight (highlight.js grammars) into hast, wrapped in the
 * markup the copy button looks for (`div.language-x > pre > code`). Browsers get no highlighter.
 * Mermaid blocks become diagram placeholders that keep their source as text (markdown/diagram/).
 */
import type { Element, ElementContent } from 'hast'
import { common, createLowlight } from 'lowlight'

const lowlight = createLowlight(common)

/** Languages whose label in the corner differs from the fence name. */
const LABELS: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  js: 'javascript',
  ts: 'typescript',
  py: 'python',
  md: 'markdown',
}

/** The `<div class="language-x"><pre><code>` block for a fenced code block. */
export function codeBlock(value: string, lang: string | null | undefined): Element {
  const name = (lang ?? '').toLowerCase()
  const highlighted = name !== '' && lowlight.registered(name)
  const children: ElementContent[] = highlighted
    ? (lowlight.highlight(name, value).children as ElementContent[])
    : [{ type: 'text', value }]
  const label = LABELS[name] ?? (name || 'text')
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: [`language-${label}`], dataExt: label },
    children: [
      {
        type: 'element',
        tagName: 'pre',
        properties: {},
        children: [{ type: 'element', tagName: 'code', properties: highlighted ? { className: ['hljs'] } : {}, children }],
      },
    ],
  }
}

/** Mermaid blocks have their own module; to-hast.ts takes both kinds of fence from here. */
export { diagramBlock } from './diagram/index.js'
