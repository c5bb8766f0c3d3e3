/**
 * The mermaid layout numbers that both the build and the browser rely on. The build estimates each diagram's size
 * from its source with them (src/compiler/parse/markdown/diagram/), so the page reserves the right space before mermaid
 * runs; the browser passes the same numbers to mermaid (src/client/diagram-config.ts), so the estimate and the
 * drawing agree. Most are mermaid's own defaults, written out so a mermaid update cannot move them silently.
 */

/** Text size of flowchart, state and sequence labels, in px (mermaid's default). */
export const DIAGRAM_FONT_SIZE = 16
/** Line height of wrapped and multi-line labels, in px: mermaid's label `line-height: 1.5`. */
export const DIAGRAM_LINE_HEIGHT = 24

/**
 * Readers never get diagram text smaller than this (in CSS px, at the scale it is shown): a diagram is drawn at
 * its natural size, scaled at most down to where its smallest text reaches this size.
 */
export const MIN_DIAGRAM_TEXT_PX = 12
/** The largest scale a diagram is drawn at to fill the space reserved for it (16 px text becomes 20 px). */
export const MAX_DIAGRAM_SCALE = 1.25

/** Flowcharts and state diagrams: dagre's spacing and mermaid's node padding, in px. */
export const FLOWCHART_GEOMETRY = {
  /** Space between neighbouring nodes of one rank (mermaid `flowchart.nodeSpacing`). */
  nodeSpacing: 50,
  /** Space between ranks (mermaid `flowchart.rankSpacing`). */
  rankSpacing: 50,
  /** Padding inside a node around its label (mermaid `flowchart.padding`). */
  padding: 15,
  /** A label wider than this wraps (mermaid `flowchart.wrappingWidth`). */
  wrappingWidth: 200,
  /** Margin around the whole drawing (mermaid `flowchart.diagramPadding`). */
  diagramPadding: 8,
} as const

/** Gantt charts: bars tall enough for readable text, and no text under 14 px. */
export const GANTT_GEOMETRY = {
  barHeight: 24,
  barGap: 6,
  topPadding: 50,
  fontSize: 14,
  sectionFontSize: 14,
  /** A chart is drawn as wide as its frame, but not narrower than this, in px. */
  minWidth: 600,
} as const
