import { describe, expect, it } from 'vitest'
import { validateConfig } from '../../../src/compiler/config-schema.js'

describe('validateConfig', () => {
  it('accepts a config of every kind of key', () => {
    const config = {
      site: { title: 'Wiki', lang: 'de-CH', head: [['link', { rel: 'icon', href: '/favicon.svg' }]], hostname: 'https://wiki.example' },
      theme: {
        logo: 'logo.svg',
        navbar: [
          { text: 'Home', link: '/' },
          { text: 'Mehr', children: [{ text: 'A', link: '/a' }] },
        ],
        sidebar: { '/odoo': ['Odoo', { text: 'Gruppe', children: ['B'] }] },
      },
      analytics: { src: 'https://stats.example/script.js', domain: 'wiki.example' },
      redirects: [{ from: '/alt.html', to: 'Neu' }],
    }
    expect(validateConfig(config)).toEqual({ config, problems: [] })
  })

  it.each([
    // a misspelt key would otherwise be ignored without a word
    [{ theme: { navBar: [] } }, [{ kind: 'unknown-key', path: ['theme', 'navBar'], message: 'Unknown key "theme.navBar"' }], {}],
    [{ theme: { navbar: 'Home' } }, [{ kind: 'wrong-value', path: ['theme', 'navbar'], message: '"theme.navbar" should be a list' }], {}],
    [
      { site: { title: 42, lang: 'en' } },
      [{ kind: 'wrong-value', path: ['site', 'title'], message: '"site.title" should be a string' }],
      { lang: 'en' },
    ],
    [{ theme: { colorMode: 'dunkel' } }, [{ kind: 'wrong-value', path: ['theme', 'colorMode'] }], {}],
    [
      { theme: { navbar: [{ text: 'A' }, { link: '/b' }] } },
      [{ kind: 'wrong-value', path: ['theme', 'navbar', 1, 'text'], message: '"theme.navbar.1.text" should be a string' }],
      { navbar: [{ text: 'A' }] },
    ],
  ])('reports %j and leaves the misfit out', (input, problems, remaining) => {
    const result = validateConfig(input)
    expect(result.problems).toMatchObject(problems)
    for (const problem of result.problems) expect(problem.hint).toContain('docs/config.md')
    const section = 'site' in input ? result.config.site : result.config.theme
    expect(section ?? {}).toEqual(remaining)
  })
})
