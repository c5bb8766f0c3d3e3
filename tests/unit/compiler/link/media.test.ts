import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import type { ContentRef } from '../../../../src/compiler/discover/load.js'
import { substituteLinks } from '../../../../src/compiler/emit/substitute.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { LOCALES } from '../../../../src/shared/locales.js'
import { asset, compile } from '../page-fixtures.js'

const config = resolveConfig({ site: { title: 'Wiki' } })

/** The body of the page `A.md` with `text`, linked among `files` (with the sizes discovery read from them). */
function bodyOf(text: string, files: ContentRef[]) {
  const page = compile('A.md', text)
  const site = linkSite([page], files, config)
  const linked = site.pages[0]
  return { html: substituteLinks(page.html, linked.resolved, () => ''), site }
}

const pdf = asset('attachments/Handbuch.pdf')
const clip: ContentRef = { ...asset('attachments/clip.mp4'), size: { width: 1920, height: 1080 } }
const upright: ContentRef = { ...asset('attachments/hochkant.mov'), size: { width: 720, height: 1280 } }
const unknown = asset('attachments/alt.ogv')
const sound: ContentRef = { ...asset('attachments/ton.webm'), audioOnly: true }

describe('an embedded PDF', () => {
  it('is a viewer of the published file at the page asked for, with a link to open it', () => {
    const { html, site } = bodyOf('![[Handbuch.pdf#page=3]]', [pdf])
    expect(site.diagnostics).toEqual([])
    expect(html).toBe(
      '<p><span class="pdf-embed"><iframe class="pdf-frame" src="/attachments/Handbuch.pdf#page=3" title="Handbuch.pdf" loading="lazy"></iframe>' +
        '<a class="pdf-open" href="/attachments/Handbuch.pdf#page=3">PDF öffnen: Handbuch.pdf</a></span></p>',
    )
    expect(site.assets.map((a) => a.path)).toEqual(['attachments/Handbuch.pdf'])
  })

  it('takes its height from #height, also together with a page, and its title from the text after the bar', () => {
    expect(bodyOf('![[Handbuch.pdf#height=400]]', [pdf]).html).toContain(
      'src="/attachments/Handbuch.pdf" title="Handbuch.pdf" height="400"',
    )
    const { html } = bodyOf('![[Handbuch.pdf#page=2&height=30|Das Handbuch]]', [pdf])
    // a height too small to show a page is raised to the smallest useful one
    expect(html).toContain('src="/attachments/Handbuch.pdf#page=2" title="Das Handbuch" height="100"')
    expect(html).toContain('>PDF öffnen: Das Handbuch</a>')
  })

  it('warns about a view it does not know, and still shows the PDF', () => {
    const { html, site } = bodyOf('Text\n\n![[Handbuch.pdf#seite=3]]', [pdf])
    expect(site.diagnostics).toMatchObject([
      {
        severity: 'warning',
        code: 'dead-anchor',
        file: 'A.md',
        line: 3,
        column: 1,
        message: 'PDF "Handbuch.pdf" has no view "#seite=3"',
        hint: "Write #page=3 to open a page, #height=400 for the viewer's height in pixels, or both: #page=3&height=400.",
      },
    ])
    expect(html).toContain('<iframe class="pdf-frame" src="/attachments/Handbuch.pdf"')
  })

  it('is the same in markdown, with the texts of the site language', () => {
    const page = compile('A.md', '![Handbuch](attachments/Handbuch.pdf#page=2)')
    const site = linkSite([page], [pdf], config)
    const html = substituteLinks(page.html, site.pages[0].resolved, () => '', LOCALES.en.labels)
    expect(html).toContain('title="Handbuch"')
    expect(html).toContain('<a class="pdf-open" href="/attachments/Handbuch.pdf#page=2">Open PDF: Handbuch</a>')
  })
})

describe('an embedded video', () => {
  it.each([
    ['the size read from the file', '![[clip.mp4]]', clip, 'width="1920" height="1080"'],
    ['a width, high as the file', '![[clip.mp4|400]]', clip, 'width="400" height="225"'],
    ['a width, high as an upright file', '![[hochkant.mov|300]]', upright, 'width="300" height="533"'],
    ['width and height as written', '![[clip.mp4|400x300]]', clip, 'width="400" height="300"'],
    ['a width, 16:9 for a file that did not say', '![[alt.ogv|320]]', unknown, 'width="320" height="180"'],
    ['a markdown width', '![Rundgang|400](attachments/clip.mp4)', clip, 'width="400" height="225" aria-label="Rundgang"'],
  ])('reserves a box of %s', (_name, text, file, box) => {
    const { html, site } = bodyOf(text, [file])
    expect(site.diagnostics).toEqual([])
    expect(html).toContain(`<video class="media-video" src="/${file.path}" controls preload="metadata" playsinline ${box}`)
  })

  it('reserves a 16:9 box of the column by its class when nothing tells the size', () => {
    const { html } = bodyOf('![[alt.ogv]]', [unknown])
    expect(html).toBe(
      '<p><video class="media-video media-unsized" src="/attachments/alt.ogv" controls preload="metadata" playsinline>' +
        '<a href="/attachments/alt.ogv">Datei öffnen: alt.ogv</a></video></p>',
    )
  })

  it('starts at #t=, and warns about another fragment', () => {
    expect(bodyOf('![[clip.mp4#t=12]]', [clip]).html).toContain('src="/attachments/clip.mp4#t=12"')
    const { html, site } = bodyOf('![[clip.mp4#anfang]]', [clip])
    expect(html).toContain('src="/attachments/clip.mp4"')
    expect(site.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      ['dead-anchor', '"clip.mp4" has no start time "#anfang"', 'Write #t=90 to start playing at 90 seconds.'],
    ])
  })
})

describe('embedded sound', () => {
  it('plays in an audio player, also a video file without a picture track', () => {
    const mp3 = asset('Ton/Interview.mp3')
    const { html, site } = bodyOf('![[Interview.mp3|Das Interview]]\n\n![[ton.webm]]', [mp3, sound])
    expect(site.diagnostics).toEqual([])
    expect(html).toBe(
      '<p><audio class="media-audio" src="/Ton/Interview.mp3" controls preload="metadata" aria-label="Das Interview"><a href="/Ton/Interview.mp3">Datei öffnen: Interview.mp3</a></audio></p>\n' +
        '<p><audio class="media-audio" src="/attachments/ton.webm" controls preload="metadata"><a href="/attachments/ton.webm">Datei öffnen: ton.webm</a></audio></p>',
    )
    expect(site.assets.map((a) => a.path)).toEqual(['Ton/Interview.mp3', 'attachments/ton.webm'])
  })
})

describe('a media file that is not there', () => {
  it('is the missing-file warning, and its name stays visible in the page', () => {
    const { html, site } = bodyOf('![[fehlt.mp4]] und ![Signal](ton/fehlt.wav)', [clip])
    expect(site.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['dead-link', 1, 1, 'File "fehlt.mp4" does not exist'],
      ['dead-link', 1, 20, 'File "ton/fehlt.wav" does not exist'],
    ])
    expect(html).toBe(
      '<p><span class="missing-image" title="fehlt.mp4">fehlt.mp4</span> und <span class="missing-image" title="ton/fehlt.wav">Signal</span></p>',
    )
    expect(site.assets).toEqual([])
  })
})

describe('a local markdown image with a size', () => {
  it('carries the size and the alt text without it', () => {
    const { html } = bodyOf('![Netzplan|320](attachments/netz.png)', [asset('attachments/netz.png')])
    expect(html).toBe('<p><img src="/attachments/netz.png" alt="Netzplan" width="320" loading="lazy" decoding="async"></p>')
  })
})
