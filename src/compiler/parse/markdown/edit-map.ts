/**
 * Makes micromark's batched event edits cost what they change, not the length of the page.
 *
 * micromark's `EditMap.consume` rebuilds the whole event list of a tokenizer to apply a batch of edits, and the
 * document tokenizer makes such a batch every time a block quote or list ends at a blank or lazy line, as the
 * setext-heading resolver does for every `===` or `---` underline. Each batch copied every event before it, so the
 * time grew with the square of the page: 20 000 setext headings (80 KB) took 72 s, 10 000 quotes separated by blank
 * lines (50 KB) 38 s. Those edits sit near the end of the list, so `consume` here keeps the events before the first
 * edit where they are and rebuilds only the rest. The events that come out are the same, in the same order.
 *
 * Importing this module installs it; parse.ts does, before any page is parsed.
 */
import { EditMap, type Change } from 'micromark-util-edit-map'
import type { Event } from 'micromark-util-types'

EditMap.prototype.consume = function consume(this: EditMap, events: Event[]): undefined {
  const changes: Change[] = this.map
  if (changes.length === 0) return
  changes.sort((a, b) => a[0] - b[0])
  // cut the list back change by change, from the last, keeping what follows each change and what it adds
  const pieces: Event[][] = []
  for (let index = changes.length - 1; index >= 0; index--) {
    const [at, remove, add] = changes[index]
    pieces.push(events.slice(at + remove), add)
    events.length = at
  }
  // the events before the first change stay in place; the pieces go back after them in order
  for (let index = pieces.length - 1; index >= 0; index--) {
    for (const event of pieces[index]) events.push(event)
  }
  changes.length = 0
  this.index.clear()
}
