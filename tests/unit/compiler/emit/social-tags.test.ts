import { describe, expect, it } from 'vitest'
import { breadcrumbJsonLd, canonicalUrl, hasOwnCanonical, socialTags } from '../../../../src/compiler/emit/social-tags.js'

describe('breadcrumbJsonLd', () => {
  const page = { title: 'Backup', href: '/wiki/backup.html' }

  it('lists the linked steps and the page, absolute with an origin', () => {
    const [tag, attributes, json] = breadcrumbJsonLd(
      [{ text: 'Home', href: '/wiki/' }, { text: 'Server' }, { text: 'Anleitungen', href: '/wiki/anleitungen.html' }],
      page,
      'https://wiki.example',
    )!
    expect([tag, attributes]).toEqual(['script', { type: 'application/ld+json' }])
    expect(JSON.parse(json!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://wiki.example/wiki/' },
        { '@type': 'ListItem', position: 2, name: 'Anleitungen', item: 'https://wiki.example/wiki/anleitungen.html' },
        { '@type': 'ListItem', position: 3, name: 'Backup', item: 'https://wiki.example/wiki/backup.html' },
      ],
    })
  })

  it('is none when only Home links somewhere', () => {
    expect(breadcrumbJsonLd([{ text: 'Home', href: '/' }, { text: 'Ordner' }], page)).toBeUndefined()
    expect(breadcrumbJsonLd([{ text: 'Home', href: '/' }], page)).toBeUndefined()
  })

  it('writes no "<" a title could close the script with', () => {
    const json = breadcrumbJsonLd(
      [
        { text: 'Home', href: '/' },
        { text: '<b>', href: '/b.html' },
      ],
      { title: '</script>', href: '/x.html' },
    )![2]!
    expect(json).not.toContain('<')
    expect(JSON.parse(json).itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', '<b>', '</script>'])
  })
})

describe('canonical URLs', () => {
  it('are the origin and the route', () => {
    expect(canonicalUrl('https://wiki.example', '/wiki/')).toBe('https://wiki.example/wiki/')
  })

  it("knows a page's own canonical in its head", () => {
    expect(hasOwnCanonical([['link', { rel: 'Canonical', href: 'https://x.example/' }]])).toBe(true)
    expect(hasOwnCanonical([['link', { rel: 'stylesheet', href: '/a.css' }]])).toBe(false)
  })

  it('go into og:url only with an origin, and a picture makes the large card', () => {
    const tags = socialTags({ title: 'T', description: '', siteTitle: 'S', href: '/t.html', type: 'article', image: '/b.png' })
    expect(tags.some(([, a]) => a.property === 'og:url')).toBe(false)
    expect(tags).toContainEqual(['meta', { name: 'twitter:card', content: 'summary_large_image' }])
  })
})
