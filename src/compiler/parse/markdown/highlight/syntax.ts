/**
 * micromark extension for Obsidian highlights, built like GFM strikethrough: a run of exactly two '='
 * opens or closes by the same flanking rules as emphasis, and the text between keeps its inline markup.
 *
 *     ==wichtig==          → highlight
 *     ==**sehr** wichtig== → highlight containing strong
 *     a == b               → text (a lone or spaced '==' is not a marker)
 */
import type { Event, Extension, Resolver, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'
import { splice } from 'micromark-util-chunked'
import { classifyCharacter } from 'micromark-util-classify-character'
import { resolveAll } from 'micromark-util-resolve-all'
import { codes, constants, types } from 'micromark-util-symbol'

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    highlight: 'highlight'
    highlightSequence: 'highlightSequence'
    highlightSequenceTemporary: 'highlightSequenceTemporary'
    highlightText: 'highlightText'
  }
  interface Token {
    _highlightOpen?: boolean
    _highlightClose?: boolean
  }
}

const resolveAllHighlight: Resolver = (events, context) => {
  for (let index = 0; index < events.length; index++) {
    const closer = events[index]
    if (closer[0] !== 'enter' || closer[1].type !== 'highlightSequenceTemporary' || !closer[1]._highlightClose) continue
    for (let open = index - 1; open >= 0; open--) {
      const opener = events[open]
      if (opener[0] !== 'exit' || opener[1].type !== 'highlightSequenceTemporary' || !opener[1]._highlightOpen) continue
      closer[1].type = 'highlightSequence'
      opener[1].type = 'highlightSequence'
      const highlight: Token = { type: 'highlight', start: { ...opener[1].start }, end: { ...closer[1].end } }
      const text: Token = { type: 'highlightText', start: { ...opener[1].end }, end: { ...closer[1].start } }
      const next: Event[] = [
        ['enter', highlight, context],
        ['enter', opener[1], context],
        ['exit', opener[1], context],
        ['enter', text, context],
      ]
      const insideSpan = context.parser.constructs.insideSpan.null
      if (insideSpan) splice(next, next.length, 0, resolveAll(insideSpan, events.slice(open + 1, index), context))
      splice(next, next.length, 0, [
        ['exit', text, context],
        ['enter', closer[1], context],
        ['exit', closer[1], context],
        ['exit', highlight, context],
      ])
      splice(events, open - 1, index - open + 3, next)
      index = open + next.length - 2
      break
    }
  }
  for (const event of events) {
    if (event[1].type === 'highlightSequenceTemporary') event[1].type = types.data
  }
  return events
}

const tokenizeHighlight: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const previous = this.previous
  const events = this.events
  let size = 0

  const start: State = (code) => {
    if (previous === codes.equalsTo && events[events.length - 1][1].type !== types.characterEscape) return nok(code)
    effects.enter('highlightSequenceTemporary')
    return more(code)
  }

  const more: State = (code) => {
    if (code === codes.equalsTo) {
      if (size > 1) return nok(code)
      effects.consume(code)
      size++
      return more
    }
    if (size < 2) return nok(code)
    const token = effects.exit('highlightSequenceTemporary')
    const before = classifyCharacter(previous)
    const after = classifyCharacter(code)
    token._highlightOpen = !after || (after === constants.attentionSideAfter && Boolean(before))
    token._highlightClose = !before || (before === constants.attentionSideAfter && Boolean(after))
    return ok(code)
  }

  return start
}

/** The syntax extension; pass it to micromark's `extensions`. */
export function highlightSyntax(): Extension {
  const construct = { name: 'highlight', tokenize: tokenizeHighlight, resolveAll: resolveAllHighlight }
  return {
    text: { [codes.equalsTo]: construct },
    insideSpan: { null: [construct] },
    attentionMarkers: { null: [codes.equalsTo] },
  }
}
