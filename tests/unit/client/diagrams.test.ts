import { describe, expect, it } from 'vitest'
import { isPrintKey, needsRender } from '../../../src/client/diagrams.js'

const block = (dataset: Record<string, string>, isConnected = true) => ({ isConnected, dataset })

describe('needsRender', () => {
  it.each([
    // [block, theme, render?]
    [block({}), 'default', true], // not rendered yet
    [block({ processed: 'true', diagramTheme: 'default' }), 'default', false], // rendered: never twice
    [block({ processed: 'true', diagramTheme: 'default' }), 'dark', true], // colour mode changed
    [block({ processed: 'true', diagramTheme: 'dark', diagramError: 'true' }), 'default', false], // an error stays
    [block({}, false), 'default', false], // the page was left
  ] as const)('%j in %s → %s', (candidate, theme, expected) => {
    expect(needsRender(candidate, theme)).toBe(expected)
  })
})

describe('isPrintKey', () => {
  const key = (init: Partial<KeyboardEvent>) => ({ key: 'p', code: 'KeyP', ctrlKey: false, metaKey: false, altKey: false, ...init })
  it.each([
    [key({ ctrlKey: true }), true], // Ctrl+P
    [key({ metaKey: true }), true], // ⌘P
    [key({ ctrlKey: true, key: 'P' }), true], // with Shift, or Caps Lock
    [key({ ctrlKey: true, key: 'π', code: 'KeyP' }), true], // a layout that types something else on that key
    [key({}), false], // a plain p, typed into a field
    [key({ ctrlKey: true, altKey: true }), false],
    [key({ ctrlKey: true, metaKey: true }), false],
    [key({ ctrlKey: true, key: 'o', code: 'KeyO' }), false],
  ] as const)('%j → %s', (event, expected) => {
    expect(isPrintKey(event)).toBe(expected)
  })
})
