/**
 * The records of the link phase: the Site that linkSite (link-site.ts) makes of the compiled pages, and what each of
 * its pages' links resolved to. Every later phase reads them; they live apart from the code that makes them, so the
 * link phase's modules import them without importing each other.
 */
import type { ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { ContentRef } from '../discover/load.js'
import type { CompiledPage, Fragment, PageLink } from '../parse/page.js'
import type { RoutePath, SourcePath } from '../paths.js'
import type { PageProperty } from '../../shared/page-property.js'
import type { LinkIndex } from './resolve-links.js'

export interface NavLink {
  text: string
  href: string
}

/**
 * What one link of a page resolved to: data, made into markup only when the body is rendered (emit/substitute.ts).
 * `syntax` says whether the placeholder stands for a whole element (wiki) or an attribute value (markdown).
 */
export type Resolved =
  /** A page, or a heading of another page. */
  | { kind: 'page'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  /** A heading of the page itself. */
  | { kind: 'anchor'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  /** A file of the content folder that a markdown link points at. */
  | { kind: 'asset'; syntax: PageLink['syntax']; href: string; labelHtml?: string }
  | {
      kind: 'image'
      syntax: PageLink['syntax']
      src: string
      alt: string
      width?: number
      height?: number
      part?: PageLink['part']
      /** The <img>'s class: 'no-dim' for `![[plan.png#no-dim]]`. */
      className?: string
    }
  /** A target that does not exist; `href` is what a markdown link keeps. */
  | {
      kind: 'missing'
      syntax: PageLink['syntax']
      link: PageLink['kind']
      target: string
      href: string
      labelHtml?: string
      alt?: string
      part?: PageLink['part']
    }
  /** The embedded page's body, itself resolved. */
  | EmbedResolution
  /** A PDF, video or audio file of the content folder, shown in a player (`![[plan.pdf]]`, `![[clip.mp4]]`). */
  | MediaResolution
  /** An embed that would close a cycle of embeds. */
  | { kind: 'cycle'; title: string }
  /** An inline `#tag`, linking to the tag's page. */
  | { kind: 'tag'; tag: string; href: string }
  /** The views of a base, as HTML; empty until evaluateBases (bases-site.ts) fills them in. */
  | { kind: 'base'; html: string }
  /** The results of a ```query block, as HTML; empty until evaluateQueries (queries-site.ts) fills them in. */
  | { kind: 'query'; html: string }

export interface EmbedResolution {
  kind: 'embed'
  embed: string
  title: string
  href: string
  resolved: Resolved[]
  /** Only this part of the embedded body: a heading's section or a block (`![[Seite#Kapitel]]`, `![[Seite#^id]]`). */
  fragment?: Fragment
}

export interface MediaResolution {
  kind: 'media'
  /** What plays it: an audio-only video file (an .mp4 or .webm without a picture track) is 'audio'. */
  media: 'video' | 'audio' | 'pdf'
  /** The published file's href, with the fragment the player opens at (`#page=3`, `#t=10`). */
  src: string
  /** The file's name, for the PDF's open link and the frame's title. */
  name: string
  /** The author's title ('' when none was written). */
  title: string
  /** A video's box (the author's size, completed from the file's, or 16:9); a PDF viewer's height (`#height=400`). */
  width?: number
  height?: number
}

export interface SitePage {
  page: CompiledPage
  route: RoutePath
  /** The route, percent-encoded for hrefs. */
  href: string
  resolved: Resolved[]
  prev?: NavLink
  next?: NavLink
  /** Front matter as the page shows it (page-relations.ts). */
  properties: PageProperty[]
  /** Front-matter and inline tags. */
  tags: string[]
  /** The pages that link to or embed this one, by title. */
  backlinks: NavLink[]
}

export interface Redirect {
  /** Decoded old path, base included: '/wissensmanager:in.html'. */
  from: string
  to: RoutePath
  /** The page whose name or front matter asks for it, or the config file. */
  source?: SourcePath
  /**
   * The build's own: the old spellings of a page's name, its name's URL beside a permalink, an alias's URL. Where a
   * file of the site has that URL, it is left out quietly; redirects authors and the config ask for are reported.
   */
  ownName?: true
  /**
   * A URL Obsidian Publish gave the page (link/publish-urls.ts), without extension: its forwarding page is written as
   * `{from}.html`, which static hosts and `wikigen serve` answer for the path without extension ('file'), or none,
   * only the host files answer it (the spelling with spaces of a `+` path: 'host').
   */
  publishUrl?: 'file' | 'host'
}

export interface Site {
  config: ResolvedConfig
  /** In source-path order; the home page (slug '') first when there is one. */
  pages: SitePage[]
  bySlug: Map<string, SitePage>
  redirects: Redirect[]
  /**
   * The files of the content folder the site publishes: those a page links, shows or embeds, the images front matter
   * and config name, and everything in `public/`. Nothing else (scripts, package files, unused attachments) is copied.
   */
  assets: ContentRef[]
  diagnostics: Diagnostic[]
  /** The lookup the links were resolved with; `relinkPage` resolves a new version of one page with it. */
  index: LinkIndex
}

export interface LinkOptions {
  /** Keep pages marked `draft: true` or `publish: false` (`wikigen dev --drafts`). */
  drafts?: boolean
  /** The vault's attachment folder, from its Obsidian settings (publish-rules.ts). */
  attachmentFolder?: string
}
