/**
 * Revision dates in the wiki: every policy in content/Richtlinien/ ends with the change history the policy template
 * requires (Version, Datum, Änderung, Freigabe), and contracts and price pages say from when they are valid
 * (`Stand: TT.MM.JJJJ`). A failure names the page and what is missing or wrong.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './helpers.js'

const content = join(repoRoot, 'content')
const read = (page: string) => readFileSync(join(content, page), 'utf8')

const POLICIES = readdirSync(join(content, 'Richtlinien'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `Richtlinien/${name}`)

/** Contracts and the pages whose purpose is prices. */
const DATED_PAGES = [
  'Unternehmen/AGB.md',
  'Unternehmen/Supportvertrag.md',
  'Unternehmen/Wartungsvertrag.md',
  'Unternehmen/Wartungsauftrag.md',
  'Unternehmen/Datenschutzerklärung.md',
  'Unternehmen/Abos und Preise.md',
  'Hosting/Talwerk Cloud Preise.md',
  'Hosting/Managed Server.md',
  'Hosting/Uri Cloud.md',
  'Nextcloud/Nextcloud Hosting.md',
  'Odoo/Odoo Hosting Vergleich.md',
  'Odoo/Odoo Hosting Talwerk Cloud.md',
]

/** A Swiss date `TT.MM.JJJJ` as a comparable number, or undefined when it is not a real date. */
function swissDate(text: string): number | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim())
  if (!match) return undefined
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date.getTime() : undefined
}

/** The problems of a page's change history, empty when it is complete. */
function changeHistoryProblems(page: string, text: string): string[] {
  const lines = text.split('\n')
  const heading = lines.findIndex((line) => /^## Änderungsverlauf\s*$/.test(line))
  if (heading < 0) return [`${page}: no "## Änderungsverlauf" section`]
  const table = lines.slice(heading + 1).filter((line, index, all) => {
    const before = all.slice(0, index)
    return line.startsWith('|') && !before.some((l) => l.startsWith('#'))
  })
  if (!/^\|\s*Version\s*\|\s*Datum\s*\|\s*Änderung\s*\|\s*Freigabe\s*\|$/.test(table[0] ?? ''))
    return [`${page}: the change history's columns must be | Version | Datum | Änderung | Freigabe |`]
  const rows = table.slice(2).map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )
  if (rows.length === 0) return [`${page}: the change history has no entry`]
  const problems: string[] = []
  let previous = 0
  for (const [version, date, change, approval] of rows) {
    const time = swissDate(date ?? '')
    if (!/^\d+\.\d+$/.test(version ?? '')) problems.push(`${page}: version "${version}" is not of the form 1.0`)
    if (time === undefined) problems.push(`${page}: date "${date}" is not a date TT.MM.JJJJ`)
    else if (time < previous) problems.push(`${page}: ${date} is earlier than the entry above it`)
    else previous = time
    if (!change) problems.push(`${page}: version ${version} does not say what changed`)
    if (!approval) problems.push(`${page}: version ${version} does not say who approved it`)
  }
  return problems
}

describe('revision dates of policies, contracts and prices', () => {
  it('finds the policies', () => {
    expect(POLICIES).toContain('Richtlinien/Spesenreglement.md')
    expect(POLICIES.length).toBeGreaterThanOrEqual(10)
  })

  it('gives every policy a change history with version, date, change and approval', () => {
    const problems = POLICIES.flatMap((page) => changeHistoryProblems(page, read(page)))
    expect(problems, problems.join('\n')).toEqual([])
  })

  it('tells a missing, malformed or out-of-order change history apart from a good one', () => {
    const good =
      '## Änderungsverlauf\n\n| Version | Datum | Änderung | Freigabe |\n|---|---|---|---|\n| 1.0 | 01.03.2019 | Erstfassung | Lea Brunner |\n'
    expect(changeHistoryProblems('a.md', good)).toEqual([])
    expect(changeHistoryProblems('a.md', '## Grundsätze\n')).toEqual(['a.md: no "## Änderungsverlauf" section'])
    expect(changeHistoryProblems('a.md', good.replace('01.03.2019', '2019-03-01'))).toEqual([
      'a.md: date "2019-03-01" is not a date TT.MM.JJJJ',
    ])
    expect(changeHistoryProblems('a.md', `${good}| 1.1 | 01.01.2018 | Nachtrag | Lea Brunner |\n`)).toEqual([
      'a.md: 01.01.2018 is earlier than the entry above it',
    ])
    expect(changeHistoryProblems('a.md', good.replace('| Lea Brunner |', '| |'))).toEqual([
      'a.md: version 1.0 does not say who approved it',
    ])
  })

  it('dates every contract and price page with "Stand: TT.MM.JJJJ"', () => {
    const problems = DATED_PAGES.flatMap((page) => {
      const stand = /\bStand: (\d{2}\.\d{2}\.\d{4})\b/.exec(read(page))
      if (!stand) return [`${page}: no "Stand: TT.MM.JJJJ"`]
      return swissDate(stand[1]) === undefined ? [`${page}: "Stand: ${stand[1]}" is not a date`] : []
    })
    expect(problems, problems.join('\n')).toEqual([])
  })
})
