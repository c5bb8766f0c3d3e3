import { describe, expect, it } from 'vitest'
import { MAX_DIAGRAM_TEXT } from '../../../src/compiler/config/constants.js'
import { MAX_TEXT_SIZE, createDiagramConfig } from '../../../src/client/diagram-config.js'
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
})
