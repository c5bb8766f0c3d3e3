import { describe, expect, it } from 'vitest'
import { validateConfig } from '../../../../src/compiler/config/config-schema.js'

describe('validateConfig', () => {
  it('lists the valid choices of a key that takes named values, with the nearest to what was written', () => {
    const sidebar = validateConfig({ theme: { sidebar: 'folder' } }).problems
    expect(sidebar).toEqual([
      {
        kind: 'wrong-value',
        path: ['theme', 'sidebar'],
        message: `"theme.sidebar" should be one of 'heading', 'folders', 'tree', false or an object ({ … }), not 'folder'`,
        hint: `Did you mean 'folders'? The default is used instead; docs/config.md shows the expected form.`,
      },
    ])
    const mode = validateConfig({ theme: { colorMode: 'dunkel' } }).problems[0]
    expect(mode.message).toBe(`"theme.colorMode" should be one of 'auto', 'light' or 'dark', not 'dunkel'`)
    expect(mode.hint).not.toContain('Did you mean')
    expect(validateConfig({ redirectMode: 'File' }).problems[0]).toMatchObject({
      message: `"redirectMode" should be one of 'files', 'host' or 'both', not 'File'`,
      hint: expect.stringMatching(/^Did you mean 'files'\?/),
    })
  })

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

describe('labels and time zone in the config', () => {
  it('accepts any text of the interface, titles of kinds of its own, and a time zone', () => {
    const config = {
      site: { lang: 'en', timeZone: 'America/New_York' },
      labels: {
        searchPlaceholder: 'Search the handbook',
        notFound: ['Nothing here.'],
        calloutTitles: { tip: 'Good to know', recipe: 'Recipe' },
      },
    }
    expect(validateConfig(config)).toEqual({ config, problems: [] })
  })

  it('reports an unknown text as an error, naming the key and the keys close to it', () => {
    const { config, problems } = validateConfig({ labels: { serchPlaceholder: 'Suchen', copied: 'Kopiert!' } })
    expect(problems).toEqual([
      {
        kind: 'unknown-label',
        path: ['labels', 'serchPlaceholder'],
        message: 'Unknown key "labels.serchPlaceholder"',
        hint: 'Did you mean "searchPlaceholder"? Check the spelling; docs/config.md lists every key.',
      },
    ])
    expect(config.labels).toEqual({ copied: 'Kopiert!' })
  })

  it('lists several close keys, and none when nothing is close', () => {
    const [fullText] = validateConfig({ labels: { fullText: 'x' } }).problems
    expect(fullText.hint).toMatch(/^Did you mean "fullText\w+" or "fullText\w+" or "fullText\w+"\?/)
    const [far] = validateConfig({ labels: { zzzzzzzz: 'x' } }).problems
    expect(far.hint).toBe('Check the spelling; docs/config.md lists every key.')
    // outside labels an unknown key stays a warning, with the same hint
    expect(validateConfig({ site: { titel: 'Wiki' } }).problems[0]).toMatchObject({
      kind: 'unknown-key',
      hint: expect.stringContaining('"title"'),
    })
  })

  it.each([
    [{ labels: { copied: 3 } }, ['labels', 'copied'], '"labels.copied" should be a string'],
    [{ labels: { calloutTitles: { tip: 1 } } }, ['labels', 'calloutTitles', 'tip'], '"labels.calloutTitles.tip" should be a string'],
    [{ labels: { notFound: [] } }, ['labels', 'notFound'], '"labels.notFound": '],
    [{ site: { timeZone: 'Europe/Zürich' } }, ['site', 'timeZone'], '"site.timeZone": not a time zone this system knows'],
  ])('reports %j as a wrong value', (input, path, message) => {
    const [problem] = validateConfig(input).problems
    expect(problem).toMatchObject({ kind: 'wrong-value', path })
    expect(problem.message.startsWith(message)).toBe(true)
  })
})
