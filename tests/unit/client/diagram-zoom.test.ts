import { describe, expect, it } from 'vitest'
import { VIEW_MARGIN, clampView, initialView, panBy, zoomAt, zoomLimits } from '../../../src/client/diagram-zoom.js'

const desktop = { width: 1280, height: 800 }
const phone = { width: 375, height: 600 }

describe('zoomLimits', () => {
  it('opens a wide diagram on a phone readable (12 px text), and lets the reader zoom out to all of it', () => {
    const limits = zoomLimits({ width: 2400, height: 100 }, phone, 16)
    expect(limits.initial).toBe(0.75)
    expect(limits.whole).toBeCloseTo((375 - 2 * VIEW_MARGIN) / 2400, 10)
    expect(limits.min).toBe(limits.whole)
  })

  it('opens a diagram that fits as large as the screen allows, at most twice its size', () => {
    expect(zoomLimits({ width: 600, height: 400 }, desktop, 16).initial).toBeCloseTo((800 - 2 * VIEW_MARGIN) / 400, 10)
    expect(zoomLimits({ width: 200, height: 100 }, desktop, 16).initial).toBe(2)
  })

  it('never stops zooming in before text is twice readable, nor before 4×', () => {
    expect(zoomLimits({ width: 600, height: 400 }, desktop, 16).max).toBe(4)
    expect(zoomLimits({ width: 600, height: 400 }, desktop, 2).max).toBe(12)
  })
})

describe('initialView', () => {
  it.each([
    // [content, stage, scale, view]
    [{ width: 400, height: 100 }, { width: 800, height: 600 }, 1, { scale: 1, x: 200, y: 250 }], // fits: centred
    [{ width: 2400, height: 100 }, phone, 0.75, { scale: 0.75, x: VIEW_MARGIN, y: 262.5 }], // too wide: from its start
    [{ width: 300, height: 2000 }, phone, 1, { scale: 1, x: 37.5, y: VIEW_MARGIN }], // too tall: from its top
  ])('%o on %o at %d → %o', (content, stage, scale, view) => {
    expect(initialView(content, stage, scale)).toEqual(view)
  })
})

describe('zoomAt', () => {
  it('keeps the point under the pointer where it is', () => {
    const view = { scale: 1, x: 100, y: 50 }
    const at = { x: 300, y: 250 }
    const zoomed = zoomAt(view, 2, at, { min: 0.5, max: 4 })
    // the drawing's point under `at` before: ((300 - 100) / 1, (250 - 50) / 1) = (200, 200)
    expect(zoomed).toEqual({ scale: 2, x: 300 - 200 * 2, y: 250 - 200 * 2 })
  })

  it('stays within the limits', () => {
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 10, { x: 0, y: 0 }, { min: 0.5, max: 4 }).scale).toBe(4)
    expect(zoomAt({ scale: 1, x: 0, y: 0 }, 0.1, { x: 0, y: 0 }, { min: 0.5, max: 4 }).scale).toBe(0.5)
  })
})

describe('panBy and clampView', () => {
  const content = { width: 1000, height: 500 }

  it('moves the drawing by the drag', () => {
    expect(panBy({ scale: 1, x: 0, y: 0 }, -60, 30, content, desktop)).toEqual({ scale: 1, x: -60, y: 30 })
  })

  it('keeps a strip of the drawing on the stage however far it is dragged', () => {
    expect(clampView({ scale: 1, x: -5000, y: 5000 }, content, desktop)).toEqual({ scale: 1, x: 80 - 1000, y: 800 - 80 })
  })
})
