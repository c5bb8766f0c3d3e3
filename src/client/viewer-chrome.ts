/**
 * The frame of a full-screen viewer, the same for diagrams (diagram-viewer.ts) and canvases (canvas-viewer.ts): a bar
 * with the title, zoom out, the zoom level, zoom in, "show all" and close, the stage the drawing moves into, and the
 * help line the stage is described by. Styles in styles/diagrams.css.
 */
import { pageLabels } from './labels.js'

export interface ViewerChrome {
  zoomOut: HTMLButtonElement
  level: HTMLOutputElement
  zoomIn: HTMLButtonElement
  fit: HTMLButtonElement
  close: HTMLButtonElement
  stage: HTMLDivElement
}

/** Fills `dialog` with the viewer's bar, stage (class `stageClass`) and help line (id `helpId`). */
export function fillViewer(dialog: HTMLDialogElement, title: string, fitLabel: string, stageClass: string, helpId: string): ViewerChrome {
  const labels = pageLabels()
  const bar = document.createElement('div')
  bar.className = 'diagram-viewer-bar'
  const heading = document.createElement('p')
  heading.className = 'diagram-viewer-title'
  heading.textContent = title
  const zoomOut = viewerButton(labels.diagramZoomOut, '−')
  const level = document.createElement('output')
  level.className = 'diagram-viewer-level'
  const zoomIn = viewerButton(labels.diagramZoomIn, '+')
  const fit = viewerButton(fitLabel, '⤢')
  const close = viewerButton(labels.diagramClose, '×')
  close.classList.add('diagram-viewer-close')
  bar.append(heading, zoomOut, level, zoomIn, fit, close)
  const stage = document.createElement('div')
  stage.className = stageClass
  stage.tabIndex = 0
  stage.setAttribute('role', 'group')
  stage.setAttribute('aria-label', title)
  stage.setAttribute('aria-describedby', helpId)
  const help = document.createElement('p')
  help.className = 'diagram-viewer-help'
  help.id = helpId
  help.textContent = labels.diagramViewerHelp
  dialog.append(bar, stage, help)
  return { zoomOut, level, zoomIn, fit, close, stage }
}

function viewerButton(label: string, symbol: string): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.className = 'diagram-viewer-button'
  element.setAttribute('aria-label', label)
  element.title = label
  element.textContent = symbol
  return element
}
