export { diagramBlock, type DiagramNodeLink } from './to-hast.js'
export { estimateDiagramSize } from './estimate.js'
export { internalLinksOf, type DiagramLink } from './internal-links.js'
