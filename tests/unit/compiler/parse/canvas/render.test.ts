import { describe, expect, it } from 'vitest'
import {
  parseCanvas,
  renderCanvas,
  type Canvas,
  type CanvasEdge,
  type CanvasNode,
  type CanvasParts,
} from '../../../../../src/compiler/parse/canvas/index.js'

const parts: CanvasParts = {
  text: (node) => `<p>text ${node.id}</p>`,
  file: (node) => `<a href="/${node.file}">file ${node.id}</a>`,
  link: (node) => `<a href="${node.url}">link ${node.id}</a>`,
  label: 'Plan.canvas',
}

function text(id: string, x: number, y: number, extra: object = {}): CanvasNode {
  return { id, type: 'text', x, y, width: 100, height: 50, text: id, ...extra } as CanvasNode
}

function render(nodes: CanvasNode[], edges: CanvasEdge[] = [], withParts: CanvasParts = parts): string {
  return renderCanvas({ nodes, edges }, withParts)
}

/** The attributes of the first `<tag …>` in `html` that matches `filter`. */
function attributesOf(html: string, tag: string, filter = ''): Record<string, string> {
  const element = [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].find((match) => match[1].includes(filter))
  if (!element) throw new Error(`no <${tag}> with ${filter}`)
  return Object.fromEntries([...element[1].matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]))
}

function count(html: string, text: string): number {
  return html.split(text).length - 1
}

describe('renderCanvas', () => {
  it('wraps the drawing in a focusable, labelled scroll region', () => {
    const html = render([text('a', 0, 0)], [], { ...parts, label: 'Plan "Q3".canvas' })
    expect(html).toMatch(
      /^<figure class="canvas"><div class="canvas-scroll" tabindex="0" role="region" aria-label="Plan &quot;Q3&quot;.canvas"><svg /,
    )
    expect(html).toMatch(/<\/svg><\/div><\/figure>$/)
  })

  it("places every node's HTML at its x and y with its width and height", () => {
    const nodes: CanvasNode[] = [
      text('t', -120, 30.5),
      { id: 'f', type: 'file', x: 200, y: 0, width: 400, height: 300, file: 'Bilder/karte.png' },
      { id: 'l', type: 'link', x: 0, y: 400, width: 250, height: 60, url: 'https://example.org' },
    ]
    const html = render(nodes)
    expect(html).toContain(
      '<foreignObject x="-120" y="30.5" width="100" height="50"><div class="canvas-node-content"><p>text t</p></div></foreignObject>',
    )
    expect(html).toContain(
      '<foreignObject x="200" y="0" width="400" height="300"><div class="canvas-node-content"><a href="/Bilder/karte.png">file f</a></div>',
    )
    expect(html).toContain(
      '<foreignObject x="0" y="400" width="250" height="60"><div class="canvas-node-content"><a href="https://example.org">link l</a></div>',
    )
  })

  it('draws the SVG at its natural size: the box around all nodes plus a margin, one unit per pixel', () => {
    const html = render([text('a', 0, 0), text('b', 300, 200)])
    const svg = attributesOf(html, 'svg')
    // nodes span 0…400 × 0…250, with 40 px around
    expect(svg.viewBox).toBe('-40 -40 480 330')
    expect(svg.width).toBe('480')
    expect(svg.height).toBe('330')
  })

  it('makes room above a group for its label', () => {
    const html = render([{ id: 'g', type: 'group', x: 0, y: 0, width: 300, height: 200, label: 'Team' }])
    expect(attributesOf(html, 'svg').viewBox).toBe('-40 -72 380 312')
    expect(html).toContain('<text class="canvas-group-label" x="0" y="-10">Team</text>')
  })

  it('draws groups first, larger ones lower, then edges, then the other nodes in file order', () => {
    const html = render(
      [
        text('front', 50, 50),
        { id: 'small', type: 'group', x: 0, y: 0, width: 200, height: 200 },
        text('back', 300, 50),
        { id: 'big', type: 'group', x: -50, y: -50, width: 600, height: 400 },
      ],
      [{ id: 'e', fromNode: 'front', toNode: 'back' }],
    )
    const order = ['width="600"', 'width="200"', 'canvas-edge-line', 'text front', 'text back'].map((part) => html.indexOf(part))
    expect(order.every((position, index) => position >= 0 && (index === 0 || position > order[index - 1]))).toBe(true)
  })

  it('runs an edge between the facing sides, leaving each side at a right angle, and ends it at the arrow', () => {
    const html = render([text('a', 0, 0), text('b', 300, 0)], [{ id: 'e', fromNode: 'a', toNode: 'b' }])
    // from the middle of a's right side (100,25) to the base of the arrow on b's left side (300,25)
    expect(attributesOf(html, 'path', 'canvas-edge-line').d).toBe('M100,25 C200,25 200,25 286,25')
    expect(attributesOf(html, 'path', 'canvas-arrow').d).toBe('M300,25 L286,18 L286,32 Z')
  })

  it('uses the sides an edge names', () => {
    const html = render(
      [text('a', 0, 0), text('b', 0, 300)],
      [{ id: 'e', fromNode: 'a', fromSide: 'bottom', toNode: 'b', toSide: 'top', toEnd: 'none' }],
    )
    expect(attributesOf(html, 'path', 'canvas-edge-line').d).toBe('M50,50 C50,175 50,175 50,300')
  })

  it.each([
    // the default: an arrow at the end only
    [{}, 1],
    [{ toEnd: 'none' }, 0],
    [{ fromEnd: 'arrow' }, 2],
    [{ fromEnd: 'arrow', toEnd: 'none' }, 1],
  ] as const)('draws arrow heads only at arrow ends (%j)', (ends, arrows) => {
    const html = render([text('a', 0, 0), text('b', 300, 0)], [{ id: 'e', fromNode: 'a', toNode: 'b', ...ends }])
    expect(count(html, 'class="canvas-arrow"')).toBe(arrows)
  })

  it('puts an edge label on the middle of the curve, on its own background', () => {
    const html = render([text('a', 0, 0), text('b', 300, 0)], [{ id: 'e', fromNode: 'a', fromEnd: 'arrow', toNode: 'b', label: 'then' }])
    const label = attributesOf(html, 'foreignObject', 'canvas-edge-label')
    expect(Number(label.x) + Number(label.width) / 2).toBeCloseTo(200)
    expect(Number(label.y) + Number(label.height) / 2).toBeCloseTo(25)
    expect(html).toContain('<div><span>then</span></div>')
  })

  it('escapes group labels, edge labels and the accessible name', () => {
    const html = render(
      [
        { id: 'g', type: 'group', x: 0, y: 0, width: 300, height: 200, label: '<script>alert(1)</script>' },
        text('a', 0, 0),
        text('b', 300, 0),
      ],
      [{ id: 'e', fromNode: 'a', toNode: 'b', label: '<img src=x onerror=alert(1)> & "more"' }],
      { ...parts, label: '"><script>' },
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;more&quot;')
  })

  it('colours presets by class and hex colours by a custom property, and drops anything else', () => {
    const html = render([
      text('one', 0, 0, { color: '1' }),
      text('hex', 0, 100, { color: '#A1B2C3' }),
      text('bad', 0, 200, { color: 'red; background:url(x)' }),
      text('none', 0, 300),
    ])
    expect(html).toContain('<g class="canvas-node canvas-node-text canvas-color-1">')
    expect(html).toContain('<g class="canvas-node canvas-node-text canvas-color-custom" style="--canvas-color:#a1b2c3">')
    expect(html).not.toContain('url(x)')
    expect(count(html, '<g class="canvas-node canvas-node-text">')).toBe(2)
  })

  it('passes the HTML of the parts through untouched, placeholders included', () => {
    const placeholder = '\uE0007\uE001'
    const html = render([text('a', 0, 0), { id: 'f', type: 'file', x: 0, y: 100, width: 100, height: 50, file: 'x.md' }], [], {
      ...parts,
      text: () => `<p>${placeholder} &amp; <em>so</em></p>`,
      file: () => placeholder,
    })
    expect(html).toContain(`<div class="canvas-node-content"><p>${placeholder} &amp; <em>so</em></p></div>`)
    expect(html).toContain(`<div class="canvas-node-content">${placeholder}</div>`)
  })

  it('renders an empty canvas as a small empty figure', () => {
    const { canvas } = parseCanvas('{}')
    expect(canvas && renderCanvas(canvas, parts)).toBe(
      '<figure class="canvas canvas-empty"><div class="canvas-scroll" tabindex="0" role="region" aria-label="Plan.canvas">' +
        '<svg class="canvas-svg" width="64" height="64" viewBox="0 0 64 64"></svg></div></figure>',
    )
  })

  it('skips an edge whose node is missing', () => {
    const html = render([text('a', 0, 0)], [{ id: 'e', fromNode: 'a', toNode: 'gone' }])
    expect(html).not.toContain('canvas-edge-line')
  })

  it('draws an edge from a node to itself as a loop', () => {
    const html = render([text('a', 0, 0)], [{ id: 'e', fromNode: 'a', toNode: 'a' }])
    expect(attributesOf(html, 'path', 'canvas-edge-line').d).toBe('M100,25 C140,25 50,-40 50,-14')
  })

  it('renders a canvas of 2 000 nodes and edges', () => {
    const nodes = Array.from({ length: 2000 }, (_, i) => text(`n${i}`, (i % 50) * 150, Math.floor(i / 50) * 100))
    const edges = nodes.slice(1).map((node, i): CanvasEdge => ({ id: `e${i}`, fromNode: `n${i}`, toNode: node.id }))
    const canvas: Canvas = { nodes, edges }
    const html = renderCanvas(canvas, parts)
    expect(count(html, '<foreignObject')).toBe(2000)
    expect(count(html, 'class="canvas-edge-line"')).toBe(1999)
    expect(attributesOf(html, 'svg').width).toBe(String(49 * 150 + 100 + 80))
  })

  describe('group background images', () => {
    const group = (extra: object): CanvasNode =>
      ({ id: 'g', type: 'group', x: 10, y: 20, width: 300, height: 200, background: 'Bilder/karte.png', ...extra }) as CanvasNode
    const asked: string[] = []
    const withBackground: CanvasParts = {
      ...parts,
      background: (node) => {
        asked.push(`src ${node.background}`)
        return { href: 'URL', size: () => (asked.push(`size ${node.background}`), ' width="24" height="16"') }
      },
    }

    it('covers the group with the image by default and for "cover", under the group box', () => {
      for (const extra of [{}, { backgroundStyle: 'cover' }]) {
        const html = render([group(extra)], [], withBackground)
        expect(html).toContain(
          '<g class="canvas-group"><image class="canvas-group-image" href="URL" x="10" y="20" width="300" height="200" preserveAspectRatio="xMidYMid slice"/><rect class="canvas-group-box"',
        )
      }
    })

    it('shows the whole image for "ratio"', () => {
      expect(render([group({ backgroundStyle: 'ratio' })], [], withBackground)).toContain('preserveAspectRatio="xMidYMid meet"/>')
    })

    it('tiles the image at its own size from the group corner for "repeat"', () => {
      asked.length = 0
      const html = render([group({ backgroundStyle: 'repeat' })], [], withBackground)
      const pattern = attributesOf(html, 'pattern')
      expect(pattern).toEqual({ id: pattern.id, patternUnits: 'userSpaceOnUse', x: '10', y: '20', width: '24', height: '16' })
      expect(html).toContain('<image href="URL" width="24" height="16"/></pattern>')
      expect(attributesOf(html, 'rect', 'canvas-group-image')).toEqual({
        class: 'canvas-group-image',
        x: '10',
        y: '20',
        width: '300',
        height: '200',
        rx: '8',
        fill: `url(#${pattern.id})`,
      })
      // the same group makes the same id in every build; another group another one
      expect(attributesOf(render([group({ backgroundStyle: 'repeat' })], [], withBackground), 'pattern').id).toBe(pattern.id)
      expect(attributesOf(render([group({ backgroundStyle: 'repeat', x: 11 })], [], withBackground), 'pattern').id).not.toBe(pattern.id)
      expect(asked).toEqual([
        'src Bilder/karte.png',
        'size Bilder/karte.png',
        'src Bilder/karte.png',
        'size Bilder/karte.png',
        'src Bilder/karte.png',
        'size Bilder/karte.png',
      ])
    })

    it('asks for the size only of a repeated image, and draws nothing without a background', () => {
      asked.length = 0
      render([group({}), group({ id: 'h', background: undefined })], [], withBackground)
      expect(asked).toEqual(['src Bilder/karte.png'])
      expect(render([group({ background: undefined })], [], withBackground)).not.toContain('canvas-group-image')
    })
  })
})
