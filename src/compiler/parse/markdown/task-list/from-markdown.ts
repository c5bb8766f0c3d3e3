/**
 * Keeps a task's status on its list item: `- [?] unklar` becomes a checked item whose `<li>` carries
 * `data-task="?"` (as in Obsidian, where themes and snippets style tasks by it). An open task (`[ ]`) has none.
 */
import type { ListItem } from 'mdast'
import type { Extension } from 'mdast-util-from-markdown'

/** The from-markdown extension; it goes after mdast-util-gfm-task-list-item's, whose checked-value handler it replaces. */
export function taskListFromMarkdown(): Extension {
  return {
    exit: {
      taskListCheckValueChecked(token) {
        // always in a paragraph, in a list item
        const item = this.stack[this.stack.length - 2] as ListItem
        item.checked = true
        const data = (item.data ??= {})
        data.hProperties = { ...data.hProperties, dataTask: this.sliceSerialize(token) }
      },
    },
  }
}
