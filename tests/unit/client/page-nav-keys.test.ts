import { describe, expect, it } from 'vitest'
import { relatedLinkFor, type KeyPress } from '../../../src/client/page-nav-keys.js'

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
})

describe('relatedLinkFor', () => {
  it.each([
    [press('ArrowRight', { altKey: true }), 'next'],
    [press('ArrowLeft', { altKey: true }), 'prev'],
    // without Alt the arrows scroll
    [press('ArrowRight'), undefined],
    // other modifiers belong to the browser or the system (word jumps, tab switching)
    [press('ArrowRight', { altKey: true, shiftKey: true }), undefined],
    [press('ArrowLeft', { altKey: true, ctrlKey: true }), undefined],
    [press('ArrowLeft', { altKey: true, metaKey: true }), undefined],
    [press('ArrowUp', { altKey: true }), undefined],
  ])('%o → %s', (keyPress, expected) => {
    expect(relatedLinkFor(keyPress)).toBe(expected)
  })
})
