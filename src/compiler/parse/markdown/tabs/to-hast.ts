/**
 * A tab group (`::: tabs` with `@tab` lines) to HTML: a tab list of buttons and one panel per tab, wired with ARIA
 * ids unique on the page; the client (src/client/tabs.ts) switches them and remembers the choice per group id.
 * Each panel starts with its tab's name (`.tab-panel-name`): without JavaScript every panel stands below the
 * other and the buttons switch nothing, so the name says which panel is which; once the script runs (`html.js`)
 * the name is hidden and the tab list says it.
 */
import type { Element } from 'hast'
import type { State } from 'mdast-util-to-hast'
import type { Container, Tab } from '../container/transform.js'
import { element, text } from '../hast.js'

/** The HTML of tab group number `group` of its page. */
export function renderTabGroup(state: State, node: Container, group: number): Element {
  const tabs = node.children as unknown as Tab[]
  const active = Math.max(
    0,
    tabs.findIndex((t) => t.active),
  )
  const id = (i: number) => `tabs-${group}-${i}`
  return element('div', { className: ['tabs'], ...(node.id ? { dataTabsId: node.id } : {}) }, [
    element(
      'div',
      { className: ['tabs-list'], role: 'tablist' },
      tabs.map((tab, i) =>
        element(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `${id(i)}-tab`,
            ariaControls: [`${id(i)}-panel`],
            ariaSelected: i === active ? 'true' : 'false',
            tabIndex: i === active ? 0 : -1,
            dataTab: tab.label,
          },
          [text(tab.label)],
        ),
      ),
    ),
    ...tabs.map((tab, i) =>
      element(
        'div',
        {
          className: i === active ? ['tab-panel', 'active'] : ['tab-panel'],
          role: 'tabpanel',
          id: `${id(i)}-panel`,
          ariaLabelledBy: [`${id(i)}-tab`],
          tabIndex: 0,
        },
        [element('p', { className: ['tab-panel-name'] }, [text(tab.label)]), ...state.all(tab as never)],
      ),
    ),
  ])
}
