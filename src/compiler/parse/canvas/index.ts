export { parseCanvas, isCanvasColor } from './parse.js'
export type {
  Canvas,
  CanvasColor,
  CanvasEdge,
  CanvasEnd,
  CanvasFileNode,
  CanvasGroupNode,
  CanvasLinkNode,
  CanvasNode,
  CanvasPosition,
  CanvasProblem,
  CanvasSide,
  CanvasTextNode,
} from './parse.js'
export { renderCanvas } from './render.js'
export { renderLinkCard } from './link-card.js'
export type { CanvasParts } from './render.js'
