/**
 * Splits highlighted code (hast from lowlight) into one `<span class="line">` per source line, for line
 * highlighting. A token that runs over several lines (a block comment, a heredoc) is closed at the end of each line
 * and opened again, with the same classes, at the start of the next, so every line holds whole elements and keeps its
 * colours. The newlines stay as text between the line spans: the code's text, and so what the copy button copies,
 * is unchanged.
 */
import type { Element, ElementContent, Text } from 'hast'

/** One array of content per line of the code. */
export function splitLines(children: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]]
  // the elements open at the current point, outermost first, each with the copy that receives this line's content
  const open: Element[] = []
  const target = (): ElementContent[] => (open.length > 0 ? open[open.length - 1].children : lines[lines.length - 1])

  const newLine = () => {
    lines.push([])
    // reopen every element that was open, as fresh copies, in the new line
    let parent = lines[lines.length - 1]
    for (let index = 0; index < open.length; index++) {
      const copy: Element = { ...open[index], children: [] }
      parent.push(copy)
      open[index] = copy
      parent = copy.children
    }
  }

  const walk = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const parts = node.value.split('\n')
        parts.forEach((value, index) => {
          if (index > 0) newLine()
          if (value !== '') target().push({ type: 'text', value } satisfies Text)
        })
      } else if (node.type === 'element') {
        const copy: Element = { ...node, children: [] }
        target().push(copy)
        open.push(copy)
        walk(node.children)
        open.pop()
      } else {
        target().push(node)
      }
    }
  }
  walk(children)
  return lines.map(dropEmpty)
}

/** Removes elements left without content where a token ended exactly at a line end. */
function dropEmpty(nodes: ElementContent[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type !== 'element') return [node]
    node.children = dropEmpty(node.children)
    return node.children.length > 0 ? [node] : []
  })
}
