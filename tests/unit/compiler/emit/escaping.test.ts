import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../../src/compiler/config/config.js'
import { createRenderJobs, renderJob } from '../../../../src/compiler/emit/page-routes.js'
import { linkSite } from '../../../../src/compiler/link/link-site.js'
import { compile } from '../page-fixtures.js'

function render(text: string, path = 'Seite.md') {
  const page = compile(path, text)
  const site = linkSite([page], [], resolveConfig({ site: { title: 'Wiki' } }))
  const { jobs } = createRenderJobs(site, { git: new Map(), assets: { styles: [] } })
  return renderJob(jobs[0], () => page.html)
}

describe('front-matter values end up escaped', () => {
  it('keeps a title that tries to close <title> harmless, in the head and in the page', () => {
    const html = render('---\ntitle: "</title><script>alert(1)</script>"\ndescription: "\\"><script>alert(2)</script>"\n---\nText\n')
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Wiki</title>')
    expect(html).toContain('<meta name="description" content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;">')
  })

  it('escapes hero, feature and footer texts on the home page, unless footerHtml asks for HTML', () => {
    const html = render(
      '---\nhome: true\nheroText: "<img src=x onerror=alert(1)>"\ntagline: "<b>x</b>"\nfeatures:\n  - title: "<i>f</i>"\n    details: "<u>d</u>"\nfooter: "<script>x</script>"\n---\n',
      'index.md',
    )
    expect(html).not.toMatch(/<img src=x|<b>x<\/b>|<i>f<\/i>|<u>d<\/u>|<script>x/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('drops head tags and attributes with invalid names and escapes their values', () => {
    const html = render(
      '---\nhead:\n  - [meta, { name: x, content: "\\"><script>1</script>" }]\n  - ["bad tag", { a: b }]\n  - [meta, { "on load=": x }]\n---\n',
    )
    expect(html).toContain('<meta name="x" content="&quot;&gt;&lt;script&gt;1&lt;/script&gt;">')
    expect(html).not.toContain('bad tag')
    expect(html).not.toContain('on load')
  })
})
