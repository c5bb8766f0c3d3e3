/**
 * Containers to HTML, as VuePress renders them:
 *
 *     ::: tip Titel   → <div class="custom-container tip"><p class="custom-container-title">Titel</p>…</div>
 *     ::: details     → <details class="custom-container details"><summary>Details</summary>…</details>
 *     ::: tabs        → a tab group (tabs/to-hast.ts)
 */
import type { Handler } from 'mdast-util-to-hast'
import { element, text, type BodyContext } from '../hast.js'
import { renderTabGroup } from '../tabs/to-hast.js'
import type { Container } from './transform.js'

export function createContainerHandler(context: BodyContext): Handler {
  return (state, node: Container) => {
    if (node.kind === 'tabs') return renderTabGroup(state, node, context.nextTabGroup())
    const title =
      node.title.length > 0
        ? state.all({ type: 'paragraph', children: node.title })
        : [text(context.labels.containerTitles[node.kind] ?? node.kind)]
    if (node.kind === 'details') {
      return element('details', { className: ['custom-container', 'details'] }, [element('summary', {}, title), ...state.all(node)])
    }
    return element('div', { className: ['custom-container', node.kind] }, [
      element('p', { className: ['custom-container-title'] }, title),
      ...state.all(node),
    ])
  }
}
