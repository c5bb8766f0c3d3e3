/**
 * Width and height of local images, read from their headers, so pages reserve the space before the image
 * loads (no layout shift). PNG, GIF, JPEG, WebP and SVG (width/height or viewBox); anything else gives nothing.
 */
import { closeSync, openSync, readSync } from 'node:fs'

export interface ImageSize {
  width: number
  height: number
}

const HEAD_BYTES = 64 * 1024
const shared = Buffer.alloc(HEAD_BYTES)

/** File names whose sizes can be read. */
export const IMAGE_FILE = /\.(png|gif|jpe?g|webp|svg)$/i

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

/** The size encoded in the first bytes of an image. */
export function imageSizeOf(bytes: Buffer): ImageSize | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return webpSize(bytes)
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes)
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, 4096))
  if (/<svg[\s>]/i.test(text)) return svgSize(text)
  return undefined
}

function jpegSize(bytes: Buffer): ImageSize | undefined {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1]
    const length = bytes.readUInt16BE(offset + 2)
    // start-of-frame markers carry the size; 0xC4, 0xC8 and 0xCC are not frames
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + length
  }
  return undefined
}

function webpSize(bytes: Buffer): ImageSize | undefined {
  const kind = bytes.toString('latin1', 12, 16)
  if (kind === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  if (kind === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  if (kind === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  return undefined
}

function svgSize(text: string): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0] ?? ''
  const number = (name: string) => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag)
    return value ? Number(value[1]) : undefined
  }
  const width = number('width')
  const height = number('height')
  if (width && height) return { width: Math.round(width), height: Math.round(height) }
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(tag)
  if (!box) return undefined
  const [w, h] = [Number(box[1]), Number(box[2])]
  if (width) return { width: Math.round(width), height: Math.round((width * h) / w) }
  return { width: Math.round(w), height: Math.round(h) }
}
