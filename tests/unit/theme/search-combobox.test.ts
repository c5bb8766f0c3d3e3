import { describe, expect, it } from 'vitest'
import {
  createComboboxState,
  highlightedIn,
  nextHighlight,
  previousHighlight,
  reduceCombobox,
  type ComboboxAction,
} from '../../../src/theme/search/combobox.js'

describe('nextHighlight and previousHighlight', () => {
  it.each([
    // [highlight, count, next, previous]
    [0, 3, 1, 2], // from the first: down to the second, up wraps to the last
    [1, 3, 2, 0],
    [2, 3, 0, 1], // from the last: down wraps to the first
    [-1, 3, 0, 2], // none (pointer left the list): down to the first, up to the last
    [5, 3, 0, 2], // past the end (the list got shorter): back into the list either way
    [0, 1, 0, 0], // one suggestion stays highlighted
    [0, 0, 0, 0], // nothing to move over
  ])('from %i of %i: down %i, up %i', (highlight, count, next, previous) => {
    expect(nextHighlight(highlight, count)).toBe(next)
    expect(previousHighlight(highlight, count)).toBe(previous)
  })
})

describe('highlightedIn', () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, undefined], // past the end: Enter must do nothing, not throw
    [-1, 3, undefined], // none
    [0, 0, undefined],
  ])('%i of %i → %s', (highlight, count, expected) => {
    expect(highlightedIn(highlight, count)).toBe(expected)
  })
})

describe('reduceCombobox', () => {
  const run = (...actions: ComboboxAction[]) => actions.reduce(reduceCombobox, createComboboxState())

  it('starts empty with the first suggestion highlighted, or with what was typed before hydration', () => {
    expect(createComboboxState()).toEqual({ query: '', highlight: 0 })
    expect(createComboboxState('odoo')).toEqual({ query: 'odoo', highlight: 0 })
  })

  it('wraps the highlight at both ends', () => {
    expect(run({ type: 'previous', count: 4 })).toEqual({ query: '', highlight: 3 })
    expect(run({ type: 'previous', count: 4 }, { type: 'next', count: 4 })).toEqual({ query: '', highlight: 0 })
  })

  it('follows the pointer and highlights nothing once it leaves the list', () => {
    expect(run({ type: 'hover', index: 2 })).toEqual({ query: '', highlight: 2 })
    expect(run({ type: 'hover', index: 2 }, { type: 'leave' })).toEqual({ query: '', highlight: -1 })
  })

  it('puts the highlight back on the first suggestion when the query changes (unlike the reference)', () => {
    expect(run({ type: 'input', query: 'od' }, { type: 'hover', index: 5 }, { type: 'input', query: 'odo' })).toEqual({
      query: 'odo',
      highlight: 0,
    })
  })

  it('keeps the highlight when the same text is reported again', () => {
    expect(run({ type: 'input', query: 'od' }, { type: 'hover', index: 5 }, { type: 'input', query: 'od' })).toEqual({
      query: 'od',
      highlight: 5,
    })
  })

  it('clears the query and highlights the first suggestion after opening one', () => {
    expect(run({ type: 'input', query: 'odoo' }, { type: 'next', count: 3 }, { type: 'opened' })).toEqual({ query: '', highlight: 0 })
  })

  it('returns the same state object when nothing changes, so React skips the render', () => {
    const state = createComboboxState('x')
    expect(reduceCombobox(state, { type: 'hover', index: 0 })).toBe(state)
    expect(reduceCombobox(state, { type: 'input', query: 'x' })).toBe(state)
  })
})
