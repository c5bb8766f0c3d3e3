/**
 * Obsidian's links in mermaid flowcharts (`class A,B internal-link`): the build resolves each linked node's note like
 * a wiki link and lists the links after the diagram (src/compiler/parse/markdown/diagram/to-hast.ts); before drawing,
 * these become mermaid's own `click` statements, so the drawn node is a link to the same address. Pure, so it is
 * tested with literal links.
 */

/** A node of the diagram and the address its note resolved to. */
export interface NodeLink {
  node: string
  href: string
}

/** Node ids mermaid's `click` statement takes: letters, digits and `_`, with `-` or `.` inside. */
const NODE_ID = /^[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*$/u

/**
 * The source to draw: `source` with a `click <node> href "<href>" _self` line per link, so the node opens the page
 * in the same tab. A node id mermaid could not take, or an address with a quote or line break, is left out.
 *
 *     graph TD\n A[Odoo] --> B\n class A internal-link   + [{ node: 'A', href: '/odoo.html' }]
 *     → …\n click A href "/odoo.html" _self
 */
export function withNodeLinks(source: string, links: readonly NodeLink[]): string {
  const statements = links
    .filter((link) => NODE_ID.test(link.node) && link.href !== '' && !/["\n\r]/.test(link.href))
    .map((link) => `click ${link.node} href "${link.href}" _self`)
  return statements.length === 0 ? source : `${source.replace(/\s*$/, '')}\n${statements.join('\n')}\n`
}
