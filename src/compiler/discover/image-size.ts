/**
 * Width and height of local images as a browser shows them, read from their headers with the `image-size` package,
 * so pages reserve the space before the image loads (no layout shift). A photo that a phone stored on its side with an
 * EXIF orientation of 5 to 8 (turned by 90°) is shown turned, so its width and height trade places. Formats a browser
 * shows: PNG, GIF, JPEG, WebP, AVIF and SVG (width/height or viewBox); anything else gives nothing.
 */
import { closeSync, openSync, readSync } from 'node:fs'
import { imageSize } from 'image-size'

export interface ImageSize {
  width: number
  height: number
}

const HEAD_BYTES = 64 * 1024
const shared = Buffer.alloc(HEAD_BYTES)

/** File names whose sizes can be read. */
export const IMAGE_FILE = /\.(png|gif|jpe?g|webp|avif|svg)$/i

/** Reads the size of an image file; undefined when it cannot be told. */
export function readImageSize(file: string): ImageSize | undefined {
  let buffer: Buffer
  try {
    const fd = openSync(file, 'r')
    try {
      // one buffer for every read: discovery reads the header of each image of the content folder
      buffer = shared.subarray(0, readSync(fd, shared, 0, HEAD_BYTES, 0))
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
  return imageSizeOf(buffer)
}

/** EXIF orientations that turn the image by 90° one way or the other (5 to 8). */
const TURNED = new Set([5, 6, 7, 8])

/** The displayed size encoded in the first bytes of an image. */
export function imageSizeOf(bytes: Uint8Array): ImageSize | undefined {
  let found: ReturnType<typeof imageSize>
  try {
    found = imageSize(bytes)
  } catch {
    // not an image the package knows, or its header lies beyond the bytes read
    return undefined
  }
  const { width, height, orientation } = found
  if (!width || !height) return undefined
  return orientation !== undefined && TURNED.has(orientation) ? { width: height, height: width } : { width, height }
}
