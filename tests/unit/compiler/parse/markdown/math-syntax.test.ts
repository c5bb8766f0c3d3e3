import { describe, expect, it } from 'vitest'
import type { Nodes, Root } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { parseMarkdown } from '../../../../../src/compiler/parse/markdown/parse.js'

type Found = { kind: 'inline' | 'display' | 'block'; tex: string; line?: number; column?: number }

/** The formulas of `markdown`, in document order. */
function formulas(markdown: string, withPosition = false): Found[] {
  const found: Found[] = []
  const visit = (node: Nodes) => {
    if (node.type === 'math' || node.type === 'inlineMath') {
      const kind = node.type === 'math' ? 'block' : (node as InlineMath).data?.display ? 'display' : 'inline'
      const entry: Found = { kind, tex: (node as Math | InlineMath).value }
      if (withPosition) Object.assign(entry, { line: node.position?.start.line, column: node.position?.start.column })
      found.push(entry)
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child)
  }
  visit(parseMarkdown(markdown).tree as Root)
  return found
}

/** The text of `markdown` as mdast node types and values, to see what stayed text. */
function texts(markdown: string): string[] {
  const out: string[] = []
  const visit = (node: Nodes) => {
    if (node.type === 'text' || node.type === 'inlineCode') out.push(`${node.type}:${node.value}`)
    else if (node.type !== 'root' && node.type !== 'paragraph') out.push(node.type)
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child)
  }
  visit(parseMarkdown(markdown).tree as Root)
  return out
}

describe('inline math', () => {
  it.each([
    ['Euler: $e^{i\\pi} = -1$.', 'e^{i\\pi} = -1'],
    ['($x$)', 'x'],
    ['$x$, $y$; und $z$!', 'x'],
    ['Preis $5$', '5'],
    ['$a$b', 'a'],
    ['$\\$5$', '\\$5'],
    ['$a\\\\$', 'a\\\\'],
    ['$a *b* c$', 'a *b* c'],
    ['$[x](y)$', '[x](y)'],
    ['$a &amp; b$', 'a &amp; b'],
  ])('reads %j as inline math', (markdown, tex) => {
    expect(formulas(markdown)[0]).toEqual({ kind: 'inline', tex })
  })

  it('finds each formula next to punctuation', () => {
    expect(formulas('$x$, $y$; und „$z$“!').map((f) => f.tex)).toEqual(['x', 'y', 'z'])
  })

  it.each([
    ['$5 and $10', 'two prices'],
    ['costs $5', 'a lone dollar'],
    ['$ x$', 'a space after the opening dollar'],
    ['$x $', 'a space before the closing dollar'],
    ['$x$5', 'a digit after the closing dollar'],
    ['\\$x$', 'an escaped opening dollar'],
    ['$x\\$', 'an escaped closing dollar'],
    ['`$x$`', 'a code span'],
    ['$$$x$$$', 'three dollars'],
    ['US$ 20 und US$ 30', 'dollars followed by spaces'],
  ])('leaves %j as text (%s)', (markdown) => {
    expect(formulas(markdown)).toEqual([])
  })

  it('keeps the markup between two prices', () => {
    expect(texts('$5 and *soon* $10')).toEqual(['text:$5 and ', 'emphasis', 'text:soon', 'text: $10'])
    expect(texts('Von $5 bis **$10**')).toEqual(['text:Von $5 bis ', 'strong', 'text:$10'])
  })

  it('holds no other dollar: a price before it is text, and so are links and markup after the price', () => {
    expect(texts('[Preis $5](p.md) und $x$')).toEqual(['link', 'text:Preis $5', 'text: und ', 'inlineMath'])
    expect(formulas('$5 und $x$')).toEqual([{ kind: 'inline', tex: 'x' }])
    expect(formulas('$x$5 und $y$')).toEqual([{ kind: 'inline', tex: 'y' }])
  })

  it('lets display math within text hold a dollar, as \\text{$…$} needs', () => {
    expect(formulas('Also $$\\text{wenn $x > 0$}$$.')).toEqual([{ kind: 'display', tex: '\\text{wenn $x > 0$}' }])
  })

  it('keeps a code span that holds a dollar, and math after it', () => {
    expect(texts('`a $ b` und $x$')).toEqual(['inlineCode:a $ b', 'text: und ', 'inlineMath'])
  })

  it('never reaches into or over a code span', () => {
    expect(texts('Das Heft kostet $5, und `$x$` ist Code.')).toEqual(['text:Das Heft kostet $5, und ', 'inlineCode:$x$', 'text: ist Code.'])
    expect(texts('$a `b$ c`')).toEqual(['text:$a ', 'inlineCode:b$ c'])
    expect(formulas('$a `` b` c$')).toEqual([{ kind: 'inline', tex: 'a `` b` c' }])
  })

  it('spans lines of its paragraph, but not a blank line', () => {
    expect(formulas('$a +\nb$')).toEqual([{ kind: 'inline', tex: 'a +\nb' }])
    expect(formulas('$a +\n\nb$')).toEqual([])
  })

  it('reads $$…$$ within a paragraph as display math, without the spacing rule', () => {
    expect(formulas('Es gilt $$ a^2 + b^2 = c^2 $$ für jedes Dreieck.')).toEqual([{ kind: 'display', tex: ' a^2 + b^2 = c^2 ' }])
  })

  it('stays within a table cell, and reads \\| there as a pipe', () => {
    expect(formulas('| A | B |\n|---|---|\n| $\\lvert x \\| y$ | $a | b$ |\n')).toEqual([{ kind: 'inline', tex: '\\lvert x | y' }])
  })

  it('is found in headings, links, lists, quotes and footnotes, at its position', () => {
    const markdown = '## Satz $a^2$\n\n- Punkt $b$\n\n> [!note] Titel\n> mit $c$\n\nText[^1]\n\n[^1]: Fussnote $d$\n'
    expect(formulas(markdown, true)).toEqual([
      { kind: 'inline', tex: 'a^2', line: 1, column: 9 },
      { kind: 'inline', tex: 'b', line: 3, column: 9 },
      { kind: 'inline', tex: 'c', line: 6, column: 7 },
      { kind: 'inline', tex: 'd', line: 10, column: 16 },
    ])
  })
})

describe('display math blocks', () => {
  it('reads $$ lines as a block, whatever the lines between look like', () => {
    const markdown = 'Vorher\n$$\n\\begin{aligned}\na &= b \\\\\n- c &= d\n# e\n\n\\end{aligned}\n$$\nNachher\n'
    expect(formulas(markdown, true)).toEqual([
      { kind: 'block', tex: '\\begin{aligned}\na &= b \\\\\n- c &= d\n# e\n\n\\end{aligned}', line: 2, column: 1 },
    ])
    expect(texts(markdown)).toEqual(['text:Vorher', 'math', 'text:Nachher'])
  })

  it('takes TeX beside the opening and the closing $$', () => {
    expect(formulas('$$\\begin{vmatrix}a & b\\\\\nc & d\n\\end{vmatrix}=ad-bc$$\n')).toEqual([
      { kind: 'block', tex: '\\begin{vmatrix}a & b\\\\\nc & d\n\\end{vmatrix}=ad-bc' },
    ])
  })

  it('reads $$…$$ alone on its line as a block', () => {
    expect(formulas('$$x = 1$$  \n')).toEqual([{ kind: 'block', tex: 'x = 1' }])
  })

  it('leaves $$ that nothing closes as text', () => {
    expect(formulas('$$ ist doppelt so viel\n\nund mehr.\n')).toEqual([])
    expect(texts('$$ ist doppelt so viel\n')).toEqual(['text:$$ ist doppelt so viel'])
  })

  it('works in callouts, lists and blockquotes', () => {
    expect(formulas('> [!note] Formel\n> $$\n> x^2\n> $$\n\n- Punkt\n\n  $$\n  y\n  $$\n')).toEqual([
      { kind: 'block', tex: 'x^2' },
      { kind: 'block', tex: 'y' },
    ])
  })

  it('never starts inside code', () => {
    expect(formulas('```\n$$\nx\n$$\n```\n\n    $$x$$\n')).toEqual([])
  })
})
