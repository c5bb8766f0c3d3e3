import { describe, expect, it } from 'vitest'
import { overflowSides } from '../../../src/client/diagram-frame.js'

describe('overflowSides', () => {
  it.each([
    // [scrollLeft, scrollWidth, clientWidth, sides]
    [0, 600, 600, undefined], // fits
    [0, 600.5, 600, undefined], // a rounding pixel is no overflow
    [0, 1500, 600, 'end'], // at the start: more to the right
    [400, 1500, 600, 'both'], // in the middle
    [900, 1500, 600, 'start'], // at the end: more to the left
    [899.5, 1500, 600, 'start'], // at the end, give or take a fraction of a pixel
  ] as const)('scrolled to %d of %d in %d → %s', (scrollLeft, scrollWidth, clientWidth, sides) => {
    expect(overflowSides({ scrollLeft, scrollWidth, clientWidth })).toBe(sides)
  })
})
