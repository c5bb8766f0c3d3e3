/**
 * Compressed answers of `wikigen serve` and `wikigen dev`: which encodings a request accepts, and text compressed on
 * the fly (gzip) where the build wrote no copies (shared/compression.ts says which files are text).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { MIN_COMPRESSED_BYTES } from '../shared/compression.js'

export interface AcceptedEncodings {
  br: boolean
  gzip: boolean
}

/**
 * The encodings of an `Accept-Encoding` header that wikigen can send: named with a weight above 0, or covered by `*`.
 * `gzip;q=0` refuses gzip even where `*` allows everything else.
 */
export function acceptedEncodings(header: string | string[] | undefined): AcceptedEncodings {
  const named: Partial<Record<keyof AcceptedEncodings | '*', boolean>> = {}
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    const key = name.trim() === 'x-gzip' ? 'gzip' : name.trim()
    if (key === 'br' || key === 'gzip' || key === '*') named[key] = weight > 0
  }
  return { br: named.br ?? named['*'] ?? false, gzip: named.gzip ?? named['*'] ?? false }
}

/**
 * Ends a response with `body`, gzipped (at `level`) when the request accepts gzip and the body is big enough; either
 * way with `Vary: Accept-Encoding`. For answers made in memory (the dev server's pages): small, so compressed at once.
 */
export function endMaybeCompressed(req: IncomingMessage, res: ServerResponse, body: string | Buffer, level: number): void {
  res.setHeader('Vary', 'Accept-Encoding')
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  if (bytes.length < MIN_COMPRESSED_BYTES || !acceptedEncodings(req.headers['accept-encoding']).gzip) {
    res.setHeader('Content-Length', bytes.length)
    res.end(bytes)
    return
  }
  const gzipped = gzipSync(bytes, { level })
  res.setHeader('Content-Encoding', 'gzip')
  res.setHeader('Content-Length', gzipped.length)
  res.end(gzipped)
}

/** True when a request's validators (`If-None-Match`, else `If-Modified-Since`) match the answer's: 304. */
export function isNotModified(req: IncomingMessage, etag: string, lastModified: Date): boolean {
  const noneMatch = req.headers['if-none-match']
  if (noneMatch) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '')
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '')
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since
}
