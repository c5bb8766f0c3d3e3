import { describe, expect, it } from 'vitest'
import { authorDeclarations } from '../../../../../src/compiler/parse/markdown/author-styles.js'
import { mathClassOf, mathStylesheet } from '../../../../../src/compiler/parse/markdown/math/styles.js'

describe("authorDeclarations: what of an author's style attribute becomes a rule", () => {
  it.each([
    [
      'colours, weights and alignment',
      'color: teal; font-weight: 700;text-align:center',
      ['color:teal', 'font-weight:700', 'text-align:center'],
    ],
    [
      'colour functions and arithmetic',
      'color: rgb(0 128 0 / 50%); width: calc(100% - 2rem)',
      ['color:rgb(0 128 0 / 50%)', 'width:calc(100% - 2rem)'],
    ],
    ['property names in any case, spaces collapsed', 'COLOR :  dark   red', ['color:dark red']],
    ['nothing that loads', 'background: url(https://x.example/a.png); color: image-set("a.png" 1x)', []],
    ['nothing pinned or laid over the page', 'position: fixed; position: sticky; z-index: 9999; transform: scale(9)', []],
    [
      "a video host's embed code: a box of fixed aspect ratio and a frame filling it",
      'padding:62.29% 0 0 0;position:relative; height:100%;left:0;position:absolute;top:0;width:100%',
      ['padding:62.29% 0 0 0', 'position:relative', 'height:100%', 'left:0', 'position:absolute', 'top:0', 'width:100%'],
    ],
    ['nothing that ends the rule or the sheet', 'color: red} body{display:none; color: "x"; color: a\\62 c', []],
    ['no comment and no open bracket', 'color: red/*; width: calc(1px', []],
    ['no !important', 'color: red !important', []],
    ['an unknown function', 'color: env(x); width: attr(data-w)', []],
    ['an empty or broken attribute', ' ;: ; color', []],
  ])('%s', (_name, style, expected) => {
    expect(authorDeclarations(style)).toEqual(expected)
  })

  it('keeps at most 20 declarations', () => {
    expect(authorDeclarations(Array.from({ length: 30 }, (_, i) => `width: ${i}px`).join(';'))).toHaveLength(20)
  })
})

describe('the sheet a declaration becomes', () => {
  it('gives the same declaration the same class, and its rule the weight of a style attribute', () => {
    expect(mathClassOf('color:teal')).toBe(mathClassOf('color:teal'))
    expect(mathStylesheet(['color:rgb(0 128 0 / 50%)'])).toBe(
      `.${mathClassOf('color:rgb(0 128 0 / 50%)')}{color:rgb(0 128 0 / 50%)!important}\n`,
    )
  })

  it('refuses a declaration with an unbalanced bracket or a comment, whoever wrote it', () => {
    expect(mathClassOf('width:calc(1px')).toBeUndefined()
    expect(mathClassOf('width:1px)')).toBeUndefined()
    expect(mathClassOf('color:red/*')).toBeUndefined()
    expect(mathStylesheet(['width:calc(1px', 'color:red'])).toBe(`.${mathClassOf('color:red')}{color:red!important}\n`)
  })
})
