/**
 * Math within text: `$…$` with Pandoc's rule for dollars (an opening `$` is followed by a non-space, a closing one
 * follows a non-space and is not followed by a digit, and none stands between), and `$$…$$`, display math within the
 * paragraph, without that rule. Neither reaches into a code span or past its paragraph (or table cell).
 */
import type { Code, Construct, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { asciiDigit, markdownLineEnding, markdownLineEndingOrSpace } from 'micromark-util-character'
import { codes, types } from 'micromark-util-symbol'

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

/** The text construct. */
export const mathInline: Construct = { name: 'mathInline', tokenize: tokenizeMathInline, previous }
