import { describe, expect, it } from 'vitest'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../../src/compiler/paths.js'
import { mathClassOf, mathStylesheet } from '../../../../../src/compiler/parse/markdown/math/styles.js'
import { texInPlaceOfMath } from '../../../../../src/compiler/parse/markdown/math/search-text.js'
import { readSearchData } from '../../../../../src/compiler/parse/search-data.js'
import { MAX_FORMULA_CHARS, MAX_PAGE_MATH_CHARS } from '../../../../../src/compiler/parse/markdown/math/to-hast.js'

const page = (text: string, path = 'Seite.md') => parsePage({ path: toSourcePath(path), text, contentHash: 'h', diagnostics: [] })

describe('math as KaTeX HTML', () => {
  it('typesets inline math as HTML and MathML, with the TeX as annotation', () => {
    const { html } = page('Euler: $e^{i\\pi} + 1 = 0$ gilt.\n')
    expect(html).toMatch(/^<p>Euler: <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/)
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi} + 1 = 0</annotation>')
    expect(html).toContain('<span class="katex-html" aria-hidden="true">')
  })

  it('writes no style attribute: each declaration is a class, and the page records the declarations', () => {
    const { html, mathStyles } = page('$\\frac{a}{b}$\n')
    expect(html).not.toMatch(/\sstyle=/)
    expect(mathStyles).toContain('border-bottom-width:0.04em')
    expect(mathStyles).toEqual([...mathStyles!].sort())
    for (const declaration of mathStyles!) expect(html).toContain(mathClassOf(declaration))
  })

  it('records no math on a page without formulas, also with dollar amounts', () => {
    const result = page('Von $5 bis $10, und `$x$` ist Code.\n')
    expect(result.mathStyles).toBeUndefined()
    expect(result.html).toBe('<p>Von $5 bis $10, und <code>$x$</code> ist Code.</p>')
  })

  it('makes a $$ block a centred display formula, which carries a block id', () => {
    const { html, anchors } = page('$$\n\\int_0^1 x \\, dx\n$$\n^integral\n')
    expect(html).toMatch(/^<div id="\^integral" class="math-block"><span class="katex-display"><span class="katex">/)
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">')
    expect(anchors.map((a) => a.slug)).toEqual(['^integral'])
  })

  it('shows $$…$$ within a paragraph as display math inside the paragraph', () => {
    const { html } = page('Es gilt $$a^2 + b^2 = c^2$$ im Dreieck.\n')
    expect(html).toMatch(/^<p>Es gilt <span class="katex-display">[\s\S]*<\/span> im Dreieck\.<\/p>/)
  })

  it('keeps punctuation glued to a short formula on its line, but lets a long one break', () => {
    expect(page('Ableitung ($x^2$).\n').html).toMatch(
      /^<p>Ableitung <span class="math-nowrap">\(<span class="katex">[\s\S]*<\/span>\)\.<\/span><\/p>/,
    )
    const long = page('Summe $a_0 + a_1 + a_2 + a_3 + a_4 + a_5$.\n').html
    expect(long).not.toContain('math-nowrap')
    expect(long).toMatch(/<\/span>\.<\/p>/)
  })

  it('keeps \\newcommand for the formulas after it on the same page, as Obsidian does, and only there', () => {
    const first = page('$\\newcommand{\\Prob}{\\mathbb{P}}$ und $\\Prob(A)$\n')
    expect(first.diagnostics).toEqual([])
    expect(first.html).toContain('<mi mathvariant="double-struck">P</mi>')
    expect(page('$\\Prob(A)$\n', 'Andere.md').diagnostics.map((d) => d.code)).toEqual(['bad-math'])
  })

  it('uses the TeX as text where a heading is named: title, outline, anchor', () => {
    const result = page('# Satz $a^2 + b^2$\n\n## Beweis von $c^2$\n\nText\n')
    expect(result.title).toBe('Satz a^2 + b^2')
    expect(result.headers.map((h) => h.title)).toEqual(['Beweis von c^2'])
    expect(result.html).toContain('<h1 id="satz-a-2-b-2"')
  })

  it('indexes a formula by its TeX, not by the glyphs of its HTML', () => {
    const { sectionsJson } = readSearchData(page('Die Formel $x^2 + y$ zählt.\n').searchData)
    expect(JSON.parse(sectionsJson)).toEqual([['', '', 'Die Formel x^2 + y zählt.']])
  })

  it('names a task by its text with the formula in it (its MathML)', () => {
    const { html } = page('- [ ] Zeige $x > 0$\n')
    const id = html.match(/aria-labelledby="([^"]+)"/)?.[1]
    expect(html).toMatch(new RegExp(`<span id="${id}">Zeige <span class="katex"><span class="katex-mathml"><math`))
  })

  it("survives the pass over authors' HTML: MathML and KaTeX's SVG stay", () => {
    const { html } = page('<details><summary>Mehr</summary>\n\n$\\sqrt{x}$ und $\\overrightarrow{AB}$\n\n</details>\n')
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">')
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"')
    expect(html).toContain('viewBox="0 0 400000 1080"')
  })
})

describe('math KaTeX cannot typeset', () => {
  it('is a warning at the formula, and the page shows the source as code', () => {
    const result = page('# Fehler\n\nDer Bruch $\\frac{1}{$ bricht ab.\n\n$$\n\\begin{aligned} x &= 1\n$$\n\nUnbekannt: $\\foo$\n')
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['bad-math', 'warning', 3, 11],
      ['bad-math', 'warning', 5, 1],
      ['bad-math', 'warning', 9, 12],
    ])
    expect(result.diagnostics[0].message).toMatchInlineSnapshot(
      `"Math cannot be typeset: Unexpected end of input in a macro argument, expected '}' (in "\\frac{1}{")"`,
    )
    expect(result.diagnostics[0].hint).toMatchInlineSnapshot(
      `"Correct the TeX (KaTeX knows most LaTeX math: https://katex.org/docs/supported.html); meanwhile the page shows its source."`,
    )
    expect(result.diagnostics[2].message).toContain('Undefined control sequence: \\foo')
    expect(result.html).toContain('Der Bruch <code class="math-error">$\\frac{1}{$</code> bricht ab.')
    // the block's source as a TeX code block (highlighted as LaTeX), every character of it kept
    const block = /<div class="language-tex math-error" data-ext="tex"><pre><code[^>]*>([\s\S]*?)<\/code><\/pre><\/div>/.exec(result.html)
    expect(block?.[1].replace(/<[^>]+>/g, '')).toBe('$$\n\\begin{aligned} x &#x26;= 1\n$$')
    expect(result.mathStyles).toBeUndefined()
  })

  it('typesets no formula and no page of math beyond what a reader could read, and says so once', () => {
    const long = page(`$$\n${'a+'.repeat(MAX_FORMULA_CHARS / 2)}b\n$$\n\n$x$\n`)
    expect(long.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'bad-math',
        1,
        `Formula has ${MAX_FORMULA_CHARS + 1} characters, more than the ${MAX_FORMULA_CHARS} wikigen typesets; it is shown as its source`,
      ],
    ])
    expect(long.html).toContain('<annotation encoding="application/x-tex">x</annotation>')
    const formula = `${'a+'.repeat(2_000)}b`
    const many = page(Array.from({ length: Math.ceil(MAX_PAGE_MATH_CHARS / formula.length) + 2 }, () => `$$\n${formula}\n$$\n`).join('\n'))
    expect(many.diagnostics).toHaveLength(1)
    expect(many.diagnostics[0].message).toBe(
      `Page has more than ${MAX_PAGE_MATH_CHARS} characters of math; this formula and the ones after it are shown as their source`,
    )
    expect(many.html.match(/class="katex-display"/g)).toHaveLength(Math.floor(MAX_PAGE_MATH_CHARS / formula.length))
  })

  it('cannot link, load or size a formula past the page', () => {
    const { html, mathStyles } = page('$\\href{javascript:alert(1)}{x}$ $\\rule{5000em}{1em}$\n')
    expect(html).not.toMatch(/<a\b|href=/)
    expect(mathStyles).not.toContain('border-right-width:5000em')
    expect(mathStyles).toContain('border-right-width:100em')
  })
})

describe('math styles', () => {
  it('names each declaration by a hash: the same on every page, none for what could break the sheet', () => {
    expect(mathClassOf('height:0.6444em')).toMatch(/^k-[\w-]{7}$/)
    expect(mathClassOf('height:0.6444em')).toBe(mathClassOf('height:0.6444em'))
    expect(mathClassOf('height:1em')).not.toBe(mathClassOf('height:0.6444em'))
    expect(mathClassOf('color:red}body{display:none')).toBeUndefined()
    expect(mathClassOf('background:url(x)')).toBeUndefined()
  })

  it('writes one rule per declaration, weighted like the style attribute it replaces', () => {
    expect(mathStylesheet(['top:-3em', 'height:1em', 'top:-3em', 'x:{'])).toBe(
      `.${mathClassOf('height:1em')}{height:1em!important}\n.${mathClassOf('top:-3em')}{top:-3em!important}\n`,
    )
  })

  it('replaces formulas in HTML by their TeX for the search text', () => {
    const { html } = page('A $x^2$ B $$y$$ C\n')
    expect(texInPlaceOfMath(html)).toBe('<p>A  x^2  B <span class="katex-display"> y </span> C</p>')
  })
})
