/**
 * The mermaid configuration of the site, as a pure function so it is tested without a browser.
 */
import type { MermaidConfig } from 'mermaid'
import { DIAGRAM_FONT_SIZE, FLOWCHART_GEOMETRY, GANTT_GEOMETRY } from '../shared/diagram-geometry.js'

/** The options mermaid itself keeps from a diagram's directives (its default `secure`). */
const MERMAID_SECURE_KEYS = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges']

/** mermaid's theme for the page's light and dark mode. */
export type DiagramTheme = 'default' | 'dark'

/**
 * Spec §5, §9: diagram text longer than this becomes mermaid's 'Maximum text size in diagram exceeded' diagram.
 * The same number as MAX_DIAGRAM_TEXT in src/compiler/config/constants.ts, where the build warns about such diagrams
 * (a unit test keeps the two equal); not imported from there, because a module shared by this chunk and the
 * search island would become one more tiny chunk that every page loads.
 */
export const MAX_TEXT_SIZE = 50_000

/**
 * Colours of mermaid's dark theme that fall short of 4.5:1 on their background: the text of edge labels sits
 * on a grey (#585858 behind #ccc) and cluster titles on a dark fill. These keep the labels at 4.5:1 or better
 * against the page's dark background (--c-bg #161b1d, --c-text #e4ebec).
 */
const DARK_THEME_VARIABLES = {
  background: '#161b1d',
  edgeLabelBackground: '#252e31',
  textColor: '#e4ebec',
  lineColor: '#9aa9ac',
  clusterBkg: '#1d2427',
  titleColor: '#e4ebec',
}

/** Options that depend on the page rather than the site. */
export interface DiagramPageOptions {
  /** Width of a gantt chart in px: its frame's width (mermaid would take its scratch element's). */
  ganttWidth?: number
}

/**
 * The options for `mermaid.initialize`: `theme` follows the colour mode; `fontFamily` (the page's font stack, or
 * empty for mermaid's own) makes diagram text match the page. Spacing and text sizes are the numbers the build
 * estimated each diagram's size with (src/shared/diagram-geometry.ts).
 */
export function createDiagramConfig(theme: DiagramTheme, fontFamily: string, page: DiagramPageOptions = {}): MermaidConfig {
  return {
    // the client decides when to render (after each navigation, from a queue), never mermaid on 'load'
    startOnLoad: false,
    // spec §9: label HTML is sanitised and click callbacks are off; a diagram's directives cannot lower it
    securityLevel: 'strict',
    // what a diagram's own directives and front matter may not set: mermaid's list, and the raw CSS options, whose
    // values it only checks for balanced braces (an `@import url(…)` would load from anywhere). themeVariables stay
    // settable: mermaid empties a value with anything but letters, digits, spaces and #%(),.; so it cannot name a host
    secure: [...MERMAID_SECURE_KEYS, 'themeCSS', 'fontFamily', 'altFontFamily'],
    maxTextSize: MAX_TEXT_SIZE,
    // a failure is shown in place by the renderer, not as mermaid's error graphic left in <body>
    suppressErrorRendering: true,
    theme,
    ...(theme === 'dark' ? { themeVariables: DARK_THEME_VARIABLES } : {}),
    ...(fontFamily ? { fontFamily } : {}),
    fontSize: DIAGRAM_FONT_SIZE,
    flowchart: {
      nodeSpacing: FLOWCHART_GEOMETRY.nodeSpacing,
      rankSpacing: FLOWCHART_GEOMETRY.rankSpacing,
      padding: FLOWCHART_GEOMETRY.padding,
      wrappingWidth: FLOWCHART_GEOMETRY.wrappingWidth,
      diagramPadding: FLOWCHART_GEOMETRY.diagramPadding,
    },
    gantt: {
      barHeight: GANTT_GEOMETRY.barHeight,
      barGap: GANTT_GEOMETRY.barGap,
      topPadding: GANTT_GEOMETRY.topPadding,
      fontSize: GANTT_GEOMETRY.fontSize,
      sectionFontSize: GANTT_GEOMETRY.sectionFontSize,
      // Swiss dates, short enough that 12 px axis labels do not overlap; a chart's own `axisFormat` still wins
      axisFormat: '%d.%m.',
      ...(page.ganttWidth ? { useWidth: page.ganttWidth } : {}),
    },
  }
}
