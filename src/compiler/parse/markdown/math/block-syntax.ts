/**
 * Display math as a block: `$$` starting a line (after at most three spaces), up to the line that ends in `$$`; TeX may
 * stand beside either fence, and the lines between are TeX whatever they look like in markdown. A `$$` that no later
 * line closes is text (found in the document's text, see withMathDocument); `$$x$$ y` on one line is left to the
 * paragraph, which reads it as display math within text (inline-syntax.ts).
 */
import type { Code, Construct, State, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { markdownLineEnding, markdownSpace } from 'micromark-util-character'
import { codes, types } from 'micromark-util-symbol'

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

/** The flow construct. */
export const mathBlock: Construct = { name: 'mathBlock', tokenize: tokenizeMathBlock, concrete: true }
