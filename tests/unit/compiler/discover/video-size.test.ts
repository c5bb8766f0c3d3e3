import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ebmlVideoInfo, readVideoInfo } from '../../../../src/compiler/discover/video-size.js'
import { mp4File, webmFile } from '../../../fixtures/media-files.js'
import { tempDir } from '../../../integration/helpers.js'

/** `bytes` as a file named `name` in a new folder. */
function fileOf(name: string, bytes: Buffer): string {
  const path = join(tempDir('wikigen-video-'), name)
  writeFileSync(path, bytes)
  return path
}

describe('readVideoInfo', () => {
  it.each([
    ['an MP4 whose movie box comes first', 'clip.mp4', mp4File({ width: 640, height: 360 }), { width: 640, height: 360 }],
    // a camera writes the movie box after the media data: found by walking the boxes, not by reading the whole file
    [
      'an MP4 whose movie box comes after 3 MB of media data',
      'kamera.mp4',
      mp4File({ width: 1920, height: 1080, moovAtEnd: true, mediaBytes: 3 << 20 }),
      { width: 1920, height: 1080 },
    ],
    [
      'a QuickTime file shot upright (turned by its matrix)',
      'hochkant.mov',
      mp4File({ width: 1280, height: 720, turned: true }),
      { width: 720, height: 1280 },
    ],
    ['an MP4 with only a sound track', 'ton.mp4', mp4File({ width: 0, height: 0, audioOnly: true }), 'audio'],
    ['a WebM recording', 'aufnahme.webm', webmFile({ width: 320, height: 180 }), { width: 320, height: 180 }],
    ['a WebM with only a sound track', 'ton.webm', webmFile('audio'), 'audio'],
  ])('reads %s', (_name, file, bytes, info) => {
    expect(readVideoInfo(fileOf(file, bytes))).toEqual(info)
  })

  it('gives nothing for a file that is no such container, a cut-off one, or one that is gone', () => {
    expect(readVideoInfo(fileOf('text.mp4', Buffer.from('not a video at all')))).toBeUndefined()
    expect(readVideoInfo(fileOf('kurz.mp4', mp4File({ width: 640, height: 360 }).subarray(0, 60)))).toBeUndefined()
    expect(readVideoInfo(fileOf('text.webm', Buffer.from('no EBML here')))).toBeUndefined()
    expect(readVideoInfo(join(tempDir('wikigen-video-'), 'fehlt.mp4'))).toBeUndefined()
  })

  it('gives nothing for a WebM cut off before its tracks', () => {
    const whole = webmFile({ width: 320, height: 180 })
    expect(ebmlVideoInfo(whole.subarray(0, 40))).toBeUndefined()
    expect(ebmlVideoInfo(Buffer.alloc(0))).toBeUndefined()
  })
})
