/**
 * Width and height of local videos, read from their container while discovering, so a page reserves the player's box
 * before the video loads (no layout shift), as image-size.ts does for images. A few small reads per file, never the
 * media data:
 *
 *     .mp4, .m4v, .mov   the track header ('tkhd') of the first track with a picture; a track turned by 90° swaps
 *                        width and height. The boxes are walked by their sizes, since the movie box ('moov') often
 *                        comes after the media data, at the end of the file.
 *     .webm, .mkv        the first video track's DisplayWidth/DisplayHeight, else PixelWidth/PixelHeight, from the
 *                        first 64 KiB (a muxer writes the tracks before the first cluster).
 *
 * A file whose tracks have no picture (an audio-only .webm or .mp4) gives 'audio': it is shown as an audio player.
 * Anything else (an .ogv, a damaged file) gives nothing, and the page reserves a 16:9 box.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import type { ImageSize } from './image-size.js'

/** A video's display size, or 'audio' for a container without a picture track. */
export type VideoInfo = ImageSize | 'audio'

/** File names whose container this module reads. */
export const VIDEO_HEADER_FILE = /\.(mp4|m4v|mov|webm|mkv)$/i

const EBML_HEAD_BYTES = 64 * 1024
/** Top-level boxes looked at before giving up: a real file has a handful (ftyp, free, mdat, moov, …). */
const MAX_TOP_BOXES = 64
/** Children of moov or trak looked at: tracks and their headers come first, this only bounds a damaged file. */
const MAX_CHILD_BOXES = 256

/** Reads what `file`'s header says about its picture; undefined when it cannot be told. */
export function readVideoInfo(file: string): VideoInfo | undefined {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return undefined
  }
  try {
    const size = fstatSync(fd).size
    const read = (position: number, length: number): Buffer => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)))
      return buffer.subarray(0, buffer.length === 0 ? 0 : readSync(fd, buffer, 0, buffer.length, position))
    }
    return /\.(webm|mkv)$/i.test(file) ? ebmlVideoInfo(read(0, EBML_HEAD_BYTES)) : isoVideoInfo(read, size)
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Buffer

interface Box {
  type: string
  /** Where the box's content starts and where the box ends, in the file. */
  start: number
  end: number
}

/** The box whose header is at `offset`, inside a parent that ends at `limit`; undefined for a header that makes no sense. */
function boxAt(read: ReadAt, offset: number, limit: number): Box | undefined {
  const header = read(offset, 16)
  if (header.length < 8) return undefined
  const type = header.toString('latin1', 4, 8)
  if (!/^[\x20-\x7e]{4}$/.test(type)) return undefined
  let size = header.readUInt32BE(0)
  let headerSize = 8
  if (size === 1) {
    if (header.length < 16) return undefined
    size = Number(header.readBigUInt64BE(8))
    headerSize = 16
  } else if (size === 0) size = limit - offset // the last box, to the end of its parent
  if (size < headerSize || offset + size > limit) return undefined
  return { type, start: offset + headerSize, end: offset + size }
}

/** The children of the box that spans `start` to `end`, read one header at a time. */
function* childrenOf(read: ReadAt, start: number, end: number, max: number): Generator<Box> {
  let offset = start
  for (let i = 0; i < max && offset + 8 <= end; i++) {
    const box = boxAt(read, offset, end)
    if (!box) return
    yield box
    offset = box.end
  }
}

/** The picture size of an ISO media file (MP4, QuickTime) of `fileSize` bytes. */
export function isoVideoInfo(read: ReadAt, fileSize: number): VideoInfo | undefined {
  let moov: Box | undefined
  for (const box of childrenOf(read, 0, fileSize, MAX_TOP_BOXES)) {
    if (box.type === 'moov') {
      moov = box
      break
    }
  }
  if (!moov) return undefined
  let tracks = 0
  for (const trak of childrenOf(read, moov.start, moov.end, MAX_CHILD_BOXES)) {
    if (trak.type !== 'trak') continue
    tracks++
    for (const box of childrenOf(read, trak.start, trak.end, MAX_CHILD_BOXES)) {
      if (box.type !== 'tkhd') continue
      const size = trackHeaderSize(read(box.start, Math.min(96, box.end - box.start)))
      if (size) return size
      break
    }
  }
  return tracks > 0 ? 'audio' : undefined
}

/** Width and height of a track header's content, turned when its matrix turns by 90°; undefined without a picture. */
function trackHeaderSize(content: Buffer): ImageSize | undefined {
  const version = content[0]
  const matrix = version === 1 ? 52 : 40
  const dimensions = matrix + 36
  if (content.length < dimensions + 8) return undefined
  // 16.16 fixed point
  const width = Math.round(content.readUInt32BE(dimensions) / 65536)
  const height = Math.round(content.readUInt32BE(dimensions + 4) / 65536)
  if (width === 0 || height === 0) return undefined
  // the matrix's a and d are 0 for a quarter turn (a phone video shot upright)
  const turned = content.readInt32BE(matrix) === 0 && content.readInt32BE(matrix + 16) === 0
  return turned ? { width: height, height: width } : { width, height }
}

const EBML = 0x1a45dfa3
const SEGMENT = 0x18538067
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const TRACK_TYPE = 0x83
const VIDEO = 0xe0
const PIXEL_WIDTH = 0xb0
const PIXEL_HEIGHT = 0xba
const DISPLAY_WIDTH = 0x54b0
const DISPLAY_HEIGHT = 0x54ba
const DISPLAY_UNIT = 0x54b2
const CLUSTER = 0x1f43b675

interface EbmlElement {
  id: number
  /** Where the element's content starts and ends in `bytes` (the end may pass the bytes read). */
  start: number
  end: number
}

/** The picture size of the first bytes of a WebM or Matroska file. */
export function ebmlVideoInfo(bytes: Buffer): VideoInfo | undefined {
  const head = elementAt(bytes, 0, bytes.length)
  if (!head || head.id !== EBML) return undefined
  const segment = elementAt(bytes, head.end, bytes.length)
  if (!segment || segment.id !== SEGMENT) return undefined
  for (const child of elementsOf(bytes, segment.start, Math.min(segment.end, bytes.length))) {
    if (child.id === CLUSTER) return undefined
    if (child.id !== TRACKS) continue
    let entries = 0
    for (const entry of elementsOf(bytes, child.start, Math.min(child.end, bytes.length))) {
      if (entry.id !== TRACK_ENTRY) continue
      entries++
      const size = videoTrackSize(bytes, entry)
      if (size) return size
    }
    return entries > 0 ? 'audio' : undefined
  }
  return undefined
}

function videoTrackSize(bytes: Buffer, entry: EbmlElement): ImageSize | undefined {
  let type = 0
  let video: EbmlElement | undefined
  for (const field of elementsOf(bytes, entry.start, Math.min(entry.end, bytes.length))) {
    if (field.id === TRACK_TYPE) type = unsignedOf(bytes, field)
    if (field.id === VIDEO) video = field
  }
  if (type !== 1 || !video) return undefined
  const values = new Map<number, number>()
  for (const field of elementsOf(bytes, video.start, Math.min(video.end, bytes.length))) values.set(field.id, unsignedOf(bytes, field))
  // display sizes in pixels (unit 0, the default) win: they say how the picture is shown
  const display = (values.get(DISPLAY_UNIT) ?? 0) === 0 ? [values.get(DISPLAY_WIDTH), values.get(DISPLAY_HEIGHT)] : []
  const width = display[0] ?? values.get(PIXEL_WIDTH)
  const height = display[1] ?? values.get(PIXEL_HEIGHT)
  return width && height ? { width, height } : undefined
}

function* elementsOf(bytes: Buffer, start: number, end: number): Generator<EbmlElement> {
  let offset = start
  while (offset < end) {
    const element = elementAt(bytes, offset, end)
    if (!element) return
    yield element
    // an element of unknown size (a live recording's segment or cluster) holds the rest
    if (element.end <= offset) return
    offset = element.end
  }
}

/** The element at `offset`: an id and a size, each a variable-length integer. */
function elementAt(bytes: Buffer, offset: number, limit: number): EbmlElement | undefined {
  const id = varint(bytes, offset, limit, true)
  if (!id) return undefined
  const size = varint(bytes, offset + id.length, limit, false)
  if (!size) return undefined
  const start = offset + id.length + size.length
  return { id: id.value, start, end: size.value === -1 ? Number.MAX_SAFE_INTEGER : start + size.value }
}

/** An EBML integer: an id keeps its length marker; a size drops it, and all ones means "unknown" (-1). */
function varint(bytes: Buffer, offset: number, limit: number, keepMarker: boolean): { value: number; length: number } | undefined {
  if (offset >= limit || offset >= bytes.length) return undefined
  const first = bytes[offset]
  if (first === 0) return undefined
  const length = Math.clz32(first) - 23
  if (length > (keepMarker ? 4 : 8) || offset + length > Math.min(limit, bytes.length)) return undefined
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[offset + i]
    allOnes &&= bytes[offset + i] === 0xff
  }
  return { value: !keepMarker && allOnes ? -1 : value, length }
}

function unsignedOf(bytes: Buffer, element: EbmlElement): number {
  let value = 0
  for (let i = element.start; i < Math.min(element.end, bytes.length, element.start + 6); i++) value = value * 256 + bytes[i]
  return value
}
