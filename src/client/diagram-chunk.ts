/**
 * The diagram renderer: mermaid and the code that puts its SVG into the page. Loaded as its own chunk by
 * diagrams.ts on pages with a diagram only; mermaid loads the code of each diagram type in further chunks.
 *
 * The build writes each ```mermaid block as a frame with a placeholder of the estimated size
 * (src/compiler/parse/markdown/diagram/to-hast.ts):
 *
 *     <div class="diagram-figure"><div class="diagram" data-diagram="mermaid" data-diagram-height="129" …>
 *       <svg class="diagram-placeholder" …/><pre class="diagram-source">…source…</pre></div></div>
 *
 * and this turns it into
 *
 *     <div class="diagram-figure" data-overflow="end">
 *       <div class="diagram" data-diagram="mermaid" data-processed="true" data-diagram-theme="default" …>
 *         <svg role="img" aria-label="…" width="…" height="…">…</svg><pre class="diagram-source" hidden>…</pre></div>
 *       <button class="diagram-open">…</button><p class="diagram-hint">…</p></div>
 *
 * keeping the source (hidden), so a change of colour mode can render it again. A flowchart whose nodes link to notes
 * (`class A internal-link`) has the list of those links after its frame; each becomes mermaid's `click A href …`,
 * so the drawn node is the link (diagram-links.ts). The drawing is scaled to fill the
 * reserved height without going below readable text, and smaller to fit the frame's width where text stays
 * readable (diagram-fit.ts); a wider one scrolls sideways in its frame.
 */
import mermaid from 'mermaid'
import { GANTT_GEOMETRY } from '../shared/diagram-geometry.js'
import { pageLabels } from './labels.js'
import { THEME_COLOR_NAMES, createDiagramConfig, type DiagramTheme, type ThemeColors } from './diagram-config.js'
import { fitDiagram, sourceKey } from './diagram-fit.js'
import { decorateFrame, diagramName, sizeDrawing } from './diagram-frame.js'
import { rememberHeight } from './diagram-sizes.js'
import { withNodeLinks, type NodeLink } from './diagram-links.js'
import { diagramTitle } from './diagram-title.js'
import { closeDiagramViewer, openDiagramViewer } from './diagram-viewer.js'

export { closeDiagramViewer }

let configured: string | undefined
/** A `click` line of a flowchart or class diagram: the only source of what `bindFunctions` wires up. */
const CLICK_STATEMENT = /^\s*click\s/m
/** Numbers the SVG ids: mermaid scopes each diagram's styles by its id, so ids must never repeat. */
let renderCount = 0

/**
 * Sets mermaid up for `theme` and gantt charts as wide as `block`'s frame; mermaid keeps one global configuration,
 * so this runs again when either changes.
 */
function configure(theme: DiagramTheme, block: HTMLElement): void {
  const frame = getComputedStyle(block)
  const inner = block.clientWidth - parseFloat(frame.paddingLeft) - parseFloat(frame.paddingRight)
  const ganttWidth = Math.max(GANTT_GEOMETRY.minWidth, Math.floor(inner) || 0)
  const root = getComputedStyle(document.documentElement)
  // the page's colours now: the colour mode was just applied to <html>, and a site's own CSS may set them
  const colors: ThemeColors = {}
  for (const name of THEME_COLOR_NAMES) colors[name] = root.getPropertyValue(`--c-${name}`).trim()
  const key = `${theme} ${ganttWidth} ${Object.values(colors).join(' ')}`
  if (configured === key) return
  const fontFamily = root.getPropertyValue('--font-sans').trim()
  mermaid.initialize(createDiagramConfig(theme, fontFamily, { ganttWidth, colors }))
  // mermaid's own flag, which it checks together with the config on window 'load'; off too, to be sure
  mermaid.startOnLoad = false
  configured = key
}

/**
 * Renders one diagram block with `theme` and marks it `data-processed="true"`. A diagram that fails to parse or
 * render is logged with console.error and shown in place: the message labels.diagramError above the source,
 * which stays readable. Never throws, so one broken diagram leaves the others alone.
 */
export async function renderDiagram(block: HTMLElement, theme: DiagramTheme): Promise<void> {
  const source = block.querySelector<HTMLElement>(':scope > .diagram-source')
  if (!source) return
  // a drawing shown full-screen is put back first, so the new one replaces it
  if (block.querySelector(':scope > .diagram-stand-in')) closeDiagramViewer()
  configure(theme, block)
  const id = `wikigen-diagram-${++renderCount}`
  const text = source.textContent ?? ''
  const links = nodeLinksOf(block)
  try {
    const { svg, bindFunctions } = await mermaid.render(id, withNodeLinks(text, links))
    showSvg(block, parseSvg(svg, block), diagramTitle(text), links.length > 0)
    // tooltips and click targets come from `click` lines only; without one there is nothing to bind, and mermaid's
    // tooltip handlers (run on every node's mouseout) fail in this bundle, which leaves out d3's transitions
    if (CLICK_STATEMENT.test(text)) bindFunctions?.(block)
  } catch (error) {
    console.error('Diagram could not be rendered:', error)
    showError(block)
  } finally {
    // mermaid draws into a scratch element in <body>; after some failures it leaves it behind
    document.getElementById(`d${id}`)?.remove()
  }
  block.dataset.processed = 'true'
  block.dataset.diagramTheme = theme
}

/** The links the build gave the block's nodes (`class A internal-link`): the list after the frame. */
function nodeLinksOf(block: HTMLElement): NodeLink[] {
  const items = block.parentElement?.querySelectorAll<HTMLElement>(':scope > .diagram-links > li[data-diagram-node]') ?? []
  const links: NodeLink[] = []
  for (const item of items) {
    // a dead link is a span without an address: its node stays a node
    const href = item.querySelector(':scope > a[href]')?.getAttribute('href')
    if (href && item.dataset.diagramNode) links.push({ node: item.dataset.diagramNode, href })
  }
  return links
}

/** Constructable stylesheets of rendered diagrams, by block, so a re-render replaces them. */
const diagramSheets = new WeakMap<HTMLElement, CSSStyleSheet[]>()

/**
 * The SVG element of mermaid's (already sanitised) markup, with its styles moved out of the markup: mermaid puts a
 * <style> element and style attributes into the SVG, which a Content-Security-Policy without 'unsafe-inline' blocks.
 * The markup is parsed inert (a template); its <style> becomes a constructable stylesheet and each style attribute is applied
 * through CSSOM after import, both of which such a policy allows. The rules stay scoped by the diagram's id.
 */
function parseSvg(markup: string, block: HTMLElement): SVGSVGElement {
  // an inert template: mermaid's labels are HTML (not always well-formed XML), and nothing in it is applied yet
  const template = document.createElement('template')
  template.innerHTML = markup
  const parsed = template.content.querySelector('svg')
  if (!parsed) throw new Error('mermaid returned no SVG')
  const sheets: CSSStyleSheet[] = []
  for (const style of parsed.querySelectorAll('style')) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(style.textContent ?? '')
    sheets.push(sheet)
    style.remove()
  }
  const inline: string[] = []
  for (const element of [parsed, ...parsed.querySelectorAll('[style]')]) {
    const css = element.getAttribute('style')
    if (css === null) continue
    element.removeAttribute('style')
    element.setAttribute('data-diagram-style', String(inline.push(css) - 1))
  }
  const svg = document.importNode(parsed, true)
  for (const element of [svg, ...svg.querySelectorAll<SVGElement>('[data-diagram-style]')]) {
    const index = element.getAttribute('data-diagram-style')
    if (index === null) continue
    element.style.cssText = inline[Number(index)]
    element.removeAttribute('data-diagram-style')
  }
  const previous = diagramSheets.get(block) ?? []
  document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((sheet) => !previous.includes(sheet)), ...sheets]
  diagramSheets.set(block, sheets)
  return svg
}

/**
 * Puts `svg` in place of the placeholder, named for assistive technology by the diagram's title, at the scale
 * that fills the reserved height (diagram-fit.ts); the frame takes the resulting height, which is remembered.
 */
function showSvg(block: HTMLElement, svg: SVGSVGElement, title: string | undefined, linked: boolean): void {
  // an image's content is not read out; a diagram whose nodes are links is a group, so its links can be reached
  svg.setAttribute('role', linked ? 'group' : 'img')
  // named by its own title, else after the heading it stands under; a frame that scrolls is a region of that name
  block.dataset.diagramName = diagramName(block, title)
  svg.setAttribute('aria-label', block.dataset.diagramName)
  // mermaid's role description is the diagram type ('flowchart-v2'), which would be read instead of 'image'
  svg.removeAttribute('aria-roledescription')
  // mermaid sizes the drawing to the column (width 100 %, max-width); its size is set here instead
  svg.style.removeProperty('max-width')
  svg.removeAttribute('width')
  svg.removeAttribute('height')
  clearRendering(block)
  const source = block.querySelector<HTMLElement>(':scope > .diagram-source')
  source?.setAttribute('hidden', '')
  block.insertBefore(svg, source)

  const box = svg.viewBox.baseVal
  const natural = box && box.width > 0 ? { width: box.width, height: box.height } : { width: 300, height: 150 }
  const smallestText = smallestTextOf(svg)
  const reserved = Number(block.dataset.diagramReserved) || undefined
  const { scale, frameHeight } = fitDiagram({ naturalHeight: natural.height, reservedHeight: reserved, smallestText })
  block.dataset.diagramSmallestText = String(smallestText)
  setFrameHeight(block, frameHeight)
  sizeDrawing(block, { naturalWidth: natural.width, naturalHeight: natural.height, scale, smallestText })
  if (source?.textContent) rememberHeight(sourceKey(source.textContent), frameHeight)
  decorateFrame(block)
}

/** Fixes the height of the frame's content (diagrams.css reads it, on screens only). */
export function setFrameHeight(block: HTMLElement, height: number): void {
  block.style.setProperty('--diagram-height', `${height}px`)
  block.dataset.diagramSized = ''
}

/**
 * The smallest font size of any text in `svg`, in its own units (px at scale 1), or 0 without text. Read from the
 * computed style, so the site's own rules (diagrams.css) count.
 */
function smallestTextOf(svg: SVGSVGElement): number {
  let smallest = Infinity
  for (const element of svg.querySelectorAll('text, tspan, foreignObject *')) {
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
    if (!ownText) continue
    const size = parseFloat(getComputedStyle(element).fontSize)
    if (size > 0 && size < smallest) smallest = size
  }
  return Number.isFinite(smallest) ? smallest : 0
}

/** Opens the full-screen view of the rendered `block`; `opener` gets the focus back. */
export function openViewer(block: HTMLElement, opener: HTMLElement): void {
  openDiagramViewer(block, opener, Number(block.dataset.diagramSmallestText) || 16)
}

function showError(block: HTMLElement): void {
  clearRendering(block)
  // the source and the message take the room they need
  block.style.removeProperty('--diagram-height')
  delete block.dataset.diagramSized
  const message = document.createElement('p')
  message.className = 'diagram-error'
  message.textContent = pageLabels().diagramError
  const source = block.querySelector<HTMLElement>(':scope > .diagram-source')
  source?.removeAttribute('hidden')
  block.prepend(message)
  block.dataset.diagramError = 'true'
}

/** Removes the placeholder, or what an earlier render put into the block (before a re-render in the other colour mode). */
function clearRendering(block: HTMLElement): void {
  for (const element of block.querySelectorAll(':scope > svg, :scope > .diagram-error')) element.remove()
  delete block.dataset.diagramError
}
