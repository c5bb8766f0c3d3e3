import { describe, expect, it } from 'vitest'
import { playerUrl } from '../../../src/client/youtube-chunk.js'

/** A placeholder as the build writes it, reduced to what the player reads. */
const holder = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement

describe("the YouTube player's address", () => {
  it.each([
    [{ youtube: 'M7lc1UVf-VE' }, 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1'],
    [{ youtube: 'M7lc1UVf-VE', youtubeStart: '42' }, 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1&start=42'],
    // only an id as YouTube makes them reaches the address: nothing else can be slipped into it
    [{ youtube: 'x/../../evil' }, undefined],
    [{}, undefined],
  ])('of %o is %s', (dataset, url) => {
    expect(playerUrl(holder(dataset))).toBe(url)
  })
})
