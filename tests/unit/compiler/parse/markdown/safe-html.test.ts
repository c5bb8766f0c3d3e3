import { describe, expect, it } from 'vitest'
import { isScriptUrl, sanitizeHtmlText } from '../../../../../src/compiler/parse/markdown/safe-html.js'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../../src/compiler/paths.js'

/** The body HTML of a page of `markdown`, compiled as the build compiles it (raw HTML 'safe' unless said). */
function bodyOf(markdown: string, rawHtml?: 'safe' | 'trusted'): string {
  return parsePage({ path: toSourcePath('Seite.md'), text: markdown, contentHash: 'h', diagnostics: [] }, undefined, undefined, { rawHtml })
    .html
}

describe('raw HTML in pages, kept to what a wiki needs (safe by default)', () => {
  it.each([
    // the script-running kinds: none survives, whatever the spelling
    ['a script block, with its code', '<script>alert(1)</script>\n\nText', '<p>Text</p>'],
    ['a script inline, with its code', 'A <script>alert(1)</script> B', '<p>A  B</p>'],
    ['an event handler on an image', '<img src="x.png" onerror="alert(1)">', '<img src="x.png">'],
    ['an event handler in mixed case', '<b OnClick="alert(1)">fett</b>', '<p><b>fett</b></p>'],
    ['a javascript: link in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>', '<p><a>x</a></p>'],
    ['a javascript: link with a tab in the scheme', '<a href="java&#9;script:alert(1)">x</a>', '<p><a>x</a></p>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<p><a>x</a></p>'],
    ['a vbscript: image', '<img src="vbscript:msgbox(1)">', '<img>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['an object and an embed', '<object data="x.swf"></object><embed src="x.swf">', '<p></p>'],
    [
      'a base, meta refresh and a link',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0"><link rel="stylesheet" href="x.css">',
      '',
    ],
    ['a form with its field', '<form action="https://evil.example"><input name="pw"><button>Los</button></form>', 'Los'],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="5"/></svg>', '<p></p>'],
    ['a style attribute and a style element', '<div style="background:url(https://x.example)">a</div><style>*{}</style>', '<div>a</div>'],
    // what wikis use: kept
    [
      'details and summary',
      '<details>\n<summary>Mehr</summary>\n\nText **fett**\n\n</details>',
      '<details>\n<summary>Mehr</summary>\n<p>Text <strong>fett</strong></p>\n</details>',
    ],
    [
      'kbd, mark, sub, sup, abbr',
      '<kbd>Ctrl</kbd> <mark>m</mark> H<sub>2</sub>O x<sup>2</sup> <abbr title="Hypertext">HTML</abbr>',
      '<p><kbd>Ctrl</kbd> <mark>m</mark> H<sub>2</sub>O x<sup>2</sup> <abbr title="Hypertext">HTML</abbr></p>',
    ],
    [
      'a table of raw HTML',
      '<table><tr><td colspan="2">a</td></tr></table>',
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>',
    ],
    ['an image with size and alt', '<img src="bild.png" alt="Bild" width="200">', '<img src="bild.png" alt="Bild" width="200">'],
    // spec §7: the larger image the zoom shows
    [
      'an image with its zoom source, not one of javascript:',
      '<img src="k.svg" data-zoom-src="k-gross.svg" alt="K"> <img src="k.svg" data-zoom-src="javascript:alert(1)">',
      '<p><img src="k.svg" data-zoom-src="k-gross.svg" alt="K"> <img src="k.svg"></p>',
    ],
    [
      'links: https, mailto, tel and relative',
      '<a href="https://a.ch">a</a> <a href="mailto:a@b.ch">b</a> <a href="tel:+41">c</a> <a href="seite.html">d</a>',
      '<p><a href="https://a.ch">a</a> <a href="mailto:a@b.ch">b</a> <a href="tel:+41">c</a> <a href="seite.html">d</a></p>',
    ],
    [
      'an anchor with its id and a class',
      '<a id="anker"></a><div class="hinweis">x</div>',
      '<p><a id="anker"></a></p><div class="hinweis">x</div><p></p>',
    ],
    [
      'a video from https',
      '<video src="https://v.example/a.mp4" controls></video>',
      '<p><video src="https://v.example/a.mp4" controls></video></p>',
    ],
  ])('%s', (_name, markdown, expected) => {
    expect(bodyOf(markdown).trim()).toBe(expected)
  })

  it("keeps what wikigen makes itself inside an author's HTML: links, emphasis, task lists, footnotes", () => {
    const html = bodyOf('<div class="box">\n\n- [x] [[Andere Seite]] **fett**[^1]\n\n</div>\n\n[^1]: Fussnote.')
    expect(html).toContain('<div class="box">')
    expect(html).toMatch(/<input type="checkbox" checked disabled aria-labelledby="(task_\w+)"> ?<span id="\1">/)
    expect(html).toContain('<strong>fett</strong>')
    expect(html).toContain('data-footnote-ref aria-describedby="footnote-label"')
  })

  it("keeps an author's https frame, sandboxed, lazy and without referrer; YouTube's without cookies", () => {
    expect(bodyOf('<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen onload="x()"></iframe>')).toBe(
      '<iframe class="web-frame" src="https://www.youtube-nocookie.com/embed/abc" width="560" height="315" ' +
        'sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation" loading="lazy" ' +
        'referrerpolicy="no-referrer" allowfullscreen></iframe>',
    )
    expect(bodyOf('<iframe src="https://karte.example/embed?x=1" title="Karte" width="100%" height="calc(1px)"></iframe>')).toContain(
      '<iframe class="web-frame" src="https://karte.example/embed?x=1" width="100%" title="Karte" sandbox=',
    )
    // a player may ask for full screen and autoplay, never for the camera or the microphone
    expect(bodyOf('<iframe src="https://v.example/1" allow="autoplay; fullscreen; camera; microphone *"></iframe>')).toContain(
      'allow="autoplay; fullscreen"',
    )
  })

  it.each([
    ['javascript:', '<iframe src="javascript:alert(1)"></iframe>'],
    ['http without TLS', '<iframe src="http://a.example/"></iframe>'],
    ["a path of the site itself, which the sandbox's same-origin would let script the wiki", '<iframe src="/seite.html"></iframe>'],
    ['a protocol-relative address', '<iframe src="//a.example/"></iframe>'],
  ])('drops a frame of %s', (_name, markdown) => {
    expect(bodyOf(markdown)).not.toContain('<iframe')
  })

  it("turns an author's style attribute into classes of the site's sheet, keeping only what styles text and boxes", () => {
    const page = parsePage(
      {
        path: toSourcePath('Seite.md'),
        text: 'A <span style="color: Teal; position: fixed; font-weight:bold; z-index: 9; background: url(https://x.example/a.png)">b</span>',
        contentHash: 'h',
        diagnostics: [],
      },
      undefined,
      undefined,
      {},
    )
    expect(page.html).toMatch(/^<p>A <span class="k-[\w-]{7} k-[\w-]{7}">b<\/span><\/p>$/)
    expect(page.authorStyles).toEqual(['color:Teal', 'font-weight:bold'])
    expect(page.mathStyles).toBeUndefined()
  })

  it("cannot be told that an author's element is wikigen's own", () => {
    const html = bodyOf('<img src="x" data-wikigen-own="x:0" onerror="alert(1)"> **a**')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('data-wikigen-own')
  })

  it('shows a markdown link to javascript:, vbscript: or data: as its text, in any policy', () => {
    for (const rawHtml of ['safe', 'trusted'] as const) {
      expect(bodyOf('[a](javascript:alert(1)) [b](JAVASCRIPT:x) <vbscript:x> [c](data:text/html,x)', rawHtml)).toBe(
        '<p><span>a</span> <span>b</span> <span>vbscript:x</span> <span>c</span></p>',
      )
    }
  })

  it("passes raw HTML as written with markdown.rawHtml: 'trusted'", () => {
    expect(bodyOf('<img src="x" onerror="alert(1)">', 'trusted')).toBe('<img src="x" onerror="alert(1)">')
  })
})

describe('isScriptUrl', () => {
  it.each([
    ['javascript:alert(1)', true],
    ['JaVaScRiPt:alert(1)', true],
    [' \tjava\nscript:x', true],
    ['vbscript:x', true],
    ['DATA:text/html,x', true],
    ['https://example.ch', false],
    ['mailto:a@b.ch', false],
    ['/seite.html', false],
    ['ssh://host', false],
  ])('%s → %s', (url, expected) => {
    expect(isScriptUrl(url)).toBe(expected)
  })
})

describe('sanitizeHtmlText (front matter with footerHtml)', () => {
  it('keeps links and emphasis and drops scripts and handlers', () => {
    expect(sanitizeHtmlText('MIT © <a href="https://t.example" onclick="x()">Talwerk</a><script>alert(1)</script> <em>2026</em>')).toBe(
      'MIT © <a href="https://t.example">Talwerk</a> <em>2026</em>',
    )
  })
})
