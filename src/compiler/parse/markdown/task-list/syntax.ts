/**
 * Task list items as Obsidian reads them: GFM's `[ ]` and `[x]`, and any other single character between the brackets
 * as a status of its own, which counts as checked (Obsidian's "any character marks it as complete").
 *
 *     - [ ] offen        → unchecked
 *     - [x] erledigt     → checked, status "x"
 *     - [-] abgesagt     → checked, status "-"
 *     - [?] unklar       → checked, status "?"
 *
 * It replaces micromark-extension-gfm-task-list-item, with the same tokens (`taskListCheckValueChecked` and
 * `…Unchecked`), so mdast-util-gfm-task-list-item still reads them; the status is the text of the checked value.
 * As in GFM, the check must be the first thing in a list item and be followed by a space and content, so
 * `- [x](link)` and `- [a]` alone stay text. `[` and `]` are never a status (`- [[Seite]]` is a wiki link).
 */
import { factorySpace } from 'micromark-factory-space'
import { markdownLineEnding, markdownLineEndingOrSpace, markdownSpace } from 'micromark-util-character'
import { codes, types } from 'micromark-util-symbol'
import type { Construct, Extension, State, TokenizeContext, Tokenizer } from 'micromark-util-types'

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    taskListCheck: 'taskListCheck'
    taskListCheckMarker: 'taskListCheckMarker'
    taskListCheckValueChecked: 'taskListCheckValueChecked'
    taskListCheckValueUnchecked: 'taskListCheckValueUnchecked'
  }
}

const tokenizeCheck: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const self = this
  const open: State = (code) => {
    // only at the very start of the first content of a list item
    if (self.previous !== codes.eof || !self._gfmTasklistFirstContentOfListItem) return nok(code)
    effects.enter('taskListCheck')
    effects.enter('taskListCheckMarker')
    effects.consume(code)
    effects.exit('taskListCheckMarker')
    return inside
  }
  const inside: State = (code) => {
    if (markdownLineEndingOrSpace(code)) {
      effects.enter('taskListCheckValueUnchecked')
      effects.consume(code)
      effects.exit('taskListCheckValueUnchecked')
      return close
    }
    if (code === codes.eof || code === codes.leftSquareBracket || code === codes.rightSquareBracket || code < 0) return nok(code)
    effects.enter('taskListCheckValueChecked')
    effects.consume(code)
    // a character outside the basic plane (an emoji) is two UTF-16 code units
    if (code >= 0xd800 && code <= 0xdbff) return lowSurrogate
    effects.exit('taskListCheckValueChecked')
    return close
  }
  const lowSurrogate: State = (code) => {
    if (code === null || code < 0xdc00 || code > 0xdfff) return nok(code)
    effects.consume(code)
    effects.exit('taskListCheckValueChecked')
    return close
  }
  const close: State = (code) => {
    if (code !== codes.rightSquareBracket) return nok(code)
    effects.enter('taskListCheckMarker')
    effects.consume(code)
    effects.exit('taskListCheckMarker')
    effects.exit('taskListCheck')
    return after
  }
  const after: State = (code) => {
    // a line ending means more content follows in the paragraph; a space must be followed by something
    if (markdownLineEnding(code)) return ok(code)
    if (markdownSpace(code)) return effects.check({ tokenize: spaceThenContent }, ok, nok)(code)
    return nok(code)
  }
  return open
}

const spaceThenContent: Tokenizer = function (effects, ok, nok) {
  return factorySpace(effects, (code) => (code === codes.eof ? nok(code) : ok(code)), types.whitespace)
}

const taskListCheck: Construct = { name: 'tasklistCheck', tokenize: tokenizeCheck }

/** The syntax extension, in place of GFM's task list items. */
export function taskListSyntax(): Extension {
  return { text: { [codes.leftSquareBracket]: taskListCheck } }
}
