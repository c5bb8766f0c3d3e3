import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readPublishRules } from '../../../../src/compiler/discover/publish-rules.js'
import { tempDir } from '../../../integration/helpers.js'

function vault(files: Record<string, string>, folders: string[] = []): string {
  const root = tempDir('wikigen-rules-')
  for (const folder of folders) mkdirSync(join(root, folder), { recursive: true })
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('what a vault publishes', () => {
  it("leaves out what Obsidian's Excluded files name: path prefixes and /regular expressions/", () => {
    const root = vault({ '.obsidian/app.json': JSON.stringify({ userIgnoreFilters: ['Archiv/', 'Entwurf', '/\\.tmp\\.md$/'] }) })
    const rules = readPublishRules(root)
    expect(['Archiv', 'Archiv/Alt.md', 'Entwurf.md', 'Entwurf 2.md', 'Ordner/Notiz.tmp.md'].filter(rules.excludes)).toHaveLength(5)
    expect(['Archivierung.md', 'Kunden/Entwurf.md', 'Notiz.md'].filter(rules.excludes)).toEqual([])
  })

  it('leaves out the templates folder of templates.json, else of Templater, else a top-level templates folder', () => {
    expect(readPublishRules(vault({ '.obsidian/templates.json': '{"folder":"Meta/Vorlagen/"}' })).templatesFolder).toBe('Meta/Vorlagen')
    const templater = vault({ '.obsidian/plugins/templater-obsidian/data.json': '{"templates_folder":"_vorlagen"}' })
    expect(readPublishRules(templater).excludes('_vorlagen/Besprechung.md')).toBe(true)
    expect(readPublishRules(vault({}, ['Templates'])).excludes('Templates/Neu.md')).toBe(true)
    // a folder that merely holds templates as documentation stays published
    expect(readPublishRules(vault({}, ['Vorlagen'])).excludes('Vorlagen/Vorlage Offerte.md')).toBe(false)
  })

  it("adds the config's exclude globs, and always leaves out Excalidraw drawing data", () => {
    const rules = readPublishRules(vault({}), ['Intern/**', '**/*.privat.md'])
    expect(['Intern/Lohn.md', 'A/B/Notiz.privat.md', 'Zeichnung.excalidraw.md'].every(rules.excludes)).toBe(true)
    expect(rules.excludes('Öffentlich.md')).toBe(false)
  })

  it('reports a settings file that is not JSON at its line and column, and ignores it', () => {
    const rules = readPublishRules(vault({ '.obsidian/app.json': '{\n  "userIgnoreFilters": ["Archiv/",]\n}' }))
    expect(rules.diagnostics).toMatchObject([{ code: 'bad-vault-settings', file: '.obsidian/app.json', line: 2 }])
    expect(rules.excludes('Archiv/Alt.md')).toBe(false)
  })
})
