export { diagramBlock } from './to-hast.js'
export { estimateDiagramSize } from './estimate.js'
