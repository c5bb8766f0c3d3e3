/**
 * Math in notes, built from real folders: the math fixture (formulas in a callout, a table, a list, a footnote and an
 * embedded section; a page of dollar amounts; a page with TeX errors) with the bundled client, and small wikis for the
 * base path, the cache and the dev server.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import { createDevSession, type DevSession } from '../../src/compiler/dev-session.js'
import type { Diagnostic } from '../../src/compiler/diagnostics.js'
import { fixtureSite, repoRoot, tempDir } from './helpers.js'

const clientDir = join(repoRoot, 'lib/client')

/** The stylesheets a built page links, in order. */
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1])

let out: string
let diagnostics: Diagnostic[]
const read = (file: string) => readFileSync(join(out, file), 'utf8')

beforeAll(async () => {
  out = join(tempDir('wikigen-math-'), 'site')
  ;({ diagnostics } = await build({ root: fixtureSite('math'), out, cacheDir: false, clientDir }))
})

describe('a vault with math', () => {
  it('typesets the formulas of callouts, tables, lists, footnotes and headings', () => {
    const html = read('formeln.html')
    const formula = (tex: string) => `<annotation encoding="application/x-tex">${tex}</annotation>`
    const callout = html.slice(html.indexOf('class="callout'), html.indexOf('</div>', html.indexOf('Satz des Pythagoras')) + 400)
    expect(callout).toContain(formula('a^2 + b^2 = c^2'))
    expect(html).toMatch(/<td><span class="katex">[\s\S]*?<annotation encoding="application\/x-tex">A = \\pi r\^2<\/annotation>/)
    expect(html).toMatch(/<li>Ableitung: <span class="katex">/)
    expect(html).toMatch(/<li id="user-content-fn-1">[\s\S]*\\alpha \+ \\beta = \\gamma/)
    expect(html).toMatch(/<h2 id="quadratische-gleichung-ax-2-bx-c-0"[\s\S]*?<span class="katex">/)
    expect(html).toContain('<div class="math-block"><span class="katex-display">')
    expect(html).not.toMatch(/\sstyle=/)
  })

  it('leaves amounts in dollars and code spans as they are written', () => {
    expect(read('formeln.html')).toContain('Das Heft kostet $5 und das Buch $10, also <em>zusammen</em> $15. Ein geschütztes $ bleibt')
    expect(read('formeln.html')).toContain('<code>$x$</code> ist Code.')
    expect(read('kennzahlen.html')).toContain('Der Umsatz stieg von $5 Mio. auf $10 Mio.;')
    expect(diagnostics.filter((d) => d.file !== 'Formel mit Fehler.md')).toEqual([])
  })

  it("reports each TeX error at its formula's line and column, and shows the source there", () => {
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      'Formel mit Fehler.md:3:32 warning bad-math',
      'Formel mit Fehler.md:5:1 warning bad-math',
      'Formel mit Fehler.md:9:30 warning bad-math',
    ])
    expect(diagnostics[2].message).toBe('Math cannot be typeset: Undefined control sequence: \\unbekannt (in "\\unbekannt{x}")')
    const html = read('formel-mit-fehler.html')
    expect(html).toContain('Dieser Bruch ist nicht fertig: <code class="math-error">$\\frac{1}{$</code> und geht weiter.')
    expect(html.replace(/<span[^>]*>|<\/span>/g, '')).toContain('<code class="hljs">$$\n\\begin{aligned} x &#x26;= 1\n$$</code>')
    expect(html).toContain('<code class="math-error">$\\unbekannt{x}$</code>')
    // the good formula after the errors is drawn all the same
    expect(html).toContain('<annotation encoding="application/x-tex">y^2</annotation>')
  })

  it("links KaTeX's stylesheet and the site's math rules on pages that show math, and on no other", () => {
    const katex = stylesheets(read('formeln.html')).slice(1)
    expect(katex).toEqual([
      expect.stringMatching(/^\/_wikigen\/katex-[A-Z0-9]{8}\.css$/),
      expect.stringMatching(/^\/_wikigen\/math-[A-Z0-9]{8}\.css$/),
    ])
    // a page that embeds a section with math shows math
    expect(stylesheets(read('auszug.html')).slice(1)).toEqual(katex)
    expect(read('auszug.html')).toContain('<annotation encoding="application/x-tex">x_{1,2}')
    for (const file of ['kennzahlen.html', 'index.html', '404.html', 'glossary.html']) {
      expect(stylesheets(read(file)), file).toEqual([expect.stringMatching(/^\/_wikigen\/style-/)])
      expect(read(file), file).not.toContain('katex')
    }
  })

  it("publishes KaTeX's stylesheet with its woff2 fonts, and a rule for every class the pages use", () => {
    const [, katexHref, rulesHref] = stylesheets(read('formeln.html'))
    const katexCss = read(katexHref.slice(1))
    const fonts = [...katexCss.matchAll(/url\("?([^")]+)"?\)/g)].map((m) => m[1])
    expect(fonts.length).toBeGreaterThan(15)
    for (const font of fonts) {
      // relative to the stylesheet, so a base path needs nothing else
      expect(font).toMatch(/^\.\/assets\/KaTeX_[\w-]+-[A-Z0-9]{8}\.woff2$/)
      expect(existsSync(join(out, '_wikigen', font)), font).toBe(true)
    }
    expect(readdirSync(join(out, '_wikigen/assets')).filter((f) => /\.(woff|ttf)$/.test(f))).toEqual([])
    const rules = read(rulesHref.slice(1))
    const defined = new Set([...rules.matchAll(/^\.(k-[\w-]+)\{/gm)].map((m) => m[1]))
    for (const file of ['formeln.html', 'auszug.html', 'formel-mit-fehler.html']) {
      for (const [, name] of read(file).matchAll(/\b(k-[\w-]{7})\b/g)) expect(defined.has(name), `${file}: ${name}`).toBe(true)
    }
  })

  it('indexes formulas by their TeX for the full-text search', () => {
    const text = readdirSync(join(out, 'fulltext'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.json'))
      .map((file) => readFileSync(join(out, 'fulltext', file), 'utf8'))
      .join('\n')
    expect(text).toContain('e^{i\\\\pi} + 1 = 0')
  })
})

describe('math under a base path, in the cache and in the dev server', () => {
  it('links its stylesheets under the base path', async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n\n$x^2$\n')
    await build({ root, out: join(work, 'site'), cacheDir: false, clientDir, base: '/docs/' })
    const links = stylesheets(readFileSync(join(work, 'site', 'index.html'), 'utf8'))
    expect(links).toHaveLength(3)
    for (const link of links) expect(link).toMatch(/^\/docs\/_wikigen\//)
  })

  it('makes a new rules file when an edit brings a new style, and the pages with math link it', async () => {
    const work = tempDir()
    const root = join(work, 'wiki')
    mkdirSync(root)
    writeFileSync(join(root, 'index.md'), '# Start\n\n$x$\n')
    writeFileSync(join(root, 'Andere.md'), '# Andere\n\n$y$\n')
    const cacheDir = join(work, 'cache')
    const site = join(work, 'site')
    await build({ root, out: site, cacheDir, clientDir })
    const before = stylesheets(readFileSync(join(site, 'andere.html'), 'utf8'))[2]
    writeFileSync(join(root, 'index.md'), '# Start\n\n$\\frac{1}{x}$\n')
    await build({ root, out: site, cacheDir, clientDir })
    const after = stylesheets(readFileSync(join(site, 'andere.html'), 'utf8'))[2]
    expect(after).not.toBe(before)
    expect(existsSync(join(site, after.slice(1)))).toBe(true)
    expect(stylesheets(readFileSync(join(site, 'index.html'), 'utf8'))[2]).toBe(after)
  })

  describe('wikigen dev', () => {
    let work: string
    let session: DevSession
    const page = (file: string) => readFileSync(join(work, 'out', file), 'utf8')
    afterAll(() => session?.close())

    it('renders an edited formula again, with a new rules file when it needs one', async () => {
      work = tempDir()
      const root = join(work, 'wiki')
      mkdirSync(root)
      writeFileSync(join(root, 'index.md'), '# Start\n\nText.\n')
      writeFileSync(join(root, 'Formel.md'), '# Formel\n\n$x$\n')
      session = await createDevSession({ root, out: join(work, 'out'), cacheDir: false, clientDir })
      expect(stylesheets(page('index.html'))).toHaveLength(1)

      // the same styles: only the page changes
      writeFileSync(join(root, 'Formel.md'), '# Formel\n\n$y$\n')
      let update = await session.update([{ path: 'Formel.md', kind: 'change' }])
      expect(update.routes).toEqual(['/formel.html'])
      expect(page('formel.html')).toContain('<annotation encoding="application/x-tex">y</annotation>')

      // a fraction needs rules the sheet lacks: a new sheet, linked by the page
      writeFileSync(join(root, 'Formel.md'), '# Formel\n\n$\\frac{a}{b}$ und $\\frac{1}{$\n')
      update = await session.update([{ path: 'Formel.md', kind: 'change' }])
      expect(update.routes).toContain('/formel.html')
      expect(update.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['bad-math', 3, 19]])
      const sheet = stylesheets(page('formel.html'))[2]
      expect(readFileSync(join(work, 'out', sheet.slice(1)), 'utf8')).toContain('{border-bottom-width:0.04em!important}')

      // math on a page that had none
      writeFileSync(join(root, 'index.md'), '# Start\n\n$z^2$\n')
      update = await session.update([{ path: 'index.md', kind: 'change' }])
      expect(update.routes).toContain('/')
      expect(stylesheets(page('index.html'))).toHaveLength(3)
    })
  })
})
