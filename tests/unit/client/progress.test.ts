import { describe, expect, it } from 'vitest'
import { PROGRESS_MINIMUM, PROGRESS_SPEED_MS, PROGRESS_TRICKLE_MS, clampProgress, trickleAmount } from '../../../src/client/progress.js'

describe('progress bar numbers', () => {
  it('uses the values of spec §9', () => {
    expect([PROGRESS_MINIMUM, PROGRESS_SPEED_MS, PROGRESS_TRICKLE_MS]).toEqual([0.08, 200, 800])
  })

  it.each([
    [0, 0.08], // never below the minimum of 8 %
    [0.5, 0.5],
    [1.4, 1],
  ])('clamps %s to %s', (value, expected) => {
    expect(clampProgress(value)).toBe(expected)
  })

  it.each([
    [0.08, 0.1],
    [0.3, 0.04],
    [0.6, 0.02],
    [0.9, 0.005],
    [0.9895, 0.0045], // capped so the bar stops at 99.4 % until the page arrives
    [0.994, 0],
  ])('trickles from %s by %s', (value, expected) => {
    expect(trickleAmount(value)).toBeCloseTo(expected, 10)
  })
})
