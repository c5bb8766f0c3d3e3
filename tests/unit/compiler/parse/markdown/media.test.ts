import { describe, expect, it } from 'vitest'
import { decodeSource } from '../../../../../src/compiler/discover/load.js'
import { secondsOf, splitSize, webEmbedOf } from '../../../../../src/compiler/parse/markdown/media/index.js'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { sectionsJsonOf } from '../../../../../src/compiler/parse/search-data.js'
import type { SourcePath } from '../../../../../src/compiler/paths.js'
import { LOCALES } from '../../../../../src/shared/locales.js'

const page = (text: string) => parsePage(decodeSource('Seite.md' as SourcePath, new TextEncoder().encode(text), 'hash'))

describe('what an external ![](url) shows', () => {
  it.each([
    // YouTube, every way its addresses are shared
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false }],
    ['https://youtube.com/watch?v=M7lc1UVf-VE&t=1m30s', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false, start: 90 }],
    ['https://m.youtube.com/watch?feature=share&v=M7lc1UVf-VE', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false }],
    ['https://youtu.be/M7lc1UVf-VE?t=42', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false, start: 42 }],
    ['https://www.youtube.com/shorts/M7lc1UVf-VE', { kind: 'youtube', id: 'M7lc1UVf-VE', short: true }],
    ['https://www.youtube.com/embed/M7lc1UVf-VE?start=75', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false, start: 75 }],
    ['https://www.youtube-nocookie.com/embed/M7lc1UVf-VE', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false }],
    ['https://www.youtube.com/watch?v=M7lc1UVf-VE#t=2m', { kind: 'youtube', id: 'M7lc1UVf-VE', short: false, start: 120 }],
    // images: by their extension, and any address no page rule fits (image services leave the extension out)
    ['https://example.com/bilder/karte.png', { kind: 'image' }],
    ['https://picsum.photos/200/300', { kind: 'image' }],
    ['https://images.example.com/photo-1?w=800', { kind: 'image' }],
    ['https://github.com/user-attachments/assets/6a0f2a51-0000', { kind: 'image' }],
    ['https://github.com/talwerk/wiki/raw/main/logo.svg', { kind: 'image' }],
    ['https://img.youtube.com/vi/M7lc1UVf-VE/0.jpg', { kind: 'image' }],
    // a YouTube address that is no video is a page
    ['https://www.youtube.com/@talwerk', { kind: 'card' }],
    // video and audio files
    ['https://media.example.com/rundgang.mp4', { kind: 'video' }],
    ['https://media.example.com/podcast/folge-1.mp3', { kind: 'audio' }],
  ])('%s', (url, expected) => {
    expect(webEmbedOf(url)).toMatchObject(expected)
  })

  it.each([
    [
      'https://twitter.com/obsdmd/status/1580548874246443010',
      { host: 'twitter.com', postBy: 'obsdmd', display: 'twitter.com/obsdmd/status/1580548874246443010' },
    ],
    ['https://x.com/talwerk/status/1', { host: 'x.com', postBy: 'talwerk' }],
    ['https://de.wikipedia.org/wiki/Open_Source', { host: 'de.wikipedia.org', name: 'Open Source' }],
    ['https://stackoverflow.com/questions/123/how-to-restart-odoo', { name: 'How to restart odoo' }],
    ['https://github.com/talwerk/wiki', { host: 'github.com', name: 'Wiki' }],
    ['https://www.example.com/', { host: 'example.com', name: '', display: 'example.com' }],
    ['https://example.com/blog/2024/neues-rechenzentrum.html', { name: 'Neues rechenzentrum' }],
    ['https://example.com/docs/', { name: 'Docs', display: 'example.com/docs' }],
    ['https://example.com/handbuch.pdf', { name: 'Handbuch.pdf' }],
  ])('%s is a card', (url, expected) => {
    expect(webEmbedOf(url)).toMatchObject({ kind: 'card', ...expected })
  })

  it('leaves what is no web address alone', () => {
    expect(webEmbedOf('ftp://example.com/karte.png')).toBeUndefined()
    expect(webEmbedOf('https://')).toBeUndefined()
  })

  it.each([
    ['90', 90],
    ['90s', 90],
    ['1m30s', 90],
    ['1h2m3s', 3723],
    ['abc', 0],
  ])('reads the start time %s as %s seconds', (value, seconds) => {
    expect(secondsOf(value)).toBe(seconds)
  })
})

describe('sizes written after a bar', () => {
  it.each([
    ['320', { text: '', width: '320' }],
    ['100x145', { text: '', width: '100', height: '145' }],
    ['Netzplan|320', { text: 'Netzplan', width: '320' }],
    ['Netzplan | 100x145', { text: 'Netzplan', width: '100', height: '145' }],
    ['Netzplan', { text: 'Netzplan' }],
    ['Version 2', { text: 'Version 2' }],
    ['a|b', { text: 'a|b' }],
  ])('%s', (value, expected) => {
    expect(splitSize(value)).toEqual(expected)
  })
})

describe('images with sizes', () => {
  it('puts the size of ![alt|100](url) and ![100x145](url) on the image, never into its alt text', () => {
    const { html } = page('![Netzplan|100](https://example.com/netz.png) ![100x145](https://example.com/foto.jpg)\n')
    expect(html).toContain('<img src="https://example.com/netz.png" alt="Netzplan" width="100" loading="lazy" decoding="async">')
    expect(html).toContain('<img src="https://example.com/foto.jpg" alt="" width="100" height="145" loading="lazy" decoding="async">')
  })

  it('does the same for a local markdown image and for ![[bild.png|Netzplan|320]]', () => {
    const { html, links } = page('![Netzplan|320x200](bilder/netz.png)\n\n![[netz.png|Netzplan|320]]\n')
    expect(html).toContain('alt="Netzplan" width="320" height="200"')
    expect(links.map(({ kind, alt, width, height }) => ({ kind, alt, width, height }))).toEqual([
      { kind: 'image', alt: 'Netzplan', width: '320', height: '200' },
      { kind: 'image', alt: 'Netzplan', width: '320', height: undefined },
    ])
  })
})

describe('embedded files', () => {
  it('records ![[…]] of a PDF, a video or a sound as a media link with its fragment and size, inside its paragraph', () => {
    const { html, links } = page('![[plan.pdf#page=3]]\n\n![[clip.mp4|400]]\n\n![[Ton.mp3|Interview]]\n')
    expect(links.map(({ kind, syntax, target, anchor, alt, width }) => ({ kind, syntax, target, anchor, alt, width }))).toEqual([
      { kind: 'media', syntax: 'wiki', target: 'plan.pdf', anchor: 'page=3', alt: '', width: undefined },
      { kind: 'media', syntax: 'wiki', target: 'clip.mp4', anchor: undefined, alt: '', width: '400' },
      { kind: 'media', syntax: 'wiki', target: 'Ton.mp3', anchor: undefined, alt: 'Interview', width: undefined },
    ])
    expect(html).toBe('<p>\uE0000\uE001</p>\n<p>\uE0001\uE001</p>\n<p>\uE0002\uE001</p>')
  })

  it('records a markdown ![](clip.mp4) the same way, its title or alt text as the title', () => {
    const { links } = page('![Rundgang](videos/Rundgang%202024.webm#t=5) ![](ton.wav "Signal")\n')
    expect(links.map(({ kind, syntax, target, anchor, alt }) => ({ kind, syntax, target, anchor, alt }))).toEqual([
      { kind: 'media', syntax: 'markdown', target: 'videos/Rundgang 2024.webm', anchor: 't=5', alt: 'Rundgang' },
      { kind: 'media', syntax: 'markdown', target: 'ton.wav', anchor: undefined, alt: 'Signal' },
    ])
  })
})

describe('web pages and videos from elsewhere', () => {
  it('draws a YouTube video as a link to it until it is played, with nothing loaded from YouTube', () => {
    const { html, hasImage } = page('![Einführung](https://www.youtube.com/watch?v=M7lc1UVf-VE&t=42)\n')
    expect(html).toBe(
      '<p><span class="youtube" data-youtube="M7lc1UVf-VE" data-youtube-start="42" data-youtube-title="Einführung">' +
        '<a class="youtube-play" href="https://www.youtube.com/watch?v=M7lc1UVf-VE&#x26;t=42" target="_blank" rel="noopener noreferrer">' +
        '<span class="youtube-button" aria-hidden="true"></span><span class="youtube-text">' +
        '<span class="youtube-title">Einführung</span><span class="youtube-url">youtube.com/watch?v=M7lc1UVf-VE&#x26;t=42</span>' +
        '<span class="youtube-note">YouTube wird erst beim Abspielen geladen.</span></span></a></span></p>',
    )
    expect(html).not.toMatch(/<img|<iframe|ytimg|googleapis/)
    expect(hasImage).toBe(false)
  })

  it('shows a post on X and a Wikipedia article as cards that link to them', () => {
    const { html } = page(
      '![](https://x.com/talwerk/status/1580548874246443010)\n\n![Was ein RZ ist](https://de.wikipedia.org/wiki/Rechenzentrum)\n',
    )
    expect(html).toContain(
      '<a class="link-card" href="https://x.com/talwerk/status/1580548874246443010" target="_blank" rel="noopener noreferrer">' +
        '<span class="link-card-host">x.com</span><span class="link-card-title">Beitrag von @talwerk</span>' +
        '<span class="link-card-url">x.com/talwerk/status/1580548874246443010</span><span class="sr-only"> (in neuem Fenster öffnen)</span></a>',
    )
    expect(html).toContain('<span class="link-card-title">Was ein RZ ist</span>')
  })

  it('plays video and audio from elsewhere in the browser, a video in a box of its size or 16:9', () => {
    const { html } = page('![Rundgang|640](https://media.example.com/rundgang.mp4) ![](https://media.example.com/ton.mp3)\n')
    expect(html).toContain(
      '<video class="media-video" src="https://media.example.com/rundgang.mp4" controls preload="metadata" playsinline width="640" height="360" aria-label="Rundgang">',
    )
    expect(html).toContain('<audio class="media-audio" src="https://media.example.com/ton.mp3" controls preload="metadata">')
  })

  it('keeps only the text of a player or card that stands inside a link, since a link holds no other link', () => {
    expect(page('## ![Ankündigung](https://x.com/talwerk/status/1)\n').html).toBe(
      '<h2 id="ankündigung" tabindex="-1"><a class="header-anchor" href="#ankündigung"><span>Ankündigung</span></a></h2>',
    )
    const { html } = page('[![Video](https://youtu.be/M7lc1UVf-VE)](https://example.com)\n')
    expect(html).toBe(
      '<p><a href="https://example.com" class="external" target="_blank" rel="noopener noreferrer">Video<span class="external-link-icon"><span class="sr-only"> (in neuem Fenster öffnen)</span></span></a></p>',
    )
  })

  it('give the full-text search the titles, not the addresses and notes every embed repeats', () => {
    const { searchData } = page('Text.\n\n![Einführung in Odoo](https://youtu.be/M7lc1UVf-VE)\n\n![](https://x.com/talwerk/status/1)\n')
    const [[, , text]] = JSON.parse(sectionsJsonOf(searchData)) as [string, string, string][]
    expect(text).toBe('Text. Einführung in Odoo x.com Beitrag von @talwerk (in neuem Fenster öffnen)')
  })

  it('writes the texts in the site language', () => {
    const text = '![](https://youtu.be/M7lc1UVf-VE)\n\n![](https://x.com/talwerk/status/1)\n'
    const { html } = parsePage(decodeSource('Seite.md' as SourcePath, new TextEncoder().encode(text), 'hash'), LOCALES.en.labels)
    expect(html).toContain('<span class="youtube-title">Play video</span>')
    expect(html).toContain('YouTube is loaded only when you play the video.')
    expect(html).toContain('<span class="link-card-title">Post by @talwerk</span>')
  })
})
