/**
 * A canvas's web-page node (`"type": "link"`) as a card: the page's host above its address, the whole card a link
 * that opens in a new window. Obsidian shows the page itself in the card; a static site shows what it can without
 * asking the other site for anything (no frame, no preview, no icon), so a reader's visit is nobody else's business.
 *
 *     https://docs.example.com/guide?x=1 →
 *       <a class="canvas-link-card external" href="https://docs.example.com/guide?x=1" target="_blank" rel="noopener noreferrer">
 *         <span class="canvas-link-host">docs.example.com</span><span class="canvas-link-url">https://docs.example.com/guide?x=1</span>…</a>
 *
 * Only `http:` and `https:` addresses become links; anything else is shown as text.
 */
import { escapeHtml } from '../../html.js'

/** The card of `url`; `newWindow` is the words a screen reader hears for a link that opens a new window. */
export function renderLinkCard(url: string, newWindow: string): string {
  const address = url.trim()
  const host = webHostOf(address)
  if (host === undefined) return `<p class="canvas-link-text">${escapeHtml(url)}</p>`
  return (
    `<a class="canvas-link-card external" href="${escapeHtml(address)}" target="_blank" rel="noopener noreferrer">` +
    `<span class="canvas-link-host">${escapeHtml(host)}</span>` +
    `<span class="canvas-link-url">${escapeHtml(address)}</span>` +
    `<span class="sr-only"> (${escapeHtml(newWindow)})</span></a>`
  )
}

/**
 * The host of an `http:` or `https:` address as the address bar shows it (ASCII, `xn--` for international names, so
 * a look-alike letter cannot pass for another), without `www.`; undefined for any other address or none.
 *
 *     'https://www.example.com:8443/a' → 'example.com:8443'      'mailto:a@b.ch' → undefined
 */
export function webHostOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined
  try {
    const host = new URL(url).host
    return host === '' ? undefined : host.replace(/^www\./, '')
  } catch {
    return undefined
  }
}
