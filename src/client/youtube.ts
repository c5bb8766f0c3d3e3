/**
 * YouTube videos (`![](https://www.youtube.com/watch?v=…)`): the build writes a placeholder that is a plain link to
 * the video, drawn as the player (src/compiler/parse/markdown/media/to-hast.ts), so nothing is requested from YouTube
 * or Google, not even a thumbnail, until the reader plays the video. On pages with such a placeholder this module
 * loads youtube-chunk.ts, turns each placeholder's link into a button (Enter and Space play it) and, on activation,
 * puts the player from youtube-nocookie.com in its place. Without JavaScript the link opens the video on YouTube; a
 * click with a modifier key (new tab, new window) still does.
 */
import { preload } from './preload.js'

type YouTubeChunk = typeof import('./youtube-chunk.js')

/** The placeholders the build writes; one that plays already has its player instead of the link. */
const PLACEHOLDERS = '[data-content] [data-youtube]'

let chunk: Promise<YouTubeChunk | undefined> | undefined
/** The player code once it arrived; until then (or when it failed to load) a click follows the link, as without it. */
let player: YouTubeChunk | undefined

/** Loads the player code once; a failed load goes through the preload error event (preload.ts). */
function loadPlayer(): Promise<YouTubeChunk | undefined> {
  chunk ??= preload(() => import('./youtube-chunk.js'))
  return chunk
}

/** Makes the YouTube placeholders of `root` play in place; does nothing (and loads nothing) on a page without one. */
export function mount(root: HTMLElement): () => void {
  const holders = [...root.querySelectorAll<HTMLElement>(PLACEHOLDERS)]
  if (holders.length === 0) return () => {}
  let left = false
  void loadPlayer().then((loaded) => {
    player = loaded
    if (loaded && !left) for (const holder of holders) loaded.preparePlaceholder(holder)
  })
  const play = (event: MouseEvent | KeyboardEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-youtube] > a.youtube-play') : null
    if (!player || !link || !root.contains(link)) return
    if (event instanceof MouseEvent && (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return
    // Enter clicks a link by itself; Space is what a button adds
    if (event instanceof KeyboardEvent && event.key !== ' ') return
    event.preventDefault()
    player.playVideo(link.parentElement as HTMLElement)
  }
  root.addEventListener('click', play)
  root.addEventListener('keydown', play)
  return () => {
    left = true
    root.removeEventListener('click', play)
    root.removeEventListener('keydown', play)
  }
}
