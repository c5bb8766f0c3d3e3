/**
 * The HTML of external embeds (`![](https://…)`), made while the page is parsed since nothing about them waits for
 * linking. Every element is phrasing content, so the embed may stand inside a paragraph or a table cell; the
 * stylesheet (src/theme/styles/media.css) makes the boxes blocks.
 *
 *     ![Einführung](https://youtu.be/ID?t=90)   → a placeholder of the player's size: a link to the video with a play
 *                                                 button; src/client/youtube.ts swaps in the player on click
 *     ![](https://x.com/talwerk/status/1)       → a card: host, name, address, linking to the page
 *     ![](https://example.com/clip.mp4)         → <video controls preload="metadata">
 */
import type { Element, ElementContent } from 'hast'
import type { Labels } from '../../../../shared/labels.js'
import { element, text } from '../hast.js'
import type { LinkCard, YouTubeVideo } from './web.js'

/** The link a new window opens, as external links are (to-hast.ts). */
const EXTERNAL = { target: '_blank', rel: ['noopener', 'noreferrer'] }

/**
 * A YouTube video that makes no request to YouTube or Google before the reader asks for it: the placeholder is a
 * plain link to the video (what a reader without JavaScript follows), drawn as the player with a play button; a
 * click loads the player from youtube-nocookie.com in its place (src/client/youtube-chunk.ts). No thumbnail is shown,
 * since it would come from YouTube's image host.
 */
export function youtubePlayer(video: YouTubeVideo, url: string, title: string, labels: Labels): Element {
  return element(
    'span',
    {
      className: video.short ? ['youtube', 'youtube-short'] : ['youtube'],
      dataYoutube: video.id,
      ...(video.start ? { dataYoutubeStart: String(video.start) } : {}),
      dataYoutubeTitle: title || 'YouTube',
    },
    [
      element('a', { className: ['youtube-play'], href: url, ...EXTERNAL }, [
        element('span', { className: ['youtube-button'], ariaHidden: 'true' }, []),
        element('span', { className: ['youtube-text'] }, [
          element('span', { className: ['youtube-title'] }, [text(title || labels.videoPlay)]),
          element('span', { className: ['youtube-url'] }, [text(withoutScheme(url))]),
          element('span', { className: ['youtube-note'] }, [text(labels.videoPrivacy)]),
        ]),
      ]),
    ],
  )
}

/**
 * A web page shown as a card that links to it: its host, a name (the author's text, the post's author, or words from
 * the path) and its address. Nothing is fetched: the card says what the URL says.
 */
export function linkCard(card: LinkCard, url: string, title: string, labels: Labels): Element {
  const name = title || (card.postBy ? labels.postBy.replace('{user}', card.postBy) : card.name) || card.host
  const children: ElementContent[] = [
    element('span', { className: ['link-card-host'] }, [text(card.host)]),
    element('span', { className: ['link-card-title'] }, [text(name)]),
    element('span', { className: ['link-card-url'] }, [text(card.display)]),
    element('span', { className: ['sr-only'] }, [text(` (${labels.openInNewWindow})`)]),
  ]
  return element('a', { className: ['link-card'], href: url, ...EXTERNAL }, children)
}

/**
 * Video or audio from another site, played by the browser: a video reserves a box of the author's size or 16:9.
 * The fallback inside is for browsers without the element.
 */
export function externalMedia(
  kind: 'video' | 'audio',
  url: string,
  title: string,
  size: { width?: string; height?: string },
  labels: Labels,
): Element {
  const width = size.width ? Number(size.width) : undefined
  const height = size.height ? Number(size.height) : width ? Math.round((width * 9) / 16) : undefined
  const sized = kind === 'video' && width ? { width, height } : {}
  return element(
    kind,
    {
      className: kind === 'video' ? (width ? ['media-video'] : ['media-video', 'media-unsized']) : ['media-audio'],
      src: url,
      controls: true,
      preload: 'metadata',
      ...(kind === 'video' ? { playsInline: true } : {}),
      ...sized,
      ...(title ? { ariaLabel: title } : {}),
    },
    [element('a', { href: url }, [text(title || labels.mediaOpen)])],
  )
}

function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '')
}
