import { describe, expect, it } from 'vitest'
import { navEntriesOf, samePage } from '../../../src/theme/Navbar.js'
import type { SiteProps } from '../../../src/theme/props.js'

describe('samePage', () => {
  it('takes a clean URL, the .html file and the folder form for one page', () => {
    for (const link of ['/glossary', '/glossary.html', '/glossary/', '/glossary#a', '/glossary?x=1'])
      expect(samePage(link, '/glossary.html'), link).toBe(true)
    expect(samePage('/', '/index.html')).toBe(true)
    expect(samePage('/', '/')).toBe(true)
    expect(samePage('/wiki/', '/wiki/index.html')).toBe(true)
    expect(samePage('/%C3%BCberwachung', '/überwachung.html')).toBe(true)
  })

  it('keeps other pages apart', () => {
    expect(samePage('/', '/glossary.html')).toBe(false)
    expect(samePage('/glossary', '/glossary-alt.html')).toBe(false)
    expect(samePage('/glossary', '/sections/glossary.html')).toBe(false)
    expect(samePage('/%E0%A4%A', '/x.html')).toBe(false)
  })
})

describe('navEntriesOf', () => {
  it("marks the navbar's clean link active on the page's .html address, and activeMatch still decides where given", () => {
    const site = {
      navbar: [
        { text: 'Home', link: '/' },
        { text: 'Glossar', link: '/glossary' },
        { text: 'Team', link: '/team.html', activeMatch: '^/team' },
      ],
    } as unknown as SiteProps
    const active = (href: string) => navEntriesOf(site, href).flatMap((e) => (e.kind === 'link' && e.active ? [e.text] : []))
    expect(active('/glossary.html')).toEqual(['Glossar'])
    expect(active('/')).toEqual(['Home'])
    expect(active('/team/ferien.html')).toEqual(['Team'])
    expect(active('/odoo.html')).toEqual([])
  })
})
