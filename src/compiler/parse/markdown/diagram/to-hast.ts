/**
 * The HTML of a ```mermaid block: a frame that reserves the diagram's estimated size, with the source inside for
 * readers without JavaScript.
 *
 *     ```mermaid
 *     flowchart LR
 *       A --> B
 *     ```
 *
 * becomes
 *
 *     <div class="diagram-figure">
 *       <div class="diagram" data-diagram="mermaid" data-diagram-width="220" data-diagram-height="70">
 *         <svg class="diagram-placeholder" width="220" height="70" aria-hidden="true" focusable="false">…</svg>
 *         <pre class="diagram-source">flowchart LR …</pre>
 *       </div>
 *     </div>
 *
 * The placeholder is shown only where JavaScript runs (the `js` class of src/client/head.ts), in place of the
 * source, and has the size of the drawing, so nothing moves when mermaid replaces it (src/client/diagrams.ts).
 * Without an estimate (a diagram type the estimate does not know) it is a box of `DEFAULT_HEIGHT` across the
 * column. The block must end with `</pre></div>`: the full-text index cuts diagrams out by that (search-data.ts).
 */
import type { Element, ElementContent } from 'hast'
import { labels } from '../../../../shared/labels.js'
import { element, text } from '../hast.js'
import { estimateDiagramSize } from './estimate.js'

/** Height of the placeholder of a diagram without an estimate, in px. */
export const DEFAULT_HEIGHT = 240

/** A node the diagram links from (internal-links.ts) and the HTML of its link (a wiki link's placeholder). */
export interface DiagramNodeLink {
  node: string
  html: ElementContent
}

/**
 * The diagram block for the mermaid `source` of a fenced code block; `loading` is the placeholder's text. The nodes
 * that link to notes (`class A internal-link`) follow as a list after the frame: the links themselves without
 * JavaScript or when the diagram fails, and where the client finds each node's address when it draws the diagram.
 *
 *     <ul class="diagram-links"><li data-diagram-node="A"><a href="/odoo-hosting.html" class="wikilink">Odoo Hosting</a></li></ul>
 */
export function diagramBlock(source: string, loading: string = labels.diagramLoading, links: DiagramNodeLink[] = []): Element {
  const size = estimateDiagramSize(source)
  const placeholder = element(
    'svg',
    {
      className: ['diagram-placeholder'],
      width: size ? String(size.width) : '100%',
      height: String(size?.height ?? DEFAULT_HEIGHT),
      ariaHidden: 'true',
      focusable: 'false',
    },
    [element('rect', { width: '100%', height: '100%', rx: '6' }, []), element('text', { x: '50%', y: '50%' }, [text(loading)])],
  )
  const frame = element(
    'div',
    {
      className: ['diagram'],
      dataDiagram: 'mermaid',
      ...(size ? { dataDiagramWidth: String(size.width), dataDiagramHeight: String(size.height) } : {}),
    },
    [placeholder, element('pre', { className: ['diagram-source'] }, [text(source)])],
  )
  if (links.length === 0) return element('div', { className: ['diagram-figure'] }, [frame])
  const list = element(
    'ul',
    { className: ['diagram-links'] },
    links.map((link) => element('li', { dataDiagramNode: link.node }, [link.html])),
  )
  return element('div', { className: ['diagram-figure'] }, [frame, list])
}
