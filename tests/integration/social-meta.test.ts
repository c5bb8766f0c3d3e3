/**
 * What a page tells link previews and search engines in its head: description, preview picture (og:image,
 * twitter:card), canonical link, JSON-LD breadcrumbs; and sitemap.xml listing exactly the canonical URLs. Real
 * folders, built with build().
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { UserConfig } from '../../src/compiler/config/config.js'
import { tempDir } from './helpers.js'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

const LONG =
  'Jede Nacht sichert der Server die Datenbank und die Anhänge auf das Band im Keller, und jeden Sonntag geht eine Kopie davon ins Rechenzentrum auf der anderen Seite des Tals, damit ein Brand nicht beides trifft.'

const NOTES: Record<string, string | Buffer> = {
  'index.md': '# Start\n\nWillkommen im Handbuch der Werkstatt. Siehe [[Anleitungen/Backup|die Sicherung]].\n',
  'Anleitungen/Anleitungen.md': '# Anleitungen\n\nAlles, was man Schritt für Schritt tun kann.\n',
  'Anleitungen/Backup.md': [
    '---',
    'tags: [betrieb]',
    'aliases: [Sicherung]',
    '---',
    '# Backup',
    '',
    '![[plan.png]]',
    '',
    '```sh',
    'restic backup /srv',
    '```',
    '',
    `Mit \`restic\` und [[Anleitungen|den Anleitungen]]: ${LONG}[^1]`,
    '',
    '![[zweites.png]]',
    '',
    '[^1]: Eine Fussnote, die keine Beschreibung ist.',
    '',
  ].join('\n'),
  'Anleitungen/plan.png': PNG,
  'Anleitungen/zweites.png': PNG,
  'Anleitungen/Server/Web.md': '# Web\n\nDie Karte des Netzes:\n\n![Karte](https://example.org/karte.png?x=1&y=2)\n',
  'Ablauf.md': [
    '---',
    'description: "Wie ein Auftrag läuft"',
    'cover: "[[titelbild.png]]"',
    '---',
    '# Ablauf',
    '',
    'Der erste Absatz, den die Beschreibung ersetzt.',
    '',
    '![[plan.png]]',
    '',
  ].join('\n'),
  'titelbild.png': PNG,
  'Leer.md': '# Leer\n\n```\nnur Code\n```\n',
  'bilder/standard.png': PNG,
  'Anleitungen/Gefahr.md': '---\ntitle: "Achtung </script><script>alert(1)</script>"\n---\nText.\n',
  'Eigen.md': '---\nhead:\n  - [link, { rel: canonical, href: "https://anderswo.example/eigen" }]\n---\n# Eigen\n\nAnderswo zu Hause.\n',
}

async function buildVault(config: UserConfig, files: Record<string, string | Buffer> = NOTES) {
  const work = tempDir('wikigen-social-')
  const root = join(work, 'wiki')
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), contents)
  }
  const out = join(work, 'site')
  const result = await build({ root, out, config })
  const htmlFiles = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
  const read = (file: string) => readFileSync(join(out, file), 'utf8')
  const head = (file: string) => read(file).split('</head>')[0]
  return { result, out, htmlFiles, read, head }
}

const meta = (head: string, key: string) =>
  [...head.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`, 'g'))].map((m) => m[1])
const canonicals = (head: string) => [...head.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map((m) => m[1])
const jsonLd = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as BreadcrumbList)

interface BreadcrumbList {
  '@type': string
  itemListElement: { position: number; name: string; item: string }[]
}

const HOSTED: UserConfig = {
  site: {
    title: 'Werkstatt',
    description: 'Alles über die Werkstatt',
    lang: 'de-CH',
    hostname: 'https://wiki.example/',
    base: '/wiki/',
    image: 'bilder/standard.png',
  },
}

describe('page descriptions and preview pictures', () => {
  it('takes the first paragraph as the description: plain text without code or footnote calls, cut at a word', async () => {
    const { head } = await buildVault(HOSTED)
    const backup = head('backup.html')
    const [description] = meta(backup, 'description')
    expect(meta(backup, 'description')).toHaveLength(1)
    expect(meta(backup, 'og:description')).toEqual([description])
    expect(description.startsWith('Mit und den Anleitungen: Jede Nacht sichert der Server')).toBe(true)
    expect(description.endsWith('…')).toBe(true)
    expect(description.length).toBeLessThanOrEqual(161)
    expect(description).not.toContain('restic')
    expect(description).not.toContain('Fussnote')
    // cut after a whole word of the text
    expect(LONG).toContain(description.slice('Mit und den Anleitungen: '.length, -1))
    expect(meta(head('index.html'), 'description')).toEqual(['Willkommen im Handbuch der Werkstatt. Siehe die Sicherung.'])
  })

  it("keeps front matter's description and cover, and falls back to the site's for a page with neither", async () => {
    const { head } = await buildVault(HOSTED)
    const ablauf = head('ablauf.html')
    expect(meta(ablauf, 'description')).toEqual(['Wie ein Auftrag läuft'])
    expect(meta(ablauf, 'og:image')).toEqual(['https://wiki.example/wiki/titelbild.png'])
    const leer = head('leer.html')
    expect(meta(leer, 'description')).toEqual(['Alles über die Werkstatt'])
    expect(meta(leer, 'og:image')).toEqual(['https://wiki.example/wiki/bilder/standard.png'])
    expect(meta(leer, 'twitter:card')).toEqual(['summary_large_image'])
  })

  it("shows the page's first image, of the vault or of the web, absolute", async () => {
    const { head, htmlFiles } = await buildVault(HOSTED)
    expect(meta(head('backup.html'), 'og:image')).toEqual(['https://wiki.example/wiki/Anleitungen/plan.png'])
    expect(meta(head('backup.html'), 'twitter:card')).toEqual(['summary_large_image'])
    expect(meta(head('web.html'), 'og:image')).toEqual(['https://example.org/karte.png?x=1&amp;y=2'])
    // the site's picture is published like the logo
    expect(htmlFiles).toContain('index.html')
    expect(readdirSync(join((await buildVault(HOSTED)).out, 'bilder'))).toEqual(['standard.png'])
  })

  it('has a summary card without any picture', async () => {
    const { head } = await buildVault({ site: { ...HOSTED.site, image: undefined } })
    expect(meta(head('leer.html'), 'og:image')).toEqual([])
    expect(meta(head('leer.html'), 'twitter:card')).toEqual(['summary'])
  })
})

describe('canonical links and the sitemap', () => {
  it('gives every route one canonical URL, and sitemap.xml lists exactly those', async () => {
    const { htmlFiles, head, read, result } = await buildVault(HOSTED)
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    const locs = [...read('sitemap.xml').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'))
    const linked: string[] = []
    for (const file of htmlFiles) {
      const own = canonicals(head(file))
      const redirect = head(file).includes('http-equiv="refresh"')
      if (file === '404.html' || file === 'eigen.html') expect(own, file).toHaveLength(file === 'eigen.html' ? 1 : 0)
      else expect(own, file).toHaveLength(1)
      if (redirect || file === '404.html' || file === 'eigen.html' || file === 'suche.html') continue
      linked.push(own[0].replace(/&amp;/g, '&'))
    }
    expect([...locs].sort()).toEqual([...linked].sort())
    expect(locs).toContain('https://wiki.example/wiki/')
    expect(locs).toContain('https://wiki.example/wiki/backup.html')
    expect(locs.some((loc) => loc.includes('/tags/'))).toBe(true)
    expect(locs).not.toContain('https://wiki.example/wiki/404.html')
    expect(canonicals(head('index.html'))).toEqual(['https://wiki.example/wiki/'])
    expect(meta(head('index.html'), 'og:url')).toEqual(['https://wiki.example/wiki/'])
  })

  it("leaves a page's own canonical alone, and the redirect stub's pointing at its target", async () => {
    const { head, read } = await buildVault(HOSTED)
    expect(canonicals(head('eigen.html'))).toEqual(['https://anderswo.example/eigen'])
    expect(read('sitemap.xml')).not.toContain('eigen')
    expect(canonicals(head('sicherung.html'))).toEqual(['/wiki/backup.html'])
  })

  it('has no canonical link or sitemap without a hostname', async () => {
    const { htmlFiles, head, out } = await buildVault({ site: { ...HOSTED.site, hostname: undefined } })
    for (const file of htmlFiles)
      if (!head(file).includes('http-equiv="refresh"') && file !== 'eigen.html') expect(canonicals(head(file)), file).toEqual([])
    expect(existsSync(join(out, 'sitemap.xml'))).toBe(false)
    expect(meta(head('backup.html'), 'og:image')).toEqual(['/wiki/Anleitungen/plan.png'])
  })
})

describe('breadcrumbs for search engines', () => {
  it('writes the visible trail and the page as a schema.org BreadcrumbList', async () => {
    const { head } = await buildVault(HOSTED)
    const [list, ...more] = jsonLd(head('backup.html'))
    expect(more).toEqual([])
    expect(list['@type']).toBe('BreadcrumbList')
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://wiki.example/wiki/' },
      { '@type': 'ListItem', position: 2, name: 'Anleitungen', item: 'https://wiki.example/wiki/anleitungen.html' },
      { '@type': 'ListItem', position: 3, name: 'Backup', item: 'https://wiki.example/wiki/backup.html' },
    ])
    // a folder without a folder note links nowhere and is left out
    expect(jsonLd(head('web.html'))[0].itemListElement.map((item) => item.name)).toEqual(['Home', 'Anleitungen', 'Web'])
    // the home page, and a page right below it, have no trail
    expect(jsonLd(head('index.html'))).toEqual([])
    expect(jsonLd(head('leer.html'))).toEqual([])
  })

  it('cannot be closed by a title', async () => {
    const { head } = await buildVault(HOSTED)
    const gefahr = head('gefahr.html')
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(gefahr)![1]
    expect(script).not.toContain('<')
    expect(script).toContain('\\u003c/script>')
    expect(jsonLd(gefahr)[0].itemListElement.at(-1)!.name).toBe('Achtung </script><script>alert(1)</script>')
  })

  it('uses paths from the host without a hostname', async () => {
    const { head } = await buildVault({ site: { ...HOSTED.site, hostname: undefined } })
    expect(jsonLd(head('backup.html'))[0].itemListElement.map((item) => item.item)).toEqual([
      '/wiki/',
      '/wiki/anleitungen.html',
      '/wiki/backup.html',
    ])
  })
})
