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
 * against the page's dark background (--c-bg #161b1d, --c-text #e4ebec). Used when the page's colours cannot be read.
 */
const DARK_THEME_VARIABLES = {
  background: '#161b1d',
  edgeLabelBackground: '#252e31',
  textColor: '#e4ebec',
  lineColor: '#9aa9ac',
  clusterBkg: '#1d2427',
  titleColor: '#e4ebec',
}

/** The theme's CSS variables (src/theme/styles/vars.css) a diagram is drawn with, without their `--c-`. */
export const THEME_COLOR_NAMES = [
  'bg',
  'bg-soft',
  'bg-mute',
  'text',
  'text-mute',
  'border',
  'brand',
  'tip-bg',
  'warning',
  'warning-bg',
] as const
export type ThemeColors = Partial<Record<(typeof THEME_COLOR_NAMES)[number], string>>

/** A colour mermaid can compute with (it lightens and darkens them): hex, rgb() or hsl(); anything else is left out. */
const PLAIN_COLOR = /^(#[0-9a-f]{3,8}|(rgba?|hsla?)\([\d\s.,%]+\))$/i

/**
 * mermaid's theme variables from the page's colours, so a diagram looks like the page around it in light and dark
 * mode: nodes in the brand's tint with a brand-coloured border, text and lines in the text colours, clusters and
 * edge labels on the page's soft backgrounds, notes like a warning callout. The text colours are the page's, on
 * backgrounds the page uses them on, so labels keep the page's contrast. A colour that is missing or not plain
 * (a site's `color-mix(…)`) leaves mermaid's own value.
 */
export function themeVariablesFrom(colors: ThemeColors): Record<string, string> {
  const pick = (name: keyof ThemeColors) => {
    const value = colors[name]?.trim()
    return value && PLAIN_COLOR.test(value) ? value : undefined
  }
  const mapping: Record<string, string | undefined> = {
    background: pick('bg'),
    primaryColor: pick('tip-bg'),
    mainBkg: pick('tip-bg'),
    primaryBorderColor: pick('brand'),
    nodeBorder: pick('brand'),
    primaryTextColor: pick('text'),
    nodeTextColor: pick('text'),
    textColor: pick('text'),
    titleColor: pick('text'),
    lineColor: pick('text-mute'),
    secondaryColor: pick('bg-mute'),
    tertiaryColor: pick('bg-soft'),
    clusterBkg: pick('bg-soft'),
    clusterBorder: pick('border'),
    edgeLabelBackground: pick('bg-mute'),
    actorBkg: pick('tip-bg'),
    actorBorder: pick('brand'),
    actorTextColor: pick('text'),
    signalColor: pick('text'),
    signalTextColor: pick('text'),
    labelTextColor: pick('text'),
    noteBkgColor: pick('warning-bg'),
    noteBorderColor: pick('warning'),
    noteTextColor: pick('text'),
  }
  return Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

/** Options that depend on the page rather than the site. */
export interface DiagramPageOptions {
  /** Width of a gantt chart in px: its frame's width (mermaid would take its scratch element's). */
  ganttWidth?: number
  /** The page's colours (its CSS variables); without them mermaid's theme, with the contrast fixes in dark mode. */
  colors?: ThemeColors
}

/**
 * The options for `mermaid.initialize`: `theme` follows the colour mode, its colours the page's (`page.colors`); `fontFamily` (the page's font stack, or
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
    ...themeVariablesOf(theme, page.colors),
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

function themeVariablesOf(theme: DiagramTheme, colors: ThemeColors | undefined): { themeVariables?: Record<string, string> } {
  const fromPage = colors ? themeVariablesFrom(colors) : {}
  if (theme === 'dark') return { themeVariables: { ...DARK_THEME_VARIABLES, ...fromPage } }
  return Object.keys(fromPage).length > 0 ? { themeVariables: fromPage } : {}
}
