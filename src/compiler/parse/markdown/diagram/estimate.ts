/**
 * The size a mermaid diagram will have in the browser, estimated at build time from its source, so the page
 * reserves that space before mermaid runs and nothing moves when the drawing arrives. Flowcharts and state
 * diagrams go through a small model of dagre's layout (layered.ts), sequence diagrams and gantt charts are
 * counted. Other diagram types get no estimate (undefined): the page then reserves a default box.
 *
 * The estimate is close, not exact (fonts differ by platform); the client scales the drawing by up to a quarter to
 * fill the reserved height, never below readable text (src/client/diagram-fit.ts).
 */
import { GANTT_GEOMETRY } from '../../../../shared/diagram-geometry.js'
import { diagramLines, parseFlowchart } from './flowchart.js'
import { estimateLayeredSize, type DrawingSize } from './layered.js'
import { estimateSequenceSize } from './sequence.js'
import { parseStateDiagram } from './state.js'

/** Gantt statements that are not tasks. */
const GANTT_KEYWORDS =
  /^(gantt|title|dateFormat|axisFormat|tickInterval|excludes|includes|todayMarker|section|weekday|weekend|displayMode|inclusiveEndDates|topAxis|accTitle|accDescr)\b/

/**
 * Estimates the drawn size of the mermaid diagram `source` in CSS px (whole numbers), or undefined for a type it
 * does not know. Never throws: a source it cannot follow gets no estimate.
 *
 *     'flowchart LR\n  A[Backlog] --> B[Bereit]'  → { width: 300, height: 70 }   (about)
 */
export function estimateDiagramSize(source: string): DrawingSize | undefined {
  try {
    const size = estimate(source)
    if (!size || !Number.isFinite(size.width) || !Number.isFinite(size.height) || size.height <= 0) return undefined
    return { width: Math.round(size.width), height: Math.round(size.height) }
  } catch {
    return undefined
  }
}

/** A `title:` in the diagram's front matter, which flowcharts and state diagrams draw above the graph. */
const FRONT_MATTER_TITLE = /^\s*---[ \t]*\r?\n(?:[^\n]*\n)*?\s*title\s*:\s*\S/
/** The room that title takes, in px (18 px text in mermaid's `titleTopMargin` above and below), measured in Chromium. */
const GRAPH_TITLE_HEIGHT = 50

function estimate(source: string): DrawingSize | undefined {
  const first = diagramLines(source)[0] ?? ''
  const graph = /^(flowchart|graph)\b/i.test(first)
    ? parseFlowchart(source)
    : /^stateDiagram/.test(first)
      ? parseStateDiagram(source)
      : undefined
  if (graph) {
    const size = estimateLayeredSize(graph)
    return FRONT_MATTER_TITLE.test(source) ? { ...size, height: size.height + GRAPH_TITLE_HEIGHT } : size
  }
  if (/^sequenceDiagram\b/.test(first)) return estimateSequenceSize(source)
  if (/^gantt\b/.test(first)) return estimateGanttSize(source)
  return undefined
}

/** mermaid's gantt height: a row per task between fixed top and bottom padding; as wide as its frame. */
function estimateGanttSize(source: string): DrawingSize {
  const tasks = diagramLines(source).filter((line) => !GANTT_KEYWORDS.test(line) && line.includes(':')).length
  const { barHeight, barGap, topPadding, minWidth } = GANTT_GEOMETRY
  return { width: minWidth, height: tasks * (barHeight + barGap) + 2 * topPadding }
}
