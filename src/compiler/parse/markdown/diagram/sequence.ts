/**
 * The size of a mermaid sequence diagram, counted from its statements: the height grows by a fixed step per
 * message, self-message, note and block (mermaid's `messageMargin`, `boxMargin` and friends, measured once in
 * Chromium), the width by the participants and the longest message between neighbours.
 */
import { DIAGRAM_FONT_SIZE } from '../../../../shared/diagram-geometry.js'
import { diagramLines } from './flowchart.js'
import type { DrawingSize } from './layered.js'
import { labelSize, textWidth } from './text-size.js'

/** Heights in px of what a sequence diagram stacks from top to bottom. */
const STEP = {
  /** The participant boxes at the top and again at the bottom, and the margins. */
  frame: 171,
  /** A taller head row when one participant is drawn as a stick figure (`actor`). */
  actorFigure: 30,
  message: 48,
  /** A message to itself draws a loop below its text. */
  selfMessage: 31,
  /** Each line of text beyond the first, in a message or a note. */
  extraLine: 19,
  note: 50,
  /** `loop`, `alt`, `opt`, `par`, `critical`, `break`: the frame and its label. */
  block: 65,
  /** `else`, `and`, `option`: a divider with its label. */
  section: 35,
  /** `rect`: a coloured background without label. */
  rect: 20,
  /** `box`: a group of participants with its label over them. */
  box: 25,
}
/** Participant boxes are at least this wide, this far apart (mermaid's `width`, `actorMargin`), in px. */
const ACTOR_WIDTH = 150
const ACTOR_MARGIN = 50
/** Margin left and right of the drawing (mermaid's `diagramMarginX`). */
const MARGIN_X = 50

/** `Alice->>+Bob: Hallo`: sender, arrow, receiver, text. */
const MESSAGE = /^([^\s:+-][^:]*?)\s*(<<)?(-{1,2}(?:>>|>|x|\)))[+-]?\s*([^:]+?)\s*:(.*)$/
/** `Note right of Alice: Text`. */
const NOTE = /^note\s+(?:left of|right of|over)\s+[^:]+:(.*)$/i

/** Estimates the size of the sequence diagram `source`, or returns undefined when it is not one. */
export function estimateSequenceSize(source: string): DrawingSize | undefined {
  const lines = diagramLines(source)
  if (!/^sequenceDiagram\b/.test(lines[0] ?? '')) return undefined
  const participants: string[] = []
  const participant = (name: string) => {
    if (!participants.includes(name)) participants.push(name)
    return participants.indexOf(name)
  }
  const labelWidths = new Map<number, number>()
  let height = STEP.frame
  let figures = false
  const extraLines = (text: string) => labelSize(text, DIAGRAM_FONT_SIZE).height / 24 - 1

  for (const line of lines.slice(1)) {
    const declared = /^(?:create\s+)?(participant|actor)\s+(\S+)(?:\s+as\s+(.+))?$/i.exec(line)
    if (declared) {
      const index = participant(declared[2])
      if (declared[1].toLowerCase() === 'actor') figures = true
      const label = declared[3] ?? declared[2]
      labelWidths.set(index, Math.max(labelWidths.get(index) ?? 0, textWidth(label, DIAGRAM_FONT_SIZE) + 20))
      continue
    }
    const note = NOTE.exec(line)
    if (note) {
      height += STEP.note + Math.max(0, extraLines(note[1])) * STEP.extraLine
      continue
    }
    const message = MESSAGE.exec(line)
    if (message) {
      const from = participant(message[1].trim())
      const to = participant(message[4].trim())
      height += STEP.message + Math.max(0, extraLines(message[5])) * STEP.extraLine
      if (from === to) height += STEP.selfMessage
      // the message text has to fit between the two lifelines it joins
      const low = Math.min(from, to)
      const span = Math.max(1, Math.abs(to - from))
      const needed = (textWidth(message[5].trim(), DIAGRAM_FONT_SIZE) + 40) / span
      for (let i = low; i < low + span; i++) labelWidths.set(-1 - i, Math.max(labelWidths.get(-1 - i) ?? 0, needed))
      continue
    }
    if (/^(loop|alt|opt|par|par_over|critical|break)\b/i.test(line)) height += STEP.block
    else if (/^(else|and|option)\b/i.test(line)) height += STEP.section
    else if (/^rect\b/i.test(line)) height += STEP.rect
    else if (/^box\b/i.test(line)) height += STEP.box
  }
  if (figures) height += STEP.actorFigure

  let width = 2 * MARGIN_X
  participants.forEach((_, index) => {
    width += Math.max(ACTOR_WIDTH, labelWidths.get(index) ?? 0)
    if (index < participants.length - 1) width += Math.max(ACTOR_MARGIN, (labelWidths.get(-1 - index) ?? 0) - ACTOR_WIDTH)
  })
  return { width: Math.max(width, ACTOR_WIDTH + 2 * MARGIN_X), height }
}
