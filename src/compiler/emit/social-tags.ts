/**
 * The tags link previews read (Open Graph and Twitter cards): when a page's URL is shared in a chat or on a social
 * network, the preview shows the page's title, description and picture instead of the site's bare name. As Obsidian
 * Publish does, the front matter's `image` or `cover` names the picture: a file of the vault (published with the page)
 * or a URL; `description` is the text.
 *
 *     title: Odoo Hosting · description: Betrieb … · cover: Anhänge/odoo.png
 *       → og:type article, og:title "Odoo Hosting", og:description "Betrieb …", og:site_name, og:url (with
 *         site.hostname), og:image https://wiki.example/Anh%C3%A4nge/odoo.png, twitter:card summary_large_image
 *
 * URLs in these tags must be absolute; without `site.hostname` the page's own URL is left out and a picture of the
 * vault is given by its path from the site's root, which previewers that know the page's address still resolve.
 */
import type { HeadTag } from '../config/config.js'

const URL_LIKE = /^https?:\/\//i

export interface SocialInput {
  title: string
  description: string
  siteTitle: string
  /** The page's path from the host, base included: '/odoo-hosting.html'. */
  href: string
  /** The site's origin without a trailing slash, when the config names one. */
  hostname?: string
  /** The picture: a URL, or the published file's path from the host. */
  image?: string
  /** 'website' for the home page, 'article' for the others. */
  type: 'website' | 'article'
}

/** The preview tags of one page. */
export function socialTags({ title, description, siteTitle, href, hostname, image, type }: SocialInput): HeadTag[] {
  const absolute = (path: string) => (URL_LIKE.test(path) || !hostname ? path : hostname + path)
  const property = (name: string, content: string): HeadTag => ['meta', { property: name, content }]
  const tags: HeadTag[] = [property('og:type', type), property('og:title', title || siteTitle), property('og:site_name', siteTitle)]
  if (description) tags.push(property('og:description', description))
  if (hostname) tags.push(property('og:url', hostname + href))
  if (image) tags.push(property('og:image', absolute(image)))
  tags.push(['meta', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }])
  return tags
}

/**
 * The one URL of a route, absolute: its `<link rel="canonical">` and its `<loc>` in sitemap.xml. `href` is the route's
 * path from the host, base included and percent-encoded ('/wiki/odoo-hosting.html'; the home page '/wiki/').
 */
export function canonicalUrl(origin: string, href: string): string {
  return origin + href
}

/** The canonical link of a route. */
export function canonicalTag(url: string): HeadTag {
  return ['link', { rel: 'canonical', href: url }]
}

/** True when front matter's own `head` names the page's canonical URL, which then stands alone. */
export function hasOwnCanonical(head: readonly HeadTag[]): boolean {
  return head.some(([tag, attributes]) => tag.toLowerCase() === 'link' && String(attributes.rel).toLowerCase() === 'canonical')
}

/** A step of a page's breadcrumbs: its text, and its path from the host where it links somewhere. */
export interface Crumb {
  text: string
  href?: string
}

/**
 * The page's breadcrumbs as schema.org data for search engines (a `BreadcrumbList` in JSON-LD): the visible trail's
 * steps that link somewhere, then the page itself. None when only the home page would stand before the page. URLs are
 * absolute with an origin, else paths from the host. `<` is written as `\u003c`, so no title closes the script.
 *
 *     Home › Anleitungen › (Server)  + 'Backup' → ListItem 1 Home https://wiki.example/, 2 Anleitungen …/anleitungen.html,
 *                                                 3 Backup …/anleitungen/backup.html   ('Server' links nowhere: left out)
 */
export function breadcrumbJsonLd(trail: readonly Crumb[], page: { title: string; href: string }, origin?: string): HeadTag | undefined {
  const linked = trail.filter((crumb): crumb is Required<Crumb> => crumb.href !== undefined && crumb.href !== page.href)
  // Home alone before the page says nothing a search engine does not know
  if (linked.length < 2) return undefined
  const url = (href: string) => (origin ? canonicalUrl(origin, href) : href)
  const items = [...linked, { text: page.title, href: page.href }].map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.text,
    item: url(crumb.href),
  }))
  const json = JSON.stringify({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items })
  return ['script', { type: 'application/ld+json' }, json.replace(/</g, '\\u003c')]
}

/** The config's hostname as an origin without a trailing slash ('https://wiki.example'), or undefined. */
export function originOf(hostname: string | undefined): string | undefined {
  return hostname ? hostname.replace(/\/+$/, '') : undefined
}
