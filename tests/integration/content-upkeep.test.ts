/**
 * The Talwerk wiki reads as kept by a team: every page has an owner and a review date that follows its own cadence
 * (the table of Richtlinie Dokumentation), few pages open with a sentence about the page itself, pages of one family
 * do not share one skeleton, internal pages say «du», and one concept has one term.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentPages, contentRoot, type ContentPage } from './content-pages.js'

/** The wiki's date: no review may be due before it. */
const WIKI_DATE = '2026-11-30'
const pages = contentPages()

/** Months per cadence word, as Richtlinie Dokumentation and the pages' `cadence` spell them. */
const CADENCE_MONTHS: Record<string, number> = { quartalsweise: 3, halbjährlich: 6, jährlich: 12, 'alle zwei Jahre': 24 }

/** The style guide's table "Seitentyp | Überprüfung": type → months, `null` for types that are not reviewed. */
function cadenceTable(): { byType: Map<string, number | null>; fallback: number } {
  const source = readFileSync(join(contentRoot, 'Richtlinien/Richtlinie Dokumentation.md'), 'utf8')
  const rows = source.slice(source.indexOf('| Seitentyp (`type`) | Überprüfung |')).split('\n').slice(2)
  const byType = new Map<string, number | null>()
  let fallback = 0
  for (const row of rows) {
    if (!row.startsWith('|')) break
    const [types, cadence] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim())
    const word = Object.keys(CADENCE_MONTHS).find((key) => cadence.startsWith(key))
    const months = word ? CADENCE_MONTHS[word] : cadence.startsWith('keine') ? null : undefined
    if (months === undefined) throw new Error(`Richtlinie Dokumentation: no cadence in "${row}"`)
    if (types.startsWith('alle übrigen')) fallback = months ?? 0
    else for (const type of types.split(',')) byType.set(type.trim(), months)
  }
  return { byType, fallback }
}

const cadences = cadenceTable()

/** A template's front matter is the one a new page gets: its placeholders are filled in when the page is written. */
const isTemplate = (page: ContentPage) => String(page.frontMatter.owner ?? '').includes('{{')

/** The months between a page's reviews, or null for a page that is not reviewed. */
function cadenceOf(page: ContentPage): number | null {
  const own = page.frontMatter.cadence
  if (own !== undefined) return CADENCE_MONTHS[String(own)] ?? NaN
  const type = page.frontMatter.type
  return typeof type === 'string' && cadences.byType.has(type) ? (cadences.byType.get(type) ?? null) : cadences.fallback
}

/** `date` plus `months`, as an ISO date; the day is kept where the month has it, else the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number)
  const total = year * 12 + (month - 1) + months
  const lastDay = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate()
  const iso = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${iso(Math.floor(total / 12), 4)}-${iso((total % 12) + 1)}-${iso(Math.min(day, lastDay))}`
}

/** A YAML date may come back as a Date or a string; both as 'YYYY-MM-DD'. */
function isoDate(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined
}

/** The review mistakes of one page, as 'content/path:line: message'. */
function reviewMistakes(page: ContentPage): string[] {
  if (isTemplate(page)) return []
  const at = (key: string) => `content/${page.path}:${Math.max(1, page.lines.findIndex((line) => line.startsWith(`${key}:`)) + 1)}`
  const mistakes: string[] = []
  if (page.frontMatter.owner === undefined) mistakes.push(`${at('---')}: no owner ("owner: \\"[[Name]]\\"", a person page)`)
  const months = cadenceOf(page)
  if (Number.isNaN(months)) return [...mistakes, `${at('cadence')}: cadence is none of ${Object.keys(CADENCE_MONTHS).join(', ')}`]
  if (months === null) {
    if (!isoDate(page.frontMatter.date)) mistakes.push(`${at('---')}: a page that is not reviewed carries its date ("date: YYYY-MM-DD")`)
    return mistakes
  }
  const reviewed = isoDate(page.frontMatter.reviewed)
  const review = isoDate(page.frontMatter.review)
  if (!reviewed) return [...mistakes, `${at('reviewed')}: no "reviewed: YYYY-MM-DD" (the date of the last review)`]
  if (!review) return [...mistakes, `${at('review')}: no "review: YYYY-MM-DD" (the next review)`]
  if (reviewed > WIKI_DATE) mistakes.push(`${at('reviewed')}: reviewed ${reviewed} lies after the wiki's date ${WIKI_DATE}`)
  if (review !== addMonths(reviewed, months)) {
    mistakes.push(`${at('review')}: review ${review} is not reviewed ${reviewed} plus ${months} months (${addMonths(reviewed, months)})`)
  }
  if (review < WIKI_DATE) mistakes.push(`${at('review')}: the review of ${review} is overdue`)
  return mistakes
}

/**
 * Tables that state other pages' review cadence (a column "Überprüfung" or "Review", the page linked in the first
 * cell): each page's own cadence must agree.
 */
function statedCadenceMistakes(page: ContentPage): string[] {
  const mistakes: string[] = []
  let column = -1
  page.lines.forEach((line, index) => {
    if (!line.startsWith('|')) {
      column = -1
      return
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    const header = cells.findIndex((cell) => /^(?:Überprüfung|Review)$/i.test(cell))
    if (header >= 0) column = header
    if (column < 0 || header >= 0) return
    const target = /^\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]$/.exec(cells[0] ?? '')?.[1]
    const word = Object.keys(CADENCE_MONTHS).find((key) => (cells[column] ?? '').startsWith(key))
    const linked = target && pages.find((candidate) => candidate.name === target)
    if (!linked || !word) return
    const months = cadenceOf(linked)
    if (months !== CADENCE_MONTHS[word]) {
      mistakes.push(
        `content/${page.path}:${index + 1}: says [[${target}]] is reviewed ${word}, its front matter says every ${months} months`,
      )
    }
  })
  return mistakes
}

/** A first paragraph that talks about the page instead of its subject. */
const META_OPENING =
  /\b(?:Diese|Dieses|Auf dieser|Die vorliegende)\s+(?:Seite|Seiten|Anleitung|Richtlinie|Übersicht|Referenz|Vorlage|Liste|Dokument|Tutorial|Runbook|Handbuch|Spezifikation|Beschreibung|Plan|Reglement|Kapitel)\b/

/** The first paragraph of a page's body: not a heading, callout, container, embed, table or code. */
export function openingOf(body: string): string {
  const paragraphs = body.split(/\n\s*\n/).map((paragraph) => paragraph.trim())
  return paragraphs.find((paragraph) => paragraph !== '' && !/^(?:#|:::|>|!\[\[|\||```|<!--|%%)/.test(paragraph)) ?? ''
}

/** The `##` headings of a page, in order, as one line. */
const skeletonOf = (page: ContentPage) =>
  page.body
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim())
    .join(' / ')

/** The families the review found sharing one skeleton. */
const FAMILIES = ['Person', 'Rolle', 'Phase', 'Entscheid']

/** Formal address: «klicken Sie», «können Sie» mid-sentence, «Ihnen», «Ihre» after a lower-case word or a comma. */
const FORMAL = /\b[a-zäöü]\w*en Sie\b|(?:[a-zäöü]|,) (?:Ihnen|Ihrem|Ihren|Ihrer|Ihres|Ihre)\b/

/** Lines of the body a reader reads as the page's own voice: no code, no quotes, no front matter. */
function proseLines(page: ContentPage): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = []
  let fence = false
  page.body.split('\n').forEach((text, index) => {
    if (/^\s*(?:```|~~~)/.test(text)) fence = !fence
    else if (!fence && !/^\s*>/.test(text)) lines.push({ line: page.bodyLine + index, text })
  })
  return lines
}

const forCustomers = (page: ContentPage) =>
  page.frontMatter.zielgruppe === 'Kundschaft' || ['Kundenhandbuch', 'Vertragsvorlage'].includes(String(page.frontMatter.type))

/** One term per concept: the words the wiki does not use, and the one it uses instead. */
const AVOIDED_TERMS: { avoid: RegExp; use: string }[] = [{ avoid: /\bPat(?:in|innen|e|en)\b/, use: 'Götti oder Gotte' }]

describe('the upkeep of the wiki', () => {
  it('gives every page an owner and a review date that follows its cadence', () => {
    expect(pages.flatMap(reviewMistakes)).toEqual([])
  })

  it('has front matter without a key given twice or other YAML errors', () => {
    expect(pages.flatMap((page) => page.frontMatterErrors.map((error) => `content/${page.path}: ${error}`))).toEqual([])
  })

  it('agrees with every table that states a page’s review cadence', () => {
    expect(pages.flatMap(statedCadenceMistakes)).toEqual([])
  })

  it('spreads the review dates instead of giving many pages one date', () => {
    const counts = new Map<string, number>()
    for (const page of pages) {
      const review = isoDate(page.frontMatter.review)
      if (review && !isTemplate(page)) counts.set(review, (counts.get(review) ?? 0) + 1)
    }
    const crowded = [...counts].filter(([, count]) => count > pages.length * 0.05).map(([date, count]) => `${date}: ${count} pages`)
    expect(crowded).toEqual([])
  })

  it('reports a missing owner, a review that does not follow the cadence and an overdue one', () => {
    const page = (frontMatter: Record<string, unknown>): ContentPage => ({
      path: 'Odoo/Neu.md',
      name: 'Neu',
      frontMatter,
      lines: ['---', ...Object.keys(frontMatter).map((key) => `${key}: x`), '---'],
      body: '',
      bodyLine: 1,
      frontMatterErrors: [],
    })
    expect(reviewMistakes(page({ type: 'Runbook', reviewed: '2026-10-01', review: '2027-10-01' }))).toEqual([
      'content/Odoo/Neu.md:1: no owner ("owner: \\"[[Name]]\\"", a person page)',
      'content/Odoo/Neu.md:4: review 2027-10-01 is not reviewed 2026-10-01 plus 6 months (2027-04-01)',
    ])
    expect(reviewMistakes(page({ owner: '[[Marco Gerber]]', type: 'Liste', reviewed: '2026-05-31', review: '2026-08-31' }))).toEqual([
      'content/Odoo/Neu.md:5: the review of 2026-08-31 is overdue',
    ])
    expect(reviewMistakes(page({ owner: '[[Marco Gerber]]', type: 'News' }))).toEqual([
      'content/Odoo/Neu.md:1: a page that is not reviewed carries its date ("date: YYYY-MM-DD")',
    ])
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28')
  })

  it('opens at most one page in ten with a sentence about the page itself', () => {
    const meta = pages.filter((page) => !isTemplate(page) && META_OPENING.test(openingOf(page.body)))
    const report = meta.map((page) => `content/${page.path}: ${META_OPENING.exec(openingOf(page.body))?.[0]}`)
    expect(report.length, report.join('\n')).toBeLessThanOrEqual(Math.floor(pages.length / 10))
    expect(META_OPENING.test(openingOf('# Titel\n\nDiese Seite beschreibt den Ablauf.\n'))).toBe(true)
    expect(META_OPENING.test(openingOf('Restic sichert jede Nacht. Diese Anleitung zeigt die Befehle.\n'))).toBe(true)
    expect(META_OPENING.test(openingOf('Restic sichert jede Nacht verschlüsselt nach Genf.\n'))).toBe(false)
  })

  it.each(FAMILIES)('lets the %s pages follow their content, not one skeleton', (family) => {
    const members = pages.filter((page) => page.frontMatter.type === family && !isTemplate(page))
    const counts = new Map<string, string[]>()
    for (const page of members) counts.set(skeletonOf(page), [...(counts.get(skeletonOf(page)) ?? []), page.name])
    const [skeleton, names] = [...counts].sort((a, b) => b[1].length - a[1].length)[0] ?? ['', []]
    expect(names.length, `${names.join(', ')} share "${skeleton}"`).toBeLessThanOrEqual(Math.max(1, Math.floor(members.length / 3)))
  })

  it('says «du» on every page that is not for customers', () => {
    const found = pages
      .filter((page) => !forCustomers(page) && !isTemplate(page))
      .flatMap((page) =>
        proseLines(page).flatMap(({ line, text }) => {
          const match = FORMAL.exec(text)
          return match ? [`content/${page.path}:${line}: "${match[0]}"`] : []
        }),
      )
    expect(found).toEqual([])
    expect(FORMAL.test('Dann klicken Sie auf Speichern.')).toBe(true)
    expect(FORMAL.test('Wir senden Ihnen den Link.')).toBe(true)
    expect(FORMAL.test('Sie meldet den Fehler. Klicke auf Speichern.')).toBe(false)
  })

  it('uses one term per concept', () => {
    const found = pages.flatMap((page) =>
      page.lines.flatMap((text, index) =>
        AVOIDED_TERMS.flatMap(({ avoid, use }) => {
          const match = avoid.exec(text)
          return match ? [`content/${page.path}:${index + 1}: "${match[0]}", the wiki says ${use}`] : []
        }),
      ),
    )
    expect(found).toEqual([])
  })
})
