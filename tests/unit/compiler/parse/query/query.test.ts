/**
 * Obsidian's search language as a ```query block writes it: the parser's tree and problems, and the matcher
 * operator by operator over literal notes.
 */
import { describe, expect, it } from 'vitest'
import { compileQuery, queryContentOf, type QueryNote } from '../../../../../src/compiler/parse/query/match.js'
import { parseQuery } from '../../../../../src/compiler/parse/query/parse.js'

function note(path: string, source: string, extra: Partial<Omit<QueryNote, 'content'>> = {}): QueryNote {
  const content = queryContentOf(source)
  return { path, name: path.slice(path.lastIndexOf('/') + 1), tags: [], properties: {}, ...extra, content: () => content }
}

const notes = [
  note(
    'Rezepte/Apfelkuchen.md',
    '---\ndauer: 60\n---\n# Apfelkuchen\n\nMehl und Zucker mischen.\nÄpfel schneiden.\n\n## Backen\n\nIm Ofen backen. %%Zimt%%\n',
    {
      tags: ['rezept'],
      properties: { dauer: 60, status: 'Fertig', autor: null },
    },
  ),
  note('Rezepte/Zopf.md', '# Zopf\n\nMehl und Milch.\nZucker nach Belieben, frische Hefe.\n\n- [ ] Hefe kaufen\n- [x] Milch kaufen\n', {
    tags: ['rezept/brot'],
    properties: { dauer: '20', status: 'Entwurf', aliases: ['Butterzopf', 'Sonntagszopf'] },
  }),
  note('Archiv/Tagebuch 2023-05-01.md', 'Markt am 2023-05-01: die hefe war aus.\n<!-- privat -->\n```query\nhefe\n```\n', {
    tags: ['altrezept'],
  }),
]

/** The names of the notes `query` finds. */
function found(query: string): string[] {
  const { root, problems } = parseQuery(query)
  expect(problems).toEqual([])
  const matcher = compileQuery(root!)
  return notes.filter((n) => matcher.matches(n)).map((n) => n.name.replace(/\.md$/, ''))
}

describe('parseQuery', () => {
  it('reads words, phrases, OR, negation and groups with AND binding tighter than OR', () => {
    expect(parseQuery('a "b c" OR -(d e)').root).toEqual({
      type: 'or',
      children: [
        {
          type: 'and',
          children: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b c' },
          ],
        },
        {
          type: 'not',
          child: {
            type: 'and',
            children: [
              { type: 'text', text: 'd' },
              { type: 'text', text: 'e' },
            ],
          },
        },
      ],
    })
  })

  it('reads operators with words, phrases, groups and regexes, and properties with sub-queries', () => {
    expect(parseQuery('path:"Daily notes" tag:#a/b line:(x y) file:/\\d+/ [status:a OR b] [c]').root).toEqual({
      type: 'and',
      children: [
        { type: 'scope', scope: 'path', child: { type: 'text', text: 'Daily notes' } },
        { type: 'scope', scope: 'tag', child: { type: 'text', text: 'a/b' } },
        {
          type: 'scope',
          scope: 'line',
          child: {
            type: 'and',
            children: [
              { type: 'text', text: 'x' },
              { type: 'text', text: 'y' },
            ],
          },
        },
        { type: 'scope', scope: 'file', child: { type: 'text', text: '\\d+', regex: true } },
        {
          type: 'property',
          name: 'status',
          value: {
            type: 'or',
            children: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        },
        { type: 'property', name: 'c' },
      ],
    })
  })

  it('keeps an escaped quote in a phrase and takes an unknown operator as a word', () => {
    expect(parseQuery('"sagte \\"hallo\\"" foo:bar').root).toEqual({
      type: 'and',
      children: [
        { type: 'text', text: 'sagte "hallo"' },
        { type: 'text', text: 'foo:bar' },
      ],
    })
  })

  it('reads the options lines and leaves them out of the query', () => {
    const parsed = parseQuery('tag:#a\ncollapse: true\nsort:alphabeticalReverse\nexplainSearch: false')
    expect(parsed.options).toEqual({ sort: 'alphabeticalReverse', collapse: true })
    expect(parsed.root).toEqual({ type: 'scope', scope: 'tag', child: { type: 'text', text: 'a' } })
  })

  it('warns about an unknown sort order at its value and still evaluates the query', () => {
    const parsed = parseQuery('a\nsort: newest')
    expect(parsed.root).toEqual({ type: 'text', text: 'a' })
    expect(parsed.options.sort).toBe('alphabetical')
    expect(parsed.problems.map((p) => [p.message, p.offset])).toEqual([['Unknown sort order "newest" of a query', 8]])
  })

  it.each([
    ['(a b', 'Unclosed "(" in query', 0],
    ['a )', 'Unmatched ")" in query', 2],
    ['"a b', 'Unclosed quote in query', 0],
    ['x /a+', 'Unclosed regular expression in query', 2],
    ['/(a+)+b/', 'Regular expression /(a+)+b/ could take too long to run', 0],
    ['/(x|xy)*/', 'Regular expression /(x|xy)*/ could take too long to run', 0],
    ['/(a)\\1/', 'Regular expression /(a)\\1/ could take too long to run', 0],
    [`/${'a'.repeat(201)}/`, 'Regular expression of 201 characters is too long', 0],
    ['/[a/', 'Invalid regular expression', 0],
    ['a OR', '"OR" without a term after it', 4],
    ['OR a', '"OR" without a term before it', 0],
    ['tag: x', 'Operator "tag:" without a term', 0],
    ['[status', 'Unclosed "[" of a property in query', 0],
    ['[:a]', 'Property without a name in query', 0],
    ['  ', 'Empty query', 0],
    ['()', 'Empty group "()" in query', 1],
  ])('refuses %j: %s', (query, message, offset) => {
    const parsed = parseQuery(query)
    expect(parsed.root).toBeUndefined()
    expect(parsed.problems).toHaveLength(1)
    expect(parsed.problems[0].message).toContain(message)
    expect(parsed.problems[0].offset).toBe(offset)
    expect(parsed.problems[0].hint).not.toBe('')
  })

  it('refuses a query nested too deeply and one too long', () => {
    expect(parseQuery('('.repeat(40) + 'a' + ')'.repeat(40)).problems[0].message).toBe('Query nested too deeply')
    expect(parseQuery('a '.repeat(1500)).problems[0].message).toContain('too long')
  })
})

describe('compileQuery', () => {
  it('needs every word, anywhere in the text or path, ignoring case', () => {
    expect(found('mehl ZUCKER')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('mehl hefe')).toEqual(['Zopf'])
    expect(found('archiv')).toEqual(['Tagebuch 2023-05-01'])
  })

  it('matches a phrase as written, OR, negation and groups', () => {
    expect(found('"frische hefe"')).toEqual(['Zopf'])
    expect(found('"hefe frische"')).toEqual([])
    expect(found('äpfel OR markt')).toEqual(['Apfelkuchen', 'Tagebuch 2023-05-01'])
    expect(found('mehl -milch')).toEqual(['Apfelkuchen'])
    expect(found('hefe -(milch zucker)')).toEqual(['Tagebuch 2023-05-01'])
  })

  it('searches the file name with file: and the path with path:', () => {
    expect(found('file:zopf')).toEqual(['Zopf'])
    expect(found('file:rezepte')).toEqual([])
    expect(found('path:rezepte/')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('path:"Tagebuch 2023"')).toEqual(['Tagebuch 2023-05-01'])
  })

  it('searches only the text with content:', () => {
    expect(found('content:archiv')).toEqual([])
    expect(found('content:"im ofen"')).toEqual(['Apfelkuchen'])
  })

  it('finds a tag and the tags nested under it, never a tag that only contains it', () => {
    expect(found('tag:#rezept')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('tag:rezept/brot')).toEqual(['Zopf'])
    expect(found('tag:brot')).toEqual([])
    expect(found('tag:(brot OR altrezept)')).toEqual(['Tagebuch 2023-05-01'])
  })

  it('needs all terms of line:, block: and section: in one line, block or section', () => {
    expect(found('line:(mehl zucker)')).toEqual(['Apfelkuchen'])
    expect(found('block:(mehl zucker)')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('block:(mehl ofen)')).toEqual([])
    expect(found('section:(mehl äpfel)')).toEqual(['Apfelkuchen'])
    expect(found('section:(mehl ofen)')).toEqual([])
    expect(found('-line:hefe')).toEqual(['Apfelkuchen'])
  })

  it('searches the text of tasks, open ones and done ones', () => {
    expect(found('task:kaufen')).toEqual(['Zopf'])
    expect(found('task-todo:hefe')).toEqual(['Zopf'])
    expect(found('task-done:hefe')).toEqual([])
    expect(found('task-done:milch')).toEqual(['Zopf'])
    expect(found('task:schneiden')).toEqual([])
  })

  it('sets case per term with match-case: and ignore-case:', () => {
    expect(found('match-case:Hefe')).toEqual(['Zopf'])
    expect(found('match-case:hefe')).toEqual(['Tagebuch 2023-05-01'])
    expect(found('ignore-case:HEFE')).toEqual(['Zopf', 'Tagebuch 2023-05-01'])
    expect(found('match-case:(Mehl Milch)')).toEqual(['Zopf'])
  })

  it('finds properties by name, value, null and number comparisons', () => {
    expect(found('[dauer]')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('[DAUER:<30]')).toEqual(['Zopf'])
    expect(found('[dauer:>30]')).toEqual(['Apfelkuchen'])
    expect(found('[status:entwurf OR fertig]')).toEqual(['Apfelkuchen', 'Zopf'])
    expect(found('[aliases:sonntag]')).toEqual(['Zopf'])
    expect(found('[autor:null]')).toEqual(['Apfelkuchen'])
    expect(found('[status:null]')).toEqual([])
  })

  it('runs regular expressions on the text and with operators', () => {
    expect(found('/\\d{4}-\\d{2}-\\d{2}/')).toEqual(['Tagebuch 2023-05-01'])
    expect(found('file:/^zopf\\.md$/')).toEqual(['Zopf'])
    expect(found('/^im ofen/')).toEqual([])
    expect(found('line:/^im ofen/')).toEqual(['Apfelkuchen'])
  })

  it('never finds the text of front matter, comments or query blocks', () => {
    expect(found('zimt')).toEqual([])
    expect(found('privat')).toEqual([])
    expect(found('dauer')).toEqual([])
    expect(found('content:hefe')).toEqual(['Zopf', 'Tagebuch 2023-05-01'])
    expect(queryContentOf('a\n```query\nhefe\n```\nb').lines).toEqual(['a', 'b'])
  })

  it('marks the terms a note was found by, merged, and not those of negations, names, tags or properties', () => {
    const matcher = compileQuery(parseQuery('hefe "frische hefe" -milch file:zopf tag:x [a:b] /\\d+/').root!)
    expect(matcher.highlights('Frische Hefe, 20 g, keine Milch')).toEqual([
      [0, 12],
      [14, 16],
    ])
    expect(compileQuery(parseQuery('tag:#rezept').root!).readsText).toBe(false)
  })
})

describe('queryContentOf', () => {
  it('cuts the text into sections at headings, blocks at blank lines and list items, and finds tasks', () => {
    const content = queryContentOf('Intro\n\n# Eins\nA\nB\n\n- [ ] offen\n- [/] halb\n* x\n\n```\n# kein Titel\n\n```\n## Zwei\nC')
    expect(content.sections).toEqual(['Intro\n', '# Eins\nA\nB\n\n- [ ] offen\n- [/] halb\n* x\n\n```\n# kein Titel\n\n```', '## Zwei\nC'])
    expect(content.blocks).toEqual([
      'Intro',
      '# Eins',
      'A\nB',
      '- [ ] offen',
      '- [/] halb',
      '* x',
      '```\n# kein Titel\n\n```',
      '## Zwei',
      'C',
    ])
    expect(content.tasks).toEqual([
      { text: 'offen', done: false },
      { text: 'halb', done: true },
    ])
  })
})
