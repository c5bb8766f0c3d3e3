/**
 * The markup of an embedded PDF, video or audio file (link/media.ts says which and how big): substitute.ts calls it
 * for every `media` link. Each is phrasing content, so it may stand in a paragraph; src/theme/styles/media.css lays
 * them out.
 *
 *     pdf    → <span class="pdf-embed"><iframe class="pdf-frame" src="/a/plan.pdf#page=3" title="plan.pdf" height="400"
 *              loading="lazy"></iframe><a class="pdf-open" href="/a/plan.pdf#page=3">PDF öffnen: plan.pdf</a></span>
 *     video  → <video class="media-video" src="/a/clip.mp4" controls preload="metadata" playsinline width="640"
 *              height="360"><a href="/a/clip.mp4">Datei öffnen: clip.mp4</a></video>
 *     audio  → <audio class="media-audio" src="/a/ton.mp3" controls preload="metadata">…</audio>
 *
 * The PDF's link is what a reader whose browser shows no PDFs in a page (most phones) uses; the link inside a player
 * is for a browser without the element.
 */
import type { Labels } from '../../shared/labels.js'
import { escapeHtml } from '../html.js'
import type { MediaResolution } from '../link/site.js'

export function mediaMarkupOf(value: MediaResolution, labels: Labels): string {
  const src = escapeHtml(value.src)
  const label = value.title ? ` aria-label="${escapeHtml(value.title)}"` : ''
  if (value.media === 'pdf') {
    const height = value.height ? ` height="${value.height}"` : ''
    return (
      `<span class="pdf-embed"><iframe class="pdf-frame" src="${src}" title="${escapeHtml(value.title || value.name)}"${height} loading="lazy"></iframe>` +
      `<a class="pdf-open" href="${src}">${escapeHtml(`${labels.pdfOpen}: ${value.title || value.name}`)}</a></span>`
    )
  }
  const fallback = `<a href="${src}">${escapeHtml(`${labels.mediaOpen}: ${value.name}`)}</a>`
  if (value.media === 'audio') return `<audio class="media-audio" src="${src}" controls preload="metadata"${label}>${fallback}</audio>`
  const sized = value.width && value.height
  const box = sized ? ` width="${value.width}" height="${value.height}"` : ''
  return `<video class="media-video${sized ? '' : ' media-unsized'}" src="${src}" controls preload="metadata" playsinline${box}${label}>${fallback}</video>`
}
