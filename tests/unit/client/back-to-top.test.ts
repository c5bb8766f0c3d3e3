import { describe, expect, it } from 'vitest'
import { isBackToTopVisible, readPercent } from '../../../src/client/back-to-top.js'

describe('back to top', () => {
  it.each([
    [0, false],
    [100, false], // strictly more than 100 px (spec §9)
    [101, true],
  ])('at scrollY %s is visible: %s', (scrollY, expected) => {
    expect(isBackToTopVisible(scrollY)).toBe(expected)
  })

  it.each([
    [0, 3000, 1000, 0],
    [1000, 3000, 1000, 50],
    [2000, 3000, 1000, 100],
    [2500, 3000, 1000, 100], // overscroll (iOS bounce) stays at 100
    [0, 800, 1000, 100], // a page that fits the window counts as read
  ])('at %s of %s in a %s px window shows %s %%', (scrollY, height, viewport, expected) => {
    expect(readPercent(scrollY, height, viewport)).toBe(expected)
  })
})
