import { describe, expect, it } from 'vitest'
import { resolveConfig, type UserConfig } from '../../../../src/compiler/config/config.js'
import { createRenderJobs } from '../../../../src/compiler/emit/page-routes.js'
import { repoLabelOf, sidebarOf } from '../../../../src/compiler/emit/page-props.js'
import { formatDateTime, zoneNameAt } from '../../../../src/compiler/config/site-labels.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { compile } from '../page-fixtures.js'

function siteWith(
  config: UserConfig,
  pages: Record<string, string> = { 'Odoo/Odoo.md': '## A\n', 'Odoo/Odoo Hosting.md': 'x', 'Team.md': 'y' },
) {
  return linkSite(
    Object.entries(pages).map(([p, t]) => compile(p, t)),
    [],
    resolveConfig(config),
  )
}

describe('sidebarOf', () => {
  it('uses the page headings by default and nothing when front matter turns it off', () => {
    const site = siteWith({}, { 'A.md': '## Eins\n', 'B.md': '---\nsidebar: false\n---\n' })
    expect(sidebarOf(site.bySlug.get('a')!, site.config)).toEqual({ kind: 'heading' })
    expect(sidebarOf(site.bySlug.get('b')!, site.config)).toBeUndefined()
  })

  it('takes configured items of the longest matching path, opening the collapsible group that holds the page', () => {
    const site = siteWith({
      theme: {
        sidebar: {
          '/odoo': [
            { text: 'Odoo', collapsible: true, children: [{ text: 'Start', link: '/odoo.html' }, '/odoo-hosting.html'] },
            { text: 'Team', link: '/team.html' },
          ],
          '/': 'heading',
        },
      },
    })
    expect(sidebarOf(site.bySlug.get('odoo-hosting')!, site.config)).toEqual({
      kind: 'items',
      items: [
        {
          text: 'Odoo',
          href: undefined,
          active: false,
          collapsible: true,
          open: true,
          children: [
            { text: 'Start', href: '/odoo.html', active: false, collapsible: false, open: true, children: [] },
            { text: 'odoo-hosting', href: '/odoo-hosting.html', active: true, collapsible: false, open: true, children: [] },
          ],
        },
        { text: 'Team', href: '/team.html', active: false, collapsible: false, open: true, children: [] },
      ],
    })
    expect(sidebarOf(site.bySlug.get('team')!, site.config)).toEqual({ kind: 'heading' })
  })

  it('warns once for a path without sidebar configuration and shows an empty sidebar', () => {
    const site = siteWith({ theme: { sidebar: { '/odoo': [{ text: 'Odoo', link: '/odoo.html' }] } } })
    const { diagnostics, jobs } = createRenderJobs(site, { git: new Map(), assets: { styles: [] } })
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([['missing-sidebar', '/team.html is missing sidebar config']])
    expect(jobs.find((j) => j.file === 'team.html')!.input.page.sidebar).toEqual({ kind: 'items', items: [] })
  })
})

describe('page meta helpers', () => {
  it("formats times in the config's time zone, whatever the machine's, and names the zone", () => {
    const at = Date.parse('2024-03-14T07:05:00Z')
    expect(formatDateTime(resolveConfig({ site: { timeZone: 'Europe/Zurich' } }), at)).toBe('14.03.2024, 08:05 MEZ')
    expect(formatDateTime(resolveConfig({ site: { timeZone: 'UTC' } }), at)).toBe('14.03.2024, 07:05 UTC')
    expect(formatDateTime(resolveConfig({ site: { lang: 'en', timeZone: 'America/New_York' } }), at)).toBe('3/14/2024, 3:05 AM EDT')
  })

  it("takes the machine's time zone when the config names none", () => {
    // the tests run with TZ=Europe/Zurich (vitest.config.ts)
    expect(resolveConfig().site.timeZone).toBe('Europe/Zurich')
    expect(formatDateTime(resolveConfig(), Date.parse('2024-07-14T07:05:00Z'))).toBe('14.07.2024, 09:05 MESZ')
  })

  it('writes the year with four digits in every language, in its own order', () => {
    const at = Date.parse('2026-11-28T07:05:00Z')
    const inLang = (lang: string) => formatDateTime(resolveConfig({ site: { lang, timeZone: 'Europe/Zurich' } }), at)
    expect(inLang('de-CH')).toBe('28.11.2026, 08:05 MEZ')
    expect(inLang('de-DE')).toBe('28.11.2026, 08:05 MEZ')
    expect(inLang('en')).toBe('11/28/2026, 8:05 AM GMT+1')
    expect(inLang('en-GB')).toBe('28/11/2026, 08:05 CET')
  })

  it('names the zone of a wall-clock time of the site: summer or winter as the time falls, around the changes too', () => {
    const zurich = resolveConfig({ site: { timeZone: 'Europe/Zurich' } })
    const wall = (text: string) => Date.parse(`${text}Z`)
    expect(zoneNameAt(zurich, wall('2026-02-01T14:30'))).toBe('MEZ')
    expect(zoneNameAt(zurich, wall('2026-07-01T14:30'))).toBe('MESZ')
    // 29 March 2026: the clocks go from 02:00 to 03:00 in Zurich; 01:59 is still winter, 03:00 summer
    expect(zoneNameAt(zurich, wall('2026-03-29T01:59'))).toBe('MEZ')
    expect(zoneNameAt(zurich, wall('2026-03-29T03:00'))).toBe('MESZ')
    // 25 October 2026: back from 03:00 to 02:00; 03:30 is winter again
    expect(zoneNameAt(zurich, wall('2026-10-25T03:30'))).toBe('MEZ')
    const newYork = resolveConfig({ site: { lang: 'en', timeZone: 'America/New_York' } })
    expect(zoneNameAt(newYork, wall('2026-02-01T23:30'))).toBe('EST')
    expect(zoneNameAt(newYork, wall('2026-07-01T23:30'))).toBe('EDT')
    // a page in another language names the zone in its own words
    expect(zoneNameAt(zurich, wall('2026-02-01T14:30'), 'en-GB')).toBe('CET')
  })

  it('labels the repository link after its host', () => {
    expect(
      ['https://github.com/a/b', 'https://git.talwerk.example/a', 'https://gitlab.com/a'].map((repo) => repoLabelOf(repo, 'Quellcode')),
    ).toEqual(['GitHub', 'Quellcode', 'GitLab'])
  })

  it('reports an unknown layout naming it', () => {
    const site = siteWith({}, { 'A.md': '---\nlayout: Fancy\n---\n' })
    expect(createRenderJobs(site, { git: new Map(), assets: { styles: [] } }).diagnostics.map((d) => d.message)).toEqual([
      'Layout "Fancy" does not exist',
    ])
  })
})
