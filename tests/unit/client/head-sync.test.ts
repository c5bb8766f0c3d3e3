import { describe, expect, it } from 'vitest'
import { isPageTag, planHeadUpdate } from '../../../src/client/head-sync.js'

const style = '<link rel="stylesheet" href="/assets/style.css">'
const descriptionA = '<meta name="description" content="A">'
const descriptionB = '<meta name="description" content="B">'
const keywords = '<meta name="keywords" content="navigation">'

describe('planHeadUpdate', () => {
  it('keeps tags both pages share and swaps the ones that differ', () => {
    expect(planHeadUpdate([descriptionA, style], [descriptionB, style])).toEqual({ remove: [0], add: [0] })
  })

  it('adds the tags only the next page has and removes the ones only the current page has', () => {
    expect(planHeadUpdate([style], [style, keywords])).toEqual({ remove: [], add: [1] })
    expect(planHeadUpdate([style, keywords], [style])).toEqual({ remove: [1], add: [] })
  })

  it('matches duplicates one to one', () => {
    expect(planHeadUpdate([keywords, keywords], [keywords])).toEqual({ remove: [1], add: [] })
    expect(planHeadUpdate([keywords], [keywords, keywords])).toEqual({ remove: [], add: [1] })
  })

  it('changes nothing between pages with the same head', () => {
    expect(planHeadUpdate([descriptionA, style], [descriptionA, style])).toEqual({ remove: [], add: [] })
  })
})

describe('isPageTag', () => {
  const tag = (localName: string, type?: string) => ({
    localName,
    getAttribute: (name: string) => (name === 'type' ? (type ?? null) : null),
  })

  it("swaps a page's meta and link tags and its JSON-LD data, never a script that runs or the title", () => {
    expect(isPageTag(tag('meta'))).toBe(true)
    expect(isPageTag(tag('link'))).toBe(true)
    expect(isPageTag(tag('script', 'application/ld+json'))).toBe(true)
    expect(isPageTag(tag('script', 'module'))).toBe(false)
    expect(isPageTag(tag('script'))).toBe(false)
    expect(isPageTag(tag('title'))).toBe(false)
  })
})
