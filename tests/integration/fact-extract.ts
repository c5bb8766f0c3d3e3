/**
 * Finds the facts the Talwerk wiki states, by method rather than by list: every value of a kind the pages repeat
 * (mailboxes, chat rooms, host names, repositories, client ids, prices and set-up fees, RPO and RTO, worker counts,
 * retention periods, cadences, package sizes, versions), each with the key it is stated for and the line it is on.
 *
 * Two ways to find a key:
 * - a table cell: the row's first cell and the column's header ("Paket M" × "vCPU" → 4), with the table's first
 *   header cell and the section heading as context, so two tables about different products stay apart;
 * - a phrase: the value's measure named next to it ("RPO 1 Stunde", "workers = 5", "Einrichtung CHF 650.00",
 *   "Restore-Test quartalsweise"), with the class or package named on the same line as qualifier.
 *
 * tests/integration/content-extraction.test.ts checks that each key has one value across the wiki and that each
 * name is listed on the page that keeps its kind; `FACTS_REPORT=1` prints the whole table.
 */
import type { ContentPage } from './content-pages.js'

export type FactKind =
  | 'mailbox'
  | 'room'
  | 'host'
  | 'repository'
  | 'client-id'
  | 'money'
  | 'duration'
  | 'cadence'
  | 'quantity'
  | 'version'
  | 'rpo'
  | 'rto'
  | 'workers'
  | 'set-up-fee'
  | 'backup'
  | 'phone'

export interface StatedFact {
  kind: FactKind
  /** What the value is stated for, normalised: "table: pakete › paket m › vcpu", "rpo › premium". */
  key: string
  /** The value, normalised so that "4 Stunden" and "4 h" are equal. */
  value: string
  /** Path inside content/. */
  file: string
  line: number
  /** The line as written, for the report. */
  text: string
}

/** Cadence words and their canonical form. */
const CADENCES: [RegExp, string][] = [
  [/\b(?:stündlich|jede Stunde)\b/i, 'stündlich'],
  [/\b(?:täglich|jede Nacht|nächtlich|jeden Tag)\b/i, 'täglich'],
  [/\b(?:wöchentlich|jede Woche)\b/i, 'wöchentlich'],
  [/\b(?:monatlich|jeden Monat|einmal pro Monat)\b/i, 'monatlich'],
  [/\b(?:quartalsweise|vierteljährlich|jedes Quartal|einmal pro Quartal|pro Quartal)\b/i, 'quartalsweise'],
  [/\b(?:halbjährlich|alle sechs Monate|zweimal pro Jahr)\b/i, 'halbjährlich'],
  [/\b(?:jährlich|einmal pro Jahr|jedes Jahr)\b/i, 'jährlich'],
]

const UNIT_MINUTES: [RegExp, number][] = [
  [/^(?:min|Min\.?|Minuten?)$/, 1],
  [/^(?:h|Std\.?|Stunden?)$/, 60],
  [/^(?:Arbeitstage?|Tage?n?|d)$/, 60 * 24],
  [/^(?:Wochen?)$/, 60 * 24 * 7],
  [/^(?:Monate?n?)$/, 60 * 24 * 30],
  [/^(?:Jahre?n?)$/, 60 * 24 * 365],
]
const DURATION = /\b(\d+(?:[.,]\d+)?)\s*(min|Min\.?|Minuten?|h|Std\.?|Stunden?|Arbeitstage?|Tage?n?|Wochen?|Monate?n?|Jahre?n?)\b/

/** "4 Stunden", "4 h" → "240 min"; a working day stays apart from a calendar day. */
function duration(amount: string, unit: string): string {
  const minutes = UNIT_MINUTES.find(([pattern]) => pattern.test(unit))?.[1] ?? 0
  const n = Number(amount.replace(',', '.'))
  return /^Arbeitstag/.test(unit) ? `${n} Arbeitstag` : `${n * minutes} min`
}

const MONEY = /\bCHF\s*(\d{1,3}(?:'\d{3})*(?:\.\d{2}|\.–|\.-)?)(?!\d)/
const money = (amount: string) => `CHF ${Number(amount.replace(/'/g, '').replace(/\.[–-]$/, ''))}`

const QUANTITY = /\b(\d+(?:[.,]\d+)?)\s*(vCPUs?|GB|GiB|MB|MiB|TB|TiB|Kerne?|Benutzer(?::innen)?|Nutzer(?::innen)?|User)\b/

const VERSIONED =
  /\b(Odoo|Nextcloud|Debian|PostgreSQL|Keycloak|k3s|Kubernetes|ansible-core|Ansible|Python|Ubuntu|Restic|Traefik|Node(?:\.js)?|Grafana|GitLab|Wordpress|WordPress|PHP|Redis)\s+v?(\d+(?:\.\d+){0,2})\b/g

/** Plain text of a cell or line: links as their target, no emphasis, code ticks or HTML. */
export function plain(text: string): string {
  return text
    .replace(/\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g, (_, target: string, alias?: string) => alias ?? target)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const norm = (text: string) => plain(text).toLowerCase()

/** The service class or package a line names, as qualifier of a phrase's key. */
function qualifierOf(text: string): string {
  const klass = /\b(Premium(?:-SLA)?|Standard|Basis|Business|Intern)\b/.exec(text)?.[1]?.replace('-SLA', '').toLowerCase()
  const pack = /\bPaket(?:e)?\s+([SML]|XL)\b/.exec(text)?.[1]
  const zone = /\b(?:Zone Zürich|Zürich-Zone|Ausfall der Zone|ganze Zone)\b/.test(text) ? 'zone zürich' : undefined
  return [zone, klass, pack && `paket ${pack}`].filter(Boolean).join(' ') || 'allgemein'
}

interface Cell {
  row: string
  column: string
  table: string
  text: string
}

/** The cells of the tables of a page, with the line each row is on. */
function tableCells(page: ContentPage): { line: number; lineText: string; cell: Cell }[] {
  const out: { line: number; lineText: string; cell: Cell }[] = []
  let header: string[] | null = null
  let heading = ''
  let fence = false
  page.lines.forEach((lineText, index) => {
    if (/^\s*(?:```|~~~)/.test(lineText)) fence = !fence
    if (fence) return
    if (/^#{1,6} /.test(lineText)) heading = norm(lineText.replace(/^#+ /, ''))
    if (!lineText.startsWith('|')) {
      header = null
      return
    }
    const cells = lineText
      .replace(/\\\|/g, '¦')
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    if (header === null) {
      header = cells.map(norm)
      return
    }
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) return
    const table = [heading, header[0]].filter(Boolean).join(' › ')
    cells.slice(1).forEach((text, column) => {
      out.push({ line: index + 1, lineText, cell: { row: norm(cells[0]), column: header![column + 1] ?? '', table, text } })
    })
  })
  return out
}

/** Measures a table names in a column header or a row label: pattern, name, kind. */
const MEASURES: [RegExp, string, FactKind][] = [
  [/^rpo\b/, 'rpo', 'rpo'],
  [/^rto\b/, 'rto', 'rto'],
  [/einrichtung|setup|set-up/, 'einrichtung', 'set-up-fee'],
  [/^(?:odoo-)?worker/, 'worker', 'workers'],
  [/^(?:v?cpus?|kerne)\b/, 'vcpu', 'quantity'],
  [/^(?:ram|arbeitsspeicher)\b/, 'ram', 'quantity'],
  [/^(?:speicher(?:platz)?|storage|disk|festplatte)\b/, 'speicher', 'quantity'],
  [/^(?:preis|monatspreis|pro monat|chf)/, 'preis', 'money'],
  [/^(?:aufbewahrung|retention|aufbewahrt)/, 'aufbewahrung', 'duration'],
  [/^(?:rhythmus|intervall|häufigkeit|frequenz|turnus)\b/, 'rhythmus', 'cadence'],
  [/^(?:reaktionszeit|antwortzeit)/, 'reaktionszeit', 'duration'],
]

/** What a table row is about, when a product names it. */
const SUBJECT = /\b(odoo|nextcloud|managed server|off-premise|on-premise|wordpress|talwerk id|gitea|n8n|keycloak|staging)\b/i

/** The value of a measure in a cell, normalised; undefined for a cell that states none. */
function measureValue(measure: string, text: string): string | undefined {
  const cell = plain(text)
  if (cell === '' || /^[–-]$/.test(cell)) return undefined
  if (measure === 'aufbewahrung' || measure === 'reaktionszeit') {
    const span = DURATION.exec(cell)
    return span ? duration(span[1], span[2]) + (/premium/i.test(cell) ? ` (${cell})` : '') : undefined
  }
  if (measure === 'einrichtung' || measure === 'preis') {
    const price = MONEY.exec(cell)
    return price ? money(price[1]) : undefined
  }
  if (measure === 'worker') return /^(\d+)/.exec(cell)?.[1]
  if (measure === 'rhythmus') return CADENCES.find(([pattern]) => pattern.test(cell))?.[1]
  const amount = /(\d+(?:[.,]\d+)?)\s*([A-Za-z]*)/.exec(cell)
  return amount ? `${amount[1]} ${amount[2]}`.trim() : undefined
}

/** The service class a label or line speaks of: premium, standard, intern, or the Talwerk ID's own targets. */
export function serviceClass(text: string): string {
  const lower = plain(text).toLowerCase()
  if (/zone zürich|ausfall der zone|ganze zone/.test(lower)) return 'zone zürich'
  if (/talwerk id|keycloak/.test(lower)) return 'talwerk id'
  if (/premium/.test(lower) && !/ohne premium/.test(lower)) return 'premium'
  if (/\bintern/.test(lower)) return 'intern'
  if (/on-premise/.test(lower)) return 'on-premise'
  return 'standard'
}

/** A package name in a label ("Paket M", "Odoo M", "Team"), lower-case; undefined for none. */
function packageOf(label: string): string | undefined {
  return /^(?:paket\s+)?(s|m|l|xl|start|team|business|basic|premium|shared|dedicated)$/i.exec(label.trim())?.[1]?.toLowerCase()
}

/** Every fact of one page. */
export function extractFacts(page: ContentPage): StatedFact[] {
  const facts: StatedFact[] = []
  const add = (kind: FactKind, key: string, value: string, line: number, text: string) =>
    facts.push({ kind, key, value, file: page.path, line, text: text.trim() })

  // names: listed on the page that keeps their kind
  page.lines.forEach((text, index) => {
    const line = index + 1
    for (const match of text.matchAll(/\b[a-z0-9][a-z0-9.+-]*@talwerk\.example\b/g)) add('mailbox', match[0], match[0], line, text)
    for (const match of text.matchAll(/(?<![\d+])(?:\+41|0041|0)\s?\d{2}\s?\d{3}\s?\d{2}\s?\d{2}(?!\d)/g)) {
      add('phone', match[0].replace(/\s/g, '').replace(/^(?:0041|0)/, '+41'), match[0], line, text)
    }
    for (const match of text.matchAll(/#([a-z][a-z0-9-]*(?:<[a-z]+>)?)(?::talwerk\.example\b|`)/g)) {
      if (/^[0-9a-f]{3,8}$/.test(match[1])) continue // a colour
      if (/Matrix|Raum|Räume|Kanal|`#/.test(text) || match[0].endsWith('talwerk.example')) add('room', match[1], match[1], line, text)
    }
    for (const match of text.matchAll(/(?<![@\w.-])((?:[a-z0-9-]+\.)+)talwerk\.example\b/g)) {
      const host = `${match[1]}talwerk.example`
      if (!/^(?:\*\.|www\.)/.test(host)) add('host', host, host, line, text)
    }
    for (const match of text.matchAll(/git\.talwerk\.example[/:]([a-z0-9-]+(?:\/[a-z0-9._-]+)+?)(?:\.git)?(?=[\s`"')\]|,;]|$)/g)) {
      add('repository', match[1].split('/').pop()!, match[1], line, text)
    }
    for (const match of text.matchAll(/\b(?:client_id|clientId|Client-ID|Client ID)\b["'`:=\s]*[`"']?([a-z][a-z0-9-]{2,})/g)) {
      if (match[1] === 'null') continue // a log line of a request without a client
      // the key is the application: the id without its environment ("grafana-prod" → grafana)
      add('client-id', `client › ${match[1].replace(/-(?:prod|stage|test|dev)$/, '')}`, match[1], line, text)
    }
  })

  const cells = tableCells(page)
  // values in table cells whose column or row names their measure
  for (const { line, lineText, cell } of cells) {
    const byColumn = MEASURES.find(([pattern]) => pattern.test(cell.column))
    const byRow = byColumn ? undefined : MEASURES.find(([pattern]) => pattern.test(cell.row))
    const measure = byColumn ?? byRow
    if (measure) {
      const label = byColumn ? cell.row : cell.column
      const subject = SUBJECT.exec(`${label} ${cell.table} ${page.name}`)?.[1]?.toLowerCase() ?? page.name.toLowerCase()
      if (measure[1] === 'rpo' || measure[1] === 'rto') {
        // "24 h, mit Premium-SLA 1 h" states both classes
        const [standard, premium] = plain(cell.text).split(/\bmit Premium(?:-SLA)?\b/i)
        const base = serviceClass(`${label} ${cell.table}`)
        const first = DURATION.exec(standard)
        if (first) add(measure[2], `${measure[1]} › ${base}`, duration(first[1], first[2]), line, lineText)
        const second = premium && DURATION.exec(premium)
        if (second) add(measure[2], `${measure[1]} › premium`, duration(second[1], second[2]), line, lineText)
        continue
      }
      const value = measureValue(measure[1], cell.text)
      const rest =
        label
          .replace(subject, '')
          .replace(/^[\s-]+/, '')
          .trim() || '–'
      if (value !== undefined) add(measure[2], `${measure[1]} › ${subject} › ${packageOf(rest) ?? rest}`, value, line, lineText)
    }
  }

  // values in table cells
  for (const { line, lineText, cell } of cells) {
    const subject = SUBJECT.exec(`${cell.row} ${cell.table}`)?.[1]?.toLowerCase() ?? page.name.toLowerCase()
    const key = `table: ${subject} › ${cell.table} › ${cell.row} › ${cell.column}`
    const text = cell.text
    const price = MONEY.exec(text)
    if (price && !/\d\s*%|bis|ab\b|je\b|pro\b.*pro\b/.test(text)) add('money', key, money(price[1]), line, lineText)
    const cadence = CADENCES.find(([pattern]) => pattern.test(text))
    if (cadence && !/,|;|\bund\b|\boder\b/.test(plain(text))) add('cadence', key, cadence[1], line, lineText)
    const span = DURATION.exec(text)
    if (span && !price && plain(text).length <= 40) add('duration', key, duration(span[1], span[2]), line, lineText)
    if (/häufigkeit|rhythmus|intervall|wie oft/.test(cell.column) && /sicherung|backup/.test(cell.table)) {
      // "stündlich (Premium-SLA), täglich (Standard)": one cadence per class
      const subject = SUBJECT.exec(cell.row)?.[1]?.toLowerCase() ?? cell.row
      for (const part of plain(text).split(/,|;|\bund\b/)) {
        const cadence = CADENCES.find(([pattern]) => pattern.test(part))
        if (cadence) add('backup', `backup › ${serviceClass(part)} › ${subject}`, cadence[1], line, lineText)
      }
    }
    const workers = /^(\d+) (?:Odoo-)?Worker\b/.exec(plain(text))
    if (workers) {
      const rest = cell.row.replace(subject, '').trim()
      add('workers', `worker › ${subject} › ${packageOf(rest) ?? (rest || '–')}`, workers[1], line, lineText)
    }
    const amount = QUANTITY.exec(text)
    if (amount && plain(text).length <= 30) add('quantity', key, `${amount[1]} ${amount[2]}`, line, lineText)
  }

  // values named by their measure
  let fence = false
  let heading = ''
  let lastPackage: string | undefined
  page.lines.forEach((text, index) => {
    const line = index + 1
    if (/^\s*(?:```|~~~)/.test(text)) fence = !fence
    if (!fence && /^#{1,6} /.test(text)) heading = text
    const subject =
      (SUBJECT.exec(plain(text)) ?? SUBJECT.exec(heading) ?? SUBJECT.exec(page.name))?.[1]?.toLowerCase() ?? page.name.toLowerCase()
    const qualifier = `${subject} › ${qualifierOf(text)}`
    for (const [metric, kind] of [
      ['RPO', 'rpo'],
      ['RTO', 'rto'],
    ] as const) {
      const pattern = new RegExp(`\\b${metric}\\b[^|\\n]{0,25}?${DURATION.source}`, 'g')
      if (text.startsWith('|') && /\|\s*(?:RPO|RTO)\b/.test(text)) continue // a table's own RPO/RTO column, read above
      for (const match of text.matchAll(pattern)) {
        const around = text.slice(Math.max(0, match.index - 60), match.index + match[0].length)
        let klass = serviceClass(text) === 'zone zürich' ? 'zone zürich' : serviceClass(around)
        // "Das RPO von 1 Stunde setzt … voraus: Jedes System mit Premium-SLA …": the line's class, where the words around name none
        if (klass === 'standard' && serviceClass(text) === 'premium' && !/\b(?:Standard|ohne Premium)/.test(around)) klass = 'premium'
        add(kind, `${metric.toLowerCase()} › ${klass}`, duration(match[1], match[2]), line, text)
      }
    }
    if (!fence && /\b(?:Sicherung|Backup|Snapshot|WAL)/.test(text)) {
      const cadence = CADENCES.find(([pattern]) => pattern.test(text))
      if (cadence && !/Restore|Wiederherstellungstest|Test/.test(text))
        add('backup', `backup › ${serviceClass(text)}`, cadence[1], line, text)
    }
    const variant = /\b(?:in allen Varianten|für alle Pakete|in allen Paketen|überall)\b/.test(text)
      ? 'alle'
      : (packageOf(/\bPaket\s+(\w+)/.exec(text)?.[1] ?? '') ?? 'alle')
    for (const match of text.matchAll(/\bworkers\s*=\s*(\d+)/g)) {
      // a configuration shows the package the text before it names ("Das Beispiel zeigt Off-Premise M")
      add('workers', `worker › ${subject} › ${fence ? (lastPackage ?? variant) : variant}`, match[1], line, text)
    }
    const counts = [...text.matchAll(/\b(\d+)\s+(?:Odoo-)?Worker\b/g)]
    // a line that gives several packages their counts ("2, 4 oder 8 Worker") is read by its tables, not here
    if (!text.startsWith('|') && !fence && new Set(counts.map((match) => match[1])).size === 1) {
      for (const match of counts) add('workers', `worker › ${subject} › ${variant}`, match[1], line, text)
    }
    if (!fence)
      lastPackage = [...text.matchAll(/\b(?:Paket|Managed Server|Odoo|Off-Premise)\s+([SML])\b/g)].pop()?.[1]?.toLowerCase() ?? lastPackage
    if (!fence) {
      const fee =
        /\b(?:Einrichtung(?:sgebühr)?|Setup-Gebühr|einmalige[rn]? Einrichtung)\b[^.|\n]{0,30}?CHF\s*(\d{1,3}(?:'\d{3})*(?:\.\d{2})?)/.exec(
          text,
        )
      if (fee) add('set-up-fee', `einrichtung › ${qualifier}`, money(fee[1]), line, text)
      for (const match of text.matchAll(
        /\b([A-ZÄÖÜ][\wäöü-]*(?:prüfung|test|tests|review|rotation|übung|audit|übergabe))\b([^.|\n]{0,40})/g,
      )) {
        const cadence = CADENCES.find(([pattern]) => pattern.test(match[2]))
        if (cadence) add('cadence', `phrase: ${match[1].toLowerCase().replace(/s$/, '')}`, cadence[1], line, text)
      }
    }
    // the supported set ("Odoo 17, 18 und 19") and the current upgrade step ("von Nextcloud 33 auf 34")
    for (const match of text.matchAll(/\b(Odoo|Nextcloud|PostgreSQL|Debian) (\d+), (\d+) und (\d+)\b/g)) {
      add('version', `unterstützt › ${match[1].toLowerCase()}`, `${match[2]}, ${match[3]}, ${match[4]}`, line, text)
    }
    for (const match of text.matchAll(/\baktuell von (Odoo|Nextcloud|PostgreSQL|Debian) (\d+) auf (?:\1 )?(\d+)\b/g)) {
      add('version', `nächster wechsel › ${match[1].toLowerCase()}`, `${match[2]} → ${match[3]}`, line, text)
    }
    for (const match of text.matchAll(VERSIONED)) {
      const before = text.slice(Math.max(0, match.index - 30), match.index)
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30)
      if (
        /\b(?:aktuell(?:e[nrs]?)?|derzeit|heute|läuft auf|laufen auf|im Einsatz ist)\b[^.;:]{0,20}$/i.test(before) ||
        /^\s*(?:ist|sind) (?:die )?aktuell/i.test(after)
      ) {
        add('version', `aktuell › ${match[1].toLowerCase().replace('.js', '')}`, match[2], line, text)
      }
    }
  })
  return facts
}

/** Keys whose values may differ between pages, each with the reason; every other key has one value. */
export interface Variation {
  key: RegExp
  reason: string
}

/** The keys with more than one value across pages, as report lines, after the allowed variations. */
export function conflicts(facts: StatedFact[], variations: Variation[], kinds: FactKind[]): string[] {
  const byKey = new Map<string, StatedFact[]>()
  for (const fact of facts) {
    if (!kinds.includes(fact.kind)) continue
    const id = `${fact.kind} ${fact.key}`
    byKey.set(id, [...(byKey.get(id) ?? []), fact])
  }
  // a value stated for all variants ("workers = 5 in allen Varianten") is one more statement of each variant's key
  for (const [id, stated] of [...byKey]) {
    if (!id.endsWith(' › alle')) continue
    const prefix = id.slice(0, -' alle'.length)
    for (const [other, facts] of byKey) if (other !== id && other.startsWith(prefix)) facts.push(...stated)
  }
  const report: string[] = []
  for (const [id, stated] of byKey) {
    const values = new Set(stated.map((fact) => fact.value))
    const files = new Set(stated.map((fact) => fact.file))
    if (values.size < 2 || files.size < 2) continue
    if (variations.some((variation) => variation.key.test(id))) continue
    report.push(`${id}: ${stated.map((fact) => `${fact.value} (content/${fact.file}:${fact.line})`).join(', ')}`)
  }
  return report.sort()
}
