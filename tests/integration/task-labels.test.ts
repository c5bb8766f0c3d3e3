/**
 * Task list boxes are named by their item's own text on the built page (aria-labelledby on a span around it): the
 * text of links counts, which is only known after linking, nested items and later paragraphs do not, and the ids stay
 * unique on a page that embeds another page's tasks.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromHtml } from 'hast-util-from-html'
import type { Element, ElementContent, Root } from 'hast'
import { beforeAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../src/compiler/build.js'
import { tempDir } from './helpers.js'

const files: Record<string, string> = {
  'index.md': '# Start\n',
  'DNS.md': '# DNS\n\nNamen und Adressen.\n',
  'Umzug.md': [
    '# Umzug',
    '',
    '- [x] Neue Adresse beim Anbieter und im [[DNS]] eingetragen',
    '- [ ] Zertifikat für [die Domain](https://example.org) erneuert',
    '  - [ ] Kette geprüft',
    '- [/] Alte Maschine #abbau vorbereitet',
    '',
    '## Nachher',
    '',
    '![[Checkliste]]',
    '',
  ].join('\n'),
  'Checkliste.md': '# Checkliste\n\n- [ ] Kette geprüft\n- [ ] Backups im [[DNS|Namensdienst]] vermerkt\n',
}

let result: BuildResult
let out: string

beforeAll(async () => {
  const root = join(tempDir('wikigen-tasks-'), 'vault')
  mkdirSync(root)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  out = join(root, '..', 'site')
  result = await build({ root, out })
})

/** Every element of a built page, and each checkbox's name as a browser computes it from aria-labelledby. */
function tasksOf(file: string) {
  const elements: Element[] = []
  const collect = (node: Root | Element) => {
    for (const child of node.children)
      if (child.type === 'element') {
        elements.push(child)
        collect(child)
      }
  }
  collect(fromHtml(readFileSync(join(out, file), 'utf8')))
  const textOf = (node: ElementContent): string =>
    node.type === 'text' ? node.value : node.type === 'element' && !node.properties.ariaHidden ? node.children.map(textOf).join('') : ''
  const ids = elements.map((element) => element.properties.id).filter((id) => id !== undefined)
  const boxes = elements.filter((element) => element.tagName === 'input' && element.properties.type === 'checkbox')
  const names = boxes.map((box) => {
    const named = elements.find((element) => element.properties.id === String(box.properties.ariaLabelledBy))
    return named ? textOf(named).replace(/\s+/g, ' ').trim() : undefined
  })
  return { ids, boxes, names }
}

describe('task list boxes on a built page', () => {
  it('builds without problems', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
  })

  it("names every box by its own item's text, links and tags included, without copying it into an attribute", () => {
    const { boxes, names } = tasksOf('umzug.html')
    expect(names).toEqual([
      'Neue Adresse beim Anbieter und im DNS eingetragen',
      'Zertifikat für die Domain (in neuem Fenster öffnen) erneuert',
      'Kette geprüft',
      'Alte Maschine #abbau vorbereitet',
      'Kette geprüft',
      'Backups im Namensdienst vermerkt',
    ])
    expect(boxes.every((box) => box.properties.ariaLabel === undefined)).toBe(true)
  })

  it('keeps ids unique on a page that embeds the tasks of another', () => {
    const { ids } = tasksOf('umzug.html')
    expect(ids.filter((id) => String(id).startsWith('task_'))).toHaveLength(6)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
