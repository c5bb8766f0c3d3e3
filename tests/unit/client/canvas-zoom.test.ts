import { describe, expect, it } from 'vitest'
import { clampScale, inPlaceRange, keepPoint, MAX_IN_PLACE, percentOf } from '../../../src/client/canvas-zoom.js'

describe('inPlaceRange', () => {
  it('starts a wide canvas fitted to the frame and zooms in to three times its natural size', () => {
    expect(inPlaceRange({ width: 1600, height: 800 }, 800)).toEqual({ min: 0.5, max: MAX_IN_PLACE })
    expect(inPlaceRange({ width: 1980, height: 632 }, 333).min).toBeCloseTo(0.168, 3)
  })

  it('never enlarges a canvas narrower than its frame to fit it', () => {
    expect(inPlaceRange({ width: 400, height: 300 }, 800)).toEqual({ min: 1, max: MAX_IN_PLACE })
  })

  it('keeps a range for sizes it cannot use', () => {
    expect(inPlaceRange({ width: 0, height: 0 }, 800)).toEqual({ min: 1, max: MAX_IN_PLACE })
    expect(inPlaceRange({ width: 500, height: 300 }, 0)).toEqual({ min: 1, max: MAX_IN_PLACE })
  })
})

describe('clampScale', () => {
  it('keeps a scale within the range', () => {
    expect([0.1, 1, 9].map((scale) => clampScale(scale, { min: 0.5, max: 3 }))).toEqual([0.5, 1, 3])
  })
})

describe('keepPoint', () => {
  it('keeps the point under the pointer where it was when the drawing grows', () => {
    // a drawing at 0…100 grows to 0…200; the point at 50 (its middle) is now at 100: scroll by 50
    expect(keepPoint({ start: 0, length: 100 }, { start: 0, length: 200 }, 50, 0)).toBe(50)
    // already scrolled by 30, the drawing starting 30 px left of the frame
    expect(keepPoint({ start: -30, length: 300 }, { start: -30, length: 600 }, 120, 30)).toBe(30 + 150)
  })

  it('leaves the scroll position alone for a drawing of no size', () => {
    expect(keepPoint({ start: 0, length: 0 }, { start: 0, length: 10 }, 5, 7)).toBe(7)
  })
})

describe('percentOf', () => {
  it('shows the scale as a whole percentage', () => {
    expect([0.168, 1, 1.25].map(percentOf)).toEqual(['17 %', '100 %', '125 %'])
  })
})
