import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createServedCsp, headScriptsOf, recommendedCsp } from '../../../src/cli/csp.js'
import { tempDir } from '../../integration/helpers.js'

/** The script-src and connect-src directives of a policy. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split('; ')
      .map((directive) => directive.split(' '))
      .filter(([name]) => name === 'script-src' || name === 'connect-src')
      .map(([name, ...values]) => [name, values]),
  )

describe('the recommended Content-Security-Policy', () => {
  it("takes scripts only from the client's folder", () => {
    expect(directives(recommendedCsp('https://wiki.example.com/_wikigen/'))).toEqual({
      'script-src': ['https://wiki.example.com/_wikigen/'],
      'connect-src': ["'self'"],
    })
  })

  it("adds the owner's scripts: an analytics host may also be sent the visits, a site path is a URL on the site", () => {
    const policy = recommendedCsp(
      'http://localhost:8080/_wikigen/',
      {
        scripts: [
          'https://stats.example.com/js/script.js',
          '/js/extra.js',
          'relativ.js',
          "https://x.example.com/a.js; script-src 'unsafe-inline'",
        ],
      },
      'http://localhost:8080',
    )
    expect(directives(policy)).toEqual({
      'script-src': ['http://localhost:8080/_wikigen/', 'https://stats.example.com/js/script.js', 'http://localhost:8080/js/extra.js'],
      'connect-src': ["'self'", 'https://stats.example.com'],
    })
  })
})

describe('frames under the recommended policy', () => {
  it("allow the site itself (embedded PDFs) and YouTube's cookie-less player, and the policy stays as strict otherwise", () => {
    expect(recommendedCsp('https://wiki.example.com/_wikigen/')).toBe(
      "default-src 'self'; script-src https://wiki.example.com/_wikigen/; style-src 'self'; img-src 'self' data: https:; media-src 'self' https:; font-src 'self'; " +
        "connect-src 'self'; frame-src 'self' https://www.youtube-nocookie.com https:; object-src 'none'; base-uri 'self'; " +
        "form-action 'self'; frame-ancestors 'self'",
    )
  })
})

describe('the policy wikigen serve sends', () => {
  const site = (head: string, base = '/') => {
    const dir = tempDir('wikigen-csp-')
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'index.html'),
      `<!DOCTYPE html><html><head>${head}<script src="${base}_wikigen/head-1234ABCD.js"></script></head><body><script src="/body.js"></script></body></html>`,
    )
    return dir
  }

  it("reads the scripts of the start page's head that are not the client's, never those of its body", () => {
    const dir = site('<script defer data-domain="wiki.example.com" src="https://stats.example.com/js/script.js"></script>')
    expect(headScriptsOf(dir, '/')).toEqual({ scripts: ['https://stats.example.com/js/script.js'] })
  })

  it('names the host the browser asked for, and leaves a Host that is no host name out of the header', () => {
    const csp = createServedCsp(site('', '/wiki/'), '/wiki/')
    expect(csp('localhost:4173')).toContain('script-src http://localhost:4173/wiki/_wikigen/;')
    expect(csp('[::1]:4173')).toContain('script-src http://[::1]:4173/wiki/_wikigen/;')
    expect(csp("evil; script-src 'unsafe-inline'")).toContain("script-src 'self';")
    expect(csp(undefined)).toContain("script-src 'self';")
  })
})
