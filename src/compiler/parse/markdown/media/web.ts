/**
 * What an external `![](https://…)` shows, decided from its URL alone (no request is made at build or view time):
 *
 *     https://www.youtube.com/watch?v=ID&t=90, youtu.be/ID, youtube.com/shorts/ID   → 'youtube' (a player on click)
 *     https://example.com/karte.png, https://picsum.photos/200 (no page rule fits)  → 'image'
 *     https://example.com/clip.mp4, …/ton.mp3                                       → 'video', 'audio'
 *     https://x.com/talwerk/status/1, twitter.com/…, github.com/owner/repo          → 'card' (a page host)
 *     https://example.com/, …/blog/beitrag.html, …/handbuch.pdf                     → 'card' (a page by its path)
 *
 * A page host is one whose URLs are pages (its images live on other hosts, such as pbs.twimg.com); a path that ends
 * in '/' or a page extension is a page anywhere. An image extension always wins, and any other URL stays an image,
 * since image services often leave the extension out.
 */
import { mediaKindOf } from './files.js'

export type WebEmbed = { kind: 'image' } | { kind: 'video' | 'audio' } | YouTubeVideo | LinkCard

export interface YouTubeVideo {
  kind: 'youtube'
  /** The video's id, 11 characters. */
  id: string
  /** Where playing starts, in seconds (`t=1m30s`, `t=90`, `start=90`). */
  start?: number
  /** A short is upright (9:16). */
  short: boolean
}

export interface LinkCard {
  kind: 'card'
  /** 'x.com', 'example.com': the host without 'www.'. */
  host: string
  /** A name for the page read from its path ('Open source' for /wiki/Open_source); '' when the path has none. */
  name: string
  /** The author of a post on X or Twitter, without '@'. */
  postBy?: string
  /** The URL without its scheme, as the card shows it. */
  display: string
}

const IMAGE_PATH = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?|heic)$/i
const PAGE_PATH = /(\/|\.html?|\.php|\.aspx?|\.jsp|\.pdf)$/i
/** Hosts whose addresses are pages: social networks, code hosting, encyclopedias, video and audio platforms. */
const PAGE_HOST =
  /(^|\.)(twitter\.com|x\.com|github\.com|gitlab\.com|codeberg\.org|wikipedia\.org|vimeo\.com|linkedin\.com|reddit\.com|medium\.com|stackoverflow\.com|news\.ycombinator\.com|instagram\.com|facebook\.com|mastodon\.social|bsky\.app|threads\.net|tiktok\.com|open\.spotify\.com|youtube\.com)$/i
const YOUTUBE_HOST = /^(www\.|m\.|music\.)?(youtube\.com|youtube-nocookie\.com)$/i

/** What the external image URL `href` shows; undefined for a URL that does not parse (it stays an image as written). */
export function webEmbedOf(href: string): WebEmbed | undefined {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  const youtube = youtubeOf(url)
  if (youtube) return youtube
  const path = safeDecode(url.pathname)
  if (IMAGE_PATH.test(path)) return { kind: 'image' }
  const media = mediaKindOf(path)
  if (media === 'video' || media === 'audio') return { kind: media }
  const host = url.hostname.replace(/^www\./i, '').toLowerCase()
  // GitHub's uploads have no extension and are images
  const pageHost = PAGE_HOST.test(host) && !path.startsWith('/user-attachments/')
  if (!pageHost && !PAGE_PATH.test(path)) return { kind: 'image' }
  const post = /^\/([A-Za-z0-9_]{1,15})\/status(?:es)?\/\d+/.exec(path)
  return {
    kind: 'card',
    host,
    name: nameOf(path),
    ...(post && /^(mobile\.)?(twitter|x)\.com$/.test(host) ? { postBy: post[1] } : {}),
    display: `${host}${url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')}${url.search}`,
  }
}

function youtubeOf(url: URL): YouTubeVideo | undefined {
  let id: string | null | undefined
  let short = false
  if (url.hostname.toLowerCase() === 'youtu.be') id = url.pathname.split('/')[1]
  else if (YOUTUBE_HOST.test(url.hostname)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v')
    else {
      const match = /^\/(shorts|embed|live|v)\/([^/]+)/.exec(url.pathname)
      id = match?.[2]
      short = match?.[1] === 'shorts'
    }
  }
  if (!id || !/^[\w-]{11}$/.test(id)) return undefined
  const hash = new URLSearchParams(url.hash.slice(1))
  const start = secondsOf(url.searchParams.get('t') ?? url.searchParams.get('start') ?? hash.get('t') ?? '')
  return { kind: 'youtube', id, short, ...(start ? { start } : {}) }
}

/** '90', '90s', '1m30s', '1h2m3s' → seconds; 0 for anything else. */
export function secondsOf(value: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value.trim())
  if (!match) return 0
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
}

/**
 * A readable name from a URL path: its last part that is a word, with separators as spaces and a page extension or
 * an id tacked on by a blog left out.
 *
 *     /wiki/Open_source                          → 'Open source'
 *     /questions/123/how-to-restart-odoo         → 'How to restart odoo'
 *     /blog/2024/neues-rechenzentrum.html        → 'Neues rechenzentrum'
 *     /@talwerk/backup-strategie-3f2a1b9c0d4e    → 'Backup strategie'
 *     /talwerk/status/1580548874246443010        → 'Status'  (a post is named by its author instead)
 */
function nameOf(path: string): string {
  const parts = path
    .split('/')
    .map((part) => part.replace(/\.(html?|php|aspx?|jsp)$/i, ''))
    .filter((part) => part !== '' && !/^(index|default)$/i.test(part) && !/^\d+$/.test(part))
  const last = parts[parts.length - 1]
  if (!last) return ''
  const words = last
    .replace(/-[0-9a-f]{8,}$/i, '')
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
