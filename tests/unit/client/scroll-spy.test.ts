import { describe, expect, it } from 'vitest'
import { findActiveHash, revealedScrollTop, type ScrollState } from '../../../src/client/scroll-spy.js'

const headings = [
  { hash: '#einleitung', top: 300 },
  { hash: '#wirkungsräume', top: 900 },
  { hash: '#ende', top: 1500 },
]
const at = (scrollY: number, extra: Partial<ScrollState> = {}): ScrollState => ({ scrollY, atBottom: false, currentHash: '', ...extra })

describe('findActiveHash', () => {
  it.each([
    // at the very top (scrollY < 5) the hash is cleared
    [0, ''],
    [4, ''],
    // above the first heading nothing changes
    [5, undefined],
    [294, undefined],
    // a heading counts once its top is within 5 px of the scroll position
    [295, '#einleitung'],
    [894, '#einleitung'],
    [895, '#wirkungsräume'],
    [1499, '#ende'],
    [9000, '#ende'],
  ])('scrollY %s → %s', (scrollY, expected) => {
    expect(findActiveHash(headings, at(scrollY))).toBe(expected)
  })

  it('keeps a hash further down that the reader chose, once the page cannot scroll further', () => {
    expect(findActiveHash(headings, at(1000, { atBottom: true, currentHash: '#ende' }))).toBe('#ende')
    expect(findActiveHash(headings, at(1000, { atBottom: false, currentHash: '#ende' }))).toBe('#wirkungsräume')
    expect(findActiveHash(headings, at(1000, { atBottom: true, currentHash: '#einleitung' }))).toBe('#wirkungsräume')
  })

  it('gives nothing to mark without headings', () => {
    expect(findActiveHash([], at(500))).toBeUndefined()
  })
})

describe('revealedScrollTop', () => {
  const sidebar = { top: 60, bottom: 660, scrollTop: 200 }

  it('leaves the sidebar alone while the link is in its view', () => {
    expect(revealedScrollTop(sidebar, { top: 60, bottom: 90 })).toBeUndefined()
    expect(revealedScrollTop(sidebar, { top: 630, bottom: 660 })).toBeUndefined()
  })

  it('centres a link below or above the view', () => {
    // 1 000 px below the view's top: scrolled by that, less half the view's free height
    expect(revealedScrollTop(sidebar, { top: 1060, bottom: 1090 })).toBe(200 + 1000 - 285)
    expect(revealedScrollTop({ ...sidebar, scrollTop: 800 }, { top: -40, bottom: -10 })).toBe(800 - 100 - 285)
  })

  it('never scrolls above the top', () => {
    expect(revealedScrollTop({ top: 60, bottom: 660, scrollTop: 10 }, { top: 20, bottom: 50 })).toBe(0)
  })
})
