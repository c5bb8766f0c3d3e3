/**
 * The URLs Obsidian Publish gave a vault's notes, so that a vault moved from Publish keeps the links people saved.
 * Publish serves a note at its vault path without `.md`, each space a `+`; a note with a `permalink` at the permalink
 * as written; and every alias as a path of its own (the full vault path of an old note: `Guides/Making friends`).
 * Paths here are decoded (an umlaut is itself, `&` is `&`); hosts and `wikigen serve` compare requests decoded, so
 * `%C3%A4` and `ä`, `%26` and `&` lead to the same redirect. A `+` is a literal plus in a URL path: the redirect is
 * made for that spelling, and for the one with spaces (`%20`) that a host decoding `+` or a hand-written link asks for.
 *
 *     'Folder Name/Note Name.md'  → 'Folder+Name/Note+Name'   and 'Folder Name/Note Name'
 *     'Über uns.md'               → 'Über+uns'                 and 'Über uns'
 *     alias 'Guides/Old note'     → 'Guides/Old+note'          and 'Guides/Old note'
 *     permalink 'Team/About'      → 'Team/About'
 */
import type { CompiledPage } from '../parse/page.js'

/** One old URL of a page: `spaced` is the spelling with spaces for `%20`, when it differs. */
export interface PublishUrl {
  path: string
  spaced?: string
}

/**
 * The Publish URL of a vault path or alias, without the base, decoded: `.md` dropped, slashes around trimmed, spaces
 * as `+`. Undefined for what is no plain path (empty, dot segments, backslashes, control characters).
 */
export function publishPathOf(vaultPath: string): PublishUrl | undefined {
  const trimmed = vaultPath
    .normalize('NFC')
    .trim()
    .replace(/\.md$/i, '')
    .replace(/^\/+|\/+$/g, '')
  if (trimmed === '' || /[\u0000-\u001f\u007f\\]/.test(trimmed)) return undefined
  if (trimmed.split('/').some((segment) => segment.trim() === '' || segment === '.' || segment === '..')) return undefined
  const path = trimmed.replace(/ /g, '+')
  return path === trimmed ? { path } : { path, spaced: trimmed }
}

/**
 * The URLs Publish gave `page`, first the strongest claim: the note's own path (a note only; Publish serves no base),
 * its permalink as written, its aliases.
 */
export function publishUrlsOf(page: CompiledPage): { own: PublishUrl[]; aliases: PublishUrl[] } {
  const own: PublishUrl[] = []
  if (/\.md$/i.test(page.sourcePath)) {
    const path = publishPathOf(page.sourcePath)
    if (path) own.push(path)
    const permalink = page.frontmatter.permalink
    const link = permalink === undefined || /^[a-z][a-z\d+.-]*:|[?#]/i.test(permalink) ? undefined : publishPathOf(permalink)
    if (link) own.push(link)
  }
  const aliases = page.frontmatter.aliases.flatMap((alias) => publishPathOf(alias) ?? [])
  return { own, aliases }
}
