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
 * stretch knows the answer (`failed` below), so a paragraph full of prices stays linear. Whether a block's closing
 * line exists is looked up in the document's text, also once per stretch.
 */
import type { Code, Construct, Extension, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { asciiDigit, markdownLineEnding, markdownLineEndingOrSpace, markdownSpace } from 'micromark-util-character'
import { codes, types } from 'micromark-util-symbol'

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

/** The text being parsed, for the look-ahead of display blocks (see withMathDocument). */
let documentText: string | undefined
/** The last closing line found: where the search started, and where the line's `$$` is (-1: none after `from`). */
let closing = { from: -1, at: -1 }

/**
 * Runs `parse` with `text` as the document the math tokenizers look ahead in. Without it a `$$` line opens a block
 * even when no line closes it (it then runs to the end of its container, like an unclosed code fence).
 */
export function withMathDocument<T>(text: string, parse: () => T): T {
  const outer = { documentText, closing }
  documentText = text
  closing = { from: -1, at: -1 }
  try {
    return parse()
  } finally {
    ;({ documentText, closing } = outer)
  }
}

/** A line that ends in an unescaped `$$` (spaces after it allowed). */
const CLOSING_LINE = /(?:^|[^\\])(?:\\\\)*\$\$[ \t]*$/gm

/** True when a line after `offset` (an offset into the document) could close a display block. */
function hasClosingLine(offset: number): boolean {
  if (documentText === undefined) return true
  if (closing.from !== -1 && offset >= closing.from && (closing.at === -1 || closing.at >= offset)) return closing.at !== -1
  CLOSING_LINE.lastIndex = offset
  const match = CLOSING_LINE.exec(documentText)
  closing = { from: offset, at: match ? match.index + match[0].length : -1 }
  return match !== null
}

/** A `$$` with nothing but spaces after it on its line. */
const closingFence: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    let size = 0
    const sequence: State = (code) => {
      if (code === codes.dollarSign && size < 2) {
        effects.consume(code)
        size++
        return sequence
      }
      if (size < 2 || code === codes.dollarSign) return nok(code)
      effects.exit('mathBlockFence')
      if (!markdownSpace(code)) return end(code)
      effects.enter(types.whitespace)
      return after(code)
    }
    const after: State = (code) => {
      if (markdownSpace(code)) {
        effects.consume(code)
        return after
      }
      effects.exit(types.whitespace)
      return end(code)
    }
    const end: State = (code) => (code === codes.eof || markdownLineEnding(code) ? ok(code) : nok(code))
    return (code) => {
      effects.enter('mathBlockFence')
      return sequence(code)
    }
  },
}

/** A line after the current one that belongs to the same container (not a lazy line of a quote or list). */
const nonLazyContinuation: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    const self = this
    return (code) => {
      if (code === codes.eof) return nok(code)
      effects.enter(types.lineEnding)
      effects.consume(code)
      effects.exit(types.lineEnding)
      return (next: Code) => (self.parser.lazy[self.now().line] ? nok(next) : ok(next))
    }
  },
}

/** `$$` at the start of a line, up to the line that ends in `$$`. */
const tokenizeMathBlock: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const self = this
  let size = 0
  let escaped = false
  let firstLine = true
  let inValue = false

  const start: State = (code) => {
    effects.enter('mathBlock')
    effects.enter('mathBlockFence')
    return openSequence(code)
  }

  const openSequence: State = (code) => {
    if (code === codes.dollarSign) {
      if (++size > 2) return nok(code)
      effects.consume(code)
      return openSequence
    }
    if (size < 2) return nok(code)
    effects.exit('mathBlockFence')
    return lineContent(code)
  }

  /** TeX of a line, up to a `$$` that ends it or the line's end. */
  const lineContent: State = (code) => {
    if (code === codes.eof || markdownLineEnding(code)) {
      if (inValue) effects.exit('mathBlockValue')
      inValue = false
      return lineEnd(code)
    }
    if (code === codes.dollarSign && !escaped) {
      if (inValue) effects.exit('mathBlockValue')
      inValue = false
      return effects.check(closingFence, close, notClosing)(code)
    }
    return valueCharacter(code)
  }

  const valueCharacter: State = (code) => {
    if (!inValue) effects.enter('mathBlockValue')
    inValue = true
    escaped = code === codes.backslash && !escaped
    effects.consume(code)
    return lineContent
  }

  /** A `$` that does not end the line: TeX, except that `$$` within the opening line leaves it to the paragraph. */
  const notClosing: State = (code) => {
    if (firstLine) return effects.check(doubleDollar, nok, valueCharacter)(code)
    return valueCharacter(code)
  }

  const close: State = (code) => {
    effects.enter('mathBlockFence')
    effects.consume(code)
    return closeSecond
  }

  const closeSecond: State = (code) => {
    effects.consume(code)
    effects.exit('mathBlockFence')
    return trailing
  }

  const trailing: State = (code) => {
    if (markdownSpace(code)) {
      effects.enter(types.whitespace)
      return trailingSpace(code)
    }
    return done(code)
  }

  const trailingSpace: State = (code) => {
    if (markdownSpace(code)) {
      effects.consume(code)
      return trailingSpace
    }
    effects.exit(types.whitespace)
    return done(code)
  }

  const lineEnd: State = (code) => {
    escaped = false
    if (firstLine) {
      firstLine = false
      // nothing closes it: the `$$` is text
      if (!hasClosingLine(self.now().offset)) return nok(code)
      if (self.interrupt) return ok(code)
    }
    if (code === codes.eof) return done(code)
    return effects.attempt(nonLazyContinuation, lineContent, done)(code)
  }

  const done: State = (code) => {
    effects.exit('mathBlock')
    return ok(code)
  }

  return start
}

/** Two dollars in a row. */
const doubleDollar: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    return (code) => {
      effects.enter('mathBlockValue')
      effects.consume(code)
      return (next: Code) => {
        effects.exit('mathBlockValue')
        return next === codes.dollarSign ? ok(next) : nok(next)
      }
    }
  },
}

/** Where inline math of each kind (1: `$`, 2: `$$`) last found nothing to close it: from its opening to the end. */
const failed = new WeakMap<object, { from: number; until: number }[]>()

/** `$…$` and `$$…$$` within text. */
const tokenizeMathInline: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const self = this
  const from = self.now().offset
  let size = 0
  let escaped = false
  /** The last character of the TeX so far; null before the first. */
  let last: Code = null
  let token: Token
  let candidate: Token
  /** Where the closing candidate `$` is. */
  let dollarAt = 0

  const start: State = (code) => {
    token = effects.enter('mathInline')
    effects.enter('mathInlineSequence')
    return openSequence(code)
  }

  const openSequence: State = (code) => {
    if (code === codes.dollarSign) {
      if (++size > 2) return nok(code)
      effects.consume(code)
      return openSequence
    }
    effects.exit('mathInlineSequence')
    if (size === 1 && (code === codes.eof || markdownLineEndingOrSpace(code))) return nok(code)
    const known = failed.get(self.parser)?.[size]
    if (known && from > known.from && from < known.until) return nok(code)
    token._mathDisplay = size === 2
    return between(code)
  }

  /**
   * Nothing closes this formula before here (`until`, an offset; default: the current one); an opening dollar between
   * `from` and here finds nothing either.
   */
  const fail =
    (until?: number): State =>
    (code) => {
      const spans = failed.get(self.parser) ?? []
      spans[size] = { from, until: until ?? self.now().offset }
      failed.set(self.parser, spans)
      return nok(code)
    }

  const between: State = (code) => {
    if (code === codes.eof) return fail()(code)
    // a code span keeps its text: a formula cannot reach into or over one
    if (code === codes.graveAccent && !escaped) return effects.check(codeSpan, fail(), backticks)(code)
    if (markdownLineEnding(code)) {
      effects.enter(types.lineEnding)
      effects.consume(code)
      effects.exit(types.lineEnding)
      last = code
      escaped = false
      return between
    }
    if (code === codes.dollarSign && !escaped) {
      // a `$` within `$…$` that cannot close it ends the try: TeX has no `$` in math, and what follows is text
      // (`$5 und [$10](…)`) whose markup must stay
      if (size === 1 && (last === null || markdownLineEndingOrSpace(last))) return fail()(code)
      dollarAt = self.now().offset
      candidate = effects.enter('mathInlineSequence')
      effects.consume(code)
      return size === 1 ? closeSingle : closeDouble
    }
    effects.enter('mathInlineData')
    return dataCharacter(code)
  }

  const data: State = (code) => {
    if (code === codes.eof || markdownLineEnding(code) || ((code === codes.dollarSign || code === codes.graveAccent) && !escaped)) {
      effects.exit('mathInlineData')
      return between(code)
    }
    return dataCharacter(code)
  }

  const dataCharacter: State = (code) => {
    escaped = code === codes.backslash && !escaped
    last = code
    effects.consume(code)
    return data
  }

  /** Backticks that open no code span: TeX. */
  const backticks: State = (code) => {
    effects.enter('mathInlineData')
    return backtick(code)
  }

  const backtick: State = (code) => {
    if (code === codes.graveAccent) {
      effects.consume(code)
      return backtick
    }
    last = codes.graveAccent
    effects.exit('mathInlineData')
    return between(code)
  }

  /** After a closing candidate `$`: a digit makes it an amount (`$x$5`), which ends the try; anything else closes. */
  const closeSingle: State = (code) => {
    effects.exit('mathInlineSequence')
    if (asciiDigit(code)) return fail(dollarAt)(code)
    effects.exit('mathInline')
    return ok(code)
  }

  const closeDouble: State = (code) => {
    if (code === codes.dollarSign) {
      effects.consume(code)
      effects.exit('mathInlineSequence')
      effects.exit('mathInline')
      return ok
    }
    effects.exit('mathInlineSequence')
    return asData(code)
  }

  /** The candidate was no closing `$$`: a `$` of the TeX (`\text{$x$}` within display math). */
  const asData: State = (code) => {
    candidate.type = 'mathInlineData'
    last = codes.dollarSign
    escaped = false
    return between(code)
  }

  return start
}

/** A run of backticks and, later in the same text, a run of as many: a code span. */
const codeSpan: Construct = {
  partial: true,
  tokenize(effects, ok, nok) {
    let open = 0
    let close = 0
    const opening: State = (code) => {
      if (code === codes.graveAccent) {
        effects.consume(code)
        open++
        return opening
      }
      return inside(code)
    }
    const inside: State = (code) => {
      if (code === codes.eof) return nok(code)
      if (code === codes.graveAccent) {
        close = 0
        return closing(code)
      }
      effects.consume(code)
      return inside
    }
    const closing: State = (code) => {
      if (code === codes.graveAccent) {
        effects.consume(code)
        close++
        return closing
      }
      if (close !== open) return inside(code)
      effects.exit('mathInlineData')
      return ok(code)
    }
    return (code) => {
      effects.enter('mathInlineData')
      return opening(code)
    }
  },
}

/** A run of dollars starts at its first dollar, or after an escaped one (`\$$x$` is a dollar, then math). */
function previous(this: TokenizeContext, code: Code): boolean {
  return code !== codes.dollarSign || this.events[this.events.length - 1]?.[1].type === types.characterEscape
}

const mathBlock: Construct = { name: 'mathBlock', tokenize: tokenizeMathBlock, concrete: true }
const mathInline: Construct = { name: 'mathInline', tokenize: tokenizeMathInline, previous }

/** The syntax extension; pass it to micromark's `extensions`. */
export function mathSyntax(): Extension {
  return {
    flow: { [codes.dollarSign]: mathBlock },
    text: { [codes.dollarSign]: mathInline },
  }
}
