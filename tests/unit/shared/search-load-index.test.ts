import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSearchIndexes, getLoadedSearchIndex, isSearchIndexEntry, loadSearchIndex } from '../../../src/shared/search/load-index.js'

const page = {
  title: 'Odoo',
  headers: [{ level: 2, title: 'Module', slug: 'module', link: '#module', children: [] }],
  path: '/odoo.html',
  pathLocale: '/',
  extraFields: [],
}

function respondWith(...responses: (() => Promise<Response>)[]) {
  const fetch = vi.fn<(input: string) => Promise<Response>>()
  for (const response of responses) fetch.mockImplementationOnce(response)
  vi.stubGlobal('fetch', fetch)
  return fetch
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }))

afterEach(() => {
  forgetSearchIndexes()
  vi.unstubAllGlobals()
})

describe('loadSearchIndex', () => {
  it('fetches the index once, however often and however soon it is asked for', async () => {
    const fetch = respondWith(json([page]))
    const [a, b] = await Promise.all([loadSearchIndex('/search-index.json'), loadSearchIndex('/search-index.json')])
    expect(a).toEqual([page])
    expect(b).toBe(a)
    expect(await loadSearchIndex('/search-index.json')).toBe(a)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('keeps the arrived index for synchronous use, and nothing before it arrived', async () => {
    respondWith(json([page]))
    expect(getLoadedSearchIndex('/search-index.json')).toBeUndefined()
    const index = await loadSearchIndex('/search-index.json')
    expect(getLoadedSearchIndex('/search-index.json')).toBe(index)
  })

  it('forgets a failed fetch, so the next focus tries again', async () => {
    const fetch = respondWith(json('not found', 404), () => Promise.reject(new TypeError('offline')), json([page]))
    await expect(loadSearchIndex('/search-index.json')).rejects.toThrow('HTTP 404')
    await expect(loadSearchIndex('/search-index.json')).rejects.toThrow('offline')
    expect(await loadSearchIndex('/search-index.json')).toEqual([page])
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('rejects a response that is not a list, and leaves out entries of the wrong shape', async () => {
    respondWith(json({ pages: [] }), json([page, { title: 'Ohne Pfad', headers: [] }, null]))
    await expect(loadSearchIndex('/search-index.json')).rejects.toThrow('not a list of pages')
    expect(await loadSearchIndex('/search-index.json')).toEqual([page])
  })
})

describe('isSearchIndexEntry', () => {
  it.each([
    [page, true],
    [{ ...page, title: '' }, true], // the 404 page has an empty title
    [{ ...page, headers: [{ title: 'A', slug: 'a' }] }, false], // a heading without children
    [{ ...page, extraFields: [1] }, false],
    [{ ...page, pathLocale: undefined }, false],
    ['odoo', false],
  ])('%j → %s', (value, expected) => {
    expect(isSearchIndexEntry(value)).toBe(expected)
  })
})
