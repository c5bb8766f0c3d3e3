import { describe, expect, it } from 'vitest'
import { isHashOnly, isPageUrl, isRoutableClick, isSameDocument, pathKey, type LinkClick } from '../../../src/client/route-url.js'

const current = new URL('https://wiki.test/odoo.html#module')
const plain: LinkClick = { href: '', target: '', download: false, button: 0, modified: false, defaultPrevented: false }

describe('isRoutableClick', () => {
  it.each([
    // another page of the site
    [{ href: 'https://wiki.test/odoo-hosting.html' }, true],
    // a page with a heading
    [{ href: 'https://wiki.test/odoo-hosting.html#varianten' }, true],
    // the home page and an extension-less route
    [{ href: 'https://wiki.test/' }, true],
    [{ href: 'https://wiki.test/glossary' }, true],
    // the current page without its hash: scrolls to the top like any navigation
    [{ href: 'https://wiki.test/odoo.html' }, true],
    // a pure #hash of the current page: the browser jumps natively
    [{ href: 'https://wiki.test/odoo.html#tabs' }, false],
    // same path, other query: another document
    [{ href: 'https://wiki.test/odoo.html?print=1#tabs' }, true],
    // the reader asked for a new tab or window
    [{ href: 'https://wiki.test/glossary.html', modified: true }, false],
    [{ href: 'https://wiki.test/glossary.html', button: 1 }, false],
    [{ href: 'https://wiki.test/glossary.html', target: '_blank' }, false],
    [{ href: 'https://wiki.test/glossary.html', target: '_self' }, true],
    [{ href: 'https://wiki.test/glossary.html', download: true }, false],
    // an island handled the click already
    [{ href: 'https://wiki.test/glossary.html', defaultPrevented: true }, false],
    // other sites, other schemes, files
    [{ href: 'https://example.org/odoo.html' }, false],
    [{ href: 'mailto:support@talwerk.example' }, false],
    [{ href: 'https://wiki.test/attachments/plan.pdf' }, false],
    [{ href: 'https://wiki.test/attachments/logo.svg' }, false],
    // a malformed address is left to the browser
    [{ href: 'http://[broken' }, false],
  ])('%o → %s', (click, expected) => {
    expect(isRoutableClick({ ...plain, ...click }, current)).toBe(expected)
  })
})

describe('isPageUrl', () => {
  it.each([
    ['https://wiki.test/wirkungsr%C3%A4ume.html', true],
    ['https://wiki.test/Seite.HTML', true],
    ['https://wiki.test/ordner/', true],
    ['https://wiki.test/search-index.json', false],
    ['http://wiki.test/odoo.html', false], // other origin: the scheme differs
    ['ftp://wiki.test/odoo.html', false],
  ])('%s → %s', (href, expected) => {
    expect(isPageUrl(new URL(href), current)).toBe(expected)
  })
})

describe('isSameDocument and isHashOnly', () => {
  it('ignore the hash but not the query', () => {
    expect(isSameDocument(new URL('https://wiki.test/odoo.html#a'), current)).toBe(true)
    expect(isSameDocument(new URL('https://wiki.test/odoo.html?x=1'), current)).toBe(false)
    expect(isSameDocument(new URL('https://wiki.test/odoo-hosting.html'), current)).toBe(false)
  })

  it('treats both spellings of an umlaut path as one document', () => {
    const encoded = new URL('https://wiki.test/wirkungsr%C3%A4ume.html')
    expect(isSameDocument(new URL('https://wiki.test/wirkungsr%c3%a4ume.html#raum'), encoded)).toBe(true)
  })

  it('needs a hash to be hash-only', () => {
    expect(isHashOnly(new URL('https://wiki.test/odoo.html#x'), current)).toBe(true)
    expect(isHashOnly(new URL('https://wiki.test/odoo.html'), current)).toBe(false)
  })
})

describe('pathKey', () => {
  it.each([
    // hash and query do not count (spec §4 'Progress bar')
    ['https://wiki.test/odoo.html?a=1#x', '/odoo.html'],
    // decoded, so both spellings of a path are one key
    ['https://wiki.test/wirkungsr%C3%A4ume.html', '/wirkungsräume.html'],
    ['https://wiki.test/wirkungsr%c3%a4ume.html', '/wirkungsräume.html'],
    // invalid percent-encoding stays as written
    ['https://wiki.test/100%25-%E0.html', '/100%25-%E0.html'],
  ])('%s → %s', (href, expected) => {
    expect(pathKey(new URL(href))).toBe(expected)
  })
})
