/**
 * What an embedded file is, by its name, as Obsidian's accepted file formats say: `![[…]]` and `![](…)` show a PDF in
 * a viewer and video and audio in the browser's own players; images are wikilink/to-hast.ts's IMAGE_EXTENSIONS.
 *
 *     clip.mp4, film.mov, talk.webm   → 'video'   (an audio-only .webm or .mp4 turns out 'audio' when linked)
 *     ton.mp3, interview.m4a          → 'audio'
 *     Handbuch.pdf                    → 'pdf'
 */

export type MediaKind = 'video' | 'audio' | 'pdf'

/**
 * The fragment that keeps an image as bright as it is in dark mode (`![[plan.png#no-dim]]`, `![Plan](plan.png#no-dim)`),
 * and the class it becomes on the <img>, which `<img class="no-dim">` sets too (styles/media.css dims the others).
 */
export const NO_DIM = 'no-dim'

const VIDEO_FILE = /\.(mp4|m4v|webm|mov|ogv|mkv)$/i
const AUDIO_FILE = /\.(mp3|wav|m4a|flac|ogg|oga|opus|aac|3gp)$/i
const PDF_FILE = /\.pdf$/i

/** The kind of media a file name (or URL path) names; undefined for anything else. */
export function mediaKindOf(name: string): MediaKind | undefined {
  if (VIDEO_FILE.test(name)) return 'video'
  if (AUDIO_FILE.test(name)) return 'audio'
  if (PDF_FILE.test(name)) return 'pdf'
  return undefined
}

/**
 * The size an author wrote after a '|' in an embed or an image's alt text, and the text without it (Obsidian's
 * syntax for images, also for external ones):
 *
 *     '320'              → { text: '', width: '320' }
 *     '100x145'          → { text: '', width: '100', height: '145' }
 *     'Netzplan|320'     → { text: 'Netzplan', width: '320' }
 *     'Netzplan'         → { text: 'Netzplan' }
 */
export function splitSize(value: string): { text: string; width?: string; height?: string } {
  const match = /^(?:(.*)\|)?\s*(\d{1,5})(?:\s*x\s*(\d{1,5}))?\s*$/.exec(value)
  if (!match) return { text: value }
  return { text: (match[1] ?? '').trim(), width: match[2], ...(match[3] ? { height: match[3] } : {}) }
}
