/**
 * Branded string kinds that are easy to mix up, each with one constructor and one guard.
 *
 *     SourcePath  'Odoo/Odoo Hosting.md'   path of a content file, relative to the content root, '/'-separated, NFC
 *     Slug        'odoo-hosting'           the name part of a route; '' is the home page
 *     RoutePath   '/odoo-hosting.html'     the decoded URL path of a route, base path included
 *
 * A RoutePath keeps umlauts as characters; `hrefOf` percent-encodes it for the wire.
 */

export type SourcePath = string & { readonly __brand: 'SourcePath' }
export type Slug = string & { readonly __brand: 'Slug' }
export type RoutePath = string & { readonly __brand: 'RoutePath' }

/** Normalises a relative file path into a SourcePath: forward slashes, NFC, no leading './'. */
export function toSourcePath(path: string): SourcePath {
  const normal = path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .normalize('NFC')
  if (normal.startsWith('/') || normal.split('/').includes('..')) {
    throw new Error(`Not a relative content path: ${path}`)
  }
  return normal as SourcePath
}

const SLUG_CHARACTERS = /^[\p{L}\p{N}\p{M}._~-]*$/u

export function isSlug(value: string): value is Slug {
  return SLUG_CHARACTERS.test(value) && value === value.normalize('NFC') && value === value.toLowerCase()
}

/** The route of a slug under a base path: '' → '/', 'odoo' → '/odoo.html'. */
export function routePathOf(slug: Slug, base = '/'): RoutePath {
  return (slug === '' ? base : `${base}${slug}.html`) as RoutePath
}

/** Percent-encodes a route (or any URL path) for use in an href; characters already encoded stay as they are. */
export function hrefOf(path: string): string {
  return encodeURI(safeDecodeURI(path))
}

/** decodeURI that returns its input unchanged when the input is not valid percent-encoding. */
export function safeDecodeURI(value: string): string {
  try {
    return decodeURI(value)
  } catch {
    return value
  }
}

/** The output file that serves a route: '/' → 'index.html', '/odoo.html' → 'odoo.html'. */
export function outputFileOf(slug: Slug): string {
  return slug === '' ? 'index.html' : `${slug}.html`
}
