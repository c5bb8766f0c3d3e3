import { describe, expect, it } from 'vitest'
import { compile } from '../../page-fixtures.js'

const body = (markdown: string) => compile('Seite.md', markdown).html
/** Each list item's status (data-task), whether its box is checked, and its name. */
const tasks = (html: string) =>
  [
    ...html.matchAll(
      /<li class="task-list-item"(?: data-task="([^"]*)")?[^>]*>(?:\s*<p>)?<input type="checkbox"( checked)? disabled aria-label="([^"]*)">/g,
    ),
  ].map((m) => [m[1] ?? null, Boolean(m[2]), m[3]])

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
      ['?', true, 'Frage Mehr dazu.'],
      ['-', true, 'abgesagt'],
    ])
    expect(html).toContain('<li class="task-list-item" data-task="?" id="^frage">')
  })
})
