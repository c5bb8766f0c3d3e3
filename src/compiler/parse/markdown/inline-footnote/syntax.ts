/**
 * micromark extension for Obsidian's inline footnotes: `^[` opens a note, the `]` that matches it closes it, and the
 * text between keeps its inline markup (emphasis, code, links, wiki links).
 *
 *     Die Frist gilt^[Ab **Rechnungsdatum**, siehe [[AGB]].] für alle.   → inlineNote
 *     ^[ohne Ende                                                        → text
 *
 * Built like micromark's own link labels: the opening `^[` is remembered, and a `]` closes the innermost open note
 * unless a link label (`[`) opened inside the note is still open, which that `]` then belongs to (`^[a [b](c) d]`).
 * An opening left without its `]` is text again at the end.
 */
import { splice } from 'micromark-util-chunked'
import { resolveAll } from 'micromark-util-resolve-all'
import { codes, types } from 'micromark-util-symbol'
import type { Construct, Event, Extension, Resolver, State, Token, TokenizeContext, Tokenizer } from 'micromark-util-types'

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    inlineNote: 'inlineNote'
    inlineNoteStart: 'inlineNoteStart'
    inlineNoteStartMarker: 'inlineNoteStartMarker'
    inlineNoteMarker: 'inlineNoteMarker'
    inlineNoteText: 'inlineNoteText'
  }
  interface TokenizeContext {
    /** The `^[` of this text that have not found their `]` yet, innermost last. */
    _inlineNoteStarts?: Token[]
  }
}

/**
 * Notes open at once (nested, or never closed) past which `^[` is text: each closing `]` goes back over what its note
 * holds, so notes nested without end would cost time with the square of their number.
 */
const MAX_OPEN_NOTES = 16

const tokenizeStart: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const self = this
  const start: State = (code) => {
    if ((self._inlineNoteStarts?.length ?? 0) >= MAX_OPEN_NOTES) return nok(code)
    effects.enter('inlineNoteStart')
    effects.enter('inlineNoteStartMarker')
    effects.consume(code)
    return bracket
  }
  const bracket: State = (code) => {
    if (code !== codes.leftSquareBracket) return nok(code)
    effects.consume(code)
    effects.exit('inlineNoteStartMarker')
    const token = effects.exit('inlineNoteStart')
    ;(self._inlineNoteStarts ??= []).push(token)
    return ok
  }
  return start
}

/** An opening that found no `]` is text: its two characters become data, as label-end does for `[`. */
const resolveAllStarts: Resolver = (events) => {
  const kept: Event[] = []
  for (let index = 0; index < events.length; index++) {
    kept.push(events[index])
    if (events[index][1].type !== 'inlineNoteStart') continue
    // the enter and exit of the token stay, as data; the marker inside it goes
    events[index][1].type = types.data
    index += 2
  }
  if (kept.length !== events.length) splice(events, 0, events.length, kept)
  return events
}

const tokenizeEnd: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const self = this
  const start: State = (code) => {
    const open = self._inlineNoteStarts
    const note = open?.[open.length - 1]
    if (!open || !note) return nok(code)
    // a `[` opened inside the note and still open takes this `]` (label-end decides what it makes of it)
    const labels = self._labelStarts ?? []
    for (let index = labels.length - 1; index >= 0; index--) {
      if (labels[index]._balanced) continue
      if (labels[index].start.offset > note.start.offset) return nok(code)
      break
    }
    effects.enter('inlineNoteMarker')
    effects.consume(code)
    effects.exit('inlineNoteMarker')
    open.pop()
    return ok
  }
  return start
}

/** Wraps the events from the note's `^[` to its `]` into an `inlineNote` with the text between resolved as a span. */
const resolveToNote: Resolver = (events, context) => {
  const close = events.length - 2
  let open = close - 1
  while (open >= 0 && !(events[open][0] === 'enter' && events[open][1].type === 'inlineNoteStart')) open--
  const startToken = events[open][1]
  const endToken = events[close][1]
  startToken.type = 'inlineNoteMarker'
  const note: Token = { type: 'inlineNote', start: { ...startToken.start }, end: { ...endToken.end } }
  const text: Token = { type: 'inlineNoteText', start: { ...startToken.end }, end: { ...endToken.start } }
  const inside = events.slice(open + 4, close)
  const insideSpan = context.parser.constructs.insideSpan.null
  const replacement: Event[] = [
    ['enter', note, context],
    ['enter', startToken, context],
    ['exit', startToken, context],
    ['enter', text, context],
  ]
  splice(replacement, replacement.length, 0, insideSpan ? resolveAll(insideSpan, inside, context) : inside)
  splice(replacement, replacement.length, 0, [['exit', text, context], events[close], events[close + 1], ['exit', note, context]])
  splice(events, open, events.length - open, replacement)
  return events
}

const noteStart: Construct = { name: 'inlineNoteStart', tokenize: tokenizeStart, resolveAll: resolveAllStarts }
const noteEnd: Construct = { name: 'inlineNoteEnd', tokenize: tokenizeEnd, resolveTo: resolveToNote, add: 'before' }

/** The syntax extension; pass it to micromark's `extensions`. */
export function inlineFootnoteSyntax(): Extension {
  return { text: { [codes.caret]: noteStart, [codes.rightSquareBracket]: noteEnd } }
}
