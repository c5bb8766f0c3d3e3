import { describe, expect, it } from 'vitest'
import { previewUrl, type PreviewLink } from '../../../src/client/hover-preview.js'
import { MAX_PREVIEW_BLOCKS, placePreview, sectionRange, type ContentBlock } from '../../../src/client/hover-preview-rules.js'

const current = new URL('https://wiki.test/start.html#unten')
const link = (href: string, extra: Partial<PreviewLink> = {}): PreviewLink => ({ href, target: '', download: false, ...extra })

describe('which links preview', () => {
  it.each([
    // another page of the site, also with a heading, and an extension-less route
    ['https://wiki.test/ziel.html', 'https://wiki.test/ziel.html'],
    ['https://wiki.test/ziel.html#zweiter-abschnitt', 'https://wiki.test/ziel.html#zweiter-abschnitt'],
    ['https://wiki.test/glossary', 'https://wiki.test/glossary'],
    ['https://wiki.test/', 'https://wiki.test/'],
    // a heading of the page shown, and the page shown itself: the reader is there already
    ['https://wiki.test/start.html#oben', undefined],
    ['https://wiki.test/start.html', undefined],
    // other sites, files, other schemes
    ['https://example.com/ziel.html', undefined],
    ['https://wiki.test/anhänge/plan.pdf', undefined],
    ['https://wiki.test/bild.png', undefined],
    ['mailto:team@wiki.test', undefined],
    ['http://[x', undefined],
  ])('%s → %s', (href, expected) => {
    expect(previewUrl(link(href), current)?.href).toBe(expected)
  })

  it('leaves out downloads and links that open in another tab', () => {
    expect(previewUrl(link('https://wiki.test/ziel.html', { download: true }), current)).toBeUndefined()
    expect(previewUrl(link('https://wiki.test/ziel.html', { target: '_blank' }), current)).toBeUndefined()
    expect(previewUrl(link('https://wiki.test/ziel.html', { target: '_self' }), current)?.href).toBe('https://wiki.test/ziel.html')
  })
})

describe('the blocks a preview shows', () => {
  const h = (level: number, id: string): ContentBlock => ({ level, id })
  const p: ContentBlock = { level: 0 }
  // Ziel: intro, ## Zweiter (### Unter inside), ## Dritter, # Anhang
  const page = [p, h(2, 'zweiter'), p, h(3, 'unter'), p, h(2, 'dritter'), p, h(1, 'anhang'), p]

  it('without an anchor: the start of the page', () => {
    expect(sectionRange(page, '')).toEqual([0, page.length])
  })

  it('a heading: its section up to the next heading of the same or a higher level, with the lower ones inside', () => {
    expect(sectionRange(page, 'zweiter')).toEqual([1, 5])
    expect(sectionRange(page, 'unter')).toEqual([3, 5])
    expect(sectionRange(page, 'dritter')).toEqual([5, 7])
  })

  it('the last section runs to the end of the page', () => {
    expect(sectionRange(page, 'anhang')).toEqual([7, 9])
  })

  it('an anchor of a block that is no heading (a block id): that block alone', () => {
    expect(sectionRange([p, { level: 0, id: '^a1b2' }, p], '^a1b2')).toEqual([1, 2])
  })

  it('finds anchors with umlauts as text and percent-encoded, as URLs carry them', () => {
    const blocks = [p, h(2, 'wirkungsräume'), p, h(2, 'weiter')]
    expect(sectionRange(blocks, 'wirkungsräume')).toEqual([1, 3])
    expect(sectionRange(blocks, 'wirkungsr%C3%A4ume')).toEqual([1, 3])
  })

  it('an anchor the page does not have (or a broken one): the start of the page', () => {
    expect(sectionRange(page, 'fehlt')).toEqual([0, page.length])
    expect(sectionRange(page, '%E0%A4%A')).toEqual([0, page.length])
  })

  it('copies no more than the first blocks of a long page or section', () => {
    const long = [h(2, 'lang'), ...Array.from({ length: 100 }, () => p)]
    expect(sectionRange(long, '')).toEqual([0, MAX_PREVIEW_BLOCKS])
    expect(sectionRange(long, 'lang')).toEqual([0, MAX_PREVIEW_BLOCKS])
  })
})

describe('where the preview opens', () => {
  const viewport = { width: 1280, height: 900 }
  const size = { width: 400, height: 300 }

  it('below the link, aligned with its start', () => {
    expect(placePreview({ left: 200, top: 100, width: 80, height: 20 }, size, viewport)).toEqual({ left: 200, top: 126 })
  })

  it('above a link near the bottom of the window', () => {
    expect(placePreview({ left: 200, top: 800, width: 80, height: 20 }, size, viewport)).toEqual({ left: 200, top: 494 })
  })

  it('never past the right edge', () => {
    expect(placePreview({ left: 1200, top: 100, width: 60, height: 20 }, size, viewport)).toEqual({ left: 872, top: 126 })
  })

  it('in a window too low for either side: on the side with more room, shorter, never over the link', () => {
    const low = { width: 1280, height: 400 }
    expect(placePreview({ left: 10, top: 150, width: 60, height: 20 }, size, low)).toEqual({ left: 10, top: 176, maxHeight: 216 })
    expect(placePreview({ left: 10, top: 250, width: 60, height: 20 }, size, low)).toEqual({ left: 10, top: 8, maxHeight: 236 })
  })
})
