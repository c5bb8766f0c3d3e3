/**
 * Embedded files and web pages on a real folder built with build(): a PDF, videos and sounds written byte by byte
 * (tests/fixtures/media-files.ts) are published and shown in players of the right size; YouTube videos and web pages
 * become a placeholder and cards without a request to anyone; pages without them carry nothing extra.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../src/compiler/build.js'
import type { Diagnostic } from '../../src/compiler/diagnostics.js'
import { mp4File, pdfFile, wavTone, webmFile } from '../fixtures/media-files.js'
import { repoRoot, tempDir } from './helpers.js'

const files: Record<string, string | Buffer> = {
  'index.md': '# Start\n\n[[Medien]] und [[Text]]\n',
  'Text.md': '# Text\n\nNur Text, ein Bild: ![[logo.svg|120]]\n',
  'Medien.md': [
    '# Medien',
    '',
    '![[Handbuch.pdf#page=2]]',
    '',
    '![[Handbuch.pdf#height=420|Das Handbuch]]',
    '',
    '![[kamera.mp4]]',
    '',
    '![[kamera.mp4|400]]',
    '',
    '![Rundgang](videos/rundgang.webm)',
    '',
    '![[ton.webm]]',
    '',
    '![Signalton](signal.wav)',
    '',
    '![[fehlt.mp4]]',
    '',
    '![Einführung](https://youtu.be/M7lc1UVf-VE?t=42)',
    '',
    '![](https://x.com/talwerk/status/1580548874246443010)',
    '',
    '![Logo|64](attachments/logo.svg) ![100x145](https://example.com/foto.jpg)',
    '',
  ].join('\n'),
  'attachments/Handbuch.pdf': pdfFile('Seite eins', 'Seite zwei'),
  // as a camera writes it: the movie box after the media data
  'attachments/kamera.mp4': mp4File({ width: 1280, height: 720, moovAtEnd: true, mediaBytes: 200_000 }),
  'videos/rundgang.webm': webmFile({ width: 640, height: 480 }),
  'attachments/ton.webm': webmFile('audio'),
  'attachments/signal.wav': wavTone(0.5),
  'attachments/unbenutzt.mp4': mp4File({ width: 320, height: 240 }),
  'attachments/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"></svg>',
}

let out: string
let diagnostics: Diagnostic[]
const read = (path: string) => readFileSync(join(out, path), 'utf8')
const main = (path: string) => /<div data-content="true">([\s\S]*?)<\/div><\/div>(?:<nav|<\/main>)/.exec(read(path))?.[1] ?? ''

beforeAll(async () => {
  const root = join(tempDir('wikigen-media-'), 'vault')
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), contents)
  }
  out = join(root, '..', 'site')
  ;({ diagnostics } = await build({ root, out, cacheDir: join(root, '..', 'cache'), clientDir: join(repoRoot, 'lib/client') }))
})

describe('embedded files', () => {
  it('publishes the files the page shows, byte for byte, and no other', () => {
    for (const path of [
      'attachments/Handbuch.pdf',
      'attachments/kamera.mp4',
      'videos/rundgang.webm',
      'attachments/ton.webm',
      'attachments/signal.wav',
    ]) {
      expect(readFileSync(join(out, path))).toEqual(files[path])
    }
    expect(existsSync(join(out, 'attachments/unbenutzt.mp4'))).toBe(false)
  })

  it('reports the missing file once, at its line, and the rest builds', () => {
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column, d.message])).toEqual([
      ['dead-link', 'Medien.md', 17, 1, 'File "fehlt.mp4" does not exist'],
    ])
    expect(main('medien.html')).toContain('<span class="missing-image" title="fehlt.mp4">fehlt.mp4</span>')
  })

  it('shows a PDF in a viewer at its page and height, with a link to open it', () => {
    const html = main('medien.html')
    expect(html).toContain(
      '<iframe class="pdf-frame" src="/attachments/Handbuch.pdf#page=2" title="Handbuch.pdf" loading="lazy"></iframe><a class="pdf-open" href="/attachments/Handbuch.pdf#page=2">PDF öffnen: Handbuch.pdf</a>',
    )
    expect(html).toContain('<iframe class="pdf-frame" src="/attachments/Handbuch.pdf" title="Das Handbuch" height="420" loading="lazy">')
  })

  it("plays videos in boxes of the size their files' headers tell, and sound in audio players", () => {
    const html = main('medien.html')
    expect(html).toContain(
      '<video class="media-video" src="/attachments/kamera.mp4" controls preload="metadata" playsinline width="1280" height="720">',
    )
    expect(html).toContain(
      '<video class="media-video" src="/attachments/kamera.mp4" controls preload="metadata" playsinline width="400" height="225">',
    )
    expect(html).toContain(
      '<video class="media-video" src="/videos/rundgang.webm" controls preload="metadata" playsinline width="640" height="480" aria-label="Rundgang">',
    )
    // a .webm without a picture track is sound
    expect(html).toContain('<audio class="media-audio" src="/attachments/ton.webm" controls preload="metadata">')
    expect(html).toContain('<audio class="media-audio" src="/attachments/signal.wav" controls preload="metadata" aria-label="Signalton">')
  })

  it('sizes images as written, the alt text without the size', () => {
    const html = main('medien.html')
    expect(html).toContain('<img src="/attachments/logo.svg" alt="Logo" width="64" loading="lazy" decoding="async">')
    expect(html).toContain('<img src="https://example.com/foto.jpg" alt="" width="100" height="145" loading="lazy" decoding="async">')
    expect(main('text.html')).toContain(
      '<img src="/attachments/logo.svg" alt="logo" width="120" height="40" loading="lazy" decoding="async">',
    )
  })
})

describe('web pages and videos from elsewhere', () => {
  it('writes a YouTube placeholder and a card that request nothing from YouTube, Google or X', () => {
    const html = main('medien.html')
    expect(html).toContain('<span class="youtube" data-youtube="M7lc1UVf-VE" data-youtube-start="42" data-youtube-title="Einführung">')
    expect(html).toContain('<a class="youtube-play" href="https://youtu.be/M7lc1UVf-VE?t=42" target="_blank" rel="noopener noreferrer">')
    expect(html).toContain('<span class="link-card-title">Beitrag von @talwerk</span>')
    // nothing of the page loads from elsewhere: every src is the site's own (the foto is the author's external image)
    const sources = [...read('medien.html').matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1])
    expect(sources.filter((src) => /^(https?:)?\/\//.test(src))).toEqual(['https://example.com/foto.jpg'])
  })

  it('gives a page without media the same scripts as any page: the player code is a chunk no page names', () => {
    const scripts = (path: string) =>
      [...read(path).matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]*_wikigen[^"]*)"/g)].map((m) => m[1])
    expect(scripts('text.html').length).toBeGreaterThan(0)
    expect(scripts('text.html')).toEqual(scripts('medien.html'))
    expect(read('text.html')).not.toMatch(/youtube|data-youtube|pdf-frame|<video|<audio/)
    const chunks = readdirSync(join(out, '_wikigen/chunks'))
    expect(chunks.some((name) => name.startsWith('youtube-chunk-'))).toBe(true)
    for (const page of ['text.html', 'medien.html', 'index.html']) expect(read(page)).not.toContain('youtube-chunk')
  })
})
