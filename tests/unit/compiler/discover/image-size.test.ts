import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { imageSizeOf } from '../../../../src/compiler/discover/image-size.js'

function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(25)
  header.writeUInt32BE(0x89504e47, 0)
  header.writeUInt32BE(0x0d0a1a0a, 4)
  header.writeUInt32BE(13, 8)
  header.write('IHDR', 12, 'latin1')
  header.writeUInt32BE(width, 16)
  header.writeUInt32BE(height, 20)
  return Buffer.concat([header, deflateSync(Buffer.alloc(1))])
}

/** A JPEG of 320 × 200 pixels as stored, with an EXIF orientation (6: a phone photo taken upright, stored on its side). */
function jpeg(orientation: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0])
  const app1 = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const length = Buffer.alloc(2)
  length.writeUInt16BE(app1.length + 2)
  const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x40, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), length, app1, Buffer.from(frame), Buffer.from([0xff, 0xd9])])
}

describe('imageSizeOf', () => {
  it('gives a photo turned by its EXIF orientation the size it is shown at', () => {
    expect(imageSizeOf(jpeg(1))).toEqual({ width: 320, height: 200 })
    expect(imageSizeOf(jpeg(3))).toEqual({ width: 320, height: 200 })
    expect(imageSizeOf(jpeg(6))).toEqual({ width: 200, height: 320 })
    expect(imageSizeOf(jpeg(8))).toEqual({ width: 200, height: 320 })
  })

  it.each([
    ['a PNG header', png(320, 200), { width: 320, height: 200 }],
    ['a GIF header', Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0xc8, 0x00]), { width: 320, height: 200 }],
    [
      'an SVG with width and height',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"></svg>'),
      { width: 64, height: 32 },
    ],
    [
      'an SVG with only a viewBox',
      Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 232 64" xmlns="http://www.w3.org/2000/svg"/>'),
      { width: 232, height: 64 },
    ],
    ['an SVG with a width and a viewBox', Buffer.from('<svg width="116" viewBox="0 0 232 64"/>'), { width: 116, height: 32 }],
    [
      'a JPEG start-of-frame',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x01, 0x40, 0x03]),
      { width: 320, height: 200 },
    ],
  ])('reads %s', (_name, bytes, size) => {
    expect(imageSizeOf(bytes)).toEqual(size)
  })

  it('gives nothing for text that is no image', () => {
    expect(imageSizeOf(Buffer.from('Hallo Welt'))).toBeUndefined()
  })
})
