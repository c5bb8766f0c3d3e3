import { describe, expect, it } from 'vitest'
import { compile } from '../../page-fixtures.js'
import { fromHtml } from 'hast-util-from-html'
import type { Element, ElementContent, Root } from 'hast'

const body = (markdown: string) => compile('Seite.md', markdown).html
/** Each list item's status (data-task), whether its box is checked, and its name: the text its aria-labelledby names. */
const tasks = (html: string) => {
  const elements: Element[] = []
  const collect = (node: Root | Element) => {
    for (const child of node.children) if (child.type === 'element') (elements.push(child), collect(child))
  }
  collect(fromHtml(html, { fragment: true }))
  const textOf = (node: ElementContent): string =>
    node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : ''
  return elements
    .filter((li) => li.tagName === 'li' && String(li.properties.className).includes('task-list-item'))
    .map((li) => {
      const holder = li.children.find((c): c is Element => c.type === 'element' && c.tagName === 'p') ?? li
      const box = holder.children.find((c): c is Element => c.type === 'element' && c.tagName === 'input')!
      expect(box.properties.ariaLabel).toBeUndefined()
      const named = elements.filter((e) => e.properties.id === String(box.properties.ariaLabelledBy))
      expect(named).toHaveLength(1)
      return [li.properties.dataTask ?? null, box.properties.checked === true, textOf(named[0]).trim()]
    })
}

describe('task list items', () => {
  it('takes any character as a status: checked, kept as data-task, never shown as text', () => {
    const html = body(
      '- [ ] offen\n- [x] erledigt\n- [X] gross\n- [-] abgesagt\n- [/] halb\n- [>] verschoben\n- [<] geplant\n- [!] wichtig\n- [?] Frage\n- [*] Stern\n- [k] eigenes\n- [🔥] heiss\n',
    )
    expect(tasks(html)).toEqual([
      [null, false, 'offen'],
      ['x', true, 'erledigt'],
      ['X', true, 'gross'],
      ['-', true, 'abgesagt'],
      ['/', true, 'halb'],
      ['>', true, 'verschoben'],
      ['<', true, 'geplant'],
      ['!', true, 'wichtig'],
      ['?', true, 'Frage'],
      ['*', true, 'Stern'],
      ['k', true, 'eigenes'],
      ['🔥', true, 'heiss'],
    ])
    expect(html).not.toMatch(/\[[^\]]\]/)
  })

  it('leaves links, wiki links, a bare check and text that is no item alone', () => {
    const html = body('- [[Seite]] verlinkt\n- [a](b.md)\n- [?]\n- [ab] zwei Zeichen\n\nText [?] mitten drin\n')
    expect(tasks(html)).toEqual([])
    expect(html).toContain('<li>[?]</li>')
    expect(html).toContain('<li>[ab] zwei Zeichen</li>')
    expect(html).toContain('<p>Text [?] mitten drin</p>')
  })

  it('keeps the status of nested, ordered and loose items, with a block id', () => {
    const html = body('1. [?] Frage ^frage\n\n   Mehr dazu.\n   - [-] abgesagt\n')
    expect(tasks(html)).toEqual([
      ['?', true, 'Frage'],
      ['-', true, 'abgesagt'],
    ])
    expect(html).toContain('<li class="task-list-item" data-task="?" id="^frage">')
  })

  it('names each box by its own text only: not its nested items, not the next paragraph, with code and emphasis', () => {
    const html = body(
      '- [ ] Server *neu* starten\n  - [x] Dienst `nginx` prüfen\n    - [ ] Logs lesen\n- [ ] Zweiter Punkt\n\n  Mit einer Erklärung.\n',
    )
    expect(tasks(html)).toEqual([
      [null, false, 'Server neu starten'],
      ['x', true, 'Dienst nginx prüfen'],
      [null, false, 'Logs lesen'],
      [null, false, 'Zweiter Punkt'],
    ])
    // the text is shown once: wrapped, not copied into an attribute
    expect(html.match(/Logs lesen/g)).toHaveLength(1)
  })

  it('gives ids that are unique on the page, the same in every build, and apart from other pages', () => {
    const markdown = '- [ ] eins\n- [ ] zwei\n\n## Task 1\n\n- [ ] eins\n'
    const ids = (html: string) => [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((m) => m[1])
    const first = ids(body(markdown))
    expect(first).toHaveLength(3)
    expect(new Set(first).size).toBe(3)
    expect(first.every((id) => /^task_[a-z0-9]+_\d+$/.test(id))).toBe(true)
    expect(ids(body(markdown))).toEqual(first)
    const other = ids(body('- [ ] drei\n- [ ] vier\n'))
    expect(other.some((id) => first.includes(id))).toBe(false)
  })

  it('leaves a box without text unnamed rather than naming it by its nested list', () => {
    const html = body('- [ ]\n  - [ ] Kind\n')
    expect(html).not.toContain('aria-label=')
    expect(tasks(html).map((task) => task[2])).toEqual(['Kind'])
  })
})
