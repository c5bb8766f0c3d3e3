import { describe, expect, it } from 'vitest'
import { refreshTarget } from '../../../src/client/refresh-target.js'

const base = new URL('https://wiki.test/alt/navigation.html')

describe('refreshTarget', () => {
  it.each([
    // what templates/redirect.html writes
    ['0; url=/navigation.html', 'https://wiki.test/navigation.html'],
    // upper case, no space, quotes
    ["0;URL='/a b.html'", 'https://wiki.test/a%20b.html'],
    ['0; url="/wirkungsräume.html"', 'https://wiki.test/wirkungsr%C3%A4ume.html'],
    // relative to the redirect page
    ['0; url=../odoo.html', 'https://wiki.test/odoo.html'],
    // the url= keyword is optional in HTML
    ['3, /odoo.html', 'https://wiki.test/odoo.html'],
  ])('%s → %s', (content, expected) => {
    expect(refreshTarget(content, base)?.href).toBe(expected)
  })

  it.each([
    // a reload timer without a target
    ['5'],
    ['0; url='],
    [''],
  ])('%j is no redirect', (content) => {
    expect(refreshTarget(content, base)).toBeUndefined()
  })
})
