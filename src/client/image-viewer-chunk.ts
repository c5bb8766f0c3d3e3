/**
 * The full-screen view for images (image-viewer.ts): the diagrams' view (diagram-viewer.ts), loaded as its own chunk
 * on the first image a reader opens, without mermaid.
 */
export { closeDiagramViewer as closeImageViewer, openImageViewer } from './diagram-viewer.js'
