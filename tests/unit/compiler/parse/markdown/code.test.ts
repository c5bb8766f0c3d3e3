import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { describe, expect, it } from 'vitest'
import { parsePage } from '../../../../../src/compiler/parse/parse-page.js'
import { toSourcePath } from '../../../../../src/compiler/paths.js'
import { formatLocation } from '../../../../../src/compiler/diagnostics.js'
import { splitLines } from '../../../../../src/compiler/parse/markdown/code/lines.js'

const page = (text: string) => parsePage({ path: toSourcePath('Ops/Server.md'), text, contentHash: 'h', diagnostics: [] })
const fence = (info: string, code: string) => `Text\n\n\`\`\`${info}\n${code}\n\`\`\`\n`
/** The token classes of the first code block, with the text each covers. */
const tokens = (html: string) => [...html.matchAll(/<span class="hljs-([\w-]+)[^"]*">([^<]*)/g)].map(([, kind, text]) => `${kind}:${text}`)

describe('highlighting for the languages teams write about', () => {
  it.each([
    ['dockerfile', 'FROM node:22-alpine\nRUN npm ci', 'keyword:FROM'],
    ['docker', 'FROM debian', 'keyword:FROM'],
    ['nginx', 'server {\n  listen 443 ssl;\n}', 'attribute:listen'],
    ['powershell', 'Get-Service -Name wuauserv', 'built_in:Get-Service'],
    ['ps1', '$dienst = "x"', 'variable:$dienst'],
    ['pwsh', '$dienst = "x"', 'variable:$dienst'],
    ['hcl', 'resource "aws_instance" "web" {\n  ami = "ami-1"\n}', 'keyword:resource'],
    ['terraform', 'variable "region" {\n  default = "eu-central-2"\n}', 'attr:default'],
    ['tf', 'locals {\n  n = max(1, 2)\n}', 'built_in:max'],
    ['toml', '[server]\nport = 8080', 'section:[server]'],
    ['ini', '[Unit]\nDescription=Wiki', 'attr:Description'],
    ['conf', '[Service]\nRestart=always', 'section:[Service]'],
    ['diff', '-alt\n+neu', 'addition:+neu'],
    ['jinja', '{{ nutzer.name | upper }}', 'template-variable:{{ nutzer.name | upper }}'],
    ['j2', '{% if aktiv %}ja{% endif %}', 'name:if'],
    ['caddyfile', 'wiki.talwerk.ch {\n  reverse_proxy localhost:8080\n}', 'section:wiki.talwerk.ch'],
    ['caddy', 'example.org {\n  @api path /api/*\n}', 'symbol:@api'],
    ['http', 'GET /api/seiten HTTP/1.1\nHost: wiki', 'attribute:Host'],
    ['yml', 'name: wiki', 'attr:name:'],
    ['sh', 'echo hallo', 'built_in:echo'],
    ['shell', 'echo hallo', 'built_in:echo'],
    ['console', '$ npm run build', 'meta:$ '],
    ['python', 'def bau(): pass', 'keyword:def'],
    ['sql', 'SELECT 1', 'keyword:SELECT'],
    ['xml', '<seite/>', 'name:seite'],
  ])('%s', (lang, code, token) => {
    const { html, diagnostics } = page(fence(lang, code))
    expect(tokens(html)).toContain(token)
    expect(diagnostics).toEqual([])
  })

  it('highlights every language the wiki content uses', () => {
    // the fences of content/ (bash, yaml, ini, python, markdown, xml, json, nginx, javascript, sql, hcl, dockerfile, toml, powershell, http)
    for (const lang of [
      'bash',
      'yaml',
      'ini',
      'python',
      'markdown',
      'xml',
      'json',
      'nginx',
      'javascript',
      'sql',
      'hcl',
      'dockerfile',
      'toml',
      'powershell',
      'http',
    ]) {
      const { html, diagnostics } = page(fence(lang, 'a = "b" # c'))
      expect(html, lang).toContain('class="hljs"')
      expect(diagnostics, lang).toEqual([])
    }
  })

  it('shows text, txt and plain as written, without colours and without a warning', () => {
    for (const lang of ['text', 'txt', 'plain', '']) {
      const { html, diagnostics } = page(fence(lang, 'echo "x"'))
      expect(html).toContain('<pre><code>echo "x"</code></pre>')
      expect(diagnostics).toEqual([])
    }
  })
})

describe('an unknown language', () => {
  it('is a warning at the fence that lists the known languages and suggests the closest', () => {
    const { html, diagnostics } = page('# Server\n\nText\n\n  ```yamll\n  a: 1\n  ```\n')
    expect(html).toContain('<div class="language-yamll" data-ext="yamll"><pre><code>a: 1</code></pre></div>')
    expect(diagnostics).toHaveLength(1)
    const [warning] = diagnostics
    expect(warning.severity).toBe('warning')
    expect(formatLocation(warning)).toBe('Ops/Server.md:5:3')
    expect(warning.message).toBe('Unknown code language "yamll"; the block is shown without highlighting')
    expect(warning.hint).toMatch(
      /^Did you mean "yaml"\? Known languages: .*\bbash\b.*\bcaddyfile\b.*\bdockerfile\b.*\bhcl\b.*\bnginx\b.*\bpowershell\b.*\btext\b.*\byaml\b/,
    )
  })
})

describe('line highlighting and line numbers', () => {
  it('marks the lines named in braces, keeping a token that spans lines whole on each line', () => {
    const { html } = page(fence('js {2,4-5}', '/* eins\nzwei */\ndrei\nvier\nfünf\nsechs'))
    const lines = [...html.matchAll(/<span class="(line[^"]*)">(.*?)<\/span>(?=\n|<\/code>)/g)]
    expect(lines.map(([, cls]) => cls)).toEqual(['line', 'line highlighted', 'line', 'line highlighted', 'line highlighted', 'line'])
    expect(lines[0][2]).toBe('<span class="hljs-comment">/* eins</span>')
    expect(lines[1][2]).toBe('<span class="hljs-comment">zwei */</span>')
  })

  it('reads braces directly after the language and after line-number switches, as VuePress does', () => {
    expect(page(fence('ts{1}', 'a\nb')).html).toContain('<span class="line highlighted">a</span>\n<span class="line">b</span>')
    expect(page(fence('ts:line-numbers {2}', 'a\nb')).html).toContain(
      '<span class="line" data-n="1">a</span>\n<span class="line highlighted" data-n="2">b</span>',
    )
  })

  it('keeps the code text as it was, so the copy button copies the code', () => {
    const code = 'resource "x" "y" {\n  a = <<EOT\n  z\nEOT\n}'
    const { html } = page(fence('hcl {1-5}', code))
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;/g, '<')
      .replace(/&#x26;/g, '&')
    expect(text).toContain(code)
  })

  it('numbers the lines with :line-numbers, from where :line-numbers=N says, outside the code text', () => {
    const numbers = (html: string) => [...html.matchAll(/<span class="line" data-n="(\d+)">/g)].map(([, n]) => Number(n))
    const plain = page(fence('yaml:line-numbers', 'a: 1\nb: 2\nc: 3')).html
    expect(plain).toContain('class="language-yaml line-numbers-mode"')
    expect(numbers(plain)).toEqual([1, 2, 3])
    expect(plain.replace(/<[^>]+>/g, '')).toContain('a: 1\nb: 2\nc: 3')
    expect(numbers(page(fence('yaml:line-numbers=10', 'a: 1\nb: 2')).html)).toEqual([10, 11])
    expect(page(fence('yaml:no-line-numbers', 'a: 1')).html).not.toMatch(/line-numbers|data-n/)
    expect(page(fence('yaml', 'a: 1')).html).not.toMatch(/line-numbers|data-n/)
  })

  it('warns about lines to highlight that the block does not have', () => {
    const { diagnostics } = page(fence('bash {2,5-7}', 'eins\nzwei'))
    expect(diagnostics.map((d) => [formatLocation(d), d.message])).toEqual([
      ['Ops/Server.md:3:1', 'Lines to highlight are outside the block: 5-7 (it has 2 lines)'],
    ])
  })
})

describe('splitting highlighted code into lines', () => {
  it('closes the tokens open at a line end and opens them again, nested, on the next line', () => {
    const span = (cls: string, children: ElementContent[]): Element => ({
      type: 'element',
      tagName: 'span',
      properties: { className: [cls] },
      children,
    })
    const lines = splitLines([
      { type: 'text', value: 'a = ' },
      span('hljs-string', [
        { type: 'text', value: '<<EOT\nhallo ' },
        span('hljs-subst', [{ type: 'text', value: '${x}\ny' }]),
        { type: 'text', value: '\nEOT' },
      ]),
      { type: 'text', value: '\n' },
    ])
    expect(lines.map((content) => toHtml(content))).toEqual([
      'a = <span class="hljs-string">&#x3C;&#x3C;EOT</span>',
      '<span class="hljs-string">hallo <span class="hljs-subst">${x}</span></span>',
      '<span class="hljs-string"><span class="hljs-subst">y</span></span>',
      '<span class="hljs-string">EOT</span>',
      '',
    ])
  })
})
