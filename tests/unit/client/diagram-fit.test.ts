import { describe, expect, it } from 'vitest'
import { drawScale, fitDiagram, sourceKey } from '../../../src/client/diagram-fit.js'

describe('fitDiagram', () => {
  it.each([
    // [natural height, reserved height, smallest text, scale, frame height]
    [100, 110, 16, 1.1, 110], // estimate a little high: drawn a little larger, exactly into the reserved height
    [100, 90, 16, 0.9, 90], // a little low: drawn a little smaller
    [200, 100, 16, 0.75, 150], // far too low: 12 px text is the floor, the frame grows
    [100, 200, 16, 1.25, 200], // far too high: enlarged by a quarter at most, centred in the reserved height
    [100, 100, 10, 1.2, 120], // mermaid's 10 px text is enlarged to 12 px even when the estimate was right
    [100, undefined, 16, 1, 100], // no estimate: natural size
    [100, undefined, 8, 1.5, 150], // no estimate, small text: enlarged to 12 px
    [100, 80, 0, 0.8, 80], // no text at all: any scale fits
  ] as const)(
    '%d px drawn into %s px with %d px text → scale %d, frame %d px',
    (naturalHeight, reservedHeight, smallestText, scale, frameHeight) => {
      const fit = fitDiagram({ naturalHeight, reservedHeight, smallestText })
      expect(fit.scale).toBeCloseTo(scale, 10)
      expect(fit.frameHeight).toBeCloseTo(frameHeight, 10)
    },
  )

  it('gives back the reserved height itself when it was met, so the page cannot move by a rounding error', () => {
    expect(fitDiagram({ naturalHeight: 215.78125, reservedHeight: 210, smallestText: 16 }).frameHeight).toBe(210)
  })

  it('keeps a drawing without a size at the reserved height', () => {
    expect(fitDiagram({ naturalHeight: 0, reservedHeight: 240, smallestText: 16 })).toEqual({ scale: 1, frameHeight: 240 })
  })
})

describe('drawScale', () => {
  it.each([
    // [height scale, natural width, width in the frame, smallest text, scale shown]
    [1, 500, 640, 16, 1], // fits as it is
    [1, 740, 640, 16, 640 / 740], // a little too wide: made smaller to fit, text 13.8 px
    [1, 830, 640, 16, 1], // would fit at 12.3 px text, but leave a quarter of the frame empty: scrolls instead
    [1, 1600, 640, 16, 1], // far too wide: would need 6.4 px text, so it scrolls at its size
    [0.8, 820, 640, 16, 640 / 820], // from the height's scale (12.8 px text) down to 12.5 px text
    [0.8, 900, 640, 16, 0.8], // fitting would need 11.4 px text: scrolls instead
    [1.1, 500, 640, 16, 1.1], // enlarged to fill the height and still fits
    [1, 740, 640, 0, 640 / 740], // no text: fitted like any other
  ] as const)('scale %d, %d px into %d px with %d px text → %d', (scale, naturalWidth, availableWidth, smallestText, expected) => {
    expect(drawScale({ scale, naturalWidth, availableWidth, smallestText })).toBeCloseTo(expected, 10)
  })
})

describe('sourceKey', () => {
  it('is the same for the same source and differs for another', () => {
    expect(sourceKey('flowchart LR\n  A --> B')).toBe(sourceKey('flowchart LR\n  A --> B'))
    expect(sourceKey('flowchart LR\n  A --> B')).not.toBe(sourceKey('flowchart LR\n  A --> C'))
    expect(sourceKey('')).toMatch(/^[0-9a-z]+$/)
  })
})
