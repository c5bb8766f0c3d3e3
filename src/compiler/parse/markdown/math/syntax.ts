/**
 * micromark extension for Obsidian's math: TeX between dollar signs, with Pandoc's rule for when a dollar is one.
 *
 *     Euler: $e^{i\pi} = -1$            → inline math
 *     $$\sum_{k=1}^n k$$                → display math, alone on its line (a block) or within a paragraph
 *     $$\begin{aligned}                 → a display block: `$$` starts a line and a later line ends in `$$`; TeX may
 *     a &= b \\ c &= d                     stand beside either, and the lines between are TeX, whatever they look like
 *     \end{aligned}$$                      in markdown (`- x`, `# 1`, blank lines)
 *     kostet $5 und $10                 → text: an opening `$` is followed by a non-space, a closing one follows a
 *                                          non-space and is not followed by a digit
 *     \$5, `$x$`, $$ alone in a line    → text, code, text (nothing closes it)
 *
 * Inline math ends at the end of its paragraph (or table cell) at the latest; `$…$` holds no other `$` (TeX has none
 * in math) and reaches into no code span. A dollar that opens nothing is text, so the markup after a price stays
 * (`$5 und *bald* $10` keeps its emphasis, `$5 und [Preise](p.md)` its link). Being tokenizers, neither fires inside
 * code spans or fenced code, and the TeX is taken as written: no escapes or entities are decoded in it.
 *
 * Cost: a `$` that opens nothing looks ahead once, at most to the end of its paragraph; every later `$` of the same
 * stretch knows the answer (`failed`, inline-syntax.ts), so a paragraph full of prices stays linear. Whether a
 * block's closing line exists is looked up in the document's text, also once per stretch.
 */
import type { Extension } from 'micromark-util-types'
import { codes } from 'micromark-util-symbol'
import { mathBlock } from './block-syntax.js'
import { mathInline } from './inline-syntax.js'

export { withMathDocument } from './block-syntax.js'

// the token types of block-syntax.ts and inline-syntax.ts
declare module 'micromark-util-types' {
  interface TokenTypeMap {
    mathBlock: 'mathBlock'
    mathBlockFence: 'mathBlockFence'
    mathBlockValue: 'mathBlockValue'
    mathInline: 'mathInline'
    mathInlineSequence: 'mathInlineSequence'
    mathInlineData: 'mathInlineData'
  }
  interface Token {
    /** On a `mathInline` token: written with `$$`, so shown as display math. */
    _mathDisplay?: boolean
  }
}

/** The syntax extension; pass it to micromark's `extensions`. */
export function mathSyntax(): Extension {
  return {
    flow: { [codes.dollarSign]: mathBlock },
    text: { [codes.dollarSign]: mathInline },
  }
}
