/**
 * The theme's slots (config `theme.slots`, docs/theming.md "Slots"), with the real CLI on a vault of its own: each of
 * the six components renders in its place on the pages that show it, with React from wikigen (the vault has none),
 * and the island's browser module is published and named by its slot; an edit of a slot file renders the pages again
 * in a warm build; a slot that throws or does not compile stops the build with its file, line and column, and the last
 * output stays.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { SlotError } from '../../src/compiler/emit/theme-slots.js'
import { tempDir, wikigen } from './helpers.js'

const CONFIG = `import { defineConfig } from 'wikigen'

export default defineConfig({
  site: { title: 'Werkstatt', lang: 'de-CH' },
  theme: {
    slots: {
      headerEnd: { component: 'theme/Kopfzeile.tsx', client: 'theme/kopfzeile.client.ts' },
      footer: 'theme/Fusszeile.tsx',
      homeHero: 'theme/Buehne.tsx',
      pageTop: 'theme/Oben.tsx',
      pageBottom: 'theme/Unten.tsx',
      notFound: 'theme/Verirrt.jsx',
    },
  },
})
`

const FILES: Record<string, string> = {
  'wikigen.config.ts': CONFIG,
  'index.md': '---\nhome: true\ntitle: Startseite\n---\n\nHier beginnt die Werkstatt. Siehe [[Hobelbank]].\n',
  'Hobelbank.md': '---\nverantwortlich: Mia\n---\n# Hobelbank\n\nDie Bank steht links.\n',
  'theme/Kopfzeile.tsx': `import { useState } from 'react'
import type { SlotProps } from './typen'

export default function Kopfzeile({ site }: SlotProps) {
  const [zahl] = useState(7)
  return <span className="kopf">{site.title} {zahl}</span>
}
`,
  'theme/typen.ts':
    'export interface SlotProps { site: { title: string; lang: string }; page: { title: string; href: string; slug: string; frontmatter: Record<string, unknown> }; labels: Record<string, unknown>; slot: string }\n',
  'theme/kopfzeile.client.ts': 'export default function (element: HTMLElement) {\n  element.dataset.gestartet = "ja"\n}\n',
  'theme/Fusszeile.tsx': `export default function Fusszeile({ page, site }: { page: { title: string; href: string }; site: { lang: string } }) {
  return <p className="fuss">Fuss: {page.title} ({page.href}, {site.lang})</p>
}
`,
  'theme/Buehne.tsx': 'export default () => <h1 className="buehne">Willkommen in der Werkstatt</h1>\n',
  'theme/Oben.tsx':
    'export default ({ page }: { page: { slug: string; frontmatter: Record<string, unknown> } }) => (\n  <p className="oben">Oben {page.slug}: {String(page.frontmatter.verantwortlich ?? "niemand")}</p>\n)\n',
  'theme/Unten.tsx':
    'export default ({ labels, slot }: { labels: { backToHome: string }; slot: string }) => <p className="unten">{slot}: {labels.backToHome}</p>\n',
  'theme/Verirrt.jsx': 'export default function Verirrt() {\n  return <p className="verirrt">Fragen Sie in der Werkstatt nach.</p>\n}\n',
}

function vault(): { dir: string; root: string; out: string } {
  const dir = tempDir('wikigen-slots-')
  const root = join(dir, 'werkstatt')
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return { dir, root, out: join(dir, 'site') }
}

/** The slot elements of a page: name, attributes and inner HTML. */
function slotsOf(html: string): Record<string, { client?: string; inner: string }> {
  const found: Record<string, { client?: string; inner: string }> = {}
  for (const match of html.matchAll(/<div class="wikigen-slot slot-(\w+)" data-slot="\1"(?: data-slot-client="([^"]+)")?>(.*?)<\/div>/g))
    found[match[1]!] = { ...(match[2] ? { client: match[2] } : {}), inner: match[3]! }
  return found
}

describe('theme slots', () => {
  it('render each slot in its place on the pages that show it, on worker threads and on the main thread', async () => {
    const { dir, root, out } = vault()
    for (const workers of ['2', '0']) {
      const result = await wikigen(['build', '--root', root, '--out', out, '--workers', workers, '--no-cache'], { cwd: dir })
      expect(result.stderr).toMatch(/✓ 2 pages in/)
      expect(result.code).toBe(0)

      const home = readFileSync(join(out, 'index.html'), 'utf8')
      const page = readFileSync(join(out, 'hobelbank.html'), 'utf8')
      const notFound = readFileSync(join(out, '404.html'), 'utf8')
      const island = readdirSync(join(out, '_wikigen')).find((file) => /^slot-headerEnd-\w{8}\.js$/.test(file))
      expect(island).toBeDefined()
      expect(readFileSync(join(out, '_wikigen', island!), 'utf8')).toContain('gestartet')
      const headerEnd = { client: `/_wikigen/${island}`, inner: '<span class="kopf">Werkstatt 7</span>' }

      expect(slotsOf(home)).toEqual({
        headerEnd,
        homeHero: { inner: '<h1 class="buehne">Willkommen in der Werkstatt</h1>' },
        footer: { inner: '<p class="fuss">Fuss: Startseite (/, de-CH)</p>' },
      })
      // the hero is the slot's, not the theme's
      expect(home).not.toContain('id="main-title"')
      expect(slotsOf(page)).toEqual({
        headerEnd,
        pageTop: { inner: '<p class="oben">Oben hobelbank: Mia</p>' },
        pageBottom: { inner: '<p class="unten">pageBottom: Take me home</p>' },
        footer: { inner: '<p class="fuss">Fuss: Hobelbank (/hobelbank.html, de-CH)</p>' },
      })
      // around the body: the top before the page's text, the bottom after it and before the backlinks
      const text = page.indexOf('Die Bank steht links.', page.indexOf('<body'))
      expect(page.indexOf('slot-pageTop')).toBeLessThan(text)
      expect(page.indexOf('slot-pageBottom')).toBeGreaterThan(text)
      expect(page.indexOf('slot-headerEnd')).toBeLessThan(page.indexOf('</header>'))
      expect(slotsOf(notFound)).toMatchObject({
        headerEnd,
        notFound: { inner: '<p class="verirrt">Fragen Sie in der Werkstatt nach.</p>' },
      })
      // the 404 page's message and link stay, the slot comes below them
      expect(notFound).toMatch(/class="not-found-message"[\s\S]*class="not-found-home"[\s\S]*slot-notFound/)
    }
  })

  it('render the pages again in a warm build when a slot file changes, and reuse them when none did', async () => {
    const { dir, root, out } = vault()
    const build = () => wikigen(['build', '--root', root, '--out', out], { cwd: dir })
    expect((await build()).code).toBe(0)
    const file = join(root, 'theme/Fusszeile.tsx')
    writeFileSync(file, readFileSync(file, 'utf8').replace('Fuss:', 'Fusszeile:'))
    const second = await build()
    expect(second.code).toBe(0)
    expect(second.stderr).toMatch(/\(2 from cache\)/)
    expect(slotsOf(readFileSync(join(out, 'hobelbank.html'), 'utf8')).footer?.inner).toBe(
      '<p class="fuss">Fusszeile: Hobelbank (/hobelbank.html, de-CH)</p>',
    )
    expect(readFileSync(join(out, '404.html'), 'utf8')).toContain('Fusszeile: ')
    // a module a slot imports counts too
    writeFileSync(join(root, 'theme/typen.ts'), `${FILES['theme/typen.ts']}export const GRUSS = 'Hallo'\n`)
    writeFileSync(
      join(root, 'theme/Buehne.tsx'),
      'import { GRUSS } from \'./typen\'\n\nexport default () => <h1 className="buehne">{GRUSS} Werkstatt</h1>\n',
    )
    expect((await build()).code).toBe(0)
    expect(slotsOf(readFileSync(join(out, 'index.html'), 'utf8')).homeHero?.inner).toBe('<h1 class="buehne">Hallo Werkstatt</h1>')
    writeFileSync(join(root, 'theme/typen.ts'), `${FILES['theme/typen.ts']}export const GRUSS = 'Servus'\n`)
    expect((await build()).code).toBe(0)
    expect(slotsOf(readFileSync(join(out, 'index.html'), 'utf8')).homeHero?.inner).toBe('<h1 class="buehne">Servus Werkstatt</h1>')
  })

  it('stop the build at a slot that throws or does not compile, naming its file, line and column; the last output stays', async () => {
    const { dir, root, out } = vault()
    const build = () => wikigen(['build', '--root', root, '--out', out], { cwd: dir })
    expect((await build()).code).toBe(0)
    const before = readFileSync(join(out, 'hobelbank.html'), 'utf8')

    writeFileSync(
      join(root, 'theme/Oben.tsx'),
      "export default function Oben({ page }: { page: { title: string } }) {\n  if (page.title === 'Hobelbank') throw new Error('Kein Zugang')\n  return <p>oben</p>\n}\n",
    )
    const thrown = await build()
    expect(thrown.code).toBe(1)
    expect(thrown.stderr).toContain('theme/Oben.tsx:2:41: the slot pageTop failed: Error: Kein Zugang')
    expect(thrown.stderr).toContain('A slot component runs for every page that shows its slot')
    expect(thrown.stderr).not.toMatch(/\n\s+at /)
    expect(readFileSync(join(out, 'hobelbank.html'), 'utf8')).toBe(before)

    writeFileSync(join(root, 'theme/Oben.tsx'), 'export default () => <p>oben</p>)\n')
    const broken = await build()
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/theme\/Oben\.tsx:1:33: Expected ";" but found "\)"/)
    expect(broken.stderr).toContain("Fix the slot's code at this place")
    expect(readFileSync(join(out, 'hobelbank.html'), 'utf8')).toBe(before)

    writeFileSync(join(root, 'wikigen.config.ts'), CONFIG.replace('theme/Oben.tsx', 'theme/Fehlt.tsx'))
    const missing = await build()
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('theme.slots.pageTop: "theme/Fehlt.tsx" is no file')
  })

  it('in wikigen dev: know their files, and render the pages again when the config is read after an edit of one', async () => {
    const { dir, root, out } = vault()
    const config = {
      site: { title: 'Werkstatt', lang: 'de-CH' },
      theme: { slots: { footer: 'theme/Fusszeile.tsx', homeHero: 'theme/Buehne.tsx' } },
    }
    const session = await createDevSession({ root, out, config, cacheDir: join(dir, 'cache') })
    try {
      expect([...session.themeFiles()].sort()).toEqual(['theme/Buehne.tsx', 'theme/Fusszeile.tsx'])
      expect(slotsOf(readFileSync(join(out, 'hobelbank.html'), 'utf8')).footer?.inner).toContain('Fuss: Hobelbank')

      writeFileSync(join(root, 'theme/Fusszeile.tsx'), 'export default () => <p className="fuss">Neu</p>\n')
      const update = await session.reconfigure(config)
      expect(update.routes).toEqual(expect.arrayContaining(['/', '/hobelbank.html', '/404.html']))
      expect(slotsOf(readFileSync(join(out, 'hobelbank.html'), 'utf8')).footer?.inner).toBe('<p class="fuss">Neu</p>')

      writeFileSync(join(root, 'theme/Fusszeile.tsx'), "export default () => {\n  throw new TypeError('kaputt')\n}\n")
      const failed = await session.reconfigure(config).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failed).toBeInstanceOf(SlotError)
      expect((failed as SlotError).toDiagnostic()).toMatchObject({ file: 'theme/Fusszeile.tsx', line: 2, code: 'bad-slot' })
    } finally {
      await session.close()
    }
  })
})
