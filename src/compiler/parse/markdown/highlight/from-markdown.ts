/**
 * Turns highlight tokens into mdast `highlight` nodes; to-hast renders them as `<mark>`.
 */
import type { Parent, PhrasingContent } from 'mdast'
import type { Extension } from 'mdast-util-from-markdown'

export interface Highlight extends Parent {
  type: 'highlight'
  children: PhrasingContent[]
  data?: { hName: 'mark' }
}

declare module 'mdast' {
  interface PhrasingContentMap {
    highlight: Highlight
  }
  interface RootContentMap {
    highlight: Highlight
  }
}

/** The from-markdown extension; the node carries `data.hName` so mdast-util-to-hast needs no handler. */
export function highlightFromMarkdown(): Extension {
  return {
    canContainEols: ['highlight'],
    enter: {
      highlight(token) {
        const node: Highlight = { type: 'highlight', children: [], data: { hName: 'mark' } }
        this.enter(node as never, token)
      },
    },
    exit: {
      highlight(token) {
        this.exit(token)
      },
    },
  }
}
