/**
 * What an embedded PDF, video or audio file of the content folder shows, once the file is found (link-resolution.ts
 * finds it and reports a missing one): which player, where it starts and how big it is.
 *
 *     ![[plan.pdf#page=3]]            → PDF viewer at page 3, the default height
 *     ![[plan.pdf#height=400]]        → PDF viewer 400 px high (`#page=3&height=400`: both)
 *     ![[clip.mp4]]                   → video in a box of the file's own size (read from its header), else 16:9
 *     ![[clip.mp4|400]], |400x300     → 400 px wide, high as the file's proportions say (or 16:9), or as written
 *     ![[clip.mp4#t=10]]              → video starting at 10 s (a media fragment the browser understands)
 *     ![[ton.webm]] without a picture → audio player
 */
import { posix } from 'node:path'
import type { ContentRef } from '../discover/load.js'
import { mediaKindOf } from '../parse/markdown/media/index.js'
import type { PageLink } from '../parse/page.js'
import type { MediaResolution } from './site.js'

/** A fragment that says nothing the player understands, reported as a warning; the player is shown anyway. */
export interface MediaProblem {
  message: string
  hint: string
}

/** Heights a PDF viewer may be given, in CSS pixels: a smaller one shows no page, a larger one is a typo. */
const PDF_HEIGHTS = { min: 100, max: 5000 }

/** The player of the media file `asset`, published at `href`, that `link` embeds. */
export function resolveMedia(link: PageLink, asset: ContentRef, href: string): { media: MediaResolution; problem?: MediaProblem } {
  const kind = mediaKindOf(link.target) ?? 'video'
  const common = { kind: 'media', name: posix.basename(asset.path), title: link.alt ?? '' } as const
  const fragment = link.anchor ?? ''
  if (kind === 'pdf') {
    const view = pdfViewOf(fragment)
    const media: MediaResolution = {
      ...common,
      media: 'pdf',
      src: `${href}${view.page ? `#page=${view.page}` : ''}`,
      ...(view.height ? { height: view.height } : {}),
    }
    return view.understood
      ? { media }
      : {
          media,
          problem: {
            message: `PDF "${link.target}" has no view "#${fragment}"`,
            hint: "Write #page=3 to open a page, #height=400 for the viewer's height in pixels, or both: #page=3&height=400.",
          },
        }
  }
  const start = /^t=\d+(\.\d+)?(,\d+(\.\d+)?)?$/.test(fragment) ? `#${fragment}` : ''
  const problem =
    fragment !== '' && !start
      ? { message: `"${link.target}" has no start time "#${fragment}"`, hint: 'Write #t=90 to start playing at 90 seconds.' }
      : undefined
  const media: MediaResolution =
    kind === 'audio' || asset.audioOnly
      ? { ...common, media: 'audio', src: href + start }
      : { ...common, media: 'video', src: href + start, ...videoBoxOf(link, asset) }
  return problem ? { media, problem } : { media }
}

/** `page=3`, `height=400`, `page=3&height=400`: where a PDF opens and how high its viewer is. */
function pdfViewOf(fragment: string): { page?: number; height?: number; understood: boolean } {
  if (fragment === '') return { understood: true }
  let understood = true
  const view: { page?: number; height?: number } = {}
  for (const part of fragment.split('&')) {
    const [name, value = ''] = part.split('=')
    const number = /^\d+$/.test(value.trim()) ? Number(value) : NaN
    if (name.trim() === 'page' && number >= 1) view.page = number
    else if (name.trim() === 'height' && number > 0) view.height = Math.min(PDF_HEIGHTS.max, Math.max(PDF_HEIGHTS.min, number))
    else understood = false
  }
  return { ...view, understood }
}

/**
 * The box a video reserves: the author's width and height; a width alone completed from the file's proportions (or
 * 16:9 when the file did not say); the file's own size without either; nothing when nothing is known, where the
 * stylesheet reserves a 16:9 box of the column's width.
 */
function videoBoxOf(link: PageLink, asset: ContentRef): { width?: number; height?: number } {
  const width = Number(link.width) || undefined
  const height = Number(link.height) || undefined
  const own = asset.size
  if (width && height) return { width, height }
  if (width) return { width, height: Math.round(width * (own ? own.height / own.width : 9 / 16) || 1) }
  if (height) return { width: Math.round(height * (own ? own.width / own.height : 16 / 9)), height }
  return own ? { width: own.width, height: own.height } : {}
}
