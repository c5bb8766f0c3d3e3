/**
 * What to do about a link to a page that does not exist, written for the link's own syntax, since the two accept
 * different targets (resolve-links.ts `findPage`):
 *
 *     [[Odoo Hostng]]          wiki link: a file name (".md" may be left out), a title or an alias
 *                              → Did you mean "Odoo Hosting"?
 *     [x](odoo-hostng.md)      markdown link: the file's path from the page, with ".md", or the page's URL
 *                              → Did you mean "Odoo%20Hosting.md"?
 *     [x](Odoo%20Hostng)       without ".md": a name, found as a wiki link finds it
 *                              → Did you mean "Odoo%20Hosting"?
 *     [x](/odoo-hostng.html)   → Did you mean "/odoo-hosting.html"?
 *
 * The suggestion is the corrected target, ready to paste: `check-links` prints it as its 'did you mean'.
 */
import { posix } from 'node:path'
import type { CompiledPage, PageLink } from '../parse/page.js'
import type { LinkIndex } from './resolve-links.js'

export interface DeadLinkHint {
  hint: string
  /** The target to write instead, when a page is close enough to the one written. */
  suggestion?: string
}

const WIKI_RULE = 'A wiki link names a page by its file name (".md" may be left out), its title or an alias.'
const MARKDOWN_RULE =
  'In a markdown link, write the page\'s name as in a wiki link, or the path of its file from this page (a space as %20 or the whole target in <…>), or the page\'s URL ending in ".html".'

/** The hint and suggestion for `link` of `from`, whose target page was not found. */
export function deadLinkHintOf(
  link: PageLink,
  from: CompiledPage,
  index: LinkIndex,
  hrefOfPage: (page: CompiledPage) => string,
): DeadLinkHint {
  if (link.syntax === 'wiki') {
    const suggestion = index.suggestPage(link.target.replace(/\.md$/i, ''))
    return suggestion ? { hint: `Did you mean "${suggestion}"? ${WIKI_RULE}`, suggestion } : { hint: WIKI_RULE }
  }
  // a markdown target is a path or a URL: compare its last part, without the extension, with the page names
  const name = posix.basename(link.target.replace(/\/$/, '')).replace(/\.(md|html?)$/i, '')
  const closest = name === '' ? undefined : index.suggestPage(name)
  const page = closest ? index.findPage({ ...link, syntax: 'wiki', target: closest }, from) : undefined
  if (!page) return { hint: MARKDOWN_RULE }
  const suggestion = writesUrl(link.target)
    ? hrefOfPage(page)
    : writesName(link.target)
      ? closest!.replace(/ /g, '%20')
      : !/\.md$/i.test(page.sourcePath)
        ? hrefOfPage(page)
        : relativeFile(from, page)
  return { hint: `Did you mean "${suggestion}"? ${MARKDOWN_RULE}`, suggestion }
}

/** True for a target written as a URL (`/odoo-hosting.html`, `odoo.html`) rather than as a file. */
function writesUrl(target: string): boolean {
  return /\.html?$/i.test(target) || (target.startsWith('/') && !/\.md$/i.test(target))
}

/** True for a target written as a page's name, as a wiki link would be (`Odoo%20Hosting`, `Team/Lea`). */
function writesName(target: string): boolean {
  return !/\.(md|html?)$/i.test(target) && !target.startsWith('/') && !target.endsWith('/') && !/^\.\.?\//.test(target)
}

/** The path of `to`'s file from the folder of `from`, as a markdown link destination (spaces as %20). */
function relativeFile(from: CompiledPage, to: CompiledPage): string {
  return posix.relative(posix.dirname(from.sourcePath), to.sourcePath).replace(/ /g, '%20')
}
