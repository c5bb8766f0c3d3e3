import { describe, expect, it } from 'vitest'
import { renderLinkCard, webHostOf } from '../../../../../src/compiler/parse/canvas/link-card.js'

describe('renderLinkCard', () => {
  it('makes a web address a card with its host and address, opening in a new window', () => {
    expect(renderLinkCard('https://www.example.org/docs/start?a=1&b=2', 'in neuem Fenster öffnen')).toBe(
      '<a class="canvas-link-card external" href="https://www.example.org/docs/start?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">' +
        '<span class="canvas-link-host">example.org</span>' +
        '<span class="canvas-link-url">https://www.example.org/docs/start?a=1&amp;b=2</span>' +
        '<span class="sr-only"> (in neuem Fenster öffnen)</span></a>',
    )
  })

  it('shows any other address as text, escaped', () => {
    expect(renderLinkCard('javascript:alert(1)', 'x')).toBe('<p class="canvas-link-text">javascript:alert(1)</p>')
    expect(renderLinkCard('<b>hi</b>', 'x')).toBe('<p class="canvas-link-text">&lt;b&gt;hi&lt;/b&gt;</p>')
    expect(renderLinkCard('https://', 'x')).toBe('<p class="canvas-link-text">https://</p>')
  })

  it('escapes quotes in the address, so it cannot leave the attribute', () => {
    const html = renderLinkCard('https://example.org/"onmouseover="x', 'x')
    expect(html).not.toContain('"onmouseover')
    expect(html).toContain('href="https://example.org/&quot;onmouseover=&quot;x"')
  })
})

describe('webHostOf', () => {
  it.each([
    ['https://example.org', 'example.org'],
    ['HTTP://WWW.Example.ORG:8080/x', 'example.org:8080'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['mailto:info@example.org', undefined],
    ['ftp://example.org', undefined],
    ['https://exa mple.org', undefined],
  ])('%s → %s', (url, host) => {
    expect(webHostOf(url)).toBe(host)
  })
})
