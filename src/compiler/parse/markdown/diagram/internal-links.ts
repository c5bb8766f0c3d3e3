/**
 * Obsidian's links in mermaid flowcharts: a node with the class `internal-link` links to the note its label names.
 *
 *     graph TD
 *       A[Odoo Hosting] --> B[Backup]
 *       class A,B internal-link;          → A links to the page "Odoo Hosting", B to "Backup"
 *
 * `A[Backup]:::internal-link` does the same for one node. A label `Seite#Kapitel` links to that heading. The build
 * resolves each like a wiki link (a missing page is a dead link); the browser makes the drawn node a link
 * (src/client/diagram-chunk.ts).
 */
import { flowchartNodes } from './flowchart.js'

/** A node of a diagram that links to a note. */
export interface DiagramLink {
  /** The node's id in the diagram source. */
  node: string
  /** The label as written, and the page and heading it names. */
  label: string
  target: string
  anchor?: string
  /** Where the class that makes it a link is given, counted from the diagram's first line (0). */
  line: number
  column: number
}

const CLASS_NAME = 'internal-link'

/** The linked nodes of the mermaid `source`, in the order of the source; none when it is not a flowchart. */
export function internalLinksOf(source: string): DiagramLink[] {
  // most diagrams have none: only those that name the class are read
  if (!source.includes(CLASS_NAME)) return []
  const nodes = flowchartNodes(source)
  if (!nodes) return []
  const lines = source.split('\n')
  const lineOf = classLines(lines)
  const links: DiagramLink[] = []
  for (const [id, node] of nodes) {
    if (!node.classes.includes(CLASS_NAME)) continue
    const label = cleanLabel(node.label)
    if (label === '') continue
    const hash = label.indexOf('#')
    const line = lineOf.get(id) ?? 0
    links.push({
      node: id,
      label,
      target: hash === -1 ? label : label.slice(0, hash).trim(),
      ...(hash === -1 ? {} : { anchor: label.slice(hash + 1).trim() }),
      line,
      column: (/^\s*/.exec(lines[line])?.[0].length ?? 0) + 1,
    })
  }
  return links
}

/** For each word on a line that names the class, the first such line: where a node is made a link. */
function classLines(lines: readonly string[]): Map<string, number> {
  const found = new Map<string, number>()
  lines.forEach((text, index) => {
    if (!text.includes(CLASS_NAME)) return
    for (const [word] of text.matchAll(/[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/gu)) if (!found.has(word)) found.set(word, index)
  })
  return found
}

/** A label as text: without its quotes, markdown-string backticks, line breaks and doubled spaces. */
function cleanLabel(label: string): string {
  return label
    .trim()
    .replace(/^"([\s\S]*)"$/, '$1')
    .replace(/^`([\s\S]*)`$/, '$1')
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
