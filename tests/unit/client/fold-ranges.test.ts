import { describe, expect, it } from 'vitest'
import { foldRange, foldsHiding, hiddenByFolds, type FoldItem } from '../../../src/client/fold-ranges.js'

/** A page's children written as levels: 2 for an h2, 0 for a paragraph or list, 1 for an h1 or the footnotes. */
const page = (levels: number[], folded: number[] = []): FoldItem[] => levels.map((level, i) => ({ level, folded: folded.includes(i) }))

//              0  1  2  3  4  5  6  7  8  9
const levels = [1, 0, 2, 0, 3, 0, 3, 0, 2, 0]

describe('foldRange', () => {
  it('runs to the next heading of the same level', () => {
    expect(foldRange(page(levels), 2)).toEqual([3, 4, 5, 6, 7])
  })

  it('stops at a higher heading, not at a lower one', () => {
    expect(foldRange(page(levels), 4)).toEqual([5])
    expect(foldRange(page([2, 0, 4, 0, 3, 0, 2]), 2)).toEqual([3])
    expect(foldRange(page([3, 0, 4, 0, 2, 0]), 0)).toEqual([1, 2, 3])
  })

  it('runs to the end of the container after the last heading', () => {
    expect(foldRange(page(levels), 8)).toEqual([9])
  })

  it('stops at a boundary such as the footnotes', () => {
    expect(foldRange(page([2, 0, 0, 1, 0]), 0)).toEqual([1, 2])
  })

  it('is empty for a heading with nothing under it and for what is no heading', () => {
    expect(foldRange(page([2, 2, 0]), 0)).toEqual([])
    expect(foldRange(page([2, 3, 0]), 0)).toEqual([1, 2])
    expect(foldRange(page(levels), 3)).toEqual([])
    expect(foldRange(page(levels), 99)).toEqual([])
  })
})

describe('hiddenByFolds', () => {
  const hidden = (folded: number[]) =>
    hiddenByFolds(page(levels, folded))
      .map((h, i) => (h ? i : -1))
      .filter((i) => i >= 0)

  it('hides nothing while nothing is folded', () => {
    expect(hidden([])).toEqual([])
  })

  it("hides a folded heading's range and keeps the heading itself", () => {
    expect(hidden([2])).toEqual([3, 4, 5, 6, 7])
    expect(hidden([4])).toEqual([5])
    expect(hidden([8])).toEqual([9])
  })

  it('keeps an inner fold when the outer one opens again', () => {
    expect(hidden([2, 4])).toEqual([3, 4, 5, 6, 7])
    expect(hidden([4])).toEqual([5])
    expect(hidden([4, 6])).toEqual([5, 7])
  })

  it('shows the next section after a folded one', () => {
    expect(hidden([2, 8])).toEqual([3, 4, 5, 6, 7, 9])
  })
})

describe('foldsHiding', () => {
  it('names every folded heading around an item, inner and outer', () => {
    expect(foldsHiding(page(levels, [2, 4]), 5)).toEqual([4, 2])
    expect(foldsHiding(page(levels, [2]), 5)).toEqual([2])
    expect(foldsHiding(page(levels, [4]), 7)).toEqual([])
    expect(foldsHiding(page(levels, [4, 6]), 7)).toEqual([6])
  })

  it('for a heading, only the higher ones around it', () => {
    expect(foldsHiding(page(levels, [2, 4]), 6)).toEqual([2])
    expect(foldsHiding(page(levels, [2]), 8)).toEqual([])
  })

  it('looks no further back than a boundary', () => {
    expect(foldsHiding(page([2, 0, 1, 0], [0]), 3)).toEqual([])
  })
})
