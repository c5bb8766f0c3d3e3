/**
 * The reverse of i18n.test.ts: a de-CH site of German notes that uses every feature that writes text of the interface
 * (callouts, containers, tags, glossary, bases, canvas, math, diagrams, tasks, footnotes, embeds, media, backlinks,
 * properties, the local graph, the tree sidebar, the 404 page, the search indexes, the feed) shows no English text of
 * the interface in any file it writes, and `wikigen search` answers it in German. The English texts looked for are not
 * a hand list: they are every text of the en table that de-CH writes otherwise.
 *
 * And the times of a site name their zone: the config's `site.timeZone`, else the zone of the machine that builds
 * (the TZ variable), never Zurich by default.
 */
import { execFile, execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/compiler/config/config.js'
import { formatDateTime } from '../../src/compiler/config/site-labels.js'
import { committedCopy, repoRoot, tempDir, wikigen } from './helpers.js'
import { englishIn, englishTexts, jsonStrings } from './interface-texts.js'

/** Committed at 07:05 UTC: 08:05 in Zurich (the tests' machine zone), 03:05 in New York, 16:05 in Tokyo. */
const COMMITTED = '2026-03-14T07:05:00Z'

function allFiles(dir: string, from = ''): string[] {
  return readdirSync(join(dir, from)).flatMap((name) => {
    const path = from ? `${from}/${name}` : name
    return statSync(join(dir, path)).isDirectory() ? allFiles(dir, path) : [path]
  })
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * What a reader sees or hears of a page: its text and the values of the attributes that are read out or shown
 * (aria-label, title, placeholder, alt, content, …), without scripts and styles; and the texts the page gives its
 * scripts (the `#wikigen-labels` JSON), which they show.
 */
function readerTexts(html: string): string[] {
  const scriptTexts = [...html.matchAll(/<script type="application\/json" id="wikigen-labels">([^<]*)<\/script>/g)].flatMap((m) =>
    jsonStrings(JSON.parse(m[1])),
  )
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '')
  const texts = [...withoutCode.matchAll(/>([^<]+)</g)].map((m) => m[1])
  const attributes = [
    ...withoutCode.matchAll(
      /\s(?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|content|data-messages)="([^"]*)"/g,
    ),
  ].map((m) => m[1])
  return [...texts, ...attributes]
    .map((t) => decode(t).trim())
    .filter(Boolean)
    .concat(scriptTexts)
}

/**
 * The texts of a file of the site that a reader may see, by its kind. Scripts are code: their identifiers and the
 * libraries' own messages (`Map`, `Error`, `of`) are not text of the interface, and every text the scripts show comes
 * from the page (`#wikigen-labels`, checked with the page); what is looked for in them is a whole phrase of the
 * English table, which would mean a table of texts was bundled. Media files are the author's, copied as they are.
 */
function textsOf(site: string, file: string): { texts: string[]; phrasesOnly: boolean } | undefined {
  const text = () => readFileSync(join(site, file), 'utf8')
  if (file.endsWith('.html')) return { texts: readerTexts(text()), phrasesOnly: false }
  if (file.endsWith('.json')) return { texts: jsonStrings(JSON.parse(text())), phrasesOnly: false }
  if (file.endsWith('.xml')) return { texts: [...text().matchAll(/>([^<]+)</g)].map((m) => decode(m[1])), phrasesOnly: false }
  // the only text a stylesheet shows is in `content`
  if (file.endsWith('.css')) return { texts: [...text().matchAll(/content:\s*"([^"]*)"/g)].map((m) => m[1]), phrasesOnly: false }
  if (file.endsWith('.js') || file.endsWith('.mjs')) return { texts: [text()], phrasesOnly: true }
  if (/\.(txt|map)$|(^|\/)_redirects$|(^|\/)\.wikigen-output$/.test(file)) return { texts: [text()], phrasesOnly: false }
  return undefined
}

async function buildCopy(root: string, env: Record<string, string> = {}): Promise<string> {
  const site = join(tempDir('wikigen-i18n-de-'), 'site')
  const { code, stderr } = await wikigen(['build', '--root', root, '--out', site, '--no-cache'], { env })
  expect(code, stderr).toBe(0)
  return site
}

const read = (site: string, file: string) => readFileSync(join(site, file), 'utf8')

/** The "Zuletzt aktualisiert" time of a page. */
const lastUpdated = (page: string) => /Zuletzt aktualisiert(?:<!-- -->)?: <\/span><time[^>]*>([^<]*)<\/time>/.exec(page)?.[1]

describe('a de-CH site', () => {
  let site: string
  const words = englishTexts()
  beforeAll(async () => {
    site = await buildCopy(committedCopy('deutsch', COMMITTED))
  }, 120_000)

  it('looks for every English text of the interface, from the tables', () => {
    expect(words).toEqual(
      expect.arrayContaining(['Search', 'Last updated', 'Copy code', 'Linked from', 'Footnotes', 'Tip', 'Table', 'Did you mean', 'Source']),
    )
    // shared by both tables, so not looked for: the spec's 404 texts, and words both languages write alike
    for (const same of ["There's nothing here.", 'Take me home', 'Tag', 'Home']) expect(words).not.toContain(same)
    // a word of a German text too: 'Min.' is German
    expect(words).not.toContain('Min')
    // and the scan finds them where they are, as whole words, in attributes and in the page's texts for its scripts
    const page =
      '<p title="Zuletzt aktualisiert">Tabelle</p><button aria-label="Close">x</button><p>Mappe</p>' +
      '<script type="application/json" id="wikigen-labels">{"copyCode":"Copy code"}</script>'
    expect(englishIn('page', readerTexts(page), words)).toEqual(['page: "Close" (Close)', 'page: "Copy code" (Copy code)'])
  })

  it('writes every feature the fixture uses, so the scan below sees their texts', () => {
    const start = read(site, 'einstieg.html')
    expect(start).toContain('<p class="callout-title">Notiz</p>')
    expect(start).toContain('<p class="custom-container-title">Gefahr</p>')
    expect(start).toContain('<h2 class="sr-only" id="footnote-label">Fussnoten</h2>')
    expect(start).toContain('class="katex"')
    expect(start).toContain('Diagramm wird geladen …')
    expect(start).toMatch(/class="[^"]*task-list-item/)
    expect(start).toContain('PDF öffnen')
    expect(start).toContain('YouTube wird erst beim Abspielen geladen.')
    expect(start).toContain('Datei öffnen: medien-rundgang.mp4')
    expect(start).toMatch(/<a class="tag" href="\/tags\/neu.html">#neu<\/a>/)
    expect(start).toContain('aria-label="Ja" checked=""')
    expect(start).toContain('aria-label="Nein"')
    expect(start).toContain('>Quellcode<')
    expect(start).toContain('>Diese Seite bearbeiten<')
    expect(read(site, 'umzug.html')).toContain('Eingebettete Seite bettet sich selbst ein')
    expect(read(site, 'index.html')).toContain('title="Seite fehlt: Seite ohne Ziel"')
    expect(read(site, 'serverraum.html')).toContain('Verlinkt von')
    expect(read(site, 'übersicht.html')).toContain('<p class="base-empty">Keine Einträge</p>')
    expect(read(site, 'projektplan.html')).toContain('class="canvas-scroll"')
    expect(read(site, 'glossary.html')).toContain('<title>Glossar | Betriebshandbuch</title>')
    expect(read(site, 'suche.html')).toContain('Die Volltextsuche braucht JavaScript.')
    expect(read(site, 'tags.html')).toContain('Alle Tags')
    expect(read(site, 'rss.xml')).toContain('<language>de-CH</language>')
  })

  it('shows no English text of the interface in any file it writes', () => {
    const files = allFiles(site)
    expect(files).toEqual(
      expect.arrayContaining(['index.html', '404.html', 'suche.html', 'tags.html', 'search-index.json', 'rss.xml', 'sitemap.xml']),
    )
    const found: string[] = []
    let scanned = 0
    for (const file of files) {
      const of = textsOf(site, file)
      if (!of) continue
      scanned++
      found.push(...englishIn(file, of.texts, words, of.phrasesOnly))
    }
    expect(scanned).toBeGreaterThan(30)
    expect(found).toEqual([])
  })

  // exempt: the 404 page's messages and its link are English on every site (spec §8), so both tables write them alike;
  // a config may give its own (spec §3, theme data notFound and backToHome): see the New York build below
  it("shows the spec's English 404 texts, with the page's own help in German", () => {
    const notFound = read(site, '404.html')
    expect(notFound).toContain('There&#x27;s nothing here.')
    expect(notFound).toContain('>Take me home</a>')
    expect(notFound).toContain('Meinten Sie')
  })

  it('answers `wikigen search` in German: suggestions, none, full text, none, a misspelt word', async () => {
    const hits = await wikigen(['search', '--out', site, 'Serverraum'])
    expect(hits.code, hits.stderr).toBe(0)
    expect(hits.stdout).toContain('/serverraum.html')
    const none = await wikigen(['search', '--out', site, 'zzqqxx'])
    expect(none.stdout.trim()).toBe('Kein Titel passt zu „zzqqxx“.')
    const fullText = await wikigen(['search', '--out', site, '--full-text', 'Kühlung'])
    expect(fullText.code, fullText.stderr).toBe(0)
    expect(fullText.stdout).toMatch(/^1 Treffer für „Kühlung“/)
    const fullTextNone = await wikigen(['search', '--out', site, '--full-text', 'zzqqxx'])
    expect(fullTextNone.stdout.trim()).toBe('Keine Treffer für „zzqqxx“.')
    const misspelt = await wikigen(['search', '--out', site, '--full-text', 'Notausgnag'])
    expect(misspelt.stdout).toMatch(/^1 Treffer für „Notausgnag“\nMeinten Sie notausgang\?\n/)
    const partial = await wikigen(['search', '--out', site, '--full-text', 'Kühlung Notausgang'])
    expect(partial.stdout).toContain('Keine Seite enthält alle Wörter')
    const outputs = { hits, none, fullText, fullTextNone, misspelt, partial }
    const found = Object.entries(outputs).flatMap(([name, output]) => englishIn(name, output.stdout.split('\n'), words))
    expect(found).toEqual([])
  })

  it("reports broken links with `wikigen check-links` as the build's diagnostics do: English by design, for the site's makers", async () => {
    const { code, stdout } = await wikigen(['check-links', '--root', committedCopy('deutsch', COMMITTED)])
    expect(code).toBe(1)
    // every line a diagnostic: a place and what is broken there, or the closest target; no text of the interface
    const lines = stdout.trim().split('\n')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).toMatch(/^.+:\d+:\d+ +broken link to |^ +did you mean /)
    expect(stdout).toContain('broken link to Seite ohne Ziel')
  })
})

describe('the times of a site', () => {
  it("are in the config's time zone and name it: a property's, a base's and the last update (and the 404 texts are the config's)", async () => {
    const root = committedCopy('deutsch', COMMITTED, (dir) => {
      const config = read(dir, 'wikigen.config.ts').replace("lang: 'de-CH',", "lang: 'de-CH',\n    timeZone: 'America/New_York',")
      // the theme data's 404 texts (spec §3): a German site may write its own
      writeFileSync(
        join(dir, 'wikigen.config.ts'),
        config.replace(/\}\)\n$/, "  labels: { notFound: ['Hier ist nichts.'], backToHome: 'Zur Startseite' },\n})\n"),
      )
    })
    const site = await buildCopy(root)
    const start = read(site, 'einstieg.html')
    expect(lastUpdated(start)).toBe('14.03.2026, 03:05 GMT-4')
    // written without a zone: the site's wall-clock time, in winter
    expect(start).toContain('<time dateTime="2026-02-01T14:30:00">01.02.2026, 14:30 GMT-5</time>')
    // a date alone has no zone
    expect(start).toContain('<time dateTime="2026-02-01">01.02.2026</time>')
    // the base's "Geändert" column: the last commit, in the site's zone
    expect(read(site, 'übersicht.html')).toContain('<time datetime="2026-03-14T03:05">14.03.2026, 03:05 GMT-4</time>')
    const notFound = read(site, '404.html')
    expect(notFound).toContain('Hier ist nichts.')
    expect(notFound).toContain('>Zur Startseite</a>')
    expect(notFound).not.toContain('Take me home')
  }, 120_000)

  it("are in the zone of the machine that builds when the config names none (TZ), not Zurich's", async () => {
    const site = await buildCopy(committedCopy('deutsch', COMMITTED), { TZ: 'Asia/Tokyo' })
    const start = read(site, 'einstieg.html')
    expect(lastUpdated(start)).toBe('14.03.2026, 16:05 GMT+9')
    expect(start).toContain('01.02.2026, 14:30 GMT+9</time>')
  }, 120_000)

  it("are in the system's zone without TZ", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: '1' }
    delete env.TZ
    const machineZone = execFileSync(process.execPath, ['-p', 'Intl.DateTimeFormat().resolvedOptions().timeZone'], { env })
      .toString()
      .trim()
    // the commit's time as a site in that zone writes it: '14.03.2026, 07:05 UTC' on a machine in UTC
    const expected = formatDateTime(resolveConfig({ site: { lang: 'de-CH', timeZone: machineZone } }), Date.parse(COMMITTED))
    const site = join(tempDir('wikigen-i18n-de-'), 'site')
    const root = committedCopy('deutsch', COMMITTED)
    const code = await new Promise<number>((resolve) =>
      execFile(
        process.execPath,
        [join(repoRoot, 'bin/wikigen.js'), 'build', '--root', root, '--out', site, '--no-cache'],
        { env },
        (error) => resolve(error ? 1 : 0),
      ),
    )
    expect(code).toBe(0)
    expect(lastUpdated(read(site, 'einstieg.html'))).toBe(expected)
  }, 120_000)
})
