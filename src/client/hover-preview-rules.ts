/**
 * The decisions of the page preview on hover (hover-preview-chunk.ts), DOM-free so each is unit-tested with literals:
 * which blocks of the target page it shows, and where it opens beside the link. Which links preview is decided in
 * hover-preview.ts. Imports nothing, so the chunk shares no module with the initial bundle but page-fetch.ts.
 */
/** A link that previews (hover-preview.ts decides which), with the page it previews. */
export interface PreviewTarget {
  link: HTMLAnchorElement
  url: URL
}

/** A top-level block of a page's content as the preview sees it: a heading (level 1–6) or anything else (0). */
export interface ContentBlock {
  level: number
  id?: string
}

/** Blocks of the page's start a preview shows at most; it scrolls, but a long page need not be copied whole. */
export const MAX_PREVIEW_BLOCKS = 40

/**
 * The blocks a preview shows, as [start, end) indices into `blocks`. Without an anchor: the start of the page. With
 * one that names a heading: that heading and what follows it up to the next heading of the same or a higher level
 * (a `##` section ends at the next `##` or `#`, and keeps its `###`). An anchor of another block (a block id) shows
 * that block alone; an anchor the page does not have shows the start of the page. Anchors are ids as text
 * (`zweiter-abschnitt`, `wirkungsräume`) or percent-encoded as in a URL.
 *
 *     blocks: h1 Ziel, p, h2#zweiter (0), p, h3, p, h2#dritter, p
 *       sectionRange(blocks, '')         → [0, 8)
 *       sectionRange(blocks, 'zweiter')  → [2, 6)
 */
export function sectionRange(blocks: readonly ContentBlock[], anchor: string): [number, number] {
  const start = anchor === '' ? -1 : anchorIndex(blocks, anchor)
  if (start === -1) return [0, Math.min(blocks.length, MAX_PREVIEW_BLOCKS)]
  const level = blocks[start].level
  if (level === 0) return [start, start + 1]
  let end = start + 1
  while (end < blocks.length && !(blocks[end].level > 0 && blocks[end].level <= level)) end++
  return [start, Math.min(end, start + MAX_PREVIEW_BLOCKS)]
}

/** The block an anchor names, by its id as text or percent-encoded. */
function anchorIndex(blocks: readonly ContentBlock[], anchor: string): number {
  let id = anchor
  try {
    id = decodeURIComponent(anchor)
  } catch {
    // a stray '%': look the anchor up as written
  }
  return blocks.findIndex((block) => block.id === id || block.id === anchor)
}

/** A rectangle in viewport pixels. */
export interface Box {
  left: number
  top: number
  width: number
  height: number
}

/** Space between the link and the preview, and between the preview and the window's edges, in px. */
export const PREVIEW_GAP = 6
export const PREVIEW_MARGIN = 8

/**
 * Where the preview opens, in viewport pixels: below the link where it fits, else above it, else on the side with
 * more room, made shorter (`maxHeight`) to fit there, so it never covers the link; never past the window's edges,
 * left-aligned with the link as far as the width allows.
 */
export function placePreview(
  link: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number; maxHeight?: number } {
  const below = link.top + link.height + PREVIEW_GAP
  const above = link.top - PREVIEW_GAP - size.height
  const left = Math.round(Math.max(PREVIEW_MARGIN, Math.min(link.left, viewport.width - PREVIEW_MARGIN - size.width)))
  if (below + size.height <= viewport.height - PREVIEW_MARGIN) return { left, top: Math.round(below) }
  if (above >= PREVIEW_MARGIN) return { left, top: Math.round(above) }
  const roomBelow = viewport.height - PREVIEW_MARGIN - below
  const roomAbove = link.top - PREVIEW_GAP - PREVIEW_MARGIN
  return roomBelow >= roomAbove
    ? { left, top: Math.round(below), maxHeight: Math.max(0, Math.floor(roomBelow)) }
    : { left, top: PREVIEW_MARGIN, maxHeight: Math.max(0, Math.floor(roomAbove)) }
}
