import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parseCanvas, type Canvas } from '../../../../../src/compiler/parse/canvas/index.js'

/** The layout Obsidian writes: one node or edge per line, indented with tabs. */
function obsidian(nodes: object[], edges: object[] = []): string {
  const list = (items: object[]) => items.map((item) => `\t\t${JSON.stringify(item)}`).join(',\n')
  return `{\n\t"nodes":[\n${list(nodes)}\n\t],\n\t"edges":[\n${list(edges)}\n\t]\n}`
}

function canvasOf(text: string): Canvas {
  const { canvas } = parseCanvas(text)
  if (!canvas) throw new Error('expected a canvas')
  return canvas
}

const box = { x: 0, y: 0, width: 250, height: 60 }

describe('parseCanvas', () => {
  it('reads every node type and an edge as Obsidian writes them', () => {
    const text = obsidian(
      [
        { id: 'g', type: 'group', ...box, width: 600, height: 400, label: 'Plan', color: '4' },
        { id: 't', type: 'text', ...box, text: '# Hallo' },
        { id: 'f', type: 'file', ...box, y: 100, file: 'Odoo/Hosting.md', subpath: '#Preise' },
        { id: 'l', type: 'link', ...box, y: 200, url: 'https://example.org', color: '#E03E3E' },
      ],
      [{ id: 'e', fromNode: 't', fromSide: 'bottom', toNode: 'f', toSide: 'top', toEnd: 'none', label: 'dann' }],
    )
    const { canvas, problems } = parseCanvas(text)
    expect(problems).toEqual([])
    expect(canvas?.nodes).toEqual([
      { id: 'g', type: 'group', ...box, width: 600, height: 400, label: 'Plan', color: '4', position: { line: 3, column: 3 } },
      { id: 't', type: 'text', ...box, text: '# Hallo', position: { line: 4, column: 3 } },
      { id: 'f', type: 'file', ...box, y: 100, file: 'Odoo/Hosting.md', subpath: '#Preise', position: { line: 5, column: 3 } },
      // hex colours are kept in lowercase
      { id: 'l', type: 'link', ...box, y: 200, url: 'https://example.org', color: '#e03e3e', position: { line: 6, column: 3 } },
    ])
    expect(canvas?.edges).toEqual([
      {
        id: 'e',
        fromNode: 't',
        fromSide: 'bottom',
        toNode: 'f',
        toSide: 'top',
        toEnd: 'none',
        label: 'dann',
        position: { line: 9, column: 3 },
      },
    ])
  })

  it('reads an empty object, or no nodes, as an empty canvas', () => {
    expect(parseCanvas('{}')).toEqual({ canvas: { nodes: [], edges: [] }, problems: [] })
    expect(parseCanvas('{"nodes": [], "edges": []}')).toEqual({ canvas: { nodes: [], edges: [] }, problems: [] })
  })

  it('reports a missing comma at the line and column where the next node begins', () => {
    const text = '{\n\t"nodes":[\n\t\t{"id":"a","type":"text","text":"A","x":0,"y":0,"width":9,"height":9}\n\t\t{"id":"b"}\n\t]\n}'
    expect(parseCanvas(text)).toMatchInlineSnapshot(`
      {
        "problems": [
          {
            "column": 3,
            "hint": "A .canvas file is JSON: check for a missing comma, quote or bracket just before this position.",
            "line": 4,
            "message": "Invalid JSON: expected "," or "]" after the entry, found "{"",
          },
        ],
      }
    `)
  })

  it.each([
    // a trailing comma is reported at the comma itself
    ['{"nodes": [],\n  }', { line: 1, column: 13 }, 'Invalid JSON: a comma before "}"'],
    ['{"nodes": [1, ]}', { line: 1, column: 13 }, 'Invalid JSON: a comma before "]"'],
    // an unclosed string at its opening quote
    ['{\n"nodes": [{"id": "a}]}', { line: 2, column: 18 }, 'Invalid JSON: this string is never closed'],
    // a raw line break inside a string, where it is
    ['{"a": "x\ny"}', { line: 1, column: 9 }, 'Invalid JSON: line break or control character inside a string'],
    ['{"a": 1} x', { line: 1, column: 10 }, 'Invalid JSON: unexpected "x" after the end of the canvas'],
    ['', { line: 1, column: 1 }, 'Invalid JSON: expected a value, found the end of the file'],
    ["{'nodes': []}", { line: 1, column: 2 }, `Invalid JSON: expected a property name in double quotes, found "'"`],
    // Windows line ends count as one
    ['{\r\n"a": tru\r\n}', { line: 2, column: 6 }, 'Invalid JSON: expected a value, found "t"'],
  ])('reports %j as invalid JSON at its position', (text, position, message) => {
    const { canvas, problems } = parseCanvas(text)
    expect(canvas).toBeUndefined()
    expect(problems).toEqual([expect.objectContaining({ ...position, message })])
  })

  it('never reports valid JSON as invalid', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const { problems } = parseCanvas(text)
        expect(problems.filter((problem) => problem.message.startsWith('Invalid JSON'))).toEqual([])
      }),
    )
  })

  it('reads strings and numbers as JSON.parse does, escapes and all', () => {
    const text = fc.string({ unit: 'binary' })
    const number = fc.double({ noNaN: true, noDefaultInfinity: true })
    fc.assert(
      fc.property(text, number, (markdown, x) => {
        const node = { id: 'a', type: 'text', ...box, x, text: markdown }
        expect(canvasOf(JSON.stringify({ nodes: [node] }, null, 2)).nodes[0]).toMatchObject({
          text: markdown,
          x: JSON.parse(JSON.stringify(x)),
        })
      }),
    )
    expect(
      canvasOf('{"nodes": [{"id": "a", "type": "text", "x": -1.5e2, "y": 0, "width": 1, "height": 1, "text": "\\u00e4\\/\\ud83d\\ude00"}]}')
        .nodes[0],
    ).toMatchObject({ x: -150, text: 'ä/😀' })
  })

  it('reports an edge to a missing node at that edge, suggests the nearest id and leaves the edge out', () => {
    const text = obsidian(
      [
        { id: 'start', type: 'text', ...box, text: 'A' },
        { id: 'finish', type: 'text', ...box, x: 400, text: 'B' },
      ],
      [
        { id: 'e1', fromNode: 'start', toNode: 'finish' },
        { id: 'e2', fromNode: 'start', toNode: 'finsh' },
      ],
    )
    const { canvas, problems } = parseCanvas(text)
    expect(canvas?.edges.map((edge) => edge.id)).toEqual(['e1'])
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "column": 42,
          "hint": "Did you mean "finish"? The edge is left out.",
          "line": 8,
          "message": "Edge "e2" ends at node "finsh", which does not exist",
        },
      ]
    `)
  })

  it('leaves out a node without geometry, reports it once, and keeps the rest and their edges', () => {
    const text = obsidian(
      [
        { id: 'a', type: 'text', x: 0, y: 0, height: 60, text: 'no width' },
        { id: 'b', type: 'text', ...box, text: 'B' },
        { id: 'c', type: 'text', ...box, text: 'C' },
      ],
      [
        { id: 'ab', fromNode: 'a', toNode: 'b' },
        { id: 'bc', fromNode: 'b', toNode: 'c' },
      ],
    )
    const { canvas, problems } = parseCanvas(text)
    expect(canvas?.nodes.map((node) => node.id)).toEqual(['b', 'c'])
    expect(canvas?.edges.map((edge) => edge.id)).toEqual(['bc'])
    // the edge to the left-out node is not reported a second time
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "column": 3,
          "hint": "Set "width" to a number of pixels, e.g. "width": 250; the node is left out.",
          "line": 3,
          "message": "Node "a" has no "width"",
        },
      ]
    `)
  })

  it.each([
    // unknown type, with the type it most likely meant
    [
      { id: 'a', type: 'txt', ...box, text: 'A' },
      'Node "a" has unknown type "txt"',
      'Did you mean "text"? Use "text", "file", "link" or "group"; the node is left out.',
    ],
    [{ type: 'text', ...box, text: 'A' }, 'Node 1 has no "id"', 'Give it a unique string id, e.g. "id": "node-1"; it is left out.'],
    [
      { id: 'a', type: 'text', ...box, height: 0, text: 'A' },
      'Node "a" has "height": 0, which is not a positive number',
      'Set "height" to a number of pixels, e.g. "height": 250; the node is left out.',
    ],
    [
      { id: 'a', type: 'text', ...box, x: '10', text: 'A' },
      'Node "a" has "x": "10", which is not a number',
      'Set "x" to a number of pixels, e.g. "x": 0; the node is left out.',
    ],
    [{ id: 'a', type: 'file', ...box }, 'File node "a" has no "file"', 'Add "file": "path/to/note.md"; the node is left out.'],
    [{ id: 'a', type: 'link', ...box }, 'Link node "a" has no "url"', 'Add "url": "https://…"; the node is left out.'],
  ])('leaves out the node %j', (node, message, hint) => {
    const { canvas, problems } = parseCanvas(obsidian([node]))
    expect(canvas?.nodes).toEqual([])
    expect(problems).toEqual([{ message, hint, line: 3, column: expect.any(Number) }])
  })

  it('rejects a colour that is not a preset or a hex colour, and keeps the node without it', () => {
    const text = obsidian([
      { id: 'a', type: 'text', ...box, text: 'A', color: 'red; background:url(x)' },
      { id: 'b', type: 'text', ...box, text: 'B', color: 'red' },
      { id: 'c', type: 'text', ...box, text: 'C', color: '#abc' },
      { id: 'd', type: 'text', ...box, text: 'D', color: '#abcd' },
    ])
    const { canvas, problems } = parseCanvas(text)
    expect(canvas?.nodes.map((node) => [node.id, node.color])).toEqual([
      ['a', undefined],
      ['b', undefined],
      ['c', '#abc'],
      ['d', undefined],
    ])
    expect(problems).toMatchInlineSnapshot(`
      [
        {
          "column": 82,
          "hint": "Use a preset "1" to "6" (red, orange, yellow, green, cyan, purple) or a hex colour like "#e03e3e". The colour is ignored.",
          "line": 3,
          "message": "Node "a" has color "red; background:url(x)", which is not a canvas colour",
        },
        {
          "column": 82,
          "hint": "Did you mean "1"? Use a preset "1" to "6" (red, orange, yellow, green, cyan, purple) or a hex colour like "#e03e3e". The colour is ignored.",
          "line": 4,
          "message": "Node "b" has color "red", which is not a canvas colour",
        },
        {
          "column": 82,
          "hint": "Use a preset "1" to "6" (red, orange, yellow, green, cyan, purple) or a hex colour like "#e03e3e". The colour is ignored.",
          "line": 6,
          "message": "Node "d" has color "#abcd", which is not a canvas colour",
        },
      ]
    `)
  })

  it('ignores a bad side or end of an edge, so the default applies, and reports it', () => {
    const text = obsidian(
      [
        { id: 'a', type: 'text', ...box, text: 'A' },
        { id: 'b', type: 'text', ...box, x: 400, text: 'B' },
      ],
      [{ id: 'e', fromNode: 'a', toNode: 'b', fromSide: 'east', toEnd: 'triangle', color: 7 }],
    )
    const { canvas, problems } = parseCanvas(text)
    expect(canvas?.edges).toEqual([{ id: 'e', fromNode: 'a', toNode: 'b', position: { line: 7, column: 3 } }])
    expect(problems.map((problem) => problem.message)).toEqual([
      'Edge "e" has "fromSide": "east"',
      'Edge "e" has "toEnd": "triangle"',
      'Edge "e" has color 7, which is not a canvas colour',
    ])
  })

  it('keeps the first of two nodes with the same id', () => {
    const { canvas, problems } = parseCanvas(
      obsidian([
        { id: 'a', type: 'text', ...box, text: 'first' },
        { id: 'a', type: 'text', ...box, text: 'second' },
      ]),
    )
    expect(canvas?.nodes).toEqual([expect.objectContaining({ text: 'first' })])
    expect(problems).toEqual([expect.objectContaining({ message: 'Node id "a" is used twice', line: 4, column: 9 })])
  })

  it('reports a canvas that is not an object, and entries that are not objects where they are', () => {
    expect(parseCanvas('[]')).toEqual({
      problems: [expect.objectContaining({ message: 'The canvas is not a JSON object', line: 1, column: 1 })],
    })
    const { canvas, problems } = parseCanvas('{\n  "nodes": [\n    42\n  ],\n  "edges": {}\n}')
    expect(canvas).toEqual({ nodes: [], edges: [] })
    expect(problems).toEqual([
      expect.objectContaining({ message: 'Node 1 is not an object', line: 3, column: 5 }),
      expect.objectContaining({ message: '"edges" is not an array', line: 5, column: 12 }),
    ])
  })

  it('treats "__proto__" as an ordinary key', () => {
    const { canvas, problems } = parseCanvas('{"__proto__": {"polluted": true}, "nodes": []}')
    expect(problems).toEqual([])
    expect(canvas).toEqual({ nodes: [], edges: [] })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('reports nesting too deep to be a canvas instead of overflowing the stack', () => {
    const { problems } = parseCanvas(`{"nodes": ${'['.repeat(100_000)}`)
    expect(problems).toEqual([expect.objectContaining({ message: 'Invalid JSON: nested more than 256 levels deep', line: 1 })])
  })
})
