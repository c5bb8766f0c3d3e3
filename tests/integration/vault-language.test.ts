/**
 * A site whose config sets no `site.lang` speaks the language of its notes: an English vault gets the English interface
 * (search box, "On this page", the 404 page, callout titles, footnotes, the search page's name), a German one the
 * German interface as before; what the notes declare in front matter counts before what their text reads like, and
 * the config's `site.lang` before both. Warm builds and the dev server keep the language until most notes change it,
 * and `wikigen init` writes it into the config it makes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { createDevSession } from '../../src/compiler/dev-session.js'
import { loadConfig } from '../../src/cli/load-config.js'
import { tempDir, wikigen } from './helpers.js'

const ENGLISH: Record<string, string> = {
  'index.md': [
    '# Workshop handbook',
    '',
    'This handbook collects what the workshop team has learned about keeping the machines running. Start with the',
    '[[Maintenance]] page, then read about the [[Spare parts]] we keep in stock.',
    '',
    '> [!tip]',
    '> Write down every repair, even a small one, so the next person knows what was done.',
    '',
  ].join('\n'),
  'Maintenance.md': [
    '# Maintenance',
    '',
    '## Weekly checks',
    '',
    'Every Monday the lathe gets a short inspection: the belts are checked for wear, the oil is topped up and the',
    'guards are tested. If anything looks wrong, the machine stays off until someone from the team has looked at it.',
    '',
    '## Yearly service',
    '',
    'Once a year a technician from outside visits and replaces the bearings that have worn the most.[^1]',
    '',
    "[^1]: The technician's report is kept in the binder in the office.",
    '',
  ].join('\n'),
  'Spare parts.md': [
    '# Spare parts',
    '',
    'Belts, fuses and filters are kept on the shelf next to the door. Whoever takes the last one of a kind orders new',
    'ones the same day and notes it on the list by the window.',
    '',
  ].join('\n'),
}

const GERMAN: Record<string, string> = {
  'index.md': [
    '# Werkstatt-Handbuch',
    '',
    'Dieses Handbuch sammelt, was das Team der Werkstatt über den Betrieb der Maschinen gelernt hat. Beginne mit der',
    'Seite [[Wartung]] und lies dann, welche [[Ersatzteile]] wir an Lager halten.',
    '',
    '> [!tip]',
    '> Schreib jede Reparatur auf, auch eine kleine, damit die nächste Person weiss, was gemacht wurde.',
    '',
  ].join('\n'),
  'Wartung.md': [
    '# Wartung',
    '',
    '## Wöchentliche Kontrolle',
    '',
    'Jeden Montag wird die Drehbank kurz geprüft: die Riemen auf Verschleiss, das Öl wird nachgefüllt und die',
    'Schutzvorrichtungen werden getestet. Sieht etwas falsch aus, bleibt die Maschine aus, bis jemand nachgeschaut hat.',
    '',
    '## Jährlicher Service',
    '',
    'Einmal im Jahr kommt ein Techniker von aussen und ersetzt die Lager, die am stärksten abgenutzt sind.[^1]',
    '',
    '[^1]: Der Bericht des Technikers liegt im Ordner im Büro.',
    '',
  ].join('\n'),
  'Ersatzteile.md': [
    '# Ersatzteile',
    '',
    'Riemen, Sicherungen und Filter liegen im Regal neben der Tür. Wer das letzte Stück einer Sorte nimmt, bestellt',
    'am selben Tag neue und trägt es in die Liste beim Fenster ein.',
    '',
  ].join('\n'),
}

/** A vault of `files` in a fresh folder, with the paths of its output and its build cache beside it. */
function vault(files: Record<string, string>) {
  const work = tempDir('wikigen-vault-language-')
  const root = join(work, 'vault')
  mkdirSync(root)
  const write = (path: string, text: string) => writeFileSync(join(root, path), text)
  for (const [path, text] of Object.entries(files)) write(path, text)
  return { root, write, out: join(work, 'site'), cacheDir: join(work, 'cache') }
}

const read = (out: string, file: string) => readFileSync(join(out, file), 'utf8')

/** The texts of the interface that tell the two languages apart, as a page shows them. */
function interfaceOf(out: string) {
  const page = read(out, 'index.html')
  const notFound = read(out, '404.html')
  return {
    lang: /<html lang="([^"]*)"/.exec(page)?.[1],
    search: /placeholder="([^"]*)"/.exec(page)?.[1],
    onThisPage: /On this page|Auf dieser Seite/.exec(page)?.[0],
    callout: /<p class="callout-title">([^<]*)<\/p>/.exec(page)?.[1],
    notFound: /Skip to content|Zum Inhalt springen/.exec(notFound)?.[0],
    notFoundLang: /<html lang="([^"]*)"/.exec(notFound)?.[1],
  }
}

const englishInterface = {
  lang: 'en',
  search: 'Search',
  onThisPage: 'On this page',
  callout: 'Tip',
  notFound: 'Skip to content',
  notFoundLang: 'en',
}
const germanInterface = {
  lang: 'de-CH',
  search: 'Suche',
  onThisPage: 'Auf dieser Seite',
  callout: 'Tipp',
  notFound: 'Zum Inhalt springen',
  notFoundLang: 'de-CH',
}

async function buildVault(site: ReturnType<typeof vault>, config?: UserConfig, cache = false) {
  return build({ root: site.root, out: site.out, cacheDir: cache ? site.cacheDir : false, config })
}

describe('the language of a site without site.lang', () => {
  it('is English for a vault of English notes: search box, headings box, callouts, footnotes, 404 page, search page', async () => {
    const site = vault(ENGLISH)
    const result = await buildVault(site)
    expect(result.language).toEqual({ lang: 'en', from: 'notes' })
    expect(result.diagnostics).toEqual([])
    expect(interfaceOf(site.out)).toEqual(englishInterface)
    expect(read(site.out, 'maintenance.html')).toContain('<h2 class="sr-only" id="footnote-label">Footnotes</h2>')
    expect(existsSync(join(site.out, 'search.html'))).toBe(true)
    expect(existsSync(join(site.out, 'suche.html'))).toBe(false)
  })

  it('is de-CH for a vault of German notes, as it always was', async () => {
    const site = vault(GERMAN)
    const result = await buildVault(site)
    expect(result.language).toEqual({ lang: 'de-CH', from: 'notes' })
    expect(interfaceOf(site.out)).toEqual(germanInterface)
    expect(read(site.out, 'wartung.html')).toContain('<h2 class="sr-only" id="footnote-label">Fussnoten</h2>')
    expect(existsSync(join(site.out, 'suche.html'))).toBe(true)
  })

  it('is what the notes declare in their front matter, whatever their text reads like', async () => {
    const declared = Object.fromEntries(Object.entries(GERMAN).map(([path, text]) => [path, `---\nlang: en\n---\n${text}`]))
    const site = vault(declared)
    const result = await buildVault(site)
    expect(result.language).toEqual({ lang: 'en', from: 'notes' })
    expect(interfaceOf(site.out)).toEqual(englishInterface)
  })

  it("gives way to the config's site.lang, and is found for a config that sets other keys only", async () => {
    const site = vault(ENGLISH)
    const configured = await buildVault(site, { site: { lang: 'de-DE' } })
    expect(configured.language).toEqual({ lang: 'de-DE', from: 'config' })
    expect(interfaceOf(site.out)).toEqual({ ...germanInterface, lang: 'de-DE', notFoundLang: 'de-DE' })
    const titled = await buildVault(site, { site: { title: 'Workshop' } })
    expect(titled.language).toEqual({ lang: 'en', from: 'notes' })
    expect(interfaceOf(site.out)).toEqual(englishInterface)
  })

  it('stays in a warm build, and after an edit that leaves most notes in their language', async () => {
    const site = vault(ENGLISH)
    const cold = await buildVault(site, undefined, true)
    const warm = await buildVault(site, undefined, true)
    expect(warm.language).toEqual(cold.language)
    expect(warm.stats.cachedPages).toBe(warm.stats.pages)
    site.write('Spare parts.md', GERMAN['Ersatzteile.md'])
    const edited = await buildVault(site, undefined, true)
    expect(edited.language.lang).toBe('en')
    expect(edited.stats.cachedPages).toBe(edited.stats.pages - 1)
    // once most notes are German, so is the site, every page of it
    for (const [path, text] of Object.entries(GERMAN)) site.write(path, text)
    const turned = await buildVault(site, undefined, true)
    expect(turned.language.lang).toBe('de-CH')
    expect(interfaceOf(site.out)).toEqual(germanInterface)
    expect(read(site.out, 'maintenance.html')).toContain('placeholder="Suche"')
  })

  it('follows the notes in the dev server: the same language while one note changes, another when most do', async () => {
    const site = vault(ENGLISH)
    const session = await createDevSession({ root: site.root, out: site.out, cacheDir: site.cacheDir })
    try {
      expect(session.initial.language).toEqual({ lang: 'en', from: 'notes' })
      site.write('Spare parts.md', GERMAN['Ersatzteile.md'])
      const one = await session.update([{ path: 'Spare parts.md', kind: 'change' }])
      expect(one.language).toBeUndefined()
      expect(read(site.out, 'spare-parts.html')).toContain('placeholder="Search"')
      site.write('index.md', GERMAN['index.md'])
      site.write('Maintenance.md', GERMAN['Wartung.md'])
      const most = await session.update([
        { path: 'index.md', kind: 'change' },
        { path: 'Maintenance.md', kind: 'change' },
      ])
      expect(most.language).toEqual({ lang: 'de-CH', from: 'notes' })
      // every page reads the German texts, also one that did not change
      expect(most.routes).toEqual(expect.arrayContaining(['/', '/maintenance.html', '/spare-parts.html']))
      expect(interfaceOf(site.out)).toMatchObject({ lang: 'de-CH', search: 'Suche', callout: 'Tipp' })
      expect(read(site.out, 'spare-parts.html')).toContain('placeholder="Suche"')
      expect(read(site.out, 'maintenance.html')).toContain('<h2 class="sr-only" id="footnote-label">Fussnoten</h2>')
    } finally {
      await session.close()
    }
  })
})

describe('the CLI', () => {
  it('says which language it found when it is not the default, and stays quiet about a German vault', async () => {
    const english = vault(ENGLISH)
    const built = await wikigen(['build', '--root', english.root, '--out', english.out, '--no-cache'])
    expect(built.code, built.stderr).toBe(0)
    expect(built.stderr).toContain('Site language: en (detected from the notes; site.lang in wikigen.config.ts sets one)\n✓ 3 pages in ')
    const german = vault(GERMAN)
    const quiet = await wikigen(['build', '--root', german.root, '--out', german.out, '--no-cache'])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(quiet.stderr).toMatch(/^✓ 3 pages in /)
  })

  it('writes the language of an English vault into the config wikigen init makes', async () => {
    const site = vault(ENGLISH)
    // run in the vault's own project folder: init writes .gitignore and package.json entries there
    const init = await wikigen(['init', site.root, '--out', site.out], { cwd: dirname(site.root) })
    expect(init.code, init.stderr).toBe(0)
    expect(init.stdout).toMatch(/wikigen\.config\.ts written: "[^"]+", en \(the language of the notes\)\n/)
    const source = readFileSync(join(site.root, 'wikigen.config.ts'), 'utf8')
    expect(source).toContain("    lang: 'en',")
    expect(source).toContain('Every key has a default')
    const { config, diagnostics } = await loadConfig(site.root)
    expect(diagnostics).toEqual([])
    expect(config.site?.lang).toBe('en')
    // --lang still names one of its own
    const german = vault(ENGLISH)
    expect((await wikigen(['init', german.root, '--lang', 'de-CH', '--out', german.out], { cwd: dirname(german.root) })).code).toBe(0)
    expect(readFileSync(join(german.root, 'wikigen.config.ts'), 'utf8')).toContain("    lang: 'de-CH',")
  })

  it('offers the English templates of wikigen new in an English vault without a config', async () => {
    const site = vault(ENGLISH)
    const made = await wikigen(['new', 'Guide', 'Replacing a belt', '--root', site.root])
    expect(made.code, made.stderr).toBe(0)
    expect(existsSync(join(site.root, 'Replacing a belt.md'))).toBe(true)
    const german = await wikigen(['new', 'Anleitung', 'Riemen ersetzen', '--root', site.root])
    expect(german.code).toBe(2)
    expect(german.stderr).toContain('there is no template "Anleitung"')
  })
})
