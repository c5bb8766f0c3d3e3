import { describe, expect, it } from 'vitest'
import { closestPage, editsAllowedFor } from '../../../src/shared/search/closest-page.js'

const pages = [
  { path: '/', title: 'Testwiki' },
  { path: '/odoo.html', title: 'Odoo' },
  { path: '/odoo-hosting.html', title: 'Odoo Hosting' },
  { path: '/wirkungsr%C3%A4ume.html', title: 'Wirkungsräume' },
  { path: '/wartung-mailserver.html', title: 'Wartung Mailserver' },
  { path: '/git.html', title: 'Git' },
  { path: '/404.html', title: '' },
]
const pathOf = (requested: string, base = '/', list = pages) => closestPage(requested, list, base)?.path

describe('closestPage', () => {
  it('finds the page of a differently cased address first', () => {
    expect(pathOf('/Odoo-Hosting.html')).toBe('/odoo-hosting.html')
    expect(pathOf('/ODOO.html')).toBe('/odoo.html')
    // an exact match wins over a nearer-looking one earlier in the list
    expect(pathOf('/Odoo.HTML')).toBe('/odoo.html')
  })

  it('reads percent-encoded and plain umlauts alike', () => {
    expect(pathOf('/Wirkungsr%C3%A4ume.html')).toBe('/wirkungsr%C3%A4ume.html')
    expect(pathOf('/Wirkungsräume.html')).toBe('/wirkungsr%C3%A4ume.html')
    // NFD, as a Mac may send it
    expect(pathOf('/wirkungsra\u0308ume.html')).toBe('/wirkungsr%C3%A4ume.html')
  })

  it('takes spaces and underscores for hyphens, and an address without .html', () => {
    expect(pathOf('/Odoo%20Hosting.html')).toBe('/odoo-hosting.html')
    expect(pathOf('/odoo_hosting')).toBe('/odoo-hosting.html')
    expect(pathOf('/odoo-hosting/')).toBe('/odoo-hosting.html')
  })

  it('finds the nearest page of a mistyped address', () => {
    expect(pathOf('/odoo-hostnig.html')).toBe('/odoo-hosting.html') // two letters swapped
    expect(pathOf('/odoo-hostin.html')).toBe('/odoo-hosting.html') // one missing
    expect(pathOf('/wartung-mailsever.html')).toBe('/wartung-mailserver.html')
    expect(pathOf('/gti.html')).toBe('/git.html')
  })

  it('finds a page under a folder the site does not have by its last part', () => {
    expect(pathOf('/team/odoo-hosting.html')).toBe('/odoo-hosting.html')
    expect(pathOf('/alt/odoo-hostnig.html')).toBe('/odoo-hosting.html')
  })

  it('suggests nothing for an address far from every page', () => {
    expect(pathOf('/gibt-es-nicht.html')).toBeUndefined()
    expect(pathOf('/xyz.html')).toBeUndefined()
    expect(pathOf('/kubernetes.html')).toBeUndefined()
  })

  it('never suggests the 404 page, the home page or the address asked for itself', () => {
    expect(pathOf('/404.html')).toBeUndefined()
    expect(pathOf('/405.html')).toBeUndefined()
    expect(pathOf('/x.html')).toBeUndefined()
    expect(pathOf('/')).toBeUndefined()
    // a page that is in the index but answered 404 (the index of an older build) is not offered back
    expect(pathOf('/odoo.html', '/', [{ path: '/odoo.html', title: 'Odoo' }])).toBeUndefined()
  })

  it('works below a base path and ignores addresses outside it', () => {
    const based = pages.map((p) => ({ ...p, path: `/wiki${p.path}` }))
    expect(pathOf('/wiki/Odoo-Hosting.html', '/wiki/', based)).toBe('/wiki/odoo-hosting.html')
    expect(pathOf('/wiki/odoo-hostnig.html', '/wiki/', based)).toBe('/wiki/odoo-hosting.html')
    expect(pathOf('/odoo-hosting.html', '/wiki/', based)).toBeUndefined()
  })

  it('does not throw on a malformed escape', () => {
    expect(pathOf('/odoo%E0%A4%A.html')).toBeUndefined()
  })

  it('allows more edits for longer addresses', () => {
    expect([editsAllowedFor('git'), editsAllowedFor('odoo-hosting'), editsAllowedFor('wartung-mailserver')]).toEqual([1, 3, 3])
    expect(editsAllowedFor('hosting')).toBe(2)
  })
})
