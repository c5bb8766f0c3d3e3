import { describe, expect, it } from 'vitest'
import { DEFAULT_FRONTMATTER, readFrontmatter } from '../../../../src/compiler/parse/frontmatter.js'
import { toSourcePath } from '../../../../src/compiler/paths.js'
import { parse as parseYaml } from 'yaml'

const file = toSourcePath('Odoo/Odoo Hosting.md')

describe('readFrontmatter', () => {
  it('gives an alias (*name) the value of its anchor (&name), also in lists', () => {
    const { frontmatter, diagnostics } = readFrontmatter(
      '---\nort: &basel Basel\nsitz: *basel\nteam: &t [Anna, Beat]\nvertretung: *t\n---\n',
      file,
    )
    expect(diagnostics).toEqual([])
    expect({ ...frontmatter.extra }).toEqual({ ort: 'Basel', sitz: 'Basel', team: ['Anna', 'Beat'], vertretung: ['Anna', 'Beat'] })
  })

  it('stops a value whose aliases expand past the bound (a YAML bomb) with an error at it, and keeps the rest', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...['b', 'c', 'd'].map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abc'[i]}`).join(', ')}]`),
    ]
    const { frontmatter, diagnostics } = readFrontmatter(`---\ntitle: Bombe\n${bomb.join('\n')}\n---\n`, file)
    expect(frontmatter.title).toBe('Bombe')
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column} ${d.message.split(':')[0]}`)).toEqual([
      'bad-frontmatter 5:7 Front matter "c" expands its aliases too often',
      'bad-frontmatter 6:7 Front matter "d" expands its aliases too often',
    ])
  })

  it('gives every spec option its default when there is no front matter', () => {
    const { frontmatter, diagnostics } = readFrontmatter('# Titel\n', file)
    expect(diagnostics).toEqual([])
    expect(frontmatter).toMatchObject({
      home: false,
      heroHeight: 280,
      sidebar: 'heading',
      sidebarDepth: 2,
      navbar: true,
      lastUpdated: true,
      contributors: true,
      backToTop: true,
      externalLinkIcon: true,
      footerHtml: false,
      actions: [],
      features: [],
    })
  })

  it('types known keys, defaults action types to primary and keeps unknown keys', () => {
    const text =
      '---\ntitle: Odoo Hosting\nheroHeight: 120\nactions:\n  - text: Los\n    link: /odoo.html\n  - text: Mehr\n    link: /mehr.html\n    type: secondary\nkind: Anleitung\neigenesFeld: [1, 2]\n---\nText\n'
    const { frontmatter, diagnostics } = readFrontmatter(text, file)
    expect(diagnostics).toEqual([])
    expect(frontmatter.title).toBe('Odoo Hosting')
    expect(frontmatter.heroHeight).toBe(120)
    expect(frontmatter.actions).toEqual([
      { text: 'Los', link: '/odoo.html', type: 'primary' },
      { text: 'Mehr', link: '/mehr.html', type: 'secondary' },
    ])
    expect(frontmatter.kind).toBe('Anleitung')
    expect(frontmatter.extra).toEqual({ eigenesFeld: [1, 2] })
  })

  it('takes an empty text property (null in YAML) as unset, as Obsidian shows it, without a warning', () => {
    const { frontmatter, diagnostics } = readFrontmatter('---\ndescription:\npermalink: embeds\n---\n# Titel\n', file)
    expect(diagnostics).toEqual([])
    expect(frontmatter.description).toBeUndefined()
    expect(frontmatter.permalink).toBe('embeds')
    expect(frontmatter.extra).toEqual({})
  })

  it('blanks the front-matter lines so body positions stay true file positions', () => {
    const { body } = readFrontmatter('---\ntitle: A\n---\n# B\n', file)
    expect(body).toBe('\n\n\n# B\n')
  })

  it('reports malformed YAML with the line and column in the file, and keeps the defaults', () => {
    const { frontmatter, diagnostics } = readFrontmatter('---\ntitle: A\nfeatures: [unclosed\n---\nText\n', file)
    expect(frontmatter.heroHeight).toBe(DEFAULT_FRONTMATTER.heroHeight)
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({ severity: 'error', code: 'bad-frontmatter', file, line: 4 })
    expect(diagnostics[0].message).toMatch(/^Malformed YAML front matter: /)
    expect(diagnostics[0].hint).toMatchInlineSnapshot(
      `"Check indentation and quote values that contain ":" or start with "[", "{", "*" or "#"."`,
    )
  })

  it('reports front matter that is not a map', () => {
    const { diagnostics } = readFrontmatter('---\n- eins\n- zwei\n---\n', file)
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['bad-frontmatter', 2, 1, 'Front matter is not a map of keys and values'],
    ])
  })

  it('warns about a value of the wrong type at that value, and uses the default', () => {
    const { frontmatter, diagnostics } = readFrontmatter('---\ntitle: A\nheroHeight: gross\n---\n', file)
    expect(frontmatter.heroHeight).toBe(280)
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'bad-frontmatter-type',
        file,
        line: 3,
        column: 13,
        message: 'Front matter "heroHeight" should be a number of at least 1, got "gross"',
        hint: 'The default is used instead (280).',
      },
    ])
  })

  it('reports a block that is never closed', () => {
    const { diagnostics } = readFrontmatter('---\ntitle: A\n\n# Text\n', file)
    expect(diagnostics[0]).toMatchObject({ code: 'bad-frontmatter', line: 1, column: 1 })
  })

  it('accepts CRLF line endings', () => {
    const { frontmatter, diagnostics } = readFrontmatter('---\r\ntitle: Windows\r\n---\r\nText\r\n', file)
    expect(diagnostics).toEqual([])
    expect(frontmatter.title).toBe('Windows')
  })

  it('reads every value as YAML does, also the ones that look like text but are not', () => {
    const values = [
      'Odoo Hosting',
      '17 Upgrade',
      'Odoo (Cloud) / Hosting, Preise.',
      'Grössen – Limiten',
      'x_1-2',
      '"a: b # c"',
      "'Zitat'",
      '""',
      '2',
      '-3',
      '1.5',
      '1e3',
      '.5',
      '0x1F',
      '0o17',
      'true',
      'False',
      'NULL',
      '~',
      '.inf',
      '-.Inf',
      '.NaN',
      '1_000',
      'a: b',
      'a #b',
      '[1, 2]',
      '{a: 1}',
      '*anker',
      '&anker x',
      '!tag x',
      '- item',
      '? x',
      '|',
      '>',
      '"esc\\"x"',
      "'it''s'",
      '2026-11-21',
      '12:30',
      'wert ',
      '@x',
      '`x`',
      '%x',
      "x'y",
      'über',
    ]
    for (const value of values) {
      const text = `---\nx_field: ${value}\n---\n`
      const { frontmatter, diagnostics } = readFrontmatter(text, file)
      let expected: unknown
      try {
        expected = (parseYaml(text.slice(4, -4), { logLevel: 'error' }) as Record<string, unknown>).x_field
      } catch {
        continue // not YAML we read as text either way (its own diagnostics are tested above)
      }
      expect(diagnostics, value).toEqual([])
      expect(frontmatter.extra.x_field, value).toEqual(expected)
    }
  })
})
