/**
 * Turns math tokens into the mdast nodes of mdast-util-math (`math` for a display block, `inlineMath` within text),
 * with the TeX as written and the source position kept.
 *
 *     $$\n\frac{a}{b}\n$$  → { type: 'math', value: '\\frac{a}{b}' }
 *     $a^2$                → { type: 'inlineMath', value: 'a^2' }
 *     $$a^2$$ (in text)    → { type: 'inlineMath', value: 'a^2', data: { display: true } }
 *
 * In a table cell `\|` is a `|`, as in code spans: GFM needs the backslash to keep the cell together.
 */
import type { Extension, Handle, Token } from 'mdast-util-from-markdown'
import type { InlineMath, Math } from 'mdast-util-math'

declare module 'mdast-util-math' {
  interface InlineMathData {
    /** Written with `$$` within text: display math (centred, on a line of its own) inside the paragraph. */
    display?: boolean
  }
}

const data: Handle = function (token: Token) {
  this.config.enter.data.call(this, token)
  this.config.exit.data.call(this, token)
}

/** The from-markdown extension for the tokens of syntax.ts. */
export function mathFromMarkdown(): Extension {
  return {
    enter: {
      mathBlock(token) {
        const node: Math = { type: 'math', meta: null, value: '' }
        this.enter(node, token)
        this.buffer()
      },
      mathInline(token) {
        const node: InlineMath = { type: 'inlineMath', value: '' }
        this.enter(node, token)
        this.buffer()
      },
    },
    exit: {
      mathBlock(token) {
        const value = this.resume().replace(/^(?:\r?\n|\r)|(?:\r?\n|\r)$/g, '')
        const node = this.stack[this.stack.length - 1] as Math
        node.value = value
        this.exit(token)
      },
      mathBlockValue: data,
      mathInline(token) {
        let value = this.resume()
        // pairs of backslashes stay, so `\\|` is not read as an escaped pipe
        if (this.data.inTable) value = value.replace(/\\([\\|])/g, (pair, char: string) => (char === '|' ? char : pair))
        const node = this.stack[this.stack.length - 1] as InlineMath
        node.value = value
        if (token._mathDisplay) node.data = { display: true }
        this.exit(token)
      },
      mathInlineData: data,
    },
  }
}
