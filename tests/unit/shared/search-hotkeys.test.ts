import { describe, expect, it } from 'vitest'
import { isSearchHotkey } from '../../../src/shared/search/hotkeys.js'

describe('isSearchHotkey', () => {
  const body = { tagName: 'BODY', isContentEditable: false }

  it.each([
    // [key, focused element, focuses the search]
    ['s', body, true],
    ['/', body, true],
    ['s', null, true], // nothing focused
    ['S', body, false], // Shift+S is another key, as in the reference
    ['k', body, false],
    ['Enter', body, false],
    ['s', { tagName: 'A', isContentEditable: false }, true], // a focused link is not a text control
    ['s', { tagName: 'BUTTON' }, true],
    ['s', { tagName: 'INPUT' }, false], // the reader is typing
    ['/', { tagName: 'TEXTAREA' }, false],
    ['s', { tagName: 'SELECT' }, false], // 's' picks an option there
    ['s', { tagName: 'DIV', isContentEditable: true }, false],
    ['s', { tagName: 'input' }, false], // tag names of XHTML documents are lower-case
  ])('%j with %j focused → %s', (key, focused, expected) => {
    expect(isSearchHotkey(key, focused)).toBe(expected)
  })

  it.each([
    // [key, modifiers, focused element, focuses the search]
    ['k', { ctrlKey: true }, body, true],
    ['k', { metaKey: true }, body, true],
    ['K', { ctrlKey: true }, body, true], // with Shift or Caps Lock
    ['k', { ctrlKey: true }, { tagName: 'INPUT' }, true], // types no text, so it works from a field too
    ['k', { metaKey: true }, { tagName: 'TEXTAREA' }, true],
    ['k', {}, body, false], // plain 'k' is a letter
    ['k', { altKey: true }, body, false],
    ['k', { ctrlKey: true, altKey: true }, body, false], // AltGr on some layouts
    ['j', { ctrlKey: true }, body, false],
  ])('Ctrl/⌘+K: %j with %j and %j focused → %s', (key, modifiers, focused, expected) => {
    expect(isSearchHotkey(key, focused, modifiers)).toBe(expected)
  })
})
