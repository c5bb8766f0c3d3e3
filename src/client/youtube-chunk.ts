/**
 * The YouTube player, loaded by youtube.ts on pages with a YouTube placeholder only. The player comes from
 * youtube-nocookie.com, YouTube's host that sets no cookies until the video plays; the site's Content-Security-Policy
 * allows it as a frame (src/cli/csp.ts).
 */

/** Where the player comes from. */
export const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com'

/**
 * The player's address for the placeholder's video: it starts at once (the reader just asked for it) and at the
 * author's start time.
 *
 *     data-youtube="dQw4w9WgXcQ" data-youtube-start="90"
 *       → https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=90
 */
export function playerUrl(holder: HTMLElement): string | undefined {
  const id = holder.dataset.youtube ?? ''
  if (!/^[\w-]{11}$/.test(id)) return undefined
  const start = Number(holder.dataset.youtubeStart)
  return `${PLAYER_ORIGIN}/embed/${id}?autoplay=1${start > 0 ? `&start=${Math.floor(start)}` : ''}`
}

/** With JavaScript the placeholder's link plays the video in place: a button, which Space activates too. */
export function preparePlaceholder(holder: HTMLElement): void {
  const link = holder.querySelector<HTMLAnchorElement>(':scope > a.youtube-play')
  if (link && playerUrl(holder)) link.setAttribute('role', 'button')
}

/** Replaces the placeholder's link with the player, which takes the focus, so the keyboard is where the video is. */
export function playVideo(holder: HTMLElement): void {
  const src = playerUrl(holder)
  const link = holder.querySelector<HTMLAnchorElement>(':scope > a.youtube-play')
  if (!src || !link) return
  const frame = document.createElement('iframe')
  frame.src = src
  frame.title = holder.dataset.youtubeTitle || 'YouTube'
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen'
  frame.allowFullscreen = true
  // YouTube refuses to play in a frame that does not say which site it is on
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  link.replaceWith(frame)
  holder.dataset.youtubePlaying = ''
  frame.focus()
}
