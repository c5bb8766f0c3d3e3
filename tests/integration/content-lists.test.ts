/**
 * The lists of the Talwerk wiki are bases over the pages' front matter, so they are complete by construction as long
 * as every page carries the properties the bases filter on. This checks those properties on every page in content/
 * (an `owner` must be a person page, and every person page lists what its person owns),
 * then builds the wiki and reads the rows of each `Liste …` page: none may show fewer pages than its hand-kept
 * predecessor, and Liste Seiten shows every page.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { HAND_KEPT_LISTS } from '../fixtures/content-lists.js'
import { contentPages, contentRoot, type ContentPage } from './content-pages.js'
import { tempDir } from './helpers.js'

const KINDS = ['Tutorial', 'Anleitung', 'Referenz', 'Erklärung']
/** The section of a page at the top of content/, which has no folder. */
const ROOT_SECTIONS: Record<string, string> = { 'index.md': 'Start', 'Glossary.md': 'Glossar' }
/** The page families of docs/authoring.md ("Eigenschaften, aus denen die Listen entstehen"). */
const TYPES = [
  'Account',
  'Anbieter',
  'Begriff',
  'Dienstleistung',
  'Entscheid',
  'Hardware',
  'Kundenhandbuch',
  'Liste',
  'Manpage',
  'Methode',
  'News',
  'Person',
  'Personal',
  'Phase',
  'Produkt',
  'Projektvorlage',
  'Prozess',
  'Regelwerk',
  'Richtlinie',
  'Rolle',
  'Runbook',
  'Spezifikation',
  'Tool',
  'Troubleshooting',
  'Vertragsvorlage',
  'Vorlage',
]

type Page = Pick<ContentPage, 'path' | 'name' | 'frontMatter' | 'lines'>

const pages = contentPages()
const listPages = pages.filter((page) => page.path.startsWith('Listen/Liste '))
/** The names of the person pages, which an `owner` links to. */
const personNames = new Set(pages.filter((page) => page.frontMatter.type === 'Person').map((page) => page.name))

/** Every property mistake of a page, as 'path: message'. */
function mistakesOf(page: Page): string[] {
  const fm = page.frontMatter
  // the line of the key in the front matter, else the line of its opening '---'
  const at = (key: string) => `content/${page.path}:${Math.max(1, page.lines.findIndex((line) => line.startsWith(`${key}:`)) + 1)}:1`
  const mistakes: string[] = []
  if (!KINDS.includes(fm.kind as string)) mistakes.push(`${at('kind')}: kind is ${JSON.stringify(fm.kind)}, not one of ${KINDS.join(', ')}`)
  const section = page.path.includes('/') ? page.path.slice(0, page.path.indexOf('/')) : ROOT_SECTIONS[page.path]
  if (fm.section !== section)
    mistakes.push(`${at('section')}: section is ${JSON.stringify(fm.section)}, the page's folder says "${section}"`)
  if (fm.type !== undefined && !TYPES.includes(fm.type as string)) {
    mistakes.push(`${at('type')}: type ${JSON.stringify(fm.type)} is no page family of docs/authoring.md, so no list shows the page`)
  }
  if (fm.listen !== undefined) {
    const names = Array.isArray(fm.listen) ? fm.listen : [fm.listen]
    for (const name of names) {
      const list = listPages.find((candidate) => candidate.name === `Liste ${String(name)}`)
      const source = list ? readFileSync(join(contentRoot, list.path), 'utf8') : ''
      if (!source.includes(`list(listen).contains("${String(name)}")`)) {
        mistakes.push(`${at('listen')}: listen names "${String(name)}", but no Liste page shows pages by listen "${String(name)}"`)
      }
    }
  }
  if (fm.owner !== undefined) {
    const target = /^\[\[([^\]|#]+)(?:\|[^\]]*)?\]\]$/.exec(String(fm.owner))?.[1]
    if (target === undefined) {
      mistakes.push(`${at('owner')}: owner ${JSON.stringify(fm.owner)} is no link to a person ("[[Name]]")`)
    } else if (!target.includes('{{') && !personNames.has(target)) {
      // a template's placeholder ("[[{{Verantwortliche Person}}]]") is filled in when the page is written
      mistakes.push(`${at('owner')}: owner [[${target}]] is no page with type: Person, so the person's page cannot list it`)
    }
  }
  if (fm.review !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(fm.review))) {
    mistakes.push(`${at('review')}: review ${JSON.stringify(fm.review)} is no ISO date (2027-03-31)`)
  }
  return mistakes
}

describe('the front matter of every page in content/', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(250)
    expect(listPages.map((page) => page.name)).toEqual(expect.arrayContaining(Object.keys(HAND_KEPT_LISTS)))
  })

  it('has kind, section, and only the type, listen, owner and review values the lists know', () => {
    expect(pages.flatMap(mistakesOf)).toEqual([])
  })

  it('reports a page without kind or with a type no list knows', () => {
    const lines = ['---', 'section: Odoo', 'type: Runbok', '---']
    const page: Page = { path: 'Odoo/Neu.md', name: 'Neu', frontMatter: { section: 'Odoo', type: 'Runbok' }, lines }
    expect(mistakesOf(page)).toEqual([
      'content/Odoo/Neu.md:1:1: kind is undefined, not one of Tutorial, Anleitung, Referenz, Erklärung',
      'content/Odoo/Neu.md:3:1: type "Runbok" is no page family of docs/authoring.md, so no list shows the page',
    ])
  })

  it('reports an owner who has no person page', () => {
    const lines = ['---', 'kind: Referenz', 'section: Odoo', 'owner: "[[Marco Gerbr]]"', '---']
    const frontMatter = { kind: 'Referenz', section: 'Odoo', owner: '[[Marco Gerbr]]' }
    expect(mistakesOf({ path: 'Odoo/Neu.md', name: 'Neu', frontMatter, lines })).toEqual([
      "content/Odoo/Neu.md:4:1: owner [[Marco Gerbr]] is no page with type: Person, so the person's page cannot list it",
    ])
    const owned = { kind: 'Referenz', section: 'Odoo', owner: '[[Marco Gerber]]' }
    expect(mistakesOf({ path: 'Odoo/Neu.md', name: 'Neu', frontMatter: owned, lines })).toEqual([])
  })

  it('gives every person page a list of the pages the person owns, and every person something to own', () => {
    const people = pages.filter((page) => page.frontMatter.type === 'Person' && page.path.startsWith('Team/'))
    expect(people.length).toBeGreaterThanOrEqual(10)
    const owners = new Set(pages.map((page) => String(page.frontMatter.owner ?? '')))
    const missing = people.flatMap((person) => {
      const source = person.lines.join('\n')
      const problems: string[] = []
      if (!source.includes("filters: 'owner == this'")) problems.push(`content/${person.path}: no base of the pages with owner == this`)
      if (!owners.has(`[[${person.name}]]`)) problems.push(`content/${person.path}: owns no page, so the base shows an empty table`)
      return problems
    })
    expect(missing).toEqual([])
  })
})

describe('the Liste pages built from the front matter', () => {
  const out = join(tempDir(), 'site')
  const rowsOf = new Map<string, Set<string>>()

  beforeAll(async () => {
    const result = await build({ root: contentRoot, out, config: (await loadConfig(contentRoot)).config, workers: 0 })
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([])
    for (const list of listPages) {
      const html = readFileSync(join(out, `${list.name.toLowerCase().replace(/ /g, '-')}.html`), 'utf8')
      rowsOf.set(list.name, baseRows(html))
    }
  }, 180_000)

  it.each(Object.entries(HAND_KEPT_LISTS))('%s shows every page it listed by hand, and at least as many', (list, before) => {
    const rows = rowsOf.get(list) ?? new Set()
    expect(before.filter((name) => !rows.has(name))).toEqual([])
    expect(rows.size).toBeGreaterThanOrEqual(before.length)
  })

  it('Liste Seiten shows every page of the wiki', () => {
    const rows = rowsOf.get('Liste Seiten') ?? new Set()
    expect(pages.map((page) => page.name).filter((name) => !rows.has(name))).toEqual([])
  })

  it('Liste Anleitungen shows every how-to and tutorial outside the templates', () => {
    const rows = rowsOf.get('Liste Anleitungen') ?? new Set()
    const howTos = pages.filter(
      (page) => ['Anleitung', 'Tutorial'].includes(page.frontMatter.kind as string) && !page.path.startsWith('Vorlagen/'),
    )
    expect(howTos.length).toBeGreaterThan(100)
    expect(howTos.map((page) => page.name).filter((name) => !rows.has(name))).toEqual([])
  })
})

/** The pages in the rows of the base tables of a built page: the link in each row's first cell. */
function baseRows(html: string): Set<string> {
  const names = new Set<string>()
  for (const table of html.matchAll(/<div class="base-view base-table"[^>]*><table>([\s\S]*?)<\/table>/g)) {
    for (const row of table[1].matchAll(/<tr><td><a href="[^"]*" class="internal">([^<]*)<\/a>/g)) names.add(unescapeHtml(row[1]))
  }
  return names
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}
