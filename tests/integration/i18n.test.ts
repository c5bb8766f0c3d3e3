/**
 * The interface in the site's language: the English fixture built with the CLI reads English on every page (no German
 * text of the interface left), with its dates in its own time zone and its own change of one text; the same site as
 * de-DE writes Germany's spelling; a misspelt text in the config is an error that names the key and the one meant.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { labels as deCH } from '../../src/shared/labels.js'
import { LOCALES } from '../../src/shared/locales.js'
import { committedCopy, tempDir, wikigen } from './helpers.js'

/** Committed at 07:05 UTC: 03:05 in New York (the English site's zone), 08:05 in Zurich (the tests' machine zone). */
const COMMITTED = '2026-03-14T07:05:00Z'

function htmlFiles(dir: string, from = ''): string[] {
  return readdirSync(join(dir, from)).flatMap((name) => {
    const path = from ? `${from}/${name}` : name
    if (statSync(join(dir, path)).isDirectory()) return path === '_wikigen' ? [] : htmlFiles(dir, path)
    return path.endsWith('.html') ? [path] : []
  })
}

function allFiles(dir: string, from = ''): string[] {
  return readdirSync(join(dir, from)).flatMap((name) => {
    const path = from ? `${from}/${name}` : name
    return statSync(join(dir, path)).isDirectory() ? allFiles(dir, path) : [path]
  })
}

/** What a reader sees or hears of a page: its text and the values of its attributes, without scripts and styles. */
function readerTexts(html: string): string[] {
  const withoutCode = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '')
  const texts = [...withoutCode.matchAll(/>([^<]+)</g)].map((m) => m[1])
  const attributes = [...withoutCode.matchAll(/\s(?:aria-label|title|placeholder|alt|data-[\w-]+|content)="([^"]*)"/g)].map((m) => m[1])
  return [...texts, ...attributes]
    .map((t) =>
      t
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
}

/** The German texts of the interface an English page must not show: those the English table writes otherwise. */
function germanTexts(): string[] {
  const english = LOCALES.en.labels
  const out: string[] = []
  for (const [key, value] of Object.entries(deCH)) {
    const own = english[key as keyof typeof english]
    if (typeof value === 'string') {
      if (value !== own) out.push(...value.split(/\{\w+\}/).map((part) => part.trim()))
    } else if (!Array.isArray(value)) {
      for (const [kind, title] of Object.entries(value)) if ((own as Record<string, string>)[kind] !== title) out.push(title)
    }
  }
  return [...new Set(out.filter((text) => text.length >= 3))]
}

/** `text` as a run of whole words: 'Glossar' is not in 'Glossary'. */
const asWords = (text: string) => new RegExp(`(?<![\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u')

async function buildCopy(root: string): Promise<{ site: string; code: number; stderr: string }> {
  const site = join(tempDir('wikigen-i18n-'), 'site')
  const { code, stderr } = await wikigen(['build', '--root', root, '--out', site, '--no-cache'])
  return { site, code, stderr }
}

const read = (site: string, file: string) => readFileSync(join(site, file), 'utf8')

describe('an English site', () => {
  let site: string
  beforeAll(async () => {
    const built = await buildCopy(committedCopy('english', COMMITTED))
    expect(built.code, built.stderr).toBe(0)
    site = built.site
  }, 120_000)

  it('shows no German text of the interface on any page', () => {
    const german = germanTexts()
    expect(german).toEqual(expect.arrayContaining(['Suche', 'Zuletzt aktualisiert', 'Kopiere den Code.', 'Verlinkt von', 'Fussnoten']))
    const files = htmlFiles(site)
    expect(files).toEqual(expect.arrayContaining(['index.html', 'getting-started.html', 'glossary.html', 'search.html', '404.html']))
    const found: string[] = []
    for (const file of files)
      for (const text of readerTexts(read(site, file)))
        for (const word of german)
          // short words count only as a whole text ('Art', 'Pfad'); longer ones as words anywhere in it
          if (word.length < 6 ? text === word : asWords(word).test(text)) found.push(`${file}: ${JSON.stringify(text)} (${word})`)
    expect(found).toEqual([])
  })

  it('labels the page in English, with its date in the site zone and its own text for the changelog', () => {
    const page = read(site, 'getting-started.html')
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('placeholder="Search"')
    expect(page).toMatch(/<span class="meta-item-label">Last updated(<!-- -->)?: <\/span><time[^>]*>3\/14\/2026, 3:05\s?AM EDT<\/time>/)
    expect(page).toContain('History of this page')
    expect(page).toContain('>Edit this page<')
    expect(page).toContain('<h2 class="sr-only" id="footnote-label">Footnotes</h2>')
    expect(page).toContain('<p class="callout-title">Tip</p>')
    expect(page).toContain('<p class="custom-container-title">Warning</p>')
    expect(page).toMatch(/aria-labelledby="(task_\w+)"> <span id="\1">Laptop handed over<\/span>/)
    const release = read(site, 'release-process.html')
    expect(release).toMatch(/Linked from/)
    expect(release).toContain('Loading diagram …')
    expect(read(site, 'index.html')).toContain('title="Missing page: Missing page"')
  })

  it('counts and names the views of a base in English', () => {
    const page = read(site, 'all-guides.html')
    expect(page).toContain('<span class="base-count">2 entries</span>')
    expect(page).toContain('role="region" aria-label="Table"')
    expect(page).toContain('<th scope="col">Path</th>')
    expect(page).toContain('<p class="base-empty">No entries</p>')
  })

  it('gives the browser scripts their English texts in the page', () => {
    const script = /<script type="application\/json" id="wikigen-labels">([^<]*)<\/script>/.exec(read(site, 'index.html'))
    expect(script).not.toBeNull()
    expect(JSON.parse(script![1])).toMatchObject({
      copied: 'Copied',
      copyCode: 'Copy code',
      backToTop: 'Back to top',
      fullTextHits: '{count} results for “{query}”',
    })
  })

  it('has its full-text search page at /search.html, in English', () => {
    const page = read(site, 'search.html')
    expect(page).toContain('<title>Search | Handbook</title>')
    expect(page).toContain('<label class="sr-only" for="fulltext-query">Search terms</label>')
    expect(page).toContain('>Full-text search needs JavaScript.')
    expect(read(site, 'index.html')).toContain('Search full text')
  })

  it('writes no German text of the interface into any file of the site: pages, scripts, indexes, feeds', () => {
    const german = germanTexts().filter((word) => word.length >= 6)
    const found: string[] = []
    for (const file of allFiles(site).filter((path) => /\.(html|js|json|xml|txt|css)$/.test(path)))
      for (const word of german) if (asWords(word).test(read(site, file))) found.push(`${file}: ${word}`)
    expect(found).toEqual([])
  })

  it('answers `wikigen search` in English', async () => {
    const none = await wikigen(['search', '--out', site, 'zzqqxx'])
    expect(none.stdout.trim()).toBe('No title matches “zzqqxx”.')
    const hits = await wikigen(['search', '--out', site, '--full-text', 'release'])
    expect(hits.code, hits.stderr).toBe(0)
    expect(hits.stdout).toMatch(/^\d+ results? for “release”/)
    const misspelt = await wikigen(['search', '--out', site, '--full-text', 'releese'])
    expect(misspelt.stdout).toMatch(/Did you mean release\?/)
    for (const output of [none, hits, misspelt])
      for (const word of germanTexts()) expect(asWords(word).test(output.stdout), word).toBe(false)
  })

  it('writes the texts around properties, media, math, diagrams, a canvas and the local graph in English', () => {
    const page = read(site, 'features.html')
    expect(page).toContain('aria-label="Yes" checked=""')
    expect(page).toContain('aria-label="No"')
    // a time names the site's zone (New York), a date alone has none
    expect(page).toContain('<time dateTime="2026-02-01T14:30:00">Feb 1, 2026, 2:30 PM EST</time>')
    expect(page).toContain('<time dateTime="2026-02-01">Feb 1, 2026</time>')
    expect(page).toContain('<p class="callout-title">Question</p>')
    expect(page).toContain('Open PDF: medien-handbuch.pdf')
    expect(page).toContain('Open file: medien-rundgang.mp4')
    expect(page).toContain('YouTube is loaded only when you play the video.')
    expect(page).toContain('Loading diagram …')
    expect(page).toContain('class="katex"')
    expect(page).toContain('>Local graph<')
    expect(read(site, 'plan.html')).toContain('class="canvas-scroll"')
  })

  it('names the glossary and the 404 page in English', () => {
    expect(read(site, 'glossary.html')).toContain('<title>Glossary | Handbook</title>')
    const notFound = read(site, '404.html')
    expect(notFound).toContain('There&#x27;s nothing here.')
    expect(notFound).toContain('Take me home')
  })
})

describe('a de-DE site', () => {
  let site: string
  beforeAll(async () => {
    const root = committedCopy('english', COMMITTED, (dir) => {
      writeFileSync(join(dir, 'wikigen.config.ts'), "export default { site: { lang: 'de-DE', title: 'Handbuch' } }\n")
    })
    const built = await buildCopy(root)
    expect(built.code, built.stderr).toBe(0)
    site = built.site
  }, 120_000)

  it("writes Germany's spelling and German dates in the machine's zone, named (Zurich in the tests)", () => {
    const page = read(site, 'getting-started.html')
    expect(page).toContain('<html lang="de-DE">')
    expect(page).toContain('<h2 class="sr-only" id="footnote-label">Fußnoten</h2>')
    expect(page).toMatch(/Zuletzt aktualisiert(<!-- -->)?: <\/span><time[^>]*>14\.03\.2026, 08:05 MEZ<\/time>/)
    expect(page).toContain('placeholder="Suche"')
    const script = /id="wikigen-labels">([^<]*)</.exec(page)
    expect(JSON.parse(script![1])).toMatchObject({
      diagramOpen: 'Diagramm vergrößern',
      diagramZoomIn: 'Vergrößern',
      diagramClose: 'Schließen',
      diagramViewerHelp: 'Ziehen oder Pfeiltasten verschieben, Mausrad oder + und − zoomen, Esc schließt.',
      imageOpen: 'Bild in voller Größe zeigen',
    })
    expect(htmlFiles(site)).toContain('suche.html')
    expect(htmlFiles(site)).not.toContain('search.html')
  })
})

describe('a misspelt text in the config', () => {
  it('is an error naming file, line, column, the key and the one meant', async () => {
    const root = committedCopy('english', COMMITTED, (dir) => {
      writeFileSync(join(dir, 'wikigen.config.ts'), "export default {\n  site: { lang: 'en' },\n  labels: { copyed: 'Done' },\n}\n")
    })
    const built = await buildCopy(root)
    expect(built.code).toBe(1)
    expect(built.stderr).toMatch(/wikigen\.config\.ts:3:13 +error +Unknown key "labels\.copyed"/)
    expect(built.stderr).toContain('hint: Did you mean "copied"?')
  }, 120_000)
})
