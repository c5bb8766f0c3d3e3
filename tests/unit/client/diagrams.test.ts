import { describe, expect, it } from 'vitest'
import { needsRender } from '../../../src/client/diagrams.js'

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
