/**
 * Which files of a site are sent compressed: text, from a size on where compression saves a round trip's worth. The
 * build writes `.br` and `.gz` copies of them (compiler/output/precompress.ts); `wikigen serve` and `wikigen dev` send
 * those or compress on the fly (cli/compression.ts).
 */

/** The content types of the text files, by extension; images, fonts, audio and video are compressed already. */
export const TEXT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}

/** Smaller files are sent as they are: the saving would not fill a packet. */
export const MIN_COMPRESSED_BYTES = 1024

/** The precompressed copies beside a file, in the order a server prefers them. */
export const COMPRESSED_SUFFIXES = ['.br', '.gz'] as const

/** The extension of a path, lower case, with its dot ('' for none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** True for a text file by its name. */
export function isCompressibleFile(path: string): boolean {
  return Object.hasOwn(TEXT_TYPES, extensionOf(path))
}
