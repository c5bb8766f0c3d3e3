/**
 * The mermaid configuration of the site, as a pure function so it is tested without a browser.
 */
import type { MermaidConfig } from 'mermaid'

/** mermaid's theme for the page's light and dark mode. */
export type DiagramTheme = 'default' | 'dark'

/**
 * Spec §5, §9: diagram text longer than this becomes mermaid's 'Maximum text size in diagram exceeded' diagram.
 * The same number as MAX_DIAGRAM_TEXT in src/compiler/constants.ts, where the build warns about such diagrams
 * (a unit test keeps the two equal); not imported from there, because a module shared by this chunk and the
 * search island would become one more tiny chunk that every page loads.
 */
export const MAX_TEXT_SIZE = 50_000

/**
 * The options for `mermaid.initialize`: `theme` follows the colour mode; `fontFamily` (the page's font stack, or
 * empty for mermaid's own) makes diagram text match the page.
 */
export function createDiagramConfig(theme: DiagramTheme, fontFamily: string): MermaidConfig {
  return {
    // the client decides when to render (after each navigation, from a queue), never mermaid on 'load'
    startOnLoad: false,
    // spec §9: label HTML is sanitised and click callbacks are off; a diagram's directives cannot lower it
    securityLevel: 'strict',
    maxTextSize: MAX_TEXT_SIZE,
    // a failure is shown in place by the renderer, not as mermaid's error graphic left in <body>
    suppressErrorRendering: true,
    theme,
    ...(fontFamily ? { fontFamily } : {}),
  }
}
