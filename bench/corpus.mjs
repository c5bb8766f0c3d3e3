#!/usr/bin/env node
// Generates a deterministic synthetic German company wiki for benchmarks:
//   node bench/corpus.mjs --pages 3000 --out /tmp/wiki-3000 [--seed 1]   (replaces DIR)
// Same pages and seed → byte-identical files. Each page has YAML front matter, 3–12 headings (umlauts included),
// paragraphs, lists, a table, fenced code, wikilinks and relative .md links (some with #anchors), sometimes an image,
// and about one page in twenty a mermaid diagram. Flat layout plus index.md, so every engine can build it.
// Content avoids '{{' and raw '<' so template-based engines (VuePress, VitePress) compile it too.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
)
const pageCount = Number(args.pages ?? 300)
const out = args.out
if (!out || !(pageCount > 0)) {
  console.error('usage: node bench/corpus.mjs --pages N --out DIR [--seed S]')
  process.exit(2)
}

// xorshift32: small, fast and deterministic
let state = (Number(args.seed ?? 1) * 2654435761) >>> 0 || 1
const random = () => {
  state ^= state << 13
  state >>>= 0
  state ^= state >>> 17
  state ^= state << 5
  state >>>= 0
  return state / 4294967296
}
const int = (min, max) => min + Math.floor(random() * (max - min + 1))
const one = (list) => list[Math.floor(random() * list.length)]
const maybe = (p) => random() < p

const TOPICS = [
  'Buchhaltung',
  'Lagerbewirtschaftung',
  'Zeiterfassung',
  'Spesen',
  'Datensicherung',
  'Mailserver',
  'Zugänge',
  'Kundenportal',
  'Rechnungslauf',
  'Mahnwesen',
  'Offerten',
  'Wartungsfenster',
  'Netzwerk',
  'Firewall',
  'Arbeitsplätze',
  'Onboarding',
  'Schulung',
  'Lizenzen',
  'Zertifikate',
  'Monitoring',
  'Kassensystem',
  'Webshop',
  'Fertigung',
  'Einkauf',
  'Lohnlauf',
  'Ferienplanung',
  'Telefonie',
  'Dokumentenablage',
  'Archiv',
  'Schnittstellen',
  'Berechtigungen',
  'Wirkungsräume',
]
const KINDS = [
  'Übersicht',
  'Anleitung',
  'Checkliste',
  'Konzept',
  'Fehlerbehebung',
  'Richtlinie',
  'Ablauf',
  'Änderungen',
  'Grössen und Limiten',
  'Rollen',
  'Notfallplan',
  'Migration',
  'Prüfung',
  'Häufige Fragen',
]
const PLACES = ['Altdorf', 'Zürich', 'Bern', 'Basel', 'Luzern', 'Genf', '2025', '2026', 'Pilot', 'Entwurf', 'Archiv']
const HEADINGS = [
  'Zweck',
  'Übersicht',
  'Voraussetzungen',
  'Zuständigkeiten',
  'Ablauf',
  'Schritt für Schritt',
  'Prüfung',
  'Grössen und Limiten',
  'Bekannte Probleme',
  'Rückfragen',
  'Änderungsprotokoll',
  'Konfiguration',
  'Wiederherstellung',
  'Häufige Fragen',
  'Sicherheit',
  'Termine und Fristen',
  'Abnahme',
  'Offene Punkte',
  'Entscheide',
  'Testfälle',
]
const WORDS = (
  'die der das und für mit bei nach zum zur wird werden ist sind muss kann soll auch nur bereits jeweils ' +
  'täglich wöchentlich monatlich verbindlich zuverlässig gemäss ausserdem grundsätzlich Kundschaft Auftrag Beleg ' +
  'Buchung Lieferung Bestellung Freigabe Prüfung Übersicht Rückmeldung Lösung Schlüssel Bestätigung Verfügbarkeit ' +
  'Abläufe Stammdaten Benutzer Gruppe Rolle Modul Server Datenbank Sicherung Ordner Vorlage Bericht Frist Termin ' +
  'Anfrage Ticket Vorgang Schnittstelle Abteilung Standort Geschäftsleitung Kostenstelle Projekt Meilenstein ' +
  'erstellt geprüft freigegeben gespeichert übertragen angepasst dokumentiert aktualisiert vollständig'
).split(' ')
const TOOLS = ['Odoo', 'PostgreSQL', 'Nextcloud', 'Keycloak', 'Ansible', 'Docker', 'Kubernetes', 'Grafana', 'restic']

const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1)
const anchor = (h) =>
  h
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')

// plan: unique titles, file names from titles (umlauts transliterated in most names, kept in some)
const pages = []
const taken = new Set(['index'])
for (let i = 0; i < pageCount; i++) {
  let title = i === 0 ? 'Odoo 17 Upgrade' : `${one(TOPICS)} ${one(KINDS)}${maybe(0.5) ? ` ${one(PLACES)}` : ''}`
  const keep = maybe(0.1)
  const base = (
    keep
      ? title
      : title.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue')
  )
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
  let file = base
  for (let n = 2; taken.has(file); n++) file = `${base}-${n}`
  if (file !== base) title = `${title} ${file.slice(base.length + 1)}`
  taken.add(file)
  const headings = [...HEADINGS]
    .sort(() => random() - 0.5)
    .slice(0, int(3, 12))
    .map((text, j) => ({ text, level: j > 0 && maybe(0.3) ? 3 : 2 }))
  pages.push({ file, title, headings })
}

const sentence = (links) => {
  const words = Array.from({ length: int(8, 18) }, () => one(WORDS))
  if (maybe(0.15)) words.splice(int(1, words.length - 1), 0, one(TOOLS))
  if (maybe(0.08))
    words.splice(int(1, words.length - 1), 0, `\`${one(['odoo-bin', 'pg_dump', 'res.partner', 'restic snapshots', 'kubectl get pods'])}\``)
  if (maybe(0.06)) words.splice(int(1, words.length - 1), 0, `**${one(WORDS)}**`)
  if (links.length > 0 && maybe(0.4)) words.splice(int(1, words.length), 0, links.shift())
  return `${cap(words.join(' '))}${one(['.', '.', '.', '!'])}`
}
const paragraph = (links) => Array.from({ length: int(2, 5) }, () => sentence(links)).join(' ')
const list = (links) =>
  Array.from(
    { length: int(3, 6) },
    () => `- ${cap(one(WORDS))} ${one(WORDS)} ${one(WORDS)}${links.length > 0 && maybe(0.3) ? ` (${links.shift()})` : ''}`,
  ).join('\n')
const table = () => {
  const rows = Array.from(
    { length: int(3, 7) },
    () =>
      `| ${one(TOPICS)} | ${one(['offen', 'in Arbeit', 'erledigt'])} | ${int(1, 28)}.${int(1, 12)}.2026 | CHF ${int(1, 9)}'${int(100, 999)}.00 |`,
  )
  return ['| Bereich | Status | Frist | Kosten |', '| --- | --- | --- | ---: |', ...rows].join('\n')
}
const code = () =>
  one([
    '```bash\nrestic -r s3:https://backup.example/wiki snapshots --latest 3\nsudo systemctl restart odoo\n```',
    '```yaml\nodoo:\n  version: 17.0\n  workers: 4\n  db_maxconn: 64\n```',
    '```python\nfor partner in env["res.partner"].search([("active", "=", True)]):\n    partner.write({"lang": "de_CH"})\n```',
    '```xml\n<xpath expr="//field[@name=\'partner_id\']" position="after">\n  <field name="x_kostenstelle"/>\n</xpath>\n```',
  ])
const diagram = () =>
  `\`\`\`mermaid\nflowchart LR\n  A[${one(TOPICS)}] --> B[Prüfung]\n  B --> C{Freigabe?}\n  C -->|ja| D[Erledigt]\n  C -->|nein| A\n\`\`\``

rmSync(out, { recursive: true, force: true })
mkdirSync(join(out, 'images'), { recursive: true })
for (let i = 0; i < 20; i++)
  writeFileSync(join(out, 'images', `bild-${i}.png`), png(int(40, 200), int(30, 120), [int(0, 255), int(0, 255), int(0, 255)]))

const home = [
  '---',
  'home: true',
  'title: Wiki',
  'heroText: Wiki',
  'tagline: Synthetische Wissensdatenbank',
  'actions:',
  `  - text: Start`,
  `    link: /${pages[0].file}.html`,
  'features:',
  '  - title: Schnell',
  '    details: Statisch gebaut.',
  '---',
  '',
  '## Seiten',
  '',
  ...pages.slice(0, 50).map((p) => `- [${p.title}](./${p.file}.md)`),
  '',
]
writeFileSync(join(out, 'index.md'), home.join('\n'))

for (const [i, page] of pages.entries()) {
  const links = Array.from({ length: int(3, 8) }, () => {
    const target = pages[int(0, pages.length - 1)]
    const withAnchor = maybe(0.3) ? target.headings[int(0, target.headings.length - 1)].text : undefined
    if (maybe(0.5)) return `[[${target.title}${withAnchor ? `#${withAnchor}` : ''}|${target.title}]]`
    return `[${target.title}](./${target.file}.md${withAnchor ? `#${anchor(withAnchor)}` : ''})`
  })
  const parts = ['---', `title: ${JSON.stringify(page.title)}`, `kind: ${one(['Anleitung', 'Referenz', 'Erklärung'])}`, '---', '']
  if (maybe(0.5)) parts.push(`# ${page.title}`, '')
  parts.push(paragraph(links), '')
  for (const [j, heading] of page.headings.entries()) {
    parts.push(`${'#'.repeat(heading.level)} ${heading.text}`, '', paragraph(links), '')
    if (maybe(0.4)) parts.push(list(links), '')
    if (maybe(0.25)) parts.push(table(), '')
    if (maybe(0.25)) parts.push(code(), '')
    if (j === 0 && maybe(0.15)) parts.push(`![${one(TOPICS)}](./images/bild-${int(0, 19)}.png)`, '')
    if (j === 1 && i % 20 === 7) parts.push(diagram(), '')
  }
  if (links.length > 0) parts.push('## Siehe auch', '', ...links.map((l) => `- ${l}`), '')
  writeFileSync(join(out, `${page.file}.md`), parts.join('\n'))
}
console.log(`${pageCount} pages written to ${out}`)

/** A tiny solid-colour PNG, so engines that check assets find real images. */
function png(width, height, [r, g, b]) {
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function crc32(buffer) {
  let crc = -1
  for (const byte of buffer) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ -1) >>> 0
}
