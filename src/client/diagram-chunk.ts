/**
 * The diagram renderer: mermaid and the code that puts its SVG into the page. Loaded as its own chunk by
 * diagrams.ts on pages with a diagram only; mermaid loads the code of each diagram type in further chunks.
 *
 * The build writes each ```mermaid block as
 *
 *     <div class="diagram" data-diagram="mermaid"><pre class="diagram-source">…source…</pre></div>
 *
 * and this turns it into
 *
 *     <div class="diagram" data-diagram="mermaid" data-processed="true" data-diagram-theme="default">
 *       <pre class="diagram-source" hidden>…</pre><svg role="img" aria-label="…">…</svg></div>
 *
 * keeping the source (hidden), so a change of colour mode can render it again.
 */
import mermaid from 'mermaid'
import { labels } from '../shared/labels.js'
import { createDiagramConfig, type DiagramTheme } from './diagram-config.js'
import { diagramTitle } from './diagram-title.js'

let configuredTheme: DiagramTheme | undefined
/** Numbers the SVG ids: mermaid scopes each diagram's styles by its id, so ids must never repeat. */
let renderCount = 0

/** Sets mermaid up for `theme`; mermaid keeps one global configuration, so this runs again when the theme changes. */
function configure(theme: DiagramTheme): void {
  if (theme === configuredTheme) return
  const fontFamily = getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim()
  mermaid.initialize(createDiagramConfig(theme, fontFamily))
  // mermaid's own flag, which it checks together with the config on window 'load'; off too, to be sure
  mermaid.startOnLoad = false
  configuredTheme = theme
}

/**
 * Renders one diagram block with `theme` and marks it `data-processed="true"`. A diagram that fails to parse or
 * render is logged with console.error and shown in place: the message labels.diagramError above the source,
 * which stays readable. Never throws, so one broken diagram leaves the others alone.
 */
export async function renderDiagram(block: HTMLElement, theme: DiagramTheme): Promise<void> {
  const source = block.querySelector<HTMLElement>(':scope > .diagram-source')
  if (!source) return
  configure(theme)
  const id = `wikigen-diagram-${++renderCount}`
  const text = source.textContent ?? ''
  try {
    const { svg, bindFunctions } = await mermaid.render(id, text)
    showSvg(block, parseSvg(svg, block), diagramTitle(text))
    bindFunctions?.(block)
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

/** Puts `svg` in place of the source, named for assistive technology by the diagram's title. */
function showSvg(block: HTMLElement, svg: SVGSVGElement, title: string | undefined): void {
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', title ?? labels.diagram)
  // mermaid's role description is the diagram type ('flowchart-v2'), which would be read instead of 'image'
  svg.removeAttribute('aria-roledescription')
  clearRendering(block)
  block.querySelector<HTMLElement>(':scope > .diagram-source')?.setAttribute('hidden', '')
  block.append(svg)
}

function showError(block: HTMLElement): void {
  clearRendering(block)
  const message = document.createElement('p')
  message.className = 'diagram-error'
  message.textContent = labels.diagramError
  const source = block.querySelector<HTMLElement>(':scope > .diagram-source')
  source?.removeAttribute('hidden')
  block.prepend(message)
  block.dataset.diagramError = 'true'
}

/** Removes what an earlier render put into the block (before a re-render for another colour mode). */
function clearRendering(block: HTMLElement): void {
  for (const element of block.querySelectorAll(':scope > svg, :scope > .diagram-error')) element.remove()
  delete block.dataset.diagramError
}
