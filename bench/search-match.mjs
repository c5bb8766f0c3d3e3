#!/usr/bin/env node
// Benchmark of the search matcher (src/shared/search/match.ts) over a generated 10 000-page index shaped like the
// real one (titles of 1–3 German words, 5–10 level-2 headings each, some with a level-3 child; umlauts, hyphens).
// Every prefix of a few typed queries is one keystroke; each keystroke runs 21 times and its median is kept.
// Spec target: median keystroke ≤ 5 ms. It also checks every answer against the reference regular expression
// (VuePress 2's isQueryMatched with flags 'gi'), so a faster matcher cannot drift from the reference.
//
//   node bench/search-match.mjs [pages]
import { build } from 'esbuild'

const PAGES = Number(process.argv[2] ?? 10_000)
const RUNS = 21

const bundle = await build({
  entryPoints: [new URL('../src/shared/search/match.ts', import.meta.url).pathname],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
})
const { searchSuggestions } = await import(`data:text/javascript,${encodeURIComponent(bundle.outputFiles[0].text)}`)

let seed = 42
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
const pick = (list) => list[Math.floor(random() * list.length)]
const WORDS = [
  'Odoo',
  'Hosting',
  'Nextcloud',
  'Prozesse',
  'Richtlinie',
  'Vorlage',
  'Spezifikation',
  'Liste',
  'Phase',
  'Ansible',
  'Docker',
  'Kubernetes',
  'Backup',
  'Wartungsvertrag',
  'Weiterbildung',
  'Wissenstransfer',
  'Zahlen',
  'Ziele',
  'Übersicht',
  'Wirkungsräume',
  'Zürich',
  'On-Premise',
  'Off-Premise',
  'Cloud',
  'Upgrade',
  'App',
  'Buchhaltung',
  'Verkauf',
  'Einkauf',
  'Lager',
  'Projekt',
  'Zeiterfassung',
  'Helpdesk',
  'Website',
  'Dokumente',
  'Personal',
  'Fertigung',
  'Kasse',
  'Entwicklung',
  'Sicherheit',
  'Support',
  'Migration',
  'Marketing',
  'Finanzen',
  'Beratung',
  'Akquise',
  'Hardware',
  'Infrastruktur',
  'Terminal',
  'Dotfiles',
  'Extensions',
  'Tools',
  'Leistungen',
  'Intervalle',
  'Koordination',
  'Modelle',
  'Inhalt',
  'Vorgehen',
  'Ergebnisse',
  'Projektrisiken',
  'Plugins',
  'Laptop',
  'Tastatur',
  'Lieferant',
  'Mettler',
  'Toledo',
  'Installation',
  'Konfiguration',
  'Betrieb',
  'Überwachung',
  'Fehlerbehebung',
  'Voraussetzungen',
  'Einleitung',
  'Beispiel',
  'Anhang',
  'Glossar',
  'Rollen',
  'Ablauf',
  'Checkliste',
  '(Entwurf)',
]
const phrase = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
const slug = (text) => text.toLowerCase().replace(/\s+/g, '-')
const header = (level, title, children = []) => ({ level, title, slug: slug(title), link: `#${slug(title)}`, children })

const index = Array.from({ length: PAGES }, (_, i) => {
  const title = `${phrase(1 + Math.floor(random() * 3))} ${i}`
  const headers = Array.from({ length: 5 + Math.floor(random() * 6) }, () =>
    header(2, phrase(1 + Math.floor(random() * 3)), random() < 0.3 ? [header(3, phrase(2))] : []),
  )
  return { title, headers, path: `/${encodeURI(slug(title))}.html`, pathLocale: '/', extraFields: [] }
})
const json = JSON.stringify(index)

// what the browser does once per session: parse the fetched index, then prepare it on the first query
let parsed
for (let r = 0; r < 3; r++) {
  let t0 = performance.now()
  parsed = JSON.parse(json)
  const parse = performance.now() - t0
  t0 = performance.now()
  searchSuggestions(parsed, 'warm-up')
  console.log(
    `${(json.length / 1e6).toFixed(1)} MB index, ${PAGES} pages, ${parsed.reduce((n, e) => n + e.headers.length, 0)} h2: JSON.parse ${parse.toFixed(0)} ms, first query incl. preparing ${(performance.now() - t0).toFixed(0)} ms`,
  )
}

const TYPED = [
  'odoo hosting on-premise',
  'wirkungsräume',
  'über zürich',
  'qqqxyz',
  'zzz nichts da',
  'hosting (entwurf)',
  'fehlerbehebung ansible',
  'x',
  'k',
  'odoo ',
  'prozesse odoo app',
]
const keystrokes = TYPED.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)))

for (const query of keystrokes) {
  const expected = referenceSuggestions(parsed, query)
  const actual = searchSuggestions(parsed, query)
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`differs from the reference for ${JSON.stringify(query)}`)
}

const timed = keystrokes.map((query) => {
  const times = []
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now()
    searchSuggestions(parsed, query)
    times.push(performance.now() - t0)
  }
  return { query, ms: median(times), found: searchSuggestions(parsed, query).length }
})
console.log(`${keystrokes.length} keystrokes, median of ${RUNS} runs each (answers equal to the reference's):`)
console.log(
  `  median keystroke ${median(timed.map((t) => t.ms)).toFixed(3)} ms, slowest ${Math.max(...timed.map((t) => t.ms)).toFixed(3)} ms`,
)
for (const t of timed.sort((a, b) => b.ms - a.ms).slice(0, 5))
  console.log(`  ${JSON.stringify(t.query).padEnd(28)} ${t.ms.toFixed(3)} ms  ${t.found} suggestions`)

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** VuePress 2's isQueryMatched + useSearchSuggestions with flags 'gi' and the spec's trailing space (reference S1–S5). */
function referenceSuggestions(entries, query) {
  const normal = query.trim().toLowerCase()
  const out = []
  if (!normal) return out
  const words = normal.split(/\s+/)
  let matches
  if (/[^\x00-\x7F]/.test(normal)) matches = (text) => words.some((w) => text.toLowerCase().includes(w))
  else {
    const escape = (w) => w.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')
    const whole = /\s$/.test(query)
    const source =
      words.map((w, i) => (i === words.length - 1 && !whole ? `(?=.*\\b${escape(w)})` : `(?=.*\\b${escape(w)}\\b)`)).join('') + '.+'
    matches = (text) => new RegExp(source, 'gi').test(text)
  }
  const visit = (entry, headers) => {
    for (const h of headers) {
      if (out.length >= 10) return
      if (matches(h.title)) out.push({ link: `${entry.path}#${h.slug}`, title: entry.title, header: h.title })
      visit(entry, h.children)
    }
  }
  for (const entry of entries) {
    if (out.length >= 10) break
    if (entry.pathLocale !== '/') continue
    if (matches([entry.title, ...entry.extraFields].join(' '))) out.push({ link: entry.path, title: entry.title })
    else visit(entry, entry.headers)
  }
  return out
}
