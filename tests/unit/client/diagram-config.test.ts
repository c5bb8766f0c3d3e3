import { describe, expect, it } from 'vitest'
import { MAX_DIAGRAM_TEXT } from '../../../src/compiler/config/constants.js'
import { MAX_TEXT_SIZE, createDiagramConfig, themeVariablesFrom } from '../../../src/client/diagram-config.js'
import { FLOWCHART_GEOMETRY } from '../../../src/shared/diagram-geometry.js'

describe('createDiagramConfig', () => {
  it('limits diagram text to the number the build warns about (spec §9: 50 000)', () => {
    expect(MAX_TEXT_SIZE).toBe(MAX_DIAGRAM_TEXT)
    expect(createDiagramConfig('default', '').maxTextSize).toBe(50_000)
  })

  it('renders at the strict security level, only when asked, without leaving error graphics behind', () => {
    expect(createDiagramConfig('dark', '')).toMatchObject({ securityLevel: 'strict', startOnLoad: false, suppressErrorRendering: true })
  })

  it.each([
    // [theme, font stack, expected]
    ['default', '', { theme: 'default', fontFamily: undefined }], // mermaid's own font
    ['dark', 'system-ui, sans-serif', { theme: 'dark', fontFamily: 'system-ui, sans-serif' }],
  ] as const)('uses theme %s with font %j', (theme, font, expected) => {
    const config = createDiagramConfig(theme, font)
    expect({ theme: config.theme, fontFamily: config.fontFamily }).toEqual(expected)
  })

  it('draws with the spacing the build estimated sizes with', () => {
    expect(createDiagramConfig('default', '').flowchart).toMatchObject(FLOWCHART_GEOMETRY)
  })

  it('draws gantt charts as wide as their frame, with text of 14 px', () => {
    expect(createDiagramConfig('default', '', { ganttWidth: 640 }).gantt).toMatchObject({
      useWidth: 640,
      fontSize: 14,
      sectionFontSize: 14,
    })
    expect(createDiagramConfig('default', '').gantt?.useWidth).toBeUndefined()
  })

  it('gives dark-mode edge labels a background their text reads on (axe color-contrast)', () => {
    expect(createDiagramConfig('dark', '').themeVariables).toMatchObject({ edgeLabelBackground: '#252e31', textColor: '#e4ebec' })
    expect(createDiagramConfig('default', '').themeVariables).toBeUndefined()
  })

  it('draws in the colours of the page when it has them: nodes in the tint of the brand, text in the text colour', () => {
    const colors = { bg: '#161b1d', 'tip-bg': '#17302d', brand: '#3cc4b4', text: '#e4ebec', 'text-mute': '#9aa9ac', 'bg-mute': '#252e31' }
    expect(createDiagramConfig('dark', '', { colors }).themeVariables).toMatchObject({
      background: '#161b1d',
      primaryColor: '#17302d',
      primaryBorderColor: '#3cc4b4',
      primaryTextColor: '#e4ebec',
      lineColor: '#9aa9ac',
      edgeLabelBackground: '#252e31',
    })
    expect(createDiagramConfig('default', '', { colors: { 'tip-bg': '#eaf6f4' } }).themeVariables).toEqual({
      primaryColor: '#eaf6f4',
      mainBkg: '#eaf6f4',
      actorBkg: '#eaf6f4',
    })
  })

  it('leaves out a colour mermaid cannot compute with, or one that is missing', () => {
    const variables = themeVariablesFrom({ brand: 'color-mix(in srgb, red, blue)', text: ' rgb(10, 20, 30) ', bg: '' })
    expect(variables).not.toHaveProperty('primaryBorderColor')
    expect(variables).not.toHaveProperty('background')
    expect(variables.textColor).toBe('rgb(10, 20, 30)')
  })
})
