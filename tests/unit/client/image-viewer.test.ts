import { describe, expect, it } from 'vitest'
import { isShownSmaller } from '../../../src/client/image-viewer.js'

describe('isShownSmaller', () => {
  it.each([
    [335, 900, true],
    [688, 900, true],
    [240, 240, false],
    // a pixel of rounding is not smaller
    [899, 900, false],
    [898, 900, true],
    // not laid out yet, or a size nobody knows
    [0, 900, false],
    [335, 0, false],
  ])('shown %i px of %i px: %s', (shown, natural, smaller) => {
    expect(isShownSmaller(shown, natural)).toBe(smaller)
  })
})
