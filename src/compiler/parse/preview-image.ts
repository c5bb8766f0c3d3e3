/**
 * The picture a page's link preview shows (emit/social-tags.ts): as Obsidian Publish reads it, the front matter's
 * `image` or `cover`, a file of the vault or a URL. Linking publishes the file; the page's head names it. Without
 * either, the page's first image stands in (summary.ts, `Page.firstImage`).
 */
import type { Frontmatter } from './frontmatter.js'

/** The front matter keys Obsidian Publish takes the preview picture from, in the order it reads them. */
export const PREVIEW_IMAGE_KEYS = ['image', 'cover'] as const

/** The value of `image` or `cover` as written, when it is text. */
export function previewImageOf(page: { frontmatter: Pick<Frontmatter, 'extra'> }): string | undefined {
  for (const key of PREVIEW_IMAGE_KEYS) {
    const value = page.frontmatter.extra[key]
    if (typeof value === 'string' && value.trim() !== '') return unwrapLink(value.trim())
  }
  return undefined
}

/** `[[Anhänge/odoo.png]]` and `![[odoo.png]]`, as Obsidian writes a file into a property, name the file. */
function unwrapLink(value: string): string {
  const link = /^!?\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]$/.exec(value)
  return link ? link[1].trim() : value
}
